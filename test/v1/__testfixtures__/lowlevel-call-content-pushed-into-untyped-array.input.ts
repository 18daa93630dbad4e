// tools/call whose content blocks are pushed into an array declared without a type (`const
// content = []`): the array's type evolves to the blocks pushed, with `type` widened to string,
// which v1 accepted and v2's CallToolResult does not. The array gets v2's type declared
// (`CallToolResult['content']`), so each block pushed keeps its literal `type` and is checked as
// written; a second handler that returns the same shape through a helper typed loosely gets an
// assertion instead (of the returned promise, and of a shorthand member), reported as a warning
// for the author to check.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, GetPromptRequestSchema } from '@modelcontextprotocol/sdk/types.js';

type LooseReply = {
  messages: { role: string; content: { type: string; text: string } }[];
};

async function reply(text: string): Promise<LooseReply> {
  return { messages: [{ role: 'user', content: { type: 'text', text } }] };
}

export function createServer(): Server {
  const server = new Server({ name: 'notes', version: '1.0.0' }, { capabilities: { tools: {}, prompts: {} } });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const verbose = request.params.arguments?.verbose === true;
    const content = [];
    content.push({ type: 'text', text: 'saved' });
    if (verbose) content.push({ type: 'text', text: `at ${new Date().toISOString()}` });
    return { content };
  });
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    if (request.params.name === 'brief') {
      const { messages } = await reply('Write a short note');
      return { messages };
    }
    if (request.params.name !== 'note') throw new Error(`Unknown prompt: ${request.params.name}`);
    return reply('Write a note');
  });
  return server;
}
