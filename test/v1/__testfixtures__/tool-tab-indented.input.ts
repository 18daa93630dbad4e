// A file indented with tabs (formatted by biome): the config object and the lines moved into it
// take tabs too. The five-argument overload with everything held in a definition object.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { CallToolResult, ServerNotification, ServerRequest, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
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
	server.tool(
		'greet',
		'Say hello',
		{
			name: z.string().describe('Who to greet'),
		},
		async ({ name }, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => {
			extra.signal.throwIfAborted();
			return { content: [{ type: 'text', text: `Hello, ${name}` }] };
		},
	);
	server.tool(tool.name, tool.description, tool.inputSchema, tool.annotations, tool.execute);
}
