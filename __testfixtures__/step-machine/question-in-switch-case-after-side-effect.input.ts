import { Server, type CallToolResult } from '@modelcontextprotocol/server';

interface Issue {
  id: string;
  title: string;
}

export const calls: string[] = [];

async function fetchIssue(id: string): Promise<Issue> {
  calls.push(`GET ${id}`);
  return { id, title: `Issue ${id}` };
}

const server = new Server({ name: 'issues', version: '1.0.0' }, { capabilities: { tools: {} } });

server.setRequestHandler('tools/call', async (request, ctx): Promise<CallToolResult> => {
  const args = (request.params.arguments ?? {}) as { id?: string };
  if (!args.id) return { isError: true, content: [{ type: 'text', text: 'id is required' }] };
  try {
    const issue = await fetchIssue(args.id);
    switch (request.params.name) {
      case 'close_issue': {
        const answer = await ctx.mcpReq.elicitInput({
          message: `Close ${issue.title}?`,
          requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
        });
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
        calls.push(`CLOSE ${issue.id}`);
        return { content: [{ type: 'text', text: `${issue.id} closed` }] };
      }
      case 'rename_issue': {
        const renamed = await ctx.mcpReq.elicitInput({
          message: `New title for ${issue.title}?`,
          requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
        });
        if (renamed.action !== 'accept') return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
        return { content: [{ type: 'text', text: `${issue.id} is now ${String(renamed.content?.title)}` }] };
      }
      default:
        return { content: [{ type: 'text', text: `${issue.id}: ${issue.title}` }] };
    }
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: String(error) }] };
  }
});
