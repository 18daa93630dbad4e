import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmActionParams, confirmActionOutcome } from '../lib/confirm.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

export function registerVolumeTools(server: McpServer, volumes: Map<string, number>): void {
  type DeleteVolumeState = { step: 'confirmation'; confirmationRequest: ReturnType<typeof confirmActionParams> };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here
  server.registerTool('delete_volume', { description: 'Delete a volume', inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    let state = await mrtrState.resume<DeleteVolumeState>(ctx, 'delete_volume', { name });
    if (state === undefined) {
      const confirmationRequest = confirmActionParams(ctx, `delete volume ${name}`);
      state = { step: 'confirmation', confirmationRequest };
    }
    const { confirmationRequest } = state;
    const confirmationAnswer = 'ask' in confirmationRequest ? elicitAnswer(ctx, 'confirmation', confirmationRequest.ask) : undefined;
    if ('ask' in confirmationRequest && confirmationAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirmation: inputRequired.elicit(confirmationRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'delete_volume', { name }, state),
      });
    }
    const confirmation = 'done' in confirmationRequest ? confirmationRequest.done : confirmActionOutcome(confirmationAnswer!);
    if (!confirmation.confirmed) return { content: [{ type: 'text', text: `Kept ${name}: ${confirmation.reason}` }] };
    volumes.delete(name);
    return { content: [{ type: 'text', text: `Deleted ${name}.` }] };
  });
}
