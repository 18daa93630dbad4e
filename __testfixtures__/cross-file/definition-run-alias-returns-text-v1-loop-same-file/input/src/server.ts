import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

type ToolHandler = (args: { city: string }, extra: any) => Promise<string>;

interface ToolDefinition {
  name: string;
  description: string;
  shape: Record<string, any>;
  run: ToolHandler;
}

const server = new McpServer({ name: 'hotel', version: '1.0.0' });

const tools: ToolDefinition[] = [
  {
    name: 'book_room',
    description: 'Book a hotel room',
    shape: { city: z.string() },
    run: async ({ city }) => {
      const answer = await server.server.elicitInput({
        message: `Book a room in ${city}?`,
        requestedSchema: { type: 'object', properties: { book: { type: 'boolean' } }, required: ['book'] },
      });
      return answer.action === 'accept' ? `Booked in ${city}` : 'Not booked';
    },
  },
];

for (const t of tools) {
  server.tool(t.name, t.description, t.shape, async (args: any, extra: any) => {
    const text = await t.run(args, extra);
    return { content: [{ type: 'text', text }] };
  });
}
