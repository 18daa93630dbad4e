// A helper whose request parameter is typed through the context's local name (`ServerContext as
// Ctx`, an import of its own): its Params companion copies that type, so `Ctx` stays imported as it
// is, and is not added to the other SDK import under a name the SDK does not export.
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext as Ctx } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function sample(c: Ctx, request: Parameters<Ctx['mcpReq']['requestSampling']>[0]) {
  return c.mcpReq.requestSampling(request);
}

server.registerTool(
  'save_note',
  { inputSchema: z.object({ body: z.string() }) },
  async ({ body }, ctx) => {
    const titled = await sample(ctx, {
      messages: [{ role: 'user', content: { type: 'text', text: `A title for: ${body}` } }],
      maxTokens: 30,
    });
    const title = `by ${titled.model}`;
    return { content: [{ type: 'text', text: `saved "${title}"` }] };
  },
);
