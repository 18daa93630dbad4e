import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'labeller', version: '1.0.0' });

async function applyLabel(issue: number, label: string): Promise<void> {
  console.error(`label #${issue} ${label}`);
}

server.registerTool(
  'label-issues',
  { description: 'Ask the model for a label per issue and apply it', inputSchema: z.object({ issues: z.array(z.number()) }) },
  async ({ issues }, ctx) => {
    for (const issue of issues) {
      const suggestion = await ctx.mcpReq.requestSampling({
        messages: [{ role: 'user', content: { type: 'text', text: `Label for issue #${issue}?` } }],
        maxTokens: 5,
      });
      // An effect between the questions: asking them all first would change what happens when one fails.
      const block = Array.isArray(suggestion.content) ? suggestion.content[0] : suggestion.content;
      await applyLabel(issue, block?.type === 'text' ? block.text : 'none');
    }
    return { content: [{ type: 'text', text: `Labelled ${issues.length} issues` }] };
  },
);
