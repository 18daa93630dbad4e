import { McpServer, type ElicitRequestFormParams, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'databases', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const migrated: string[] = [];

type MigrateDbState =
  | { step: 'confirm' }
  | { step: 'again' };
server.registerTool(
  'migrate-db',
  { description: 'Migrate a database', inputSchema: z.object({ db: z.string() }) },
  async ({ db }, ctx) => {
    const confirmSchema: ElicitRequestFormParams['requestedSchema'] = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    let state = await mrtrState.resume<MigrateDbState>(ctx, 'migrate-db', { db });
    state ??= { step: 'confirm' };
    if (state.step === 'confirm') {
      const confirmRequest: ElicitRequestFormParams = { message: `Migrate ${db}?`, requestedSchema: confirmSchema };
      const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
      if (confirmAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit(confirmRequest),
          },
          requestState: await mrtrState.mint(ctx, 'migrate-db', { db }, state),
        });
      }
      if (confirmAnswer.action !== 'accept') {
        return { content: [{ type: 'text', text: 'Not migrated' }] };
      }
      state = { step: 'again' };
    }
    const againRequest: ElicitRequestFormParams = { message: `Really migrate ${db}? This cannot be undone.`, requestedSchema: confirmSchema };
    const again = elicitAnswer(ctx, 'again', againRequest);
    if (again === undefined) {
      return inputRequired({
        inputRequests: {
          again: inputRequired.elicit(againRequest),
        },
        requestState: await mrtrState.mint(ctx, 'migrate-db', { db }, state),
      });
    }
    if (again.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Not migrated' }] };
    }
    migrated.push(db);
    return { content: [{ type: 'text', text: `Migrated ${db}` }] };
  },
);
