import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tabs', version: '1.0.0' });

interface User {
	id: string;
	email: string;
}

async function findUser(email: string): Promise<User> {
	return { id: 'u1', email };
}

server.registerTool(
	'reset-password',
	{ description: 'Reset a password', inputSchema: z.object({ email: z.string() }) },
	async ({ email }, ctx) => {
		const user = await findUser(email);
		const confirmation = await ctx.mcpReq.elicitInput({
			message: `Send a reset link to ${user.email}?`,
			requestedSchema: {
				type: 'object',
				properties: { send: { type: 'boolean' } },
				required: ['send'],
			},
		});
		if (confirmation.action !== 'accept' || confirmation.content?.send !== true) {
			return { content: [{ type: 'text', text: 'No link sent' }] };
		}
		return { content: [{ type: 'text', text: `Reset link sent to user ${user.id}` }] };
	},
);
