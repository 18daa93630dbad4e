// The arguments parsed again with a module's zod schema built from literals alone: parsing runs no
// code of the user's, so the same arguments give the same value on every leg. The parsed value is
// computed again on the retry instead of travelling in requestState (no type to write, nothing to
// carry). A schema with a refinement (a function of the user's) is carried as before.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

const TicketArgs = z.object({
  title: z.string().min(1, 'A ticket needs a title').describe('Short summary'),
  priority: z.enum(['low', 'high']).default('low'),
});

const SlugArgs = z.object({ slug: z.string() }).refine((v) => !v.slug.includes(' '), 'no spaces');

export const opened: string[] = [];

server.registerTool('open-ticket', { inputSchema: z.object({ title: z.string(), priority: z.string().optional() }) }, async (args, ctx) => {
  const ticket = TicketArgs.parse(args);
  const answer = await ctx.mcpReq.elicitInput({
    message: `Open "${ticket.title}" (${ticket.priority})?`,
    requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
  });
  if (answer.action !== 'accept' || answer.content?.ok !== true) return { content: [{ type: 'text', text: 'Not opened' }] };
  opened.push(`${ticket.priority}:${ticket.title}`);
  return { content: [{ type: 'text', text: `Opened ${ticket.title}` }] };
});

server.registerTool('rename-ticket', { inputSchema: z.object({ slug: z.string() }) }, async (args, ctx) => {
  const { slug } = SlugArgs.parse(args);
  const answer = await ctx.mcpReq.elicitInput({
    message: `Rename ${slug}?`,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
  return { content: [{ type: 'text', text: `${slug} is now ${String(answer.content?.name)}` }] };
});
