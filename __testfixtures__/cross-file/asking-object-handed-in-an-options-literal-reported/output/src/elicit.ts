import type { McpServer } from '@modelcontextprotocol/server';

/** What the tools ask through: one object per server, handed to each tool in its options. */
export interface Elicitor {
  elicit(message: string): Promise<string | undefined>;
}

export function makeElicitor(server: McpServer): Elicitor {
  return {
    async elicit(message: string) {
      // @mcp-mrtr-migrate framework-asking-api: server.server.elicitInput in elicit() implements `elicit` of the object makeElicitor() returns: index.ts holds it as `elicitor` and hands it as a value to createEvent() in tool handler create_event (index.ts:12), so the functions that receive it ask the client while that request is handled. An asking API handed on as a value is not followed to where it is called, so neither the question nor those functions are migrated; on 2026-07-28 the question throws
      const answer = await server.server.elicitInput({
        message,
        requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      });
      return answer.action === 'accept' ? String(answer.content?.value) : undefined;
    },
  };
}
