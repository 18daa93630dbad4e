import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets2', version: '1.0.0' });

export const opened: string[] = [];

async function openAndAskSeverity(ctx: ServerContext, title: string): Promise<string> {
  opened.push(title);
  const answer = await ctx.mcpReq.elicitInput({
    message: `Ticket "${title}" opened. Severity?`,
    requestedSchema: { type: 'object', properties: { severity: { type: 'string', enum: ['low', 'high'] } }, required: ['severity'] },
  });
  return answer.action === 'accept' ? String(answer.content?.severity) : 'low';
}

server.registerTool(
  'open-ticket',
  { description: 'Open a ticket and ask for its severity', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    const severity = await openAndAskSeverity(ctx, title);
    return { content: [{ type: 'text', text: `${title}: ${severity}` }] };
  },
);
