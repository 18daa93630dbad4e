import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'reviews', version: '1.0.0' });

async function lockFile(path: string): Promise<void> {
  console.error(`locked ${path}`);
}

server.registerTool(
  'review-files',
  { description: 'Ask for a verdict on each file', inputSchema: z.object({ paths: z.array(z.string()) }) },
  async ({ paths }, ctx) => {
    const verdicts = await Promise.all(
      paths.map(async (path) => {
        // Runs before the question: it would have to run once per item and never again.
        await lockFile(path);
        // @mcp-mrtr-migrate push-in-loop: ctx.mcpReq.elicitInput in tool handler 'review-files' is made once per item inside paths.map(…) under Promise.all, and the callback runs code with effects before its question
        const verdict = await ctx.mcpReq.elicitInput({
          message: `Approve ${path}?`,
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
        });
        return verdict.action === 'accept' && verdict.content?.ok === true;
      }),
    );
    return { content: [{ type: 'text', text: `${verdicts.filter(Boolean).length} approved` }] };
  },
);
