// The question's block declares `ticket` again, the name of the handler's own argument: the
// generated state code reads the argument there (the state's arguments), and would read the local.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'helpdesk', version: '1.0.0' });

server.registerTool('close-ticket', { inputSchema: z.object({ ticket: z.string() }) }, async ({ ticket }, ctx) => {
  if (ticket.startsWith('INC-')) {
    const ticket = await ctx.mcpReq.elicitInput({
      message: 'Close this incident?',
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } },
    });
    if (ticket.action !== 'accept') return { content: [{ type: 'text', text: 'Kept open' }] };
  }
  return { content: [{ type: 'text', text: `Closed ${ticket}` }] };
});
