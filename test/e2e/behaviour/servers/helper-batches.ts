// Questions asked through helpers, several at once: two helpers awaited together in a Promise.all,
// and a helper asked once per item of a for…of loop and of a Promise.all over a map (the helper
// only computes its result from the answer). Each goes out in one round on 2026-07-28.
import { McpServer, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

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

async function askLabel(ctx: ServerContext, host: string): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  });
  const label = answer.action === 'accept' ? String(answer.content?.label ?? '') : '';
  return label === '' ? 'unlabelled' : label;
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'helper-batches', version: '1.0.0' });

  server.registerTool('onboard', { description: 'Team and role, asked together', inputSchema: z.object({ user: z.string() }) }, async ({ user }, ctx) => {
    const [team, role] = await Promise.all([askTeam(ctx, user), askRole(ctx, user)]);
    if (team.action !== 'accept' || role.action !== 'accept') return { content: [{ type: 'text', text: 'Onboarding cancelled' }] };
    effects.push(`onboard:${user}:${String(team.content?.team)}:${String(role.content?.role)}`);
    return { content: [{ type: 'text', text: `${user} joins ${String(team.content?.team)} as ${String(role.content?.role)}` }] };
  });

  server.registerTool('label-hosts', { description: 'A label per host', inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
    const labels: string[] = [];
    for (const host of hosts) {
      const label = await askLabel(ctx, host);
      labels.push(`${host}=${label}`);
    }
    effects.push(`labels:${labels.join(',')}`);
    return { content: [{ type: 'text', text: labels.join(', ') }] };
  });

  server.registerTool('label-hosts-at-once', { description: 'A label per host, in parallel', inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
    const labels = await Promise.all(hosts.map(async (host) => {
      const label = await askLabel(ctx, host);
      return `${host}=${label}`;
    }));
    effects.push(`labels:${labels.join(',')}`);
    return { content: [{ type: 'text', text: labels.join(', ') }] };
  });

  return server;
}
