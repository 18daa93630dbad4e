import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const labelLookups: string[] = [];

async function listLabels(project: string): Promise<string[]> {
  labelLookups.push(project);
  return ['bug', 'feature', `${project}-triage`];
}

/** Asks which label to put on the issue, offering the labels the project has right now. */
async function pickLabel(ctx: ServerContext, project: string): Promise<string | undefined> {
  const reply = await ctx.mcpReq.elicitInput({
    message: `Label for the new issue in ${project}?`,
    requestedSchema: { type: 'object', properties: { label: { type: 'string', enum: await listLabels(project) } }, required: ['label'] },
  });
  return reply.action === 'accept' ? String(reply.content?.label) : undefined;
}

const server = new McpServer({ name: 'tracker', version: '1.0.0' });

server.registerTool(
  'open_issue',
  { description: 'Open an issue', inputSchema: z.object({ project: z.string(), title: z.string() }) },
  async ({ project, title }, ctx) => {
    const label = await pickLabel(ctx, project);
    if (!label) return { content: [{ type: 'text', text: 'No issue opened' }] };
    return { content: [{ type: 'text', text: `Opened "${title}" in ${project} as ${label}` }] };
  },
);
