import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmWithParams, confirmWithOutcome } from './lib/confirm.js';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export const archived: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'archive', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  type ArchiveProjectState = { step: 'confirm_with' };
  server.registerTool(
    'archive_project',
    { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      let state = await mrtrState.resume<ArchiveProjectState>(ctx, 'archive_project', { project });
      state ??= { step: 'confirm_with' };
      const confirmWithRequest: ElicitRequestFormParams = confirmWithParams(`Archive ${project}?`);
      const confirmWithAnswer = elicitAnswer(ctx, 'confirm_with', confirmWithRequest);
      if (confirmWithAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm_with: inputRequired.elicit(confirmWithRequest),
          },
          requestState: await mrtrState.mint(ctx, 'archive_project', { project }, state),
        });
      }
      if (!confirmWithOutcome(confirmWithAnswer)) return { content: [{ type: 'text', text: 'Kept' }] };
      archived.push(project);
      return { content: [{ type: 'text', text: `Archived ${project}` }] };
    },
  );
  return server;
}
