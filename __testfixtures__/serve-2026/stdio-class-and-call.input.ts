import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

function createServer(): McpServer {
  return new McpServer({ name: 'built-by-a-call', version: '1.0.0' });
}

export class WeatherServer {
  private readonly server = new McpServer({ name: 'weather', version: '1.0.0' });

  async run(): Promise<void> {
    const transport = new StdioServerTransport();
    await this.server.connect(transport);
    console.error('Weather server running on stdio');
  }
}

if (process.argv.includes('--plain')) {
  await createServer().connect(new StdioServerTransport());
}
