import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'settings', version: '1.0.0' });

server.registerResource('settings', 'config://settings', { mimeType: 'application/json' }, async (uri, ctx) => {
  const reveal = await ctx.mcpReq.elicitInput({
    message: 'Include secrets in the settings dump?',
    requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } }, required: ['reveal'] },
  });
  const withSecrets = reveal.action === 'accept' && reveal.content?.reveal === true;
  return { contents: [{ uri: uri.href, text: JSON.stringify({ debug: false, secrets: withSecrets ? ['***'] : [] }) }] };
});
