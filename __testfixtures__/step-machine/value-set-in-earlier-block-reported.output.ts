import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'imports', version: '1.0.0' });

export const log: string[] = [];

async function fetchSource(name: string): Promise<string> {
  log.push(`fetch ${name}`);
  return `${name}.csv`;
}

server.registerTool(
  'import-data',
  { description: 'Import data', inputSchema: z.object({ name: z.string(), preview: z.boolean(), notify: z.boolean() }) },
  async ({ name, preview, notify }, ctx) => {
    log.push(`import ${name}`);
    let file: string;
    if (preview) {
      // `file` gets its value inside the block, right before the question: a retry for this
      // question would skip that and find `file` without a value.
      file = await fetchSource(name);
      // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'import-data': file is changed by code that a later retry skips (it runs once, before a question), and the retry computes file again instead of restoring it
      const ok = await ctx.mcpReq.elicitInput({
        message: `Import ${file}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      });
      if (ok.action !== 'accept') return { content: [{ type: 'text', text: 'Not imported' }] };
    } else {
      file = `${name}.csv`;
    }
    log.push(`imported ${file}`);
    if (notify) {
      // @mcp-mrtr-migrate push-unsupported-shape: ctx.mcpReq.elicitInput in tool handler 'import-data': file is changed by code that a later retry skips (it runs once, before a question), and the retry computes file again instead of restoring it
      const channel = await ctx.mcpReq.elicitInput({
        message: 'Notify which channel?',
        requestedSchema: { type: 'object', properties: { channel: { type: 'string' } }, required: ['channel'] },
      });
      log.push(`notified ${channel.action}`);
    }
    return { content: [{ type: 'text', text: `Imported ${file}` }] };
  },
);
