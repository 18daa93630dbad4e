import { McpServer, inputRequired, type CallToolResult, type InputRequiredResult, type McpRequestContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const nameForm = { type: 'object' as const, properties: { name: { type: 'string' as const } }, required: ['name'] };

/** One factory for both eras: 2025 clients are asked directly, 2026-07-28 clients get inputRequired. */
export function buildServer(reqCtx: McpRequestContext): McpServer {
  const server = new McpServer({ name: 'greeter', version: '1.0.0' });
  server.registerTool('greet', { inputSchema: z.object({}) }, async (_args, ctx): Promise<CallToolResult | InputRequiredResult> => {
    if (reqCtx.era === 'legacy') {
      const answer = await ctx.mcpReq.elicitInput({ message: 'Your name?', requestedSchema: nameForm });
      const name = answer.action === 'accept' ? String(answer.content?.name) : 'stranger';
      return { content: [{ type: 'text', text: `Hello ${name}` }] };
    }
    const response = ctx.mcpReq.inputResponses?.['name'] as { action?: string; content?: { name?: unknown } } | undefined;
    if (!response) {
      return inputRequired({ inputRequests: { name: inputRequired.elicit({ message: 'Your name?', requestedSchema: nameForm }) } });
    }
    const name = response.action === 'accept' ? String(response.content?.name) : 'stranger';
    return { content: [{ type: 'text', text: `Hello ${name}` }] };
  });
  return server;
}
