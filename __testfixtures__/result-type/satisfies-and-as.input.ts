import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('typed', { description: 'Typed result' }, async () => {
  return { content: [{ type: 'text', text: 'typed' }] } satisfies CallToolResult;
});

server.registerTool('cast', { description: 'Cast result' }, async () => {
  return ({ content: [{ type: 'text', text: 'cast' }] }) as CallToolResult;
});
