import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'notes', version: '1.0.0' });

async function lookUp(id: string): Promise<string> {
  return `note ${id}`;
}

server.registerTool(
  'collect',
  { description: 'Collect notes', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    const notes: string[] = [];
    if (id) {
      notes.push(await lookUp(id));
      const answer = await ctx.mcpReq.elicitInput({
        message: 'Collect?',
        requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Nothing collected' }] };
    }
    return { content: [{ type: 'text', text: notes.join(', ') }] };
  },
);
