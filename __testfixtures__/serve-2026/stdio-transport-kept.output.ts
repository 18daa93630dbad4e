import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport, serveStdio } from '@modelcontextprotocol/server/stdio';

function buildServer(name: string): McpServer {
  return new McpServer({ name, version: '1.0.0' });
}

async function start(): Promise<void> {
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  transport.onclose = () => console.error('client went away');
  serveStdio(() => buildServer('files'), { transport });
}

void start();
