// Two helpers, each asking one question, awaited together in a Promise.all. What Promise.all awaits
// runs in the request that awaits it (it is not an `app.all(path, …)` route): both questions go
// out in one round, through the helpers' request builders. A race of questions through helpers is
// reported instead.
import { McpServer, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'onboarding', version: '1.0.0' });

async function askTeam(ctx: ServerContext, user: string): Promise<ElicitResult> {
  return await ctx.mcpReq.elicitInput({
    message: `Which team does ${user} join?`,
    requestedSchema: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
  });
}

async function askRole(ctx: ServerContext, user: string): Promise<ElicitResult> {
  return await ctx.mcpReq.elicitInput({
    message: `Which role does ${user} have?`,
    requestedSchema: { type: 'object', properties: { role: { type: 'string' } }, required: ['role'] },
  });
}

server.registerTool('onboard', { inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
  const [team, role] = await Promise.all([askTeam(ctx, user), askRole(ctx, user)]);
  if (team.action !== 'accept' || role.action !== 'accept') return { content: [{ type: 'text', text: 'Onboarding cancelled' }] };
  return { content: [{ type: 'text', text: `${user}: ${String(team.content?.team)} / ${String(role.content?.role)}` }] };
});

// A race of two questions through helpers is not a batch: reported, left as it was.
server.registerTool('quick-onboard', { inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
  const first = await Promise.race([askTeam(ctx, user), askRole(ctx, user)]);
  return { content: [{ type: 'text', text: first.action === 'accept' ? `${user} answered first` : 'No answer' }] };
});
