import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'shared-helper', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export async function confirm(ctx: ServerContext, question: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), whose question was lifted into the handlers migrated so far (they use confirmParams() instead); confirm() itself still asks, for the callers it has left or because it is exported
  const answer = await ctx.mcpReq.elicitInput({
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return answer.action === 'accept' && answer.content?.yes === true;
}

/** The request confirm() asks with (its code before the question). */
function confirmParams(question: string): ElicitRequestFormParams {
  return {
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.yes === true;
}

type DropTableState = { step: 'confirm' };
server.registerTool(
  'drop-table',
  { description: 'Drop a table', inputSchema: z.object({ table: z.string() }) },
  async ({ table }, ctx) => {
    let state = await mrtrState.resume<DropTableState>(ctx, 'drop-table', { table });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = confirmParams(`Drop ${table}?`);
    const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (confirmAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'drop-table', { table }, state),
      });
    }
    if (!confirmOutcome(confirmAnswer)) return { content: [{ type: 'text', text: 'Kept' }] };
    return { content: [{ type: 'text', text: `Dropped ${table}` }] };
  },
);
