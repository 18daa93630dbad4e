import { McpServer, type ElicitResult as Answer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'pager', version: '1.0.0' });

async function sendPage(service: string, message: string): Promise<{ id: string; oncall: string }> {
  return { id: `p-${service}`, oncall: `oncall for ${message}` };
}

server.registerTool(
  'page-oncall',
  { description: 'Page the on-call engineer', inputSchema: z.object({ service: z.string(), message: z.string() }) },
  async ({ service, message }, ctx) => {
    const fallback: Promise<Answer> = ctx.mcpReq.elicitInput({
      message: `Who should be paged next for ${service}?`,
      requestedSchema: { type: 'object', properties: { email: { type: 'string' } } },
    });
    const page = await sendPage(service, message);
    const next = await fallback;
    const escalation = next.action === 'accept' && next.content?.email ? String(next.content.email) : 'the service owner';
    return { content: [{ type: 'text', text: `Paged ${page.oncall} (${page.id}); escalation goes to ${escalation}` }] };
  },
);
