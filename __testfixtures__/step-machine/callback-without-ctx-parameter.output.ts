import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'storage', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type RenameBucketState = { step: 'new_name' };
server.registerTool(
  'rename-bucket',
  { description: 'Rename a bucket', inputSchema: z.object({ bucket: z.string() }) },
  async ({ bucket }, ctx) => {
    let state = await mrtrState.resume<RenameBucketState>(ctx, 'rename-bucket', { bucket });
    state ??= { step: 'new_name' };
    const newNameRequest: ElicitRequestFormParams = {
      message: `New name for ${bucket}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string', minLength: 3 } }, required: ['name'] },
    };
    const newName = elicitAnswer(ctx, 'new_name', newNameRequest);
    if (newName === undefined) {
      return inputRequired({
        inputRequests: {
          new_name: inputRequired.elicit(newNameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'rename-bucket', { bucket }, state),
      });
    }
    if (newName.action !== 'accept') {
      return { content: [{ type: 'text', text: `${bucket} keeps its name` }] };
    }
    return { content: [{ type: 'text', text: `${bucket} is now ${String(newName.content?.name)}` }] };
  },
);
