import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'estimates', version: '1.0.0' });

export const estimates = new Map<string, number>();

async function saveEstimate(issue: string, points: number): Promise<void> {
  if (points > 13) throw new Error(`${points} points is too many`);
  estimates.set(issue, points);
}

server.registerTool(
  'estimate',
  { description: 'Estimate an issue', inputSchema: z.object({ issue: z.string() }) },
  async ({ issue }, ctx): Promise<CallToolResult> => {
    return ctx.mcpReq
      .elicitInput({
        message: `Estimate for ${issue}?`,
        requestedSchema: { type: 'object', properties: { points: { type: 'number' } }, required: ['points'] },
      })
      .then(async (answer): Promise<CallToolResult> => {
        if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No estimate set' }] };
        await saveEstimate(issue, Number(answer.content?.points));
        return { content: [{ type: 'text', text: `${issue} estimated` }] };
      })
      .catch((error: unknown): CallToolResult => ({ isError: true, content: [{ type: 'text', text: String(error) }] }));
  },
);
