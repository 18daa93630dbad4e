import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function removeFile(path: string): Promise<void> {
  void path;
}

type DeleteFileState = { step: 'confirmation' };
server.registerTool(
  'delete-file',
  { description: 'Delete a file after confirmation', inputSchema: z.object({ path: z.string() }) },
  async ({ path }, ctx) => {
    let state = await mrtrState.resume<DeleteFileState>(ctx, 'delete-file', { path });
    state ??= { step: 'confirmation' };
    const confirmationRequest: ElicitRequestFormParams = {
      message: `Really delete ${path}?`,
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean', description: 'Tick to delete' } },
        required: ['confirm'],
      },
    };
    const confirmation = elicitAnswer(ctx, 'confirmation', confirmationRequest);
    if (confirmation === undefined) {
      return inputRequired({
        inputRequests: {
          confirmation: inputRequired.elicit(confirmationRequest),
        },
        requestState: await mrtrState.mint(ctx, 'delete-file', { path }, state),
      });
    }
    if (confirmation.action === 'decline') {
      return { content: [{ type: 'text', text: `Kept ${path}` }] };
    }
    if (confirmation.action === 'cancel') {
      return { content: [{ type: 'text', text: 'Deletion cancelled' }], isError: true };
    }
    if (confirmation.content?.confirm !== true) {
      return { content: [{ type: 'text', text: `Not confirmed; kept ${path}` }] };
    }
    await removeFile(path);
    return { content: [{ type: 'text', text: `Deleted ${path}` }] };
  },
);
