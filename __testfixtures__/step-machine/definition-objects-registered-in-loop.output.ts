import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, isInputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

/** Every tool of this server is a definition; one loop registers them all. */
interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodRawShape;
  handler: (args: Record<string, string>, ctx: ServerContext) => Promise<unknown>;
}

type EmptyBucketState = { step: 'confirm' };
const TOOLS: ToolDefinition[] = [
  {
    name: 'list_buckets',
    description: 'List the buckets',
    inputSchema: {},
    handler: async () => ['logs', 'media'],
  },
  {
    name: 'empty_bucket',
    description: 'Delete every object in a bucket',
    inputSchema: { bucket: z.string() },
    handler: async ({ bucket }, ctx) => {
      let state = await mrtrState.resume<EmptyBucketState>(ctx, 'empty_bucket', { bucket });
      state ??= { step: 'confirm' };
      const confirmRequest: ElicitRequestFormParams = {
        message: `Delete every object in ${bucket}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      };
      const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit(confirmRequest),
          },
          requestState: await mrtrState.mint(ctx, 'empty_bucket', { bucket }, state),
        });
      }
      if (answer.action !== 'accept' || answer.content?.confirm !== true) return { emptied: false, bucket };
      return { emptied: true, bucket };
    },
  },
];

const server = new McpServer({ name: 'storage', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object(tool.inputSchema) }, async (args, ctx) => {
    const result = await tool.handler(args as Record<string, string>, ctx);
    if (isInputRequiredResult(result)) return result;
    // Tools answer with data; the loop turns it into text.
    return { content: [{ type: 'text', text: JSON.stringify(result) }] };
  });
}
