import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

const server = new McpServer({ name: 'shutdown-aware', version: '1.0.0' });

process.on('SIGINT', async () => {
  await server.close();
  process.exit(0);
});

serveStdio(() => server);
