import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';

const app = express();
app.use(express.json());

const sessions = {};
const greeting = 'Welcome';

app.post('/mcp', async (req, res) => {
  const sessionId = req.headers['mcp-session-id'];
  let transport;
  if (sessionId && sessions[sessionId]) {
    transport = sessions[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions[id] = transport;
      },
    });

    // One server per session, set up here.
    const server = new McpServer({ name: 'inline-built', version: '1.0.0' });

    server.registerTool('welcome', { description: 'Says welcome' }, async () => ({
      content: [{ type: 'text', text: `${greeting},
and good day` }],
    }));
    server.registerTool('count', { description: 'Counts' }, async () => {
      let total = 0;
      for (const n of [1, 2, 3]) total += n;
      return { content: [{ type: 'text', text: String(total) }] };
    });

    await server.connect(transport);
    console.log('session server ready');
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
