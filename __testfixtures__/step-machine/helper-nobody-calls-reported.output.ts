import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'archive', version: '1.0.0' });

async function askArchiveName(): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in askArchiveName(), which is not a request handler: nothing in this file calls askArchiveName() and it is not exported, so no request reaches this question
  const answer = await server.server.elicitInput({
    message: 'Archive name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  return answer.action === 'accept' ? String(answer.content?.name) : undefined;
}

server.registerTool('archive', { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
  return { content: [{ type: 'text', text: `Archived as ${name}` }] };
});
