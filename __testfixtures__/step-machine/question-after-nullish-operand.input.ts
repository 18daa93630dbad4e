import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'repos', version: '1.0.0' });

export const created: string[] = [];

server.registerTool(
  'create-repo',
  { description: 'Create a repository', inputSchema: z.object({ owner: z.string(), name: z.string().optional() }) },
  async ({ owner, name }, ctx) => {
    const repoName = name ?? String((await ctx.mcpReq.elicitInput({
      message: `Name of the new repository under ${owner}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    })).content?.name ?? 'untitled');
    created.push(`${owner}/${repoName}`);
    return { content: [{ type: 'text', text: `Created ${owner}/${repoName}` }] };
  },
);
