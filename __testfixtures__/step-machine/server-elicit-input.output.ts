import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'mailer', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function sendMail(to: string, subject: string): Promise<void> {
  void to;
  void subject;
}

type SendMailState = { step: 'subject' };
server.registerTool(
  'send-mail',
  { description: 'Send a mail after asking for the subject', inputSchema: z.object({ to: z.string() }) },
  async ({ to }, ctx) => {
    let state = await mrtrState.resume<SendMailState>(ctx, 'send-mail', { to });
    state ??= { step: 'subject' };
    const subjectRequest: ElicitRequestFormParams = {
      message: `Subject of the mail to ${to}?`,
      requestedSchema: { type: 'object', properties: { subject: { type: 'string', maxLength: 120 } }, required: ['subject'] },
    };
    const subject = elicitAnswer(ctx, 'subject', subjectRequest);
    if (subject === undefined) {
      return inputRequired({
        inputRequests: {
          subject: inputRequired.elicit(subjectRequest),
        },
        requestState: await mrtrState.mint(ctx, 'send-mail', { to }, state),
      });
    }
    if (subject.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Mail not sent' }] };
    }
    await sendMail(to, String(subject.content?.subject));
    return { content: [{ type: 'text', text: `Mail sent to ${to}` }] };
  },
);
