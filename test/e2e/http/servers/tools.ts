// The tools every HTTP form below serves, written in the 2025 push style: each asks the client
// mid-function. The HTTP end-to-end test migrates this package and serves it both ways.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Side effects the test observes: each must happen exactly once per logical call. */
export const effects: string[] = [];

/** Holds a slot for the room and says which. */
async function reserve(room: string): Promise<string> {
  const slot = `${room}-${effects.length + 1}`;
  effects.push(`reserve:${slot}`);
  return slot;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'http-forms', version: '1.0.0' });

  // Reserves a slot before asking; books it only when the user confirms with the right name.
  server.registerTool(
    'book',
    { description: 'Book a meeting room after the user confirms', inputSchema: z.object({ room: z.string() }) },
    async ({ room }, ctx) => {
      const slot = await reserve(room);
      const confirm = await ctx.mcpReq.elicitInput({
        message: `Type ${room} to book ${slot}`,
        requestedSchema: { type: 'object', properties: { room: { type: 'string' } }, required: ['room'] },
      });
      if (confirm.action !== 'accept' || confirm.content?.room !== room) {
        effects.push(`release:${slot}`);
        return { content: [{ type: 'text', text: `Not booked (${confirm.action})` }] };
      }
      effects.push(`book:${slot}`);
      return { content: [{ type: 'text', text: `Booked ${slot}` }] };
    },
  );

  // The client's model names the meeting.
  server.registerTool(
    'title',
    { description: 'Let the client model title a meeting', inputSchema: z.object({ topic: z.string() }) },
    async ({ topic }, ctx) => {
      const reply = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `A short title for a meeting about ${topic}` } }],
        maxTokens: 20,
      });
      const block = Array.isArray(reply.content) ? reply.content[0] : reply.content;
      return { content: [{ type: 'text', text: `Title: ${block?.type === 'text' ? block.text : '?'}` }] };
    },
  );

  // Where the minutes go: the client's roots.
  server.registerTool('folders', { description: 'List the shared folders' }, async () => {
    const listed = await server.server.listRoots();
    return { content: [{ type: 'text', text: listed.roots.map((root) => root.uri).join('\n') || 'none' }] };
  });

  return server;
}
