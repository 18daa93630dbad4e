// One server built at module level and connected to a new stateless transport on every request
// (a v1 pattern): v2 connects a server to one transport only, so from the second request on this
// throws. The route also does more than plumbing, so it is left as it was — reported as an error.
import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const server = new McpServer({ name: 'shared', version: '1.0.0' });
const app = express();
app.use(express.json());

const serverError = (res) => res.status(500).json({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal server error' }, id: null });

app.all('/mcp', async (req, res) => {
  try {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  } catch {
    if (!res.headersSent) serverError(res);
  }
});

app.listen(3000);
