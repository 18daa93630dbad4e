import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'chains', version: '1.0.0' });

async function lookUp(id: string): Promise<string> {
  return `item ${id}`;
}

server.registerTool(
  'look-up',
  { description: 'Look an item up', inputSchema: z.object({ id: z.string() }) },
  async ({ id }): Promise<CallToolResult> => {
    return lookUp(id)
      .then((name): CallToolResult => {
        if (!name) return { resultType: 'complete', isError: true, content: [{ type: 'text', text: 'not found' }] };
        return { resultType: 'complete', content: [{ type: 'text', text: name }] };
      })
      .catch((error: unknown): CallToolResult => ({ resultType: 'complete', isError: true, content: [{ type: 'text', text: String(error) }] }));
  },
);
