import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

/** Tool names live in one place; registrations read them from here. */
const TOOL = { archive: 'archive_project', status: 'project_status' } as const;

const server = new McpServer({ name: 'projects', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ArchiveProjectState = { step: 'archive' };
server.registerTool(TOOL.archive, { inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx) => {
  let state = await mrtrState.resume<ArchiveProjectState>(ctx, TOOL.archive, { project });
  state ??= { step: 'archive' };
  const archiveRequest: ElicitRequestFormParams = {
    message: `Archive ${project}?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  };
  const answer = elicitAnswer(ctx, 'archive', archiveRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        archive: inputRequired.elicit(archiveRequest),
      },
      requestState: await mrtrState.mint(ctx, TOOL.archive, { project }, state),
    });
  }
  if (answer.action !== 'accept' || answer.content?.archive !== true) {
    return { content: [{ type: 'text', text: `${project} stays active` }] };
  }
  return { content: [{ type: 'text', text: `${project} archived` }] };
});

server.registerTool(TOOL.status, { inputSchema: z.object({ project: z.string() }) }, async ({ project }) => ({
  content: [{ type: 'text', text: `${project}: active` }],
}));
