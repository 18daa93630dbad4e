// register* with its config held in a const of this file: the callback's own parameters say where
// v1 put the extra — second of two, or the only one when it reads like the context. A raw shape in
// a const that only registrations use (as their config, or spread into one) is wrapped where it is
// written, once, however many registrations share it; a const used anywhere else stays as it was.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const config = { title: 'Echo', description: 'Echo a message', inputSchema: z.object({ message: z.string() }) };
const plain = { description: 'Who am I' };
const promptConfig = {
  description: 'Summarise a run',
  argsSchema: z.object({ runId: z.string().optional() }),
};
const shared = { description: 'Greet', argsSchema: { name: z.string() } };

export function describeShared(): string[] {
  return Object.keys(shared.argsSchema);
}

export function register(server: McpServer): void {
  server.registerTool('echo', config, async (args, ctx) => {
    await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: args.message } });
    return { content: [{ type: 'text', text: args.message }] };
  });
  server.registerTool('whoami', plain, async (ctx) => ({ content: [{ type: 'text', text: ctx.sessionId ?? 'stdio' }] }));
  server.registerPrompt('summarise', promptConfig, async ({ runId }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${runId ?? 'the last run'}` } }],
  }));
  server.registerPrompt('summarize', { ...promptConfig, description: 'Alias of summarise' }, async ({ runId }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Summarise ${runId ?? 'the last run'}` } }],
  }));
  server.registerPrompt('greet', shared, async ({ name }) => ({
    messages: [{ role: 'user', content: { type: 'text', text: `Greet ${name}` } }],
  }));
}
