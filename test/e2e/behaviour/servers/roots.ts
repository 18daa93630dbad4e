// Roots, asked both ways a v2 server can: server.server.listRoots() and
// ctx.mcpReq.send({ method: 'roots/list' }).
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'indexer', version: '1.0.0' });

  server.registerTool(
    'index-workspace',
    {
      description: 'Index every folder the client shares',
      inputSchema: z.object({ depth: z.number().int().default(2) }),
    },
    async ({ depth }) => {
      effects.push(`index-start:${depth}`);
      const { roots } = await server.server.listRoots();
      for (const root of roots) effects.push(`index:${root.uri}`);
      return { content: [{ type: 'text', text: roots.length === 0 ? 'Nothing to index' : `Indexed ${roots.length} roots at depth ${depth}` }] };
    },
  );

  server.registerTool(
    'find-root',
    {
      description: 'Find the shared folder whose name matches',
      inputSchema: z.object({ name: z.string() }),
    },
    async ({ name }, ctx) => {
      effects.push(`find:${name}`);
      const result = await ctx.mcpReq.send({ method: 'roots/list' });
      const match = result.roots.find((root) => (root.name ?? root.uri).includes(name));
      if (match === undefined) {
        return { content: [{ type: 'text', text: `No root matches ${name}` }], isError: true };
      }
      effects.push(`open:${match.uri}`);
      return { content: [{ type: 'text', text: `Found ${match.uri}` }] };
    },
  );

  return server;
}
