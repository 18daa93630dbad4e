// The arguments parsed again with a module's zod schema built from literals alone: parsing runs no
// code of the user's, so the same arguments give the same value on every leg. The parsed value is
// computed again on the retry instead of travelling in requestState (no type to write, nothing to
// carry). A schema with a refinement (a function of the user's) is carried as before.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'tickets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

const TicketArgs = z.object({
  title: z.string().min(1, 'A ticket needs a title').describe('Short summary'),
  priority: z.enum(['low', 'high']).default('low'),
});

const SlugArgs = z.object({ slug: z.string() }).refine((v) => !v.slug.includes(' '), 'no spaces');

export const opened: string[] = [];

type OpenTicketState = { step: 'ok' };
server.registerTool('open-ticket', { inputSchema: z.object({ title: z.string(), priority: z.string().optional() }) }, async (args, ctx) => {
  const ticket = TicketArgs.parse(args);
  let state = await mrtrState.resume<OpenTicketState>(ctx, 'open-ticket', args);
  state ??= { step: 'ok' };
  const okRequest: ElicitRequestFormParams = {
    message: `Open "${ticket.title}" (${ticket.priority})?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  };
  const answer = elicitAnswer(ctx, 'ok', okRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        ok: inputRequired.elicit(okRequest),
      },
      requestState: await mrtrState.mint(ctx, 'open-ticket', args, state),
    });
  }
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Not opened' }] };
  opened.push(`${ticket.priority}:${ticket.title}`);
  return { content: [{ type: 'text', text: `Opened ${ticket.title}` }] };
});

type RenameTicketState = { step: 'name'; slug: string };
server.registerTool('rename-ticket', { inputSchema: z.object({ slug: z.string() }) }, async (args, ctx) => {
  let state = await mrtrState.resume<RenameTicketState>(ctx, 'rename-ticket', args);
  if (state === undefined) {
    const { slug } = SlugArgs.parse(args);
    state = { step: 'name', slug };
  }
  const { slug } = state;
  const nameRequest: ElicitRequestFormParams = {
    message: `Rename ${slug}?`,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  };
  const answer = elicitAnswer(ctx, 'name', nameRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        name: inputRequired.elicit(nameRequest),
      },
      requestState: await mrtrState.mint(ctx, 'rename-ticket', args, state),
    });
  }
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
  return { content: [{ type: 'text', text: `${slug} is now ${String(answer.content?.name)}` }] };
});
