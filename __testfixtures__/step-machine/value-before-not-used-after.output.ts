import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'backups', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const auditLog: string[] = [];

async function listBackups(db: string): Promise<string[]> {
  return [`${db}-2024-01-01`];
}

async function createBackup(db: string): Promise<string> {
  return `${db}-now`;
}

type BackupState = { step: 'go' };
server.registerTool(
  'backup',
  { description: 'Back up a database', inputSchema: z.object({ db: z.string() }) },
  async ({ db }, ctx) => {
    let state = await mrtrState.resume<BackupState>(ctx, 'backup', { db });
    if (state === undefined) {
      const existing = await listBackups(db);
      auditLog.push(`backup of ${db} requested (${existing.length} existing)`);
      state = { step: 'go' };
    }
    const goRequest: ElicitRequestFormParams = {
      message: `Create a new backup of ${db}?`,
      requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
    };
    const answer = elicitAnswer(ctx, 'go', goRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          go: inputRequired.elicit(goRequest),
        },
        requestState: await mrtrState.mint(ctx, 'backup', { db }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.go !== true) {
      return { content: [{ type: 'text', text: 'No backup made' }] };
    }
    const name = await createBackup(db);
    return { content: [{ type: 'text', text: `Backup ${name} created` }] };
  },
);
