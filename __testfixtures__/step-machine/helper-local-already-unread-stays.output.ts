// A helper local nothing read before the migration (left over from a removed log line) stays in the
// request builder as written: dropping it would leave the value it reads unread instead.
import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'nodes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirm() asks with (its code before the question). */
function confirmParams(message: string): ElicitRequestFormParams {
  const askedAt = new Date();
  const askedAtText = askedAt.toISOString();
  return {
    mode: 'form',
    message,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  };
}

/** What confirm() does with the answer (its code after the question). */
function confirmOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.confirm === true;
}

type DrainNodeState = { step: 'confirm'; confirmRequest: ElicitRequestFormParams };
server.registerTool('drain_node', { description: 'Drain a node', inputSchema: z.object({ node: z.string() }) }, async ({ node }, ctx) => {
  let state = await mrtrState.resume<DrainNodeState>(ctx, 'drain_node', { node });
  if (state === undefined) {
    const confirmRequest: ElicitRequestFormParams = confirmParams(`Drain ${node}?`);
    state = { step: 'confirm', confirmRequest };
  }
  const { confirmRequest } = state;
  const confirmAnswer = elicitAnswer(ctx, 'confirm', confirmRequest);
  if (confirmAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        confirm: inputRequired.elicit(confirmRequest),
      },
      requestState: await mrtrState.mint(ctx, 'drain_node', { node }, state),
    });
  }
  if (!confirmOutcome(confirmAnswer)) return { content: [{ type: 'text', text: 'Kept.' }] };
  return { content: [{ type: 'text', text: `Drained ${node}.` }] };
});
