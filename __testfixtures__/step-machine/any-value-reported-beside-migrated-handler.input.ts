import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'settings', version: '1.0.0' });

async function fetchSettings(url: string): Promise<any> {
  return (await fetch(url)).json();
}

server.registerTool('reset', { inputSchema: z.object({}) }, async (_args, ctx) => {
  const answer = await ctx.mcpReq.elicitInput({
    message: 'Reset every setting?',
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Reset' : 'Kept' }] };
});

server.registerTool('import', { inputSchema: z.object({ url: z.string() }) }, async ({ url }, ctx) => {
  const settings = await fetchSettings(url);
  const answer = await ctx.mcpReq.elicitInput({
    message: 'Import these settings?',
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? `Imported ${Object.keys(settings).length}` : 'Kept' }] };
});
