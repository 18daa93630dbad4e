// prompts/get whose messages are built in a variable first: with no type to fit, `role: 'user'`
// and `type: 'text'` widen to string, which v1 accepted and v2's GetPromptResult does not. The
// file stays v1, reported.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { GetPromptRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export function createServer(): Server {
  const server = new Server({ name: 'prompts', version: '1.0.0' }, { capabilities: { prompts: {} } });
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: once keyed by 'prompts/get', this handler would not compile in v2, which types its result as GetPromptResult; what it returns does not match at `messages[].role` (`string` where v2 wants `"user" | "assistant"`) (v1 accepted any object as a result)
  server.setRequestHandler(GetPromptRequestSchema, async (request) => {
    const topic = request.params.arguments?.topic ?? 'anything';
    const messages = [{ role: 'user', content: { type: 'text', text: `Write a haiku about ${topic}` } }];
    return { messages };
  });
  return server;
}
