// The timer of a Promise.race around a question goes with the race: the module-level declarations
// only it read (the timeout value, the timer function, the type of what it resolves with) go too,
// and so does an import only they read. What something else still reads stays.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { setTimeout as wait } from 'node:timers/promises';

const server = new McpServer({ name: 'race', version: '1.0.0' });

const ANSWER_TIMEOUT_MS = 30_000;
const RETRY_DELAY_MS = 500;

interface TimedOut {
  action: 'cancel';
}

// Resolves like a declined answer once the client has taken too long.
const timedOut = async (ms: number): Promise<TimedOut> => {
  await wait(ms);
  return { action: 'cancel' };
};

function backoff(attempt: number): number {
  return RETRY_DELAY_MS * 2 ** attempt;
}

server.registerTool(
  'confirm-deploy',
  { description: 'Deploy a service', inputSchema: z.object({ service: z.string() }) },
  async ({ service }, ctx) => {
    const answer = await Promise.race([
      ctx.mcpReq.elicitInput({
        message: `Deploy ${service}?`,
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      }),
      timedOut(ANSWER_TIMEOUT_MS),
    ]);
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${service} not deployed` }] };
    return { content: [{ type: 'text', text: `${service} deploying (retry after ${backoff(0)} ms)` }] };
  },
);
