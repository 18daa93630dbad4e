import { McpServer, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'race', version: '1.0.0' });

function timeout(ms: number): Promise<ElicitResult> {
  return new Promise((resolve) => setTimeout(() => resolve({ action: 'cancel' }), ms));
}

server.registerTool(
  'confirm-shutdown',
  { description: 'Shut a machine down', inputSchema: z.object({ host: z.string() }) },
  async ({ host }, ctx) => {
    const answer = await Promise.race([
      ctx.mcpReq.elicitInput({
        message: `Shut down ${host}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      }),
      timeout(30_000),
    ]);
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${host} stays up` }] };
    return { content: [{ type: 'text', text: `${host} is shutting down` }] };
  },
);
