import { type McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export function registerFeedbackTool(server: McpServer): void {
  type SendFeedbackState = { step: 'feedback' };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  server.registerTool(
    'send-feedback',
    { description: 'Send feedback to the team', inputSchema: z.object({ area: z.string() }) },
    async ({ area }, ctx) => {
      let state = await mrtrState.resume<SendFeedbackState>(ctx, 'send-feedback', { area });
      state ??= { step: 'feedback' };
      const feedbackRequest: ElicitRequestFormParams = {
        message: `Your feedback on ${area}`,
        requestedSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
      };
      const feedback = elicitAnswer(ctx, 'feedback', feedbackRequest);
      if (feedback === undefined) {
        return inputRequired({
          inputRequests: {
            feedback: inputRequired.elicit(feedbackRequest),
          },
          requestState: await mrtrState.mint(ctx, 'send-feedback', { area }, state),
        });
      }
      if (feedback.action !== 'accept') return { content: [{ type: 'text', text: 'No feedback sent' }] };
      return { content: [{ type: 'text', text: `Thanks for the feedback on ${area}` }] };
    },
  );
}
