import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'billing', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirmCharge() asks with, or its result when it returns without asking (its code before the question). */
function confirmChargeParams(amount: number): { ask: ElicitRequestFormParams } | { done: boolean } {
  try {
    return { ask: {
      message: `Charge ${amount} EUR?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    } };
  } catch {
    return { done: true };
  }
}

/** What confirmCharge() does with the answer (its code after the question). */
function confirmChargeOutcome(answer: ElicitResult): boolean {
  try {
    return answer.action === 'accept' && answer.content?.ok === true;
  } catch {
    return true;
  }
}

type ChargeState = { step: 'confirm_charge' };
server.registerTool('charge', { inputSchema: z.object({ amount: z.number() }) }, async ({ amount }, ctx) => {
  let state = await mrtrState.resume<ChargeState>(ctx, 'charge', { amount });
  state ??= { step: 'confirm_charge' };
  const confirmChargeRequest = confirmChargeParams(amount);
  const confirmChargeAnswer = 'ask' in confirmChargeRequest ? elicitAnswer(ctx, 'confirm_charge', confirmChargeRequest.ask) : undefined;
  if ('ask' in confirmChargeRequest && confirmChargeAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        confirm_charge: inputRequired.elicit(confirmChargeRequest.ask),
      },
      requestState: await mrtrState.mint(ctx, 'charge', { amount }, state),
    });
  }
  if (!('done' in confirmChargeRequest ? confirmChargeRequest.done : confirmChargeOutcome(confirmChargeAnswer!))) return { content: [{ type: 'text', text: 'Not charged' }] };
  return { content: [{ type: 'text', text: `Charged ${amount} EUR` }] };
});
