import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'db', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirm() asks with (its code before the question). */
function confirmParams(message: string): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.ok === true;
}

// A property named like the helper (`confirm:`) is no call of it: the helper goes once its callers are migrated.
const defaults = { confirm: true, dryRun: false };

type DropTableState = { step: 'confirm' };
server.registerTool(
  'drop_table',
  { description: 'Drop a table', inputSchema: z.object({ table: z.string() }) },
  async ({ table }, ctx) => {
    let state = await mrtrState.resume<DropTableState>(ctx, 'drop_table', { table });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = confirmParams(`Drop ${table}?`);
    const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (confirmAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'drop_table', { table }, state),
      });
    }
    if (!confirmOutcome(confirmAnswer) && defaults.confirm) {
      return { content: [{ type: 'text', text: `${table} kept` }] };
    }
    return { content: [{ type: 'text', text: `Dropped ${table}` }] };
  },
);
