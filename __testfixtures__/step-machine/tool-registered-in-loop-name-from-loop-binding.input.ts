import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const CLEANUPS = [
  { name: 'purge_cache', target: 'cache' },
  { name: 'purge_logs', target: 'logs' },
];

const server = new McpServer({ name: 'janitor', version: '1.0.0' });

for (const cleanup of CLEANUPS) {
  server.registerTool(cleanup.name, { inputSchema: z.object({ region: z.string() }) }, async ({ region }, ctx) => {
    const answer = await ctx.mcpReq.elicitInput({
      message: `Purge the ${cleanup.target} of ${region}?`,
      requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] },
    });
    if (answer.action !== 'accept' || answer.content?.purge !== true) {
      return { content: [{ type: 'text', text: `${cleanup.target} of ${region} kept` }] };
    }
    return { content: [{ type: 'text', text: `${cleanup.target} of ${region} purged` }] };
  });
}
