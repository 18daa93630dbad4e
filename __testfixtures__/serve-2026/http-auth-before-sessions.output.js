import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const getServer = () => new McpServer({ name: 'guarded', version: '1.0.0' });
const app = express();
app.use(express.json());

app.post('/mcp', async (req, res) => {
  if (req.headers.authorization !== `Bearer ${process.env.TOKEN}`) {
    res.status(401).end();
    return;
  }
  const server = getServer();
  // @mcp-mrtr-migrate serve-http-manual: Streamable HTTP serving left as it was: the route reads req.headers.authorization from the request, which is more than MCP plumbing; a transport connected by hand keeps speaking the 2025 revision
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
