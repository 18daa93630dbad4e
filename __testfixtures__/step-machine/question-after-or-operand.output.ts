import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const removed: string[] = [];

type DeleteFileState = { step: 'confirm' };
server.registerTool(
  'delete-file',
  { description: 'Delete a file', inputSchema: z.object({ path: z.string(), force: z.boolean() }) },
  async ({ path, force }, ctx) => {
    const resumed = await mrtrState.resume<DeleteFileState>(ctx, 'delete-file', { path, force });
    let confirmed: boolean = force;
    if (!confirmed) {
      let state = resumed;
      state ??= { step: 'confirm' };
      const confirmRequest: ElicitRequestFormParams = {
        message: `Delete ${path}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
      if (confirmAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit(confirmRequest),
          },
          requestState: await mrtrState.mint(ctx, 'delete-file', { path, force }, state),
        });
      }
      confirmed = confirmAnswer.content?.confirm === true;
    }
    if (!confirmed) return { content: [{ type: 'text', text: `${path} kept` }] };
    removed.push(path);
    return { content: [{ type: 'text', text: `${path} deleted` }] };
  },
);
