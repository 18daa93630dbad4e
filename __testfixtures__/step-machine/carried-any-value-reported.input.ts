import { readFile } from 'node:fs/promises';
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'settings', version: '1.0.0' });

server.registerTool(
  'apply-settings',
  { description: 'Apply a settings file after review', inputSchema: z.object({ file: z.string() }) },
  async ({ file }, ctx) => {
    const settings = JSON.parse(await readFile(file, 'utf8'));
    const answer = await ctx.mcpReq.elicitInput({
      message: `Apply ${Object.keys(settings).length} settings from ${file}?`,
      requestedSchema: { type: 'object', properties: { apply: { type: 'boolean' } }, required: ['apply'] },
    });
    if (answer.action !== 'accept' || answer.content?.apply !== true) return { content: [{ type: 'text', text: 'Not applied' }] };
    return { content: [{ type: 'text', text: `Applied ${settings.profile ?? 'default'} profile` }] };
  },
);
