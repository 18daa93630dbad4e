import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'projects', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ArchiveProjectState = { step: 'confirm' };
server.registerTool(
  'archive_project',
  { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) },
  async ({ project }, ctx) => {
    let state = await mrtrState.resume<ArchiveProjectState>(ctx, 'archive_project', { project });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Archive ${project}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'archive_project', { project }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `${project} kept` }] };
    }
    return { content: [{ type: 'text', text: `Archived ${project}` }] };
  },
);
