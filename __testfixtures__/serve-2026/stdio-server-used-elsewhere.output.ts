import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'shutdown-aware', version: '1.0.0' });

process.on('SIGINT', async () => {
  await server.close();
  process.exit(0);
});

// @mcp-mrtr-migrate serve-stdio-manual: stdio serving left as it was: server is used outside the statements that set it up; a plain connect() keeps speaking the 2025 revision
await server.connect(new StdioServerTransport());
