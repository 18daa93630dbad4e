import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'sql', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function explain(sql: string): Promise<string> {
  return `plan for ${sql.length} chars`;
}

type RunMigrationState = { step: 'go'; plan: string };
server.registerTool(
  'run-migration',
  { description: 'Run a schema migration', inputSchema: z.object({ table: z.string(), column: z.string() }) },
  async ({ table, column }, ctx) => {
    const sql = `
ALTER TABLE ${table}
  ADD COLUMN ${column} TEXT;
`;
    let state = await mrtrState.resume<RunMigrationState>(ctx, 'run-migration', { table, column });
    if (state === undefined) {
      const plan = await explain(sql);
      state = { step: 'go', plan };
    }
    const { plan } = state;
    const goRequest: ElicitRequestFormParams = {
      message: `Run this migration?\n${plan}`,
      requestedSchema: { type: 'object', properties: { run: { type: 'boolean' } }, required: ['run'] },
    };
    const go = elicitAnswer(ctx, 'go', goRequest);
    if (go === undefined) {
      return inputRequired({
        inputRequests: {
          go: inputRequired.elicit(goRequest),
        },
        requestState: await mrtrState.mint(ctx, 'run-migration', { table, column }, state),
      });
    }
    if (go.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Migration not run' }] };
    }
    return { content: [{ type: 'text', text: `Ran:${sql}` }] };
  },
);
