import { McpServer, type CallToolResult, type ServerContext, inputRequired, type ElicitRequestFormParams, type InputRequiredResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const PurgeInput = z.object({ bucket: z.string() });
type PurgeArgs = z.infer<typeof PurgeInput>;

/** Every tool of this server takes the same input shape. */
function addTool(server: McpServer, name: string, handler: (args: PurgeArgs, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>): void {
  server.registerTool(name, { description: name, inputSchema: PurgeInput }, handler);
}

type PurgeBucketState = { step: 'purge' };
async function purgeBucket({ bucket }: PurgeArgs, ctx: ServerContext): Promise<CallToolResult | InputRequiredResult> {
  let state = await mrtrState.resume<PurgeBucketState>(ctx, 'purge_bucket', { bucket });
  state ??= { step: 'purge' };
  const purgeRequest: ElicitRequestFormParams = {
    message: `Purge every object in ${bucket}?`,
    requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
  };
  const answer = elicitAnswer(ctx, 'purge', purgeRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        purge: inputRequired.elicit(purgeRequest),
      },
      requestState: await mrtrState.mint(ctx, 'purge_bucket', { bucket }, state),
    });
  }
  if (answer.action !== 'accept' || answer.content?.purge !== true) {
    return { content: [{ type: 'text', text: `${bucket} kept` }] };
  }
  return { content: [{ type: 'text', text: `${bucket} purged` }] };
}

const server = new McpServer({ name: 'storage', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
addTool(server, 'purge_bucket', purgeBucket);
