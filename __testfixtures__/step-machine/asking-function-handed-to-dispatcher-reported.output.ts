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
    // @mcp-mrtr-migrate framework-asking-api: server.server.elicitInput implements the function the exported makeConfirm() returns: server.ts holds it as `confirm` and hands it as a value to entry.run() in request handler tools/call (server.ts:22), so the functions that receive it ask the client while that request is handled. An asking API handed on as a value is not followed to where it is called, so neither the question nor those functions are migrated; on 2026-07-28 the question throws
    const answer = await server.server.elicitInput({
      message: question,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK?' } }, required: ['ok'] },
    });
    const ok = answer.action === 'accept' && answer.content?.ok === true;
    return { content: [{ type: 'text', text: ok ? 'confirmed' : 'not confirmed' }] };
  };
}
