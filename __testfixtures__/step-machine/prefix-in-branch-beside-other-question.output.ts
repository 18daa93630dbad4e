import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'migrations', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const log: string[] = [];

async function inspect(table: string): Promise<{ rows: number }> {
  log.push(`inspect ${table}`);
  return { rows: 5_000_000 };
}

type MigrateTableState =
  | { step: 'go'; stats: { rows: number } }
  | { step: 'window' };
server.registerTool(
  'migrate-table',
  { description: 'Migrate a table', inputSchema: z.object({ table: z.string(), online: z.boolean() }) },
  async ({ table, online }, ctx) => {
    const resumed = await mrtrState.resume<MigrateTableState>(ctx, 'migrate-table', { table, online });
    if (online) {
      let stats: { rows: number };
      if (resumed?.step !== 'go') {
        stats = await inspect(table);
      } else {
        ({ stats } = resumed);
      }
      if (stats.rows > 1_000_000) {
        let goState = resumed?.step === 'go' ? resumed : undefined;
        goState ??= { step: 'go', stats };
        const goRequest: ElicitRequestFormParams = {
          message: `${table} has ${stats.rows} rows. Migrate online anyway?`,
          requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
        };
        const go = elicitAnswer(ctx, 'go', goRequest);
        if (go === undefined) {
          return inputRequired({
            inputRequests: {
              go: inputRequired.elicit(goRequest),
            },
            requestState: await mrtrState.mint(ctx, 'migrate-table', { table, online }, goState),
          });
        }
        if (go.action !== 'accept') return { content: [{ type: 'text', text: 'Not migrated' }] };
      }
    } else {
      let windowState = resumed?.step === 'window' ? resumed : undefined;
      windowState ??= { step: 'window' };
      const windowRequest: ElicitRequestFormParams = {
        message: `Maintenance window for ${table}?`,
        requestedSchema: { type: 'object', properties: { window: { type: 'string' } }, required: ['window'] },
      };
      const window = elicitAnswer(ctx, 'window', windowRequest);
      if (window === undefined) {
        return inputRequired({
          inputRequests: {
            window: inputRequired.elicit(windowRequest),
          },
          requestState: await mrtrState.mint(ctx, 'migrate-table', { table, online }, windowState),
        });
      }
      if (window.action !== 'accept') return { content: [{ type: 'text', text: 'Not scheduled' }] };
    }
    log.push(`migrated ${table}`);
    return { content: [{ type: 'text', text: `Migrated ${table}` }] };
  },
);
