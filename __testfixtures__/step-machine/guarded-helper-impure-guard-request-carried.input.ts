import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'flags', version: '1.0.0' });

const PROTECTED = new Set(['production']);
const confirmedOnce = new Set<string>();

async function confirmChange(ctx: ServerContext, flag: string, environment: string): Promise<boolean> {
  // Forgetting the flag is a side effect: the request is built once, and travels in the state.
  if (!PROTECTED.has(environment) || confirmedOnce.delete(flag)) return true;
  const answer = await ctx.mcpReq.elicitInput({
    message: `Change ${flag} in ${environment}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
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
