import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'fixture', version: '1.0.0' });

server.registerTool('count', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
	const words = text.split(/\s+/).filter(Boolean).length;
	return {
		resultType: 'complete',
		content: [{ type: 'text', text: `${words} words` }],
		structuredContent: { words },
	};
});
