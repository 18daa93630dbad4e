// A helper of another module asked once per host (its code after the question only computes):
// every host's question goes out in one round, built by the helper's request builder, which the
// helper's module now exports beside it.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askLabel } from './lib/labels.js';

export const server = new McpServer({ name: 'hosts', version: '1.0.0' });

server.registerTool('label-hosts', { inputSchema: z.object({ hosts: z.array(z.string()) }) }, async ({ hosts }, ctx) => {
  const labels: string[] = [];
  for (const host of hosts) {
    const label = await askLabel(ctx, host);
    labels.push(`${host}=${label}`);
  }
  return { content: [{ type: 'text', text: labels.join(', ') }] };
});
