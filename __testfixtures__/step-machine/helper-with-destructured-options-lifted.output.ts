import { McpServer, inputRequired, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer, clientCapabilities } from './mrtr-state.js';

type Risk = 'read' | 'write' | 'destroy';
type Verdict = { proceed: boolean; how: 'not-needed' | 'asked' | 'caller' | 'blocked' };

export async function confirmRisk({
  server,
  tool,
  message,
  risk,
  callerConfirmed,
}: {
  server: McpServer;
  tool: string;
  message: string;
  risk: Risk;
  callerConfirmed?: boolean;
}): Promise<Verdict> {
  if (risk === 'read') {
    console.info(`${tool}: nothing to confirm`);
    return { proceed: true, how: 'not-needed' };
  }
  if (!server.server.getClientCapabilities()?.elicitation) {
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
  try {
    // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in helper confirmRisk(), whose question was lifted into the handlers migrated so far (they use confirmRiskParams() instead); confirmRisk() itself still asks, for the callers it has left or because it is exported
    const reply = await server.server.elicitInput({
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', default: true } }, required: ['confirm'] },
    });
    console.info(`${tool}: the user answered ${reply.action}`);
    if (reply.action === 'accept' && reply.content?.confirm === true) return { proceed: true, how: 'asked' };
    return { proceed: false, how: 'asked' };
  } catch (error) {
    console.warn(`${tool}: the question failed: ${String(error)}`);
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
}

/** The request confirmRisk() asks with, or its result when it returns without asking (its code before the question). */
function confirmRiskParams(ctx: ServerContext, {
  server,
  tool,
  message,
  risk,
  callerConfirmed,
}: {
  server: McpServer;
  tool: string;
  message: string;
  risk: Risk;
  callerConfirmed?: boolean;
}): { ask: ElicitRequestFormParams } | { done: Verdict } {
  if (risk === 'read') {
    console.info(`${tool}: nothing to confirm`);
    return { done: { proceed: true, how: 'not-needed' } };
  }
  if (!(clientCapabilities(ctx) ?? server.server.getClientCapabilities())?.elicitation) {
    return { done: callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' } };
  }
  try {
    return { ask: {
      mode: 'form',
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', default: true } }, required: ['confirm'] },
    } };
  } catch (error) {
    console.warn(`${tool}: the question failed: ${String(error)}`);
    return { done: callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' } };
  }
}

/** What confirmRisk() does with the answer (its code after the question). */
function confirmRiskOutcome({
  tool,
  callerConfirmed,
}: {
  server: McpServer;
  tool: string;
  message: string;
  risk: Risk;
  callerConfirmed?: boolean;
}, reply: ElicitResult): Verdict {
  try {
    console.info(`${tool}: the user answered ${reply.action}`);
    if (reply.action === 'accept' && reply.content?.confirm === true) return { proceed: true, how: 'asked' };
    return { proceed: false, how: 'asked' };
  } catch (error) {
    console.warn(`${tool}: the question failed: ${String(error)}`);
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
}

const server = new McpServer({ name: 'infra', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const destroyed: string[] = [];

type DestroyStackState = { step: 'verdict' };
server.registerTool(
  'destroy_stack',
  { description: 'Destroy a stack', inputSchema: z.object({ stack: z.string(), confirm: z.boolean().optional() }) },
  async ({ stack, confirm }, ctx) => {
    let state = await mrtrState.resume<DestroyStackState>(ctx, 'destroy_stack', { stack, confirm });
    state ??= { step: 'verdict' };
    const verdictRequest = confirmRiskParams(ctx, { server, tool: 'destroy_stack', message: `Destroy ${stack}?`, risk: 'destroy', callerConfirmed: confirm === true });
    const verdictAnswer = 'ask' in verdictRequest ? elicitAnswer(ctx, 'verdict', verdictRequest.ask) : undefined;
    if ('ask' in verdictRequest && verdictAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          verdict: inputRequired.elicit(verdictRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'destroy_stack', { stack, confirm }, state),
      });
    }
    const verdict = 'done' in verdictRequest ? verdictRequest.done : confirmRiskOutcome({ server, tool: 'destroy_stack', message: `Destroy ${stack}?`, risk: 'destroy', callerConfirmed: confirm === true }, verdictAnswer!);
    if (!verdict.proceed) return { content: [{ type: 'text', text: `Not destroyed (${verdict.how})` }] };
    destroyed.push(stack);
    return { content: [{ type: 'text', text: `Destroyed ${stack}` }] };
  },
);
