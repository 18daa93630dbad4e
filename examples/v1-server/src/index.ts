// Entry point: serves the server over stdio the v1 way (one connected instance, 2025 wire only).
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.js';

const server = createServer();
const transport = new StdioServerTransport();
await server.connect(transport);
console.error('example-v1-server running on stdio');
