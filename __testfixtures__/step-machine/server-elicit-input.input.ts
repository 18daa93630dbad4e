import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'mailer', version: '1.0.0' });

async function sendMail(to: string, subject: string): Promise<void> {
  void to;
  void subject;
}

server.registerTool(
  'send-mail',
  { description: 'Send a mail after asking for the subject', inputSchema: z.object({ to: z.string() }) },
  async ({ to }, ctx) => {
    const subject = await server.server.elicitInput({
      message: `Subject of the mail to ${to}?`,
      requestedSchema: { type: 'object', properties: { subject: { type: 'string', maxLength: 120 } }, required: ['subject'] },
    });
    if (subject.action !== 'accept') {
      return { content: [{ type: 'text', text: 'Mail not sent' }] };
    }
    await sendMail(to, String(subject.content?.subject));
    return { content: [{ type: 'text', text: `Mail sent to ${to}` }] };
  },
);
