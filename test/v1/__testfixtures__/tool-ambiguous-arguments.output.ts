// A middle argument whose kind cannot be read from the code (a description? a shape?
// annotations?): v2 has no .tool(), so the call is reported as an error and the file, the other
// registration included, stays on v1 as it was.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

declare const meta: { readOnlyHint: boolean };

export function register(server: McpServer): void {
  // @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: .tool() call of tool 'lookup' left as it was: which of its arguments is the description, the input shape or the annotations cannot be told from the code; v2 has no .tool() and throws when the server starts
  server.tool('lookup', meta, async () => ({ content: [{ type: 'text', text: 'found' }] }));
  server.tool('echo', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
}
