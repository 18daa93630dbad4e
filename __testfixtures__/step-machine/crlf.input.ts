import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'crlf', version: '1.0.0' });

server.registerTool(
  'archive-project',
  { description: 'Archive a project', inputSchema: z.object({ project: z.string() }) },
  async ({ project }, ctx) => {
    const startedBy = `archiver:${project}`;
    const answer = await ctx.mcpReq.elicitInput({
      message: `Archive ${project}? It becomes read-only.`,
      requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
    });
    if (answer.action !== 'accept') {
      return { content: [{ type: 'text', text: `${project} stays active` }] };
    }
    return { content: [{ type: 'text', text: `${project} archived by ${startedBy}` }] };
  },
);
