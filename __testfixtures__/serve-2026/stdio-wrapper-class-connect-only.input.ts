// The class connected here has a connect() of its own that connects the server it keeps inside; no
// other member tells it apart from a server. The type checker finds connect() declared by the
// class, not by the SDK: it is not a server, so serveStdio cannot be given it. Left as it was, reported.
import { McpServer, type Transport } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

class SearchServer {
  private readonly server = new McpServer({ name: 'search', version: '1.0.0' });

  async connect(transport: Transport): Promise<void> {
    await this.server.connect(transport);
  }
}

async function main(): Promise<void> {
  const server = new SearchServer();
  const transport = new StdioServerTransport();
  await server.connect(transport);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
