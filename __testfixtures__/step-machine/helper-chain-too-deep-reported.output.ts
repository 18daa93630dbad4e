import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'hr', version: '1.0.0' });

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper confirm(), called by tool handler offboard (through confirmOffboardingStep() → confirmOffboarding() → confirmRemoval()); it is not lifted into that handler because tool handler offboard is left as it was: it also calls confirmOffboardingStep(), which asks the client and is not migrated
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  return answer.action === 'accept' && answer.content?.ok === true;
}

async function confirmRemoval(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirm(ctx, `Remove ${employee} from the directory?`);
}

async function confirmOffboarding(ctx: ServerContext, employee: string): Promise<boolean> {
  return confirmRemoval(ctx, employee);
}

async function confirmOffboardingStep(ctx: ServerContext, employee: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: confirmOffboardingStep() asks through confirmOffboarding() (ctx.mcpReq.elicitInput) and is not lifted: the question is 4 helpers deep (confirmOffboardingStep() → confirmOffboarding() → confirmRemoval() → confirm()), and chains of at most 3 are lifted
  return confirmOffboarding(ctx, employee);
}

server.registerTool(
  'offboard',
  { description: 'Offboard an employee', inputSchema: z.object({ employee: z.string() }) },
  async ({ employee }, ctx) => {
    if (!(await confirmOffboardingStep(ctx, employee))) {
      return { content: [{ type: 'text', text: `${employee} stays` }] };
    }
    return { content: [{ type: 'text', text: `Offboarded ${employee}` }] };
  },
);
