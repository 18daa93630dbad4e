import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'crlf', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ArchiveProjectState = { step: 'archive' };
server.registerTool(
  'archive-project',
  { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) },
  async ({ project }, ctx) => {
    const startedBy = `archiver:${project}`;
    let state = await mrtrState.resume<ArchiveProjectState>(ctx, 'archive-project', { project });
    state ??= { step: 'archive' };
    const archiveRequest: ElicitRequestFormParams = {
      message: `Archive ${project}? It becomes read-only.`,
      requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
    };
    const answer = elicitAnswer(ctx, 'archive', archiveRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          archive: inputRequired.elicit(archiveRequest),
        },
        requestState: await mrtrState.mint(ctx, 'archive-project', { project }, state),
      });
    }
    if (answer.action !== 'accept') {
      return { content: [{ type: 'text', text: `${project} stays active` }] };
    }
    return { content: [{ type: 'text', text: `${project} archived by ${startedBy}` }] };
  },
);
