import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tagger', version: '1.0.0' });

async function suggestTag(file: string): Promise<string> {
  return file.endsWith('.md') ? 'docs' : 'code';
}

server.registerTool(
  'tag-file',
  { description: 'Tag a file', inputSchema: z.object({ file: z.string() }) },
  async ({ file }, ctx) => {
    // Built from nothing but filled before the question: a retry must get the filled array back.
    const tags: string[] = [];
    tags.push(await suggestTag(file));
    const extra = await ctx.mcpReq.elicitInput({
      message: `Tags so far for ${file}: ${tags.join(', ')}. Another one?`,
      requestedSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
    });
    if (extra.action === 'accept') tags.push(String(extra.content?.tag));
    return { content: [{ type: 'text', text: tags.join(', ') }] };
  },
);
