import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

async function lookup({ id }: { id: string }): Promise<CallToolResult> {
  if (id === '') {
    return { resultType: 'complete', content: [{ type: 'text', text: 'No id given' }], isError: true };
  }
  return { resultType: 'complete', content: [{ type: 'text', text: `Item ${id}` }] };
}

server.registerTool('lookup', { inputSchema: z.object({ id: z.string() }) }, lookup);
server.registerTool('find', { inputSchema: z.object({ id: z.string() }) }, lookup);
