// Questions that are not on a straight line: inside an if inside a try, in braced switch cases,
// in both branches of an if/else and in ifs after each other (returning or not) — each after side effects that
// must run once per logical call (the migration lifts them into a first-leg-only prefix) — and a
// question consumed through a returned .then/.catch chain, whose catch also covers the .then callback.
import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const effects: string[] = [];

const PRIVILEGED = [/AdministratorAccess$/, /IAMFullAccess$/];

async function loadUser(user: string): Promise<{ name: string; groups: string[] }> {
  effects.push(`load-user:${user}`);
  return { name: user, groups: ['dev'] };
}

async function fetchIssue(id: string): Promise<{ id: string; title: string }> {
  effects.push(`fetch-issue:${id}`);
  if (id === 'missing') throw new Error(`no issue ${id}`);
  return { id, title: `Issue ${id}` };
}

async function saveEstimate(issue: string, points: number): Promise<void> {
  if (points > 13) throw new Error(`${points} points is too many`);
  effects.push(`estimate:${issue}:${points}`);
}

async function quote(amount: number): Promise<{ fee: number; flagged: boolean }> {
  effects.push(`quote:${amount}`);
  return { fee: amount / 100, flagged: amount > 10_000 };
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'nested-paths', version: '1.0.0' });

  // An if inside a try, after a lookup inside the try.
  server.registerTool(
    'attach-policy',
    { description: 'Attach a policy to a user', inputSchema: z.object({ user: z.string(), policyArn: z.string() }) },
    async ({ user, policyArn }, ctx) => {
      try {
        const account = await loadUser(user);
        if (PRIVILEGED.some((pattern) => pattern.test(policyArn))) {
          const approval = await ctx.mcpReq.elicitInput({
            message: `${policyArn} grants administrative access. Attach it to ${account.name}?`,
            requestedSchema: { type: 'object', properties: { approver: { type: 'string' } }, required: ['approver'] },
          });
          if (approval.action !== 'accept') return { content: [{ type: 'text', text: 'Policy not attached' }] };
          effects.push(`approved-by:${String(approval.content?.approver)}`);
        }
        effects.push(`attach:${account.name}:${policyArn}`);
        return { content: [{ type: 'text', text: `Attached ${policyArn} to ${account.name} (${account.groups.join(',')})` }] };
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
      }
    },
  );

  // Braced switch cases on an argument, after a fetch inside a try.
  server.registerTool(
    'issue-action',
    { description: 'Close or rename an issue', inputSchema: z.object({ id: z.string(), action: z.enum(['close', 'rename', 'show']) }) },
    async ({ id, action }, ctx) => {
      try {
        const issue = await fetchIssue(id);
        switch (action) {
          case 'close': {
            const answer = await ctx.mcpReq.elicitInput({
              message: `Close ${issue.title}?`,
              requestedSchema: { type: 'object', properties: { close: { type: 'boolean' } }, required: ['close'] },
            });
            if (answer.action !== 'accept' || answer.content?.close !== true) return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
            effects.push(`close:${issue.id}`);
            return { content: [{ type: 'text', text: `${issue.id} closed` }] };
          }
          case 'rename': {
            const renamed = await ctx.mcpReq.elicitInput({
              message: `New title for ${issue.title}?`,
              requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
            });
            if (renamed.action !== 'accept') return { content: [{ type: 'text', text: `${issue.id} unchanged` }] };
            effects.push(`rename:${issue.id}:${String(renamed.content?.title)}`);
            return { content: [{ type: 'text', text: `${issue.id} is now ${String(renamed.content?.title)}` }] };
          }
          default:
            return { content: [{ type: 'text', text: `${issue.id}: ${issue.title}` }] };
        }
      } catch (error) {
        return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
      }
    },
  );

  // A quote, then two ifs that ask: the first always returns.
  server.registerTool(
    'transfer',
    { description: 'Transfer money', inputSchema: z.object({ amount: z.number(), to: z.string() }) },
    async ({ amount, to }, ctx) => {
      const offer = await quote(amount);
      if (offer.flagged) {
        const review = await ctx.mcpReq.elicitInput({
          message: `Why send ${amount} to ${to}?`,
          requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
        });
        if (review.action !== 'accept') return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
        effects.push(`review:${to}:${String(review.content?.reason)}`);
        return { content: [{ type: 'text', text: `Transfer of ${amount} sent for review` }] };
      }
      if (offer.fee > 5) {
        const fee = await ctx.mcpReq.elicitInput({
          message: `The fee is ${offer.fee}. Continue?`,
          requestedSchema: { type: 'object', properties: { accept: { type: 'boolean' } }, required: ['accept'] },
        });
        if (fee.action !== 'accept' || fee.content?.accept !== true) return { content: [{ type: 'text', text: 'Transfer cancelled' }] };
      }
      effects.push(`send:${amount}:${to}`);
      return { content: [{ type: 'text', text: `Sent ${amount} to ${to} (fee ${offer.fee})` }] };
    },
  );

  // A lookup, then a question in each branch of an if/else.
  server.registerTool(
    'verify-account',
    { description: 'Verify an account', inputSchema: z.object({ id: z.string() }) },
    async ({ id }, ctx) => {
      const account = await loadUser(id);
      let proof: string;
      if (id.startsWith('b-')) {
        const registry = await ctx.mcpReq.elicitInput({
          message: 'Company registry number?',
          requestedSchema: { type: 'object', properties: { number: { type: 'string' } }, required: ['number'] },
        });
        proof = registry.action === 'accept' ? `registry ${String(registry.content?.number)}` : 'none';
      } else {
        const passport = await ctx.mcpReq.elicitInput({
          message: 'Passport number?',
          requestedSchema: { type: 'object', properties: { passport: { type: 'string' } }, required: ['passport'] },
        });
        proof = passport.action === 'accept' ? `passport ${String(passport.content?.passport)}` : 'none';
      }
      effects.push(`verified:${account.name}:${proof}`);
      return { content: [{ type: 'text', text: `Verified ${account.name} (${proof})` }] };
    },
  );

  // Three blocks that may ask, one after the other, none returning, with work between them and a
  // lookup inside the second block's try: every piece of work runs once per logical call.
  server.registerTool(
    'onboard',
    { description: 'Onboard a user', inputSchema: z.object({ user: z.string(), team: z.boolean(), laptop: z.boolean(), badge: z.boolean() }) },
    async ({ user, team, laptop, badge }, ctx) => {
      const account = await loadUser(user);
      let notes = 'no team';
      if (team) {
        const chosen = await ctx.mcpReq.elicitInput({
          message: `Team for ${account.name}?`,
          requestedSchema: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
        });
        notes = chosen.action === 'accept' ? `team ${String(chosen.content?.team)}` : 'team skipped';
      }
      effects.push(`welcome:${account.name}:${notes}`);
      try {
        const stock = await quote(1200);
        if (laptop) {
          const model = await ctx.mcpReq.elicitInput({
            message: `Laptop for ${account.name} (fee ${stock.fee})?`,
            requestedSchema: { type: 'object', properties: { model: { type: 'string' } }, required: ['model'] },
          });
          notes += model.action === 'accept' ? `, laptop ${String(model.content?.model)}` : ', no laptop';
        }
      } catch (error) {
        effects.push(`laptop-failed:${String(error)}`);
      }
      effects.push(`ticket:${account.name}:${notes}`);
      if (badge) {
        const photo = await ctx.mcpReq.elicitInput({
          message: 'Badge photo URL?',
          requestedSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] },
        });
        if (photo.action === 'accept') effects.push(`badge:${account.name}`);
      }
      return { content: [{ type: 'text', text: `Onboarded ${account.name}: ${notes}` }] };
    },
  );

  // A returned .then/.catch chain: the catch handles a failure of the work in the .then callback.
  server.registerTool(
    'estimate',
    { description: 'Estimate an issue', inputSchema: z.object({ issue: z.string() }) },
    async ({ issue }, ctx): Promise<CallToolResult> => {
      return ctx.mcpReq
        .elicitInput({
          message: `Estimate for ${issue}?`,
          requestedSchema: { type: 'object', properties: { points: { type: 'number' } }, required: ['points'] },
        })
        .then(async (answer): Promise<CallToolResult> => {
          if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No estimate set' }] };
          await saveEstimate(issue, Number(answer.content?.points));
          return { content: [{ type: 'text', text: `${issue} estimated at ${String(answer.content?.points)}` }] };
        })
        .catch((error: unknown): CallToolResult => ({ isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] }));
    },
  );

  return server;
}
