// Per-item questions whose item only the question reads: once every item's question is asked in
// one round, the loop and the callbacks take the answers by position and read the item no more.
// The item is then `_region` / `_host`, which noUnusedLocals and noUnusedParameters accept (an
// unread loop variable or parameter would fail them).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'regions', version: '1.0.0' });

server.registerTool('count-approvals', { inputSchema: z.object({ regions: z.array(z.string()) }) }, async ({ regions }, ctx) => {
  let approved = 0;
  for (const region of regions) {
    const vote = await ctx.mcpReq.elicitInput({
      message: `Open the new office in ${region}?`,
      requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
    });
    if (vote.action === 'accept' && vote.content?.yes === true) approved++;
  }
  return { content: [{ type: 'text', text: `${approved} of ${regions.length} approved` }] };
});

server.registerTool('label-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  const labels = await Promise.all(hosts.map(async (host) => {
    const label = await ctx.mcpReq.elicitInput({
      message: `A label for ${host}?`,
      requestedSchema: { type: 'object', properties: { label: { type: 'string' } } },
    });
    return label.action === 'accept' ? String(label.content?.label ?? '') : 'unlabelled';
  }));
  return { content: [{ type: 'text', text: labels.join(', ') }] };
});
