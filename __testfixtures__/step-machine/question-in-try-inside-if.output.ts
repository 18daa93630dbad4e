import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const closed: string[] = [];

type CloseTicketState = { step: 'reason' };
server.registerTool(
  'close-ticket',
  { description: 'Close a ticket', inputSchema: z.object({ id: z.string(), askReason: z.boolean() }) },
  async ({ id, askReason }, ctx) => {
    const resumed = await mrtrState.resume<CloseTicketState>(ctx, 'close-ticket', { id, askReason });
    let reason = 'none given';
    if (askReason) {
      try {
        let state = resumed;
        state ??= { step: 'reason' };
        const reasonRequest: ElicitRequestFormParams = {
          message: `Why close ${id}?`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        };
        const answer = elicitAnswer(ctx, 'reason', reasonRequest);
        if (answer === undefined) {
          return inputRequired({
            inputRequests: {
              reason: inputRequired.elicit(reasonRequest),
            },
            requestState: await mrtrState.mint(ctx, 'close-ticket', { id, askReason }, state),
          });
        }
        if (answer.action === 'accept') reason = String(answer.content?.reason);
      } catch (error) {
        reason = `unknown (${String(error)})`;
      }
    }
    closed.push(`${id}: ${reason}`);
    return { content: [{ type: 'text', text: `Closed ${id} (${reason})` }] };
  },
);
