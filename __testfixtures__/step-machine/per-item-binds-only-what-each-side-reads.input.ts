// Per-item questions batched into one round: the requests' map binds only the item's elements the
// params read, and the loop (or callback) kept for the answers only those it still reads, so
// neither leaves a destructured element unused (noUnusedLocals / noUnusedParameters).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'reviews', version: '1.0.0' });

const Change = z.object({ id: z.string(), title: z.string(), diff: z.string() });

server.registerTool(
  'review-changes',
  { description: 'Ask about each change', inputSchema: z.object({ changes: z.array(Change) }) },
  async ({ changes }, ctx) => {
    const approved: string[] = [];
    for (const { id, title, diff } of changes) {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Approve "${title}"?\n${diff}`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (answer.action === 'accept' && answer.content?.ok === true) approved.push(id);
    }
    return { content: [{ type: 'text', text: `Approved: ${approved.join(', ')}` }] };
  },
);

server.registerTool(
  'summarize-changes',
  { description: 'One line per change', inputSchema: z.object({ changes: z.array(Change) }) },
  async ({ changes }, ctx) => {
    const lines = await Promise.all(
      changes.map(async ({ id, diff }) => {
        const result = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: `One line for:\n${diff}` } }],
          maxTokens: 60,
        });
        const block = Array.isArray(result.content) ? result.content[0] : result.content;
        return `${id}: ${block?.type === 'text' ? block.text : ''}`;
      }),
    );
    return { content: [{ type: 'text', text: lines.join('\n') }] };
  },
);
