import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'pager', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function sendPage(service: string, message: string): Promise<{ id: string; oncall: string }> {
  return { id: `p-${service}`, oncall: `oncall for ${message}` };
}

type PageOncallState = { step: 'next'; page: { id: string; oncall: string } };
server.registerTool(
  'page-oncall',
  { description: 'Page the on-call engineer', inputSchema: z.object({ service: z.string(), message: z.string() }) },
  async ({ service, message }, ctx) => {
    let state = await mrtrState.resume<PageOncallState>(ctx, 'page-oncall', { service, message });
    if (state === undefined) {
      const page = await sendPage(service, message);
      state = { step: 'next', page };
    }
    const { page } = state;
    const nextRequest: ElicitRequestFormParams = {
      message: `Who should be paged next for ${service}?`,
      requestedSchema: { type: 'object', properties: { email: { type: 'string' } } },
    };
    const next = elicitAnswer(ctx, 'next', nextRequest);
    if (next === undefined) {
      return inputRequired({
        inputRequests: {
          next: inputRequired.elicit(nextRequest),
        },
        requestState: await mrtrState.mint(ctx, 'page-oncall', { service, message }, state),
      });
    }
    const escalation = next.action === 'accept' && next.content?.email ? String(next.content.email) : 'the service owner';
    return { content: [{ type: 'text', text: `Paged ${page.oncall} (${page.id}); escalation goes to ${escalation}` }] };
  },
);
