import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** Tool names live in one place; registrations read them from here. */
const TOOL = { archive: 'archive_project', status: 'project_status' } as const;

const server = new McpServer({ name: 'projects', version: '1.0.0' });

server.registerTool(TOOL.archive, { inputSchema: z.object({ project: z.string() }) }, async ({ project }, ctx) => {
  const answer = await ctx.mcpReq.elicitInput({
    message: `Archive ${project}?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  });
  if (answer.action !== 'accept' || answer.content?.archive !== true) {
    return { content: [{ type: 'text', text: `${project} stays active` }] };
  }
  return { content: [{ type: 'text', text: `${project} archived` }] };
});

server.registerTool(TOOL.status, { inputSchema: z.object({ project: z.string() }) }, async ({ project }) => ({
  content: [{ type: 'text', text: `${project}: active` }],
}));
