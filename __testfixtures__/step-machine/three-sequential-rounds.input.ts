import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'wizard', version: '1.0.0' });

server.registerTool(
  'setup-project',
  { description: 'Set up a project step by step', inputSchema: z.object({ folder: z.string() }) },
  async ({ folder }, ctx) => {
    const language = await ctx.mcpReq.elicitInput({
      message: `Language for ${folder}?`,
      requestedSchema: { type: 'object', properties: { language: { type: 'string', enum: ['ts', 'py'] } }, required: ['language'] },
    });
    if (language.action !== 'accept') return { content: [{ type: 'text', text: 'Setup aborted' }] };
    const lang = String(language.content?.language);
    const framework = await ctx.mcpReq.elicitInput({
      message: `Framework for ${lang}?`,
      requestedSchema: { type: 'object', properties: { framework: { type: 'string' } }, required: ['framework'] },
    });
    if (framework.action !== 'accept') return { content: [{ type: 'text', text: 'Setup aborted' }] };
    const fw = String(framework.content?.framework);
    const license = await ctx.mcpReq.elicitInput({
      message: `License for the ${lang}/${fw} project?`,
      requestedSchema: { type: 'object', properties: { license: { type: 'string' } }, required: ['license'] },
    });
    const chosen = license.action === 'accept' ? String(license.content?.license) : 'UNLICENSED';
    return { content: [{ type: 'text', text: `${folder}: ${lang} + ${fw}, ${chosen}` }] };
  },
);
