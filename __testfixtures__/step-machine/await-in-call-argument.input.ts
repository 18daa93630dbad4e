import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'labels', version: '1.0.0' });

function describeChoice(result: { action: string; content?: Record<string, unknown> }): string {
  return result.action === 'accept' ? `label ${String(result.content?.label)}` : 'no label';
}

server.registerTool(
  'label-issue',
  { description: 'Label an issue', inputSchema: z.object({ issue: z.number() }) },
  async ({ issue }, ctx) => {
    const summary = describeChoice(
      await ctx.mcpReq.elicitInput({
        message: `Label for issue #${issue}?`,
        requestedSchema: { type: 'object', properties: { label: { type: 'string', enum: ['bug', 'feature'] } }, required: ['label'] },
      }),
    );
    return { content: [{ type: 'text', text: `Issue #${issue}: ${summary}` }] };
  },
);
