import { type McpServer, type ServerContext, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { clientCapabilities } from '../mrtr-state.js';

// Set once at start-up: tool callbacks reach the client through this module, never through their context.
let active: McpServer | null = null;

export function useForQuestions(server: McpServer): void {
  active = server;
}

/** Asks before a destructive step; a client that cannot be asked does not block it. */
export async function askToProceed(message: string): Promise<{ proceed: boolean; note?: string }> {
  if (!active) return { proceed: true };

  const capabilities = active.server.getClientCapabilities();
  if (!capabilities?.elicitation) return { proceed: true };

  try {
    // @mcp-mrtr-migrate push-in-helper: active.server.elicitInput is made in helper askToProceed(), whose question was lifted into the handlers migrated so far (they use askToProceedParams() instead); askToProceed() itself still asks, for the callers it has left or because it is exported
    const reply = await active.server.elicitInput({
      message,
      requestedSchema: {
        type: 'object',
        properties: { proceed: { type: 'boolean', title: 'Proceed', default: false } },
        required: ['proceed'],
      },
    });
    if (reply.action === 'accept' && reply.content?.proceed === true) return { proceed: true };
    if (reply.action === 'decline') return { proceed: false, note: 'declined by the user' };
    return { proceed: false, note: 'cancelled by the user' };
  } catch {
    return { proceed: true };
  }
}

/** The request askToProceed() asks with, or its result when it returns without asking (its code before the question). */
export function askToProceedParams(ctx: ServerContext, message: string): { ask: ElicitRequestFormParams } | { done: { proceed: boolean; note?: string } } {
  if (!active) return { done: { proceed: true } };

  const capabilities = clientCapabilities(ctx) ?? active.server.getClientCapabilities();
  if (!capabilities?.elicitation) return { done: { proceed: true } };

  try {
    return { ask: {
      message,
      requestedSchema: {
        type: 'object',
        properties: { proceed: { type: 'boolean', title: 'Proceed', default: false } },
        required: ['proceed'],
      },
    } };
  } catch {
    return { done: { proceed: true } };
  }
}

/** What askToProceed() does with the answer (its code after the question). */
export function askToProceedOutcome(reply: ElicitResult): { proceed: boolean; note?: string } {
  try {
    if (reply.action === 'accept' && reply.content?.proceed === true) return { proceed: true };
    if (reply.action === 'decline') return { proceed: false, note: 'declined by the user' };
    return { proceed: false, note: 'cancelled by the user' };
  } catch {
    return { proceed: true };
  }
}
