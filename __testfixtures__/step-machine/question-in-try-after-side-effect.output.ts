import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'mailer2', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const sent: string[] = [];

type SendNewsletterState = { step: 'go' };
server.registerTool(
  'send-newsletter',
  { description: 'Send the newsletter', inputSchema: z.object({ issue: z.number() }) },
  async ({ issue }, ctx) => {
    const resumed = await mrtrState.resume<SendNewsletterState>(ctx, 'send-newsletter', { issue });
    try {
      let state = resumed;
      if (state === undefined) {
        sent.push(`preview of issue ${issue}`);
        state = { step: 'go' };
      }
      const goRequest: ElicitRequestFormParams = {
        message: `Preview sent. Send issue ${issue} to everyone?`,
        requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
      };
      const go = elicitAnswer(ctx, 'go', goRequest);
      if (go === undefined) {
        return inputRequired({
          inputRequests: {
            go: inputRequired.elicit(goRequest),
          },
          requestState: await mrtrState.mint(ctx, 'send-newsletter', { issue }, state),
        });
      }
      if (go.action !== 'accept') return { content: [{ type: 'text', text: 'Not sent' }] };
      sent.push(`issue ${issue}`);
      return { content: [{ type: 'text', text: `Issue ${issue} sent` }] };
    } catch (error) {
      return { content: [{ type: 'text', text: `Failed: ${String(error)}` }], isError: true };
    }
  },
);
