// A value narrowed by a guard before the question (`if (!region) return`) and compared with
// literals after it: the uses in those comparisons see the type it has at the split (string), the
// uses inside them a narrower one ('eu'). The state carries the widest, so restoring it keeps the
// guard's narrowing without claiming the comparison's.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'regions', version: '1.0.0' });

function regionOf(zone: string): string | undefined {
  return zone.split('-')[0] || undefined;
}

function residencyNote(region: string): string {
  return `data stays in ${region}`;
}

server.registerTool('move-data', { inputSchema: z.object({ zone: z.string() }) }, async ({ zone }, ctx) => {
  const region = regionOf(zone);
  if (!region) return { isError: true, content: [{ type: 'text', text: `unknown zone ${zone}` }] };
  const answer = await ctx.mcpReq.elicitInput({
    message: `Move the data to ${region}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'kept where it was' }] };
  const note = region === 'eu' ? `${residencyNote(region)} (GDPR)` : residencyNote(region);
  return { content: [{ type: 'text', text: `moved to ${region}: ${note}` }] };
});
