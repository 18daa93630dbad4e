// askReason() times its question in a finally, so it is not lifted: the handler that also
// asks directly is left whole (migrating around the call would leave it asking the old way).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askReason } from './lib/reason.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

server.registerTool(
  'close_ticket',
  { description: 'Close a ticket', inputSchema: z.object({ ticket: z.string() }) },
  async ({ ticket }, ctx) => {
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler close_ticket left as it was: it also calls askReason() from ./lib/reason.js, which asks the client and is not lifted
    const sure = await ctx.mcpReq.elicitInput({
      message: `Close ${ticket}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (sure.action !== 'accept') return { content: [{ type: 'text', text: 'Kept open' }] };
    // @mcp-mrtr-migrate push-in-helper: askReason() in ./lib/reason.js asks the client (ctx.mcpReq.elicitInput) and is not lifted (a `finally` around the question would run on the leg that asks as well as on the one that answers), so this handler is left as it was
    const reason = await askReason(ctx, ticket);
    return { content: [{ type: 'text', text: `Closed ${ticket}: ${reason ?? 'no reason'}` }] };
  },
);
