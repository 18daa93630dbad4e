import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'digests', version: '1.0.0' });

const fetched: string[] = [];

async function loadPage(id: string): Promise<{ id: string; title: string; text: string }> {
  fetched.push(id);
  return { id, title: `Page ${id}`, text: `Text of ${id}` };
}

server.registerTool(
  'digest-pages',
  { description: 'One paragraph per page', inputSchema: z.object({ pageIds: z.array(z.string()) }) },
  async ({ pageIds }, ctx) => {
    const pages = await Promise.all(pageIds.map(loadPage));
    const digests = await Promise.all(
      pages.map(async (page) => {
        const result = await ctx.mcpReq.requestSampling({
          messages: [{ role: 'user', content: { type: 'text', text: `One paragraph summary:\n${page.text}` } }],
          maxTokens: 200,
        });
        const block = Array.isArray(result.content) ? result.content[0] : result.content;
        return `## ${page.title}\n${block?.type === 'text' ? block.text : ''}`;
      }),
    );
    return { content: [{ type: 'text', text: digests.join('\n\n') }] };
  },
);
