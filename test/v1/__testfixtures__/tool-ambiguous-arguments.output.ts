// A middle argument whose kind cannot be read from the code (a description? a shape?
// annotations?): the call is left as it was and reported as an error, since v2 has no .tool().
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

declare const meta: { readOnlyHint: boolean };

export function register(server: McpServer): void {
  // @mcp-mrtr-migrate sdk-upgrade: .tool() call of tool 'lookup' left as it was: which of its arguments is the description, the input shape or the annotations cannot be told from the code; v2 has no .tool() and throws when the server starts
  server.tool('lookup', meta, async () => ({ content: [{ type: 'text', text: 'found' }] }));
  server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
}
