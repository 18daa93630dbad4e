// The fixture server of ./server.ts over Streamable HTTP, the way 2025 deployments are written:
// express with express.json(), one transport per session kept in a map, an event store so a
// client can resume a stream (Last-Event-ID), and GET / DELETE routes for the session's SSE
// stream and its end. The test starts `app` on loopback.
import { randomUUID } from 'node:crypto';
import express, { type Request, type Response } from 'express';
import { isInitializeRequest, type EventStore, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createServer } from './server.js';

/** Every event of every stream, in order, so a reconnecting client can be replayed what it missed. */
class MemoryEventStore implements EventStore {
  private readonly events: Array<{ id: string; streamId: string; message: JSONRPCMessage }> = [];

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const id = `${streamId}:${this.events.length}`;
    this.events.push({ id, streamId, message });
    return id;
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (id: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const from = this.events.findIndex((e) => e.id === lastEventId);
    if (from < 0) return '';
    const { streamId } = this.events[from]!;
    for (const event of this.events.slice(from + 1)) if (event.streamId === streamId) await send(event.id, event.message);
    return streamId;
  }
}

export const app = express();
app.use(express.json());

const transports = new Map<string, NodeStreamableHTTPServerTransport>();

app.post('/mcp', async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const existing = sessionId ? transports.get(sessionId) : undefined;
  if (existing) {
    await existing.handleRequest(req, res, req.body);
    return;
  }
  if (sessionId) {
    res.status(404).json({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null });
    return;
  }
  if (!isInitializeRequest(req.body)) {
    res.status(400).json({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: Session ID required' }, id: null });
    return;
  }
  const transport = new NodeStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    eventStore: new MemoryEventStore(),
    retryInterval: 500,
    onsessioninitialized: (id) => {
      transports.set(id, transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  const server = createServer();
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
});

// The session's standalone SSE stream (GET) and its end (DELETE).
const sessionRequest = async (req: Request, res: Response) => {
  const sessionId = req.headers['mcp-session-id'] as string | undefined;
  const transport = sessionId ? transports.get(sessionId) : undefined;
  if (!transport) {
    res.status(sessionId ? 404 : 400).send(sessionId ? 'Session not found' : 'Session ID required');
    return;
  }
  await transport.handleRequest(req, res);
};
app.get('/mcp', sessionRequest);
app.delete('/mcp', sessionRequest);
