import { type McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askToProceedParams, askToProceedOutcome } from '../lib/questions.js';
import { mrtrState, elicitAnswer } from '../mrtr-state.js';

export const deletedRecords: string[] = [];

export function registerRecordTools(server: McpServer): void {
  type DeleteRecordState = { step: 'to_proceed'; toProceedRequest: ReturnType<typeof askToProceedParams> };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  server.registerTool(
    'delete_record',
    { description: 'Delete a record', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      let state = await mrtrState.resume<DeleteRecordState>(ctx, 'delete_record', { id });
      if (state === undefined) {
        const toProceedRequest = askToProceedParams(ctx, `Delete record ${id}?`);
        state = { step: 'to_proceed', toProceedRequest };
      }
      const { toProceedRequest } = state;
      const toProceedAnswer = 'ask' in toProceedRequest ? elicitAnswer(ctx, 'to_proceed', toProceedRequest.ask) : undefined;
      if ('ask' in toProceedRequest && toProceedAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            to_proceed: inputRequired.elicit(toProceedRequest.ask),
          },
          requestState: await mrtrState.mint(ctx, 'delete_record', { id }, state),
        });
      }
      const { proceed, note } = 'done' in toProceedRequest ? toProceedRequest.done : askToProceedOutcome(toProceedAnswer!);
      if (!proceed) return { content: [{ type: 'text', text: `Kept ${id}: ${note}` }] };
      deletedRecords.push(id);
      return { content: [{ type: 'text', text: `Deleted ${id}` }] };
    },
  );
}
