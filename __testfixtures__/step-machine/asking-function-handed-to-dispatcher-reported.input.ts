import type { McpServer } from '@modelcontextprotocol/server';

/** What every tool of this package answers with. */
export interface ToolAnswer {
  content: { type: 'text'; text: string }[];
}

export type Confirm = (question: string) => Promise<ToolAnswer>;

/**
 * The confirmation every tool asks through. The package's tools/call dispatcher (another module)
 * builds it once per server and hands it to the tool function it looks up by name.
 */
export function makeConfirm(server: McpServer): Confirm {
  return async (question: string) => {
    const answer = await server.server.elicitInput({
      message: question,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK?' } }, required: ['ok'] },
    });
    const ok = answer.action === 'accept' && answer.content?.ok === true;
    return { content: [{ type: 'text', text: ok ? 'confirmed' : 'not confirmed' }] };
  };
}
