import type { McpServer } from '@modelcontextprotocol/server';

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
