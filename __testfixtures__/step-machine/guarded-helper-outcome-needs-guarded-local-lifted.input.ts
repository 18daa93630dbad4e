import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'flags', version: '1.0.0' });

async function confirmChange(ctx: ServerContext, flag: string, environment: string): Promise<boolean> {
  const key = `${environment}/${flag}`;
  if (environment !== 'production') return true;
  const answer = await ctx.mcpReq.elicitInput({
    message: `Change ${key}?`,
    requestedSchema: { type: 'object', properties: { typed: { type: 'string' } }, required: ['typed'] },
  });
  // The outcome needs `key`, declared among the guards: it is pure, so the outcome declares it again.
  return answer.action === 'accept' && answer.content?.typed === key;
}

server.registerTool(
  'toggle_flag',
  { description: 'Toggle a flag in one environment', inputSchema: z.object({ flag: z.string(), environment: z.string() }) },
  async ({ flag, environment }, ctx) => {
    if (!(await confirmChange(ctx, flag, environment))) {
      return { content: [{ type: 'text', text: `${flag} left as it was` }] };
    }
    return { content: [{ type: 'text', text: `${flag} toggled in ${environment}` }] };
  },
);
