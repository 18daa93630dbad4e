import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReasonParams, askReasonOutcome } from './lib/reason.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const server = new McpServer({ name: 'admin', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SuspendState = { step: 'reason' };
server.registerTool(
  'suspend',
  { description: 'Suspend an account', inputSchema: z.object({ account: z.string() }) },
  async ({ account }, ctx) => {
    let state = await mrtrState.resume<SuspendState>(ctx, 'suspend', { account });
    state ??= { step: 'reason' };
    const reasonRequest: ElicitRequestFormParams = askReasonParams(account);
    const reasonAnswer = elicitAnswer(ctx, 'reason', reasonRequest);
    if (reasonAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          reason: inputRequired.elicit(reasonRequest),
        },
        requestState: await mrtrState.mint(ctx, 'suspend', { account }, state),
      });
    }
    const reason = askReasonOutcome(reasonAnswer);
    return { content: [{ type: 'text', text: reason ? `Suspended ${account}: ${reason}` : `${account} stays active` }] };
  },
);
