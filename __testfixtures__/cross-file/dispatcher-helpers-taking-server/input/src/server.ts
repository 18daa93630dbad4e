import { Server } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { suggestTags, summarise } from './lib/sampling.js';

const SaveInput = z.object({
  title: z.string(),
  notes: z.array(z.object({ author: z.string(), text: z.string() })),
  summarise: z.boolean().optional(),
  tag: z.boolean().optional(),
});

export const saved: { title: string; summary?: string; tags?: string[] }[] = [];

export function createServer(): Server {
  const server = new Server({ name: 'notebook', version: '1.0.0' }, { capabilities: { tools: {} } });

  server.setRequestHandler('tools/list', async () => ({
    tools: [{ name: 'save_notes', description: 'Save notes', inputSchema: { type: 'object' } }],
  }));

  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    switch (name) {
      case 'save_notes': {
        const input = SaveInput.parse(args);
        const record: { title: string; summary?: string; tags?: string[] } = { title: input.title };
        if (input.summarise) {
          try {
            record.summary = await summarise(server, input.notes);
          } catch {
            // No model, or no summary: the notes are saved without one.
          }
        }
        if (input.tag) {
          try {
            record.tags = await suggestTags(server, input.notes);
          } catch {
            // Saved without tags.
          }
        }
        saved.push(record);
        return { content: [{ type: 'text', text: `Saved ${input.title}` }] };
      }
      default:
        throw new Error(`Unknown tool: ${name}`);
    }
  });

  return server;
}
