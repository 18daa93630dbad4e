// zod-to-json-schema under its default export and another name, given a preprocessed zod object,
// in a file that already imports the SDK's Tool type under its own name: the assertion uses that
// name (no second import of the type).
import { Server } from '@modelcontextprotocol/server';
import type { Tool as SdkTool } from '@modelcontextprotocol/server';
import { z } from 'zod/v3';
import toJsonSchema from 'zod-to-json-schema';

const NoteArgs = z.preprocess(
  (value) => (typeof value === 'string' ? { text: value } : value),
  z.object({ text: z.string() }),
);

const ping: SdkTool = { name: 'ping', description: 'Answers pong', inputSchema: { type: 'object' } };

export function createServer(): Server {
  const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: [ping, { name: 'note', description: 'Stores a note', inputSchema: toJsonSchema(NoteArgs) as SdkTool['inputSchema'] }],
  }));
  server.setRequestHandler('tools/call', async (request) => {
    if (request.params.name === 'ping') return { content: [{ type: 'text', text: 'pong' }] };
    const { text } = NoteArgs.parse(request.params.arguments);
    return { content: [{ type: 'text', text: `stored: ${text}` }] };
  });
  return server;
}
