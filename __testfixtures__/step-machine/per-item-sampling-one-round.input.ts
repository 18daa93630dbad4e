import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'summaries', version: '1.0.0' });

server.registerTool(
  'summarize-notes',
  { description: 'Summarize each note', inputSchema: z.object({ notes: z.array(z.object({ title: z.string(), body: z.string() })) }) },
  async ({ notes }, ctx) => {
    const lines: string[] = [];
    let words = 0;
    for (const { title, body } of notes) {
      const summary = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Summarize "${title}":\n${body}` } }],
        maxTokens: 100,
      });
      const block = Array.isArray(summary.content) ? summary.content[0] : summary.content;
      const text = block?.type === 'text' ? block.text : '';
      if (!text) continue;
      words += text.split(' ').length;
      lines.push(`${title}: ${text}`);
    }
    return { content: [{ type: 'text', text: `${lines.join('\n')}\n(${words} words)` }] };
  },
);
