import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tabs', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface User {
	id: string;
	email: string;
}

async function findUser(email: string): Promise<User> {
	return { id: 'u1', email };
}

type ResetPasswordState = { step: 'confirmation'; user: User };
server.registerTool(
	'reset-password',
	{ description: 'Reset a password', inputSchema: z.object({ email: z.string() }) },
	async ({ email }, ctx) => {
		let state = await mrtrState.resume<ResetPasswordState>(ctx, 'reset-password', { email });
		if (state === undefined) {
			const user = await findUser(email);
			state = { step: 'confirmation', user };
		}
		const { user } = state;
		const confirmationRequest: ElicitRequestFormParams = {
			message: `Send a reset link to ${user.email}?`,
			requestedSchema: {
				type: 'object',
				properties: { send: { type: 'boolean' } },
				required: ['send'],
			},
		};
		const confirmation = elicitAnswer(ctx, 'confirmation', confirmationRequest);
		if (confirmation === undefined) {
			return inputRequired({
				inputRequests: {
					confirmation: inputRequired.elicit(confirmationRequest),
				},
				requestState: await mrtrState.mint(ctx, 'reset-password', { email }, state),
			});
		}
		if (confirmation.action !== 'accept' || confirmation.content?.send !== true) {
			return { content: [{ type: 'text', text: 'No link sent' }] };
		}
		return { content: [{ type: 'text', text: `Reset link sent to user ${user.id}` }] };
	},
);
