import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'reminders', version: '1.0.0' });

server.registerTool(
  'set-reminder',
  { description: 'Set a reminder', inputSchema: z.object({ when: z.string() }) },
  async ({ when }, ctx) => {
    // May be an invalid Date, which has no ISO string: it cannot travel as one.
    const due = new Date(when);
    const note = await ctx.mcpReq.elicitInput({
      message: 'Reminder text?',
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
    });
    if (note.action !== 'accept') return { content: [{ type: 'text', text: 'No reminder set' }] };
    return { content: [{ type: 'text', text: `${String(note.content?.note)} at ${due.getTime()}` }] };
  },
);
