// The question helpers of helper-shapes.ts, in a module of their own (issue 12, shape 2: helpers
// exported from one module and awaited by handlers in another): a module-level "current server"
// set at start-up, the server passed in, a destructured options object.
import type { CallToolResult, McpServer, Server } from '@modelcontextprotocol/server';

export const libEffects: string[] = [];

// --- a module-level server, a question in try behind a capability guard ----------------------

let active: McpServer | null = null;

export function useForQuestions(server: McpServer): void {
  active = server;
}

export async function askToProceed(message: string): Promise<{ proceed: boolean; note?: string }> {
  if (!active) return { proceed: true };
  const capabilities = active.server.getClientCapabilities();
  // A client that cannot be asked does not block the action.
  if (!capabilities?.elicitation) return { proceed: true };
  try {
    const reply = await active.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { proceed: { type: 'boolean' } }, required: ['proceed'] },
    });
    if (reply.action === 'accept' && reply.content?.proceed === true) return { proceed: true };
    return { proceed: false, note: reply.action === 'decline' ? 'declined' : 'not confirmed' };
  } catch {
    return { proceed: true };
  }
}

// --- the server passed in, an if + try with a fallback after it, a tagged union --------------

export type Pick = { picked: true; value: string } | { picked: false; result: CallToolResult };

function formQuestions(server: Server): boolean {
  return server.getClientCapabilities()?.elicitation !== undefined;
}

export async function pickOne(server: Server, question: string, options: string[]): Promise<Pick> {
  if (formQuestions(server)) {
    try {
      const res = await server.elicitInput({
        mode: 'form',
        message: question,
        requestedSchema: { type: 'object', properties: { choice: { type: 'string', enum: options } }, required: ['choice'] },
      });
      const choice = res.content?.choice;
      if (res.action === 'accept' && typeof choice === 'string') return { picked: true, value: choice };
      return { picked: false, result: { content: [{ type: 'text', text: 'Nothing picked, nothing changed' }] } };
    } catch {
      // The form could not be shown: ask in the tool result instead.
    }
  }
  return { picked: false, result: { content: [{ type: 'text', text: `${question} Call again with one of: ${options.join(', ')}` }] } };
}

export const REGIONS: Record<string, string[]> = { staging: ['eu-1'], production: ['eu-1', 'us-1'] };

// --- a destructured options object, work in the branch that answers without asking ------------

export type Verdict = { proceed: boolean; how: 'not-needed' | 'asked' | 'caller' | 'blocked' };

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
  risk: 'read' | 'write';
  callerConfirmed?: boolean;
}): Promise<Verdict> {
  if (risk === 'read') {
    libEffects.push(`no-question:${tool}`);
    return { proceed: true, how: 'not-needed' };
  }
  if (!server.server.getClientCapabilities()?.elicitation) {
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
  try {
    const reply = await server.server.elicitInput({
      message,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    libEffects.push(`answered:${tool}:${reply.action}`);
    return reply.action === 'accept' && reply.content?.confirm === true ? { proceed: true, how: 'asked' } : { proceed: false, how: 'asked' };
  } catch {
    return callerConfirmed ? { proceed: true, how: 'caller' } : { proceed: false, how: 'blocked' };
  }
}
