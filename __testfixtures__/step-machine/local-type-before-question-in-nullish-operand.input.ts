import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'repos', version: '1.0.0' });

async function reserve(owner: string): Promise<string> {
  return `${owner}-${Date.now()}`;
}

server.registerTool(
  'create-repo',
  { description: 'Create a repository', inputSchema: z.object({ owner: z.string(), name: z.string().optional() }) },
  async ({ owner, name }, ctx) => {
    // The handler's own type, declared before the question and used after it.
    type Slot = { readonly id: string };
    const slot: Slot = { id: await reserve(owner) };
    const repoName = name ?? String((await ctx.mcpReq.elicitInput({
      message: `Name of the new repository under ${owner}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    })).content?.name ?? 'untitled');
    const kept: Slot = slot;
    return { content: [{ type: 'text', text: `${kept.id}/${repoName}` }] };
  },
);
