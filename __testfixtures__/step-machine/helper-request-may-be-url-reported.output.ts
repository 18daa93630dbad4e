import { McpServer, type ElicitRequestParams, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'gateway', version: '1.0.0' });

// The request comes in whole, typed as either a form or a URL question: which input request to
// return cannot be told from this code, so the helper stays and says why.
async function askWith(ctx: ServerContext, request: ElicitRequestParams): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askWith(), called by tool handler rotate_key; it is not lifted into that handler because its request is not written out and its type also allows a URL-mode question, so whether to return a form or a URL input request cannot be told
  const answer = await ctx.mcpReq.elicitInput(request);
  return answer.action === 'accept';
}

server.registerTool(
  'rotate_key',
  { description: 'Rotate an API key', inputSchema: z.object({ key: z.string() }) },
  async ({ key }, ctx) => {
    const ok = await askWith(ctx, { message: `Rotate ${key}?`, requestedSchema: { type: 'object', properties: {} } });
    return { content: [{ type: 'text', text: ok ? `Rotated ${key}` : 'Kept' }] };
  },
);
