import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'docs', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const log: string[] = [];

async function findDocument(id: string): Promise<{ id: string; title: string } | undefined> {
  log.push(`find ${id}`);
  return id === 'missing' ? undefined : { id, title: `Doc ${id}` };
}

type ArchiveDocumentState = { step: 'archive'; doc: { id: string; title: string } };
server.registerTool(
  'archive-document',
  { description: 'Archive a document', inputSchema: z.object({ id: z.string(), confirm: z.boolean() }) },
  async ({ id, confirm }, ctx) => {
    const resumed = await mrtrState.resume<ArchiveDocumentState>(ctx, 'archive-document', { id, confirm });
    try {
      let doc: { id: string; title: string } | undefined;
      if (resumed === undefined) {
        doc = await findDocument(id);
      } else {
        ({ doc } = resumed);
      }
      if (!doc) return { isError: true, content: [{ type: 'text', text: `No document ${id}` }] };
      if (confirm) {
        let state = resumed;
        state ??= { step: 'archive', doc };
        const archiveRequest: ElicitRequestFormParams = {
          message: `Archive ${doc.title}?`,
          requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
        };
        const answer = elicitAnswer(ctx, 'archive', archiveRequest);
        if (answer === undefined) {
          return inputRequired({
            inputRequests: {
              archive: inputRequired.elicit(archiveRequest),
            },
            requestState: await mrtrState.mint(ctx, 'archive-document', { id, confirm }, state),
          });
        }
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
      }
      log.push(`archived ${doc.id}`);
      return { content: [{ type: 'text', text: `Archived ${doc.title}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: String(error) }] };
    }
  },
);
