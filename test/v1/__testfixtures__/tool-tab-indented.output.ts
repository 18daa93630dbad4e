// A file indented with tabs (formatted by biome): the config object and the lines moved into it
// take tabs too. The five-argument overload with everything held in a definition object.
import { McpServer } from '@modelcontextprotocol/server';
import type { CallToolResult, ToolAnnotations, ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

const lookupShape = { id: z.string() };

export const tool = {
	name: 'lookup',
	description: 'Look an item up',
	inputSchema: lookupShape,
	annotations: { readOnlyHint: true } satisfies ToolAnnotations,
	execute: async ({ id }: { id: string }): Promise<CallToolResult> => ({ content: [{ type: 'text', text: id }] }),
};

export function register(server: McpServer): void {
	server.registerTool(
		'greet',
		{
			description: 'Say hello',
			inputSchema: z.object({
				name: z.string().describe('Who to greet'),
			}),
		},
		async ({ name }, ctx: ServerContext) => {
			ctx.mcpReq.signal.throwIfAborted();
			return { content: [{ type: 'text', text: `Hello, ${name}` }] };
		},
	);
	server.registerTool(tool.name, { description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations }, tool.execute);
}
