// A createMessage of the package's own class on a receiver named like a server: the checker finds
// its declaration in support/model-server.ts, not in the SDK, so nothing here asks the client and
// the tool stays as it is (by its name alone, modelServer.createMessage would read as sampling).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { makeModelServer } from './support/model-server.js';

const server = new McpServer({ name: 'drafts', version: '1.0.0' });
const modelServer = makeModelServer();

server.registerTool(
  'draft_reply',
  { description: 'Draft a reply to a message', inputSchema: z.object({ message: z.string() }) },
  async ({ message }) => {
    const reply = await modelServer.createMessage({ prompt: `Reply to: ${message}`, maxTokens: 200 });
    return { content: [{ type: 'text', text: reply.text }] };
  },
);
