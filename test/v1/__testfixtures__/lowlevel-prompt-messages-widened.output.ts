// prompts/get whose messages are built in a variable first: with no type to fit, `role: 'user'`
// and `type: 'text'` widen to string, which v1 accepted and v2's GetPromptResult does not. The
// variable gets v2's type declared (`GetPromptResult['messages']`): the literals then keep their
// literal types, and fit.
import { Server, type GetPromptResult } from '@modelcontextprotocol/server';

export function createServer(): Server {
  const server = new Server({ name: 'prompts', version: '1.0.0' }, { capabilities: { prompts: {} } });
  server.setRequestHandler('prompts/get', async (request) => {
    const topic = request.params.arguments?.topic ?? 'anything';
    const messages: GetPromptResult['messages'] = [{ role: 'user', content: { type: 'text', text: `Write a haiku about ${topic}` } }];
    return { messages };
  });
  return server;
}
