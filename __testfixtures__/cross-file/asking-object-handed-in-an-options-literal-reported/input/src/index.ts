import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { makeElicitor } from './elicit.js';
import { createEvent } from './events.js';

const server = new McpServer({ name: 'events', version: '1.0.0' });
const elicitor = makeElicitor(server);

server.registerTool(
  'create_event',
  { description: 'Create an event', inputSchema: z.object({ name: z.string().optional() }) },
  async ({ name }) => ({ content: [{ type: 'text', text: await createEvent(name, { elicitor }) }] }),
);
