import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface Ticket {
  id: string;
  url: string;
}

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

async function openTicket(title: string): Promise<Ticket> {
  return { id: `T-${title.length}`, url: `https://tickets.example.com/${title.length}` };
}

async function setPriority(id: string, priority: string): Promise<void> {
  void id;
  void priority;
}

server.registerTool(
  'file-ticket',
  { description: 'Open a ticket and ask for its priority', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    const ticket = await openTicket(title);
    const priority = await ctx.mcpReq.elicitInput({
      message: `Ticket ${ticket.id} opened. Which priority?`,
      requestedSchema: {
        type: 'object',
        properties: { level: { type: 'string', enum: ['low', 'normal', 'high'] } },
        required: ['level'],
      },
    });
    const level = priority.action === 'accept' ? String(priority.content?.level) : 'normal';
    await setPriority(ticket.id, level);
    return { content: [{ type: 'text', text: `${ticket.url} (${level})` }] };
  },
);
