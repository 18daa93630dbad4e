import { McpServer, type ServerContext, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { ElicitResult } from '@modelcontextprotocol/server';
import { clientCapabilities } from '../mrtr-state.js';

let current: McpServer | undefined;

export function useServer(server: McpServer): void {
  current = server;
}

/** Asks the user to confirm a destructive action; proceeds when the client cannot ask. */
export async function confirmAction(action: string): Promise<{ confirmed: boolean; reason?: string }> {
  if (!current) return { confirmed: true };

  const capabilities = current.server.getClientCapabilities();
  if (!capabilities?.elicitation) return { confirmed: true };

  try {
    // @mcp-mrtr-migrate push-in-helper: current.server.elicitInput is made in helper confirmAction(), whose question was lifted into the handlers migrated so far (they use confirmActionParams() instead); confirmAction() itself still asks, for the callers it has left or because it is exported
    const answer: ElicitResult = await current.server.elicitInput({
      mode: 'form',
      message: `Really ${action}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
    });
    if (answer.action === 'accept' && answer.content?.confirm === true) return { confirmed: true };
    return { confirmed: false, reason: answer.action === 'decline' ? 'declined' : 'cancelled' };
  } catch {
    return { confirmed: true };
  }
}

/** The request confirmAction() asks with, or its result when it returns without asking (its code before the question). */
export function confirmActionParams(ctx: ServerContext, action: string): { ask: ElicitRequestFormParams } | { done: { confirmed: boolean; reason?: string } } {
  if (!current) return { done: { confirmed: true } };

  const capabilities = clientCapabilities(ctx) ?? current.server.getClientCapabilities();
  if (!capabilities?.elicitation) return { done: { confirmed: true } };

  try {
    return { ask: {
      mode: 'form',
      message: `Really ${action}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean', title: 'Confirm' } }, required: ['confirm'] },
    } };
  } catch {
    return { done: { confirmed: true } };
  }
}

/** What confirmAction() does with the answer (its code after the question). */
export function confirmActionOutcome(answer: ElicitResult): { confirmed: boolean; reason?: string } {
  try {
    if (answer.action === 'accept' && answer.content?.confirm === true) return { confirmed: true };
    return { confirmed: false, reason: answer.action === 'decline' ? 'declined' : 'cancelled' };
  } catch {
    return { confirmed: true };
  }
}
