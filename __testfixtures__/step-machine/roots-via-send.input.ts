import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'workspace', version: '1.0.0' });

server.registerTool('list-workspaces', { description: 'List the folders the client shares' }, async (ctx) => {
  const result = await ctx.mcpReq.send({ method: 'roots/list' });
  const folders = result.roots.map((root) => root.name ?? root.uri);
  return { content: [{ type: 'text', text: folders.length > 0 ? folders.join('\n') : 'No roots shared' }] };
});
