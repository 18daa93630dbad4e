// Shapes real handlers have around their questions: an awaited lookup inside the question's own
// parameters, an early return between two questions (asked through a local, through a helper in
// an `if` condition, and inline in an `if` condition), and a Promise.all that runs a lookup and
// asks at the same time.
import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

async function countRecipients(list: string): Promise<number> {
  effects.push(`count-recipients:${list}`);
  return list.length * 10;
}

async function confirm(ctx: ServerContext, message: string): Promise<boolean> {
  const answer = await ctx.mcpReq.elicitInput({
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  });
  return answer.action === 'accept' && answer.content?.confirm === true;
}

interface Plan {
  service: string;
  version: string;
}

async function loadPlan(service: string): Promise<Plan> {
  effects.push(`plan:${service}`);
  return { service, version: `${service}-v2` };
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'edges', version: '1.0.0' });

  // The lookup is part of the question: it must run once, not again on the retry.
  server.registerTool(
    'send-newsletter',
    { description: 'Send the newsletter to a list', inputSchema: z.object({ list: z.string() }) },
    async ({ list }, ctx) => {
      const answer = await ctx.mcpReq.elicitInput({
        message: `Send the newsletter to ${await countRecipients(list)} recipients?`,
        requestedSchema: { type: 'object', properties: { send: { type: 'boolean' } }, required: ['send'] },
      });
      if (answer.action !== 'accept' || answer.content?.send !== true) {
        return { content: [{ type: 'text', text: 'Not sent' }] };
      }
      effects.push(`send:${list}`);
      return { content: [{ type: 'text', text: `Sent to ${list}` }] };
    },
  );

  // Second question only when the first was confirmed: two rounds, never one.
  server.registerTool(
    'delete-project',
    { description: 'Delete a project, and maybe its backups', inputSchema: z.object({ project: z.string() }) },
    async ({ project }, ctx) => {
      const sure = await ctx.mcpReq.elicitInput({
        message: `Delete ${project}?`,
        requestedSchema: { type: 'object', properties: { sure: { type: 'boolean' } }, required: ['sure'] },
      });
      if (sure.action !== 'accept' || sure.content?.sure !== true) {
        return { content: [{ type: 'text', text: `${project} kept` }] };
      }
      const backups = await ctx.mcpReq.elicitInput({
        message: 'Delete the backups too?',
        requestedSchema: { type: 'object', properties: { backups: { type: 'boolean' } }, required: ['backups'] },
      });
      effects.push(`delete:${project}`);
      if (backups.action === 'accept' && backups.content?.backups === true) effects.push(`delete-backups:${project}`);
      return { content: [{ type: 'text', text: `Deleted ${project}` }] };
    },
  );

  // The same, asked through the helper in `if` conditions: a double confirmation.
  server.registerTool(
    'migrate-db',
    { description: 'Migrate a database, confirmed twice', inputSchema: z.object({ db: z.string() }) },
    async ({ db }, ctx) => {
      effects.push(`snapshot:${db}`);
      if (!(await confirm(ctx, `Migrate ${db}?`))) {
        return { content: [{ type: 'text', text: 'Not migrated' }] };
      }
      if (!(await confirm(ctx, `Really? ${db} is down during the migration.`))) {
        return { content: [{ type: 'text', text: 'Not migrated (second thoughts)' }] };
      }
      effects.push(`migrate:${db}`);
      return { content: [{ type: 'text', text: `Migrated ${db}` }] };
    },
  );

  // The same, inline.
  server.registerTool(
    'purge-queue',
    { description: 'Purge a queue, confirmed twice', inputSchema: z.object({ queue: z.string() }) },
    async ({ queue }, ctx) => {
      effects.push(`inspect:${queue}`);
      if ((await ctx.mcpReq.elicitInput({ message: `Purge ${queue}?`, requestedSchema: { type: 'object', properties: { purge: { type: 'boolean' } }, required: ['purge'] } })).action !== 'accept') {
        return { content: [{ type: 'text', text: `${queue} kept` }] };
      }
      if ((await ctx.mcpReq.elicitInput({ message: `Purging ${queue} loses unread messages. Go on?`, requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] } })).action !== 'accept') {
        return { content: [{ type: 'text', text: `${queue} kept (second thoughts)` }] };
      }
      effects.push(`purge:${queue}`);
      return { content: [{ type: 'text', text: `Purged ${queue}` }] };
    },
  );

  // A lookup and a question at the same time.
  server.registerTool(
    'deploy-now',
    { description: 'Plan a deploy while asking whether to run it now', inputSchema: z.object({ service: z.string() }) },
    async ({ service }, ctx) => {
      const [plan, answer] = await Promise.all([
        loadPlan(service),
        ctx.mcpReq.elicitInput({
          message: `Deploy ${service} now?`,
          requestedSchema: { type: 'object', properties: { now: { type: 'boolean' } }, required: ['now'] },
        }),
      ]);
      if (answer.action !== 'accept' || answer.content?.now !== true) {
        return { content: [{ type: 'text', text: `${plan.version} not deployed` }] };
      }
      effects.push(`deploy:${plan.version}`);
      return { content: [{ type: 'text', text: `Deployed ${plan.version}` }] };
    },
  );

  return server;
}
