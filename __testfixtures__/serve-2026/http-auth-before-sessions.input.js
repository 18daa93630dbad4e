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
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
