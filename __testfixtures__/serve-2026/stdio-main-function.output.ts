#!/usr/bin/env node
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'weather', version: '0.1.0' });

server.registerTool('forecast', { description: 'Tomorrow, roughly' }, async () => ({
  content: [{ type: 'text', text: 'Sunny' }],
}));

async function main() {
  serveStdio(() => server);
  console.error('Weather MCP Server running on stdio');
}

main().catch((error) => {
  console.error('Fatal error in main():', error);
  process.exit(1);
});
