import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'archive', version: '1.0.0' });

async function askArchiveName(): Promise<string | undefined> {
  const answer = await server.server.elicitInput({
    message: 'Archive name?',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  return answer.action === 'accept' ? String(answer.content?.name) : undefined;
}

server.registerTool('archive', { inputSchema: z.object({ name: z.string() }) }, async ({ name }) => {
  return { content: [{ type: 'text', text: `Archived as ${name}` }] };
});
