// hono, the web-standard transport on c.req.raw, sessions in a Map.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { createServer } from './tools.js';

const sessions = new Map<string, WebStandardStreamableHTTPServerTransport>();

export const app = new Hono();

app.all('/mcp', async (c) => {
  const sessionId = c.req.header('mcp-session-id');
  const known = sessionId ? sessions.get(sessionId) : undefined;
  if (known) return known.handleRequest(c.req.raw);
  if (sessionId) return c.text('Session not found', 404);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => {
      sessions.set(id, transport);
    },
  });
  transport.onclose = () => {
    if (transport.sessionId) sessions.delete(transport.sessionId);
  };
  await createServer().connect(transport);
  return transport.handleRequest(c.req.raw);
});
