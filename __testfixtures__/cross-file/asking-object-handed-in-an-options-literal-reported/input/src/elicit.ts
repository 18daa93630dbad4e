import type { McpServer } from '@modelcontextprotocol/server';

/** What the tools ask through: one object per server, handed to each tool in its options. */
export interface Elicitor {
  elicit(message: string): Promise<string | undefined>;
}

export function makeElicitor(server: McpServer): Elicitor {
  return {
    async elicit(message: string) {
      const answer = await server.server.elicitInput({
        message,
        requestedSchema: { type: 'object', properties: { value: { type: 'string' } }, required: ['value'] },
      });
      return answer.action === 'accept' ? String(answer.content?.value) : undefined;
    },
  };
}
