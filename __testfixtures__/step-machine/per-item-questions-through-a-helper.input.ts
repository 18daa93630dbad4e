// Per-item questions asked through a helper: every item's request is built by the helper's request
// builder in one round, and the helper's code after the question (it only computes the label from
// the answer) runs in the loop, or in the callback, on each item's answer in turn. A helper that
// returns the answer as it is needs no outcome function.
import { McpServer, type ElicitResult, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'inventory', version: '1.0.0' });

async function askLabel(ctx: ServerContext, host: string): Promise<string> {
  const answer = await ctx.mcpReq.elicitInput({
    message: `A label for ${host}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
  });
  const label = answer.action === 'accept' ? String(answer.content?.label ?? '') : '';
  return label === '' ? 'unlabelled' : label;
}

async function confirmRemoval(ctx: ServerContext, host: string): Promise<ElicitResult> {
  return await ctx.mcpReq.elicitInput({
    message: `Remove ${host} from the inventory?`,
    requestedSchema: { type: 'object', properties: { remove: { type: 'boolean' } }, required: ['remove'] },
  });
}

server.registerTool('label-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  const labels: string[] = [];
  for (const host of hosts) {
    const label = await askLabel(ctx, host);
    labels.push(`${host}=${label}`);
  }
  return { content: [{ type: 'text', text: labels.join(', ') }] };
});

server.registerTool('prune-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  const removed = await Promise.all(hosts.map(async (host) => {
    const answer = await confirmRemoval(ctx, host);
    return answer.action === 'accept' && answer.content?.remove === true ? host : undefined;
  }));
  return { content: [{ type: 'text', text: `Removed ${removed.filter(Boolean).join(', ') || 'nothing'}` }] };
});
