import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';

function createServer(): McpServer {
  return new McpServer({ name: 'built-by-a-call', version: '1.0.0' });
}

export class WeatherServer {
  private readonly server = new McpServer({ name: 'weather', version: '1.0.0' });

  async run(): Promise<void> {
    serveStdio(() => this.server);
    console.error('Weather server running on stdio');
  }
}

if (process.argv.includes('--plain')) {
  serveStdio(() => createServer());
}
