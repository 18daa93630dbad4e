// Helpers declare values before their question that only one half of the lifted helper reads: the
// request builder leaves out what only the outcome reads and the outcome what only the request reads,
// so neither declares a local (or takes a parameter) it never uses (noUnusedLocals, noUnusedParameters).
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'flags', version: '1.0.0' });

async function confirmChange(ctx: ServerContext, flag: string, environment: string): Promise<boolean> {
  const expected = `${environment}/${flag}`;
  if (environment !== 'production') return true;
  const answer = await ctx.mcpReq.elicitInput({
    message: `Change the flag? Type its key.`,
    requestedSchema: { type: 'object', properties: { typed: { type: 'string' } }, required: ['typed'] },
  });
  return answer.action === 'accept' && answer.content?.typed === expected;
}

async function askName(ctx: ServerContext, team: string, fallback: string) {
  const label = `Team ${team}`;
  const hint = fallback.toUpperCase();
  const answer = await ctx.mcpReq.elicitInput({
    message: `${label}: the name?`,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  return answer.action === 'accept' ? String(answer.content?.name) : hint;
}

server.registerTool(
  'toggle_flag',
  { description: 'Toggle a flag in one environment', inputSchema: z.object({ flag: z.string(), environment: z.string() }) },
  async ({ flag, environment }, ctx) => {
    if (!(await confirmChange(ctx, flag, environment))) {
      return { content: [{ type: 'text', text: `${flag} left as it was` }] };
    }
    const name = await askName(ctx, flag, environment);
    return { content: [{ type: 'text', text: `${flag} toggled in ${environment} by ${name}` }] };
  },
);
