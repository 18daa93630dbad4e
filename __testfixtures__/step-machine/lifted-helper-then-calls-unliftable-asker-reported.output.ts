import { McpServer, type ServerContext, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

// Any question at all: its mode is only known at run time.
async function ask(ctx: ServerContext, question: Parameters<ServerContext['mcpReq']['elicitInput']>[0]) {
  // @mcp-mrtr-migrate push-in-helper: ctx.mcpReq.elicitInput is made in helper ask(), called by tool handler close_ticket (through confirmCloseOutcome() → askAssignee()); it is not lifted into that handler because its request is not written out and its type also allows a URL-mode question, so whether to return a form or a URL input request cannot be told
  return ctx.mcpReq.elicitInput(question);
}

async function askAssignee(ctx: ServerContext, ticket: string): Promise<string | undefined> {
  if (ticket.startsWith('draft-')) return undefined;
  const answer = await ask(ctx, {
    message: `Who takes over ${ticket}?`,
    requestedSchema: { type: 'object', properties: { who: { type: 'string' } } },
  });
  return answer.action === 'accept' ? String(answer.content?.who) : undefined;
}

/** The request confirmClose() asks with (its code before the question). */
function confirmCloseParams(ticket: string): ElicitRequestFormParams {
  return {
    message: `Close ${ticket}?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
  };
}

/** What confirmClose() does with the answer (its code after the question). */
async function confirmCloseOutcome(ctx: ServerContext, ticket: string, answer: ElicitResult): Promise<boolean> {
  if (answer.action !== 'accept') return false;
  await askAssignee(ctx, ticket);
  return true;
}

type CloseTicketState = { step: 'closed' };
server.registerTool(
  'close_ticket',
  { inputSchema: z.object({ ticket: z.string() }) },
  async ({ ticket }, ctx) => {
    let state = await mrtrState.resume<CloseTicketState>(ctx, 'close_ticket', { ticket });
    state ??= { step: 'closed' };
    const closedRequest: ElicitRequestFormParams = confirmCloseParams(ticket);
    const closedAnswer = elicitAnswer(ctx, 'closed', closedRequest);
    if (closedAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          closed: inputRequired.elicit(closedRequest),
        },
        requestState: await mrtrState.mint(ctx, 'close_ticket', { ticket }, state),
      });
    }
    const closed = await confirmCloseOutcome(ctx, ticket, closedAnswer);
    return { content: [{ type: 'text', text: closed ? 'closed' : 'kept open' }] };
  },
);
