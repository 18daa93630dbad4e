// The SDK's Server reached through a property of a dependencies object: no name says "server"
// where the call is, but the checker resolves deps.sampler.createMessage to the SDK's
// Server.createMessage, so the question is found and the tool becomes a step machine.
import { McpServer, type Server } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'summaries', version: '1.0.0' });

interface Deps {
  sampler: Server;
}

const deps: Deps = { sampler: server.server };

server.registerTool(
  'summarise',
  { description: 'Summarise a text', inputSchema: z.object({ text: z.string() }) },
  async ({ text }) => {
    const result = await deps.sampler.createMessage({
      messages: [{ role: 'user', content: { type: 'text', text: `Summarise:\n${text}` } }],
      maxTokens: 120,
    });
    const summary = result.content.type === 'text' ? result.content.text : '';
    return { content: [{ type: 'text', text: summary }] };
  },
);
