import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { PUBLISH_RELEASE } from './tools.js';

const server = new McpServer({ name: 'releases', version: '1.0.0' });

for (const tool of [PUBLISH_RELEASE]) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object({ version: z.string() }) }, async (args, ctx) => {
    const result = await tool.handler(args, ctx);
    console.error('tool finished', tool.name);
    return result;
  });
}

export const broken = [
