import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmActionParams, confirmActionOutcome } from '../lib/confirm.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

export function registerSnapshotTools(server: McpServer, snapshots: Set<string>): void {
  type PurgeSnapshotsState = { step: 'confirmation'; confirmationRequest: ReturnType<typeof confirmActionParams> };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  server.registerTool('purge_snapshots', { description: 'Delete every snapshot', inputSchema: z.object({}) }, async (_args, ctx) => {
    let state = await mrtrState.resume<PurgeSnapshotsState>(ctx, 'purge_snapshots', {});
    if (state === undefined) {
      console.error(`[purge] asking to purge ${snapshots.size} snapshots`);
      const confirmationRequest = confirmActionParams(ctx, `purge ${snapshots.size} snapshots`);
      state = { step: 'confirmation', confirmationRequest };
    }
    const { confirmationRequest } = state;
    const confirmationAnswer = 'ask' in confirmationRequest ? elicitAnswer(ctx, 'confirmation', confirmationRequest.ask) : undefined;
    if ('ask' in confirmationRequest && confirmationAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirmation: inputRequired.elicit(confirmationRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'purge_snapshots', {}, state),
      });
    }
    const confirmation = 'done' in confirmationRequest ? confirmationRequest.done : confirmActionOutcome(confirmationAnswer!);
    if (!confirmation.confirmed) return { content: [{ type: 'text', text: 'Kept every snapshot.' }] };
    console.error('[purge] purging');
    snapshots.clear();
    return { content: [{ type: 'text', text: 'Purged.' }] };
  });
}
