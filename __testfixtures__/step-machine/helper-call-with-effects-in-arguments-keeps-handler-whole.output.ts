// The helper itself could be lifted, but this call's argument has a side effect, so the call stays
// and keeps asking: the handler's other question is not migrated around it (never half-migrate).
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });
let counter = 0;

async function askReason(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper askReason(), called by tool handler close_ticket; it is not lifted into that handler because its call there cannot be lifted (see the finding at the call)
  const answer = await ctx.mcpReq.elicitInput({
    message: `Why close ${ticket}?`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  return answer.action === 'accept' ? String(answer.content?.reason) : undefined;
}

server.registerTool(
  'close_ticket',
  { description: 'Close a ticket', inputSchema: z.object({ ticket: z.string() }) },
  async ({ ticket }, ctx) => {
    // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler close_ticket left as it was: it also calls askReason(), which asks the client and is not migrated
    const sure = await ctx.mcpReq.elicitInput({
      message: `Close ${ticket}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (sure.action !== 'accept') return { content: [{ type: 'text', text: 'Kept open' }] };
    // @mcp-mrtr-migrate push-in-helper: askReason() asks the client (ctx.mcpReq.elicitInput), and its argument ``${ticket}#${++counter}`` here may have side effects, so it cannot be evaluated again on the retry
    const reason = await askReason(ctx, `${ticket}#${++counter}`);
    return { content: [{ type: 'text', text: `Closed ${ticket}: ${reason ?? 'no reason'}` }] };
  },
);
