import { randomUUID } from 'node:crypto';
import express from 'express';
import { McpServer, isInitializeRequest, inputRequired, type ElicitRequestFormParams, createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport, toNodeHandler, toWebRequest } from '@modelcontextprotocol/node';
import * as z from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const app = express();
app.use(express.json());

const open: Record<string, NodeStreamableHTTPServerTransport> = {};

function createServer() {
  const server = new McpServer({ name: 'room-booking', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  type BookRoomState = { step: 'people' };
  server.registerTool('book-room', { description: 'Books a meeting room', inputSchema: z.object({ room: z.string() }) }, async ({ room }, ctx) => {
    let state = await mrtrState.resume<BookRoomState>(ctx, 'book-room', { room });
    state ??= { step: 'people' };
    const peopleRequest: ElicitRequestFormParams = {
      mode: 'form',
      message: `Book ${room} for how many people?`,
      requestedSchema: { type: 'object', properties: { people: { type: 'number' } }, required: ['people'] },
    };
    const answer = elicitAnswer(ctx, 'people', peopleRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          people: inputRequired.elicit(peopleRequest),
        },
        requestState: await mrtrState.mint(ctx, 'book-room', { room }, state),
      });
    }
    if (answer.action !== 'accept') return { resultType: 'complete', content: [{ type: 'text', text: 'Not booked' }] };
    return { resultType: 'complete', content: [{ type: 'text', text: `Booked ${room} for ${String(answer.content?.people)}` }] };
  });
  return server;
}

const mcpHandler = toNodeHandler(createMcpHandler(() => createServer(), { legacy: 'reject' }));

app.post('/mcp', async (req, res) => {
  if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) return mcpHandler(req, res, req.body);
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  let transport: NodeStreamableHTTPServerTransport;
  if (sessionId && open[sessionId]) {
    transport = open[sessionId];
  } else if (!sessionId && isInitializeRequest(req.body)) {
    transport = new NodeStreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        open[id] = transport;
      },
    });
    const server = createServer();
    await server.connect(transport);
  } else {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'No session' }, id: null });
    return;
  }
  await transport.handleRequest(req, res, req.body);
});

app.listen(3000);
