#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'weather', version: '0.1.0' });

server.registerTool('forecast', { description: 'Tomorrow, roughly' }, async () => ({
  content: [{ type: 'text', text: 'Sunny' }],
}));

async function main() {
  const transport = new StdioServerTransport();
  await server.connect(transport);
  console.error('Weather MCP Server running on stdio');
}

main().catch((error) => {
  console.error('Fatal error in main():', error);
  process.exit(1);
});
