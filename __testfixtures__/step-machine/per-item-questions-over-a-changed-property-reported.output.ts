// Per-item questions over `batch.items`, where the loop changes `batch` itself after each answer:
// the value the array is read through is not the same on every leg, so the questions are not sent in
// one round. Reported (push-in-loop), left as it was.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'batches', version: '1.0.0' });

interface Batch {
  items: string[];
  accepted: number;
}

server.registerTool('accept-batch', { inputSchema: z.object({ items: z.array(z.string()) }) }, async ({ items }, ctx) => {
  const batch: Batch = { items, accepted: 0 };
  for (const item of batch.items) {
    // @mcp-mrtr-migrate push-in-loop: ctx.mcpReq.elicitInput in tool handler 'accept-batch' is made once per item of a for…of loop, and the loop changes batch; only independent per-item questions (asked in one round) and re-ask loops are migrated automatically (one round per item would also stop at the state module's 8 rounds per call)
    const answer = await ctx.mcpReq.elicitInput({
      message: `Accept ${item}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    });
    if (answer.action === 'accept' && answer.content?.ok === true) batch.accepted += 1;
  }
  return { content: [{ type: 'text', text: `Accepted ${batch.accepted} of ${batch.items.length}` }] };
});
