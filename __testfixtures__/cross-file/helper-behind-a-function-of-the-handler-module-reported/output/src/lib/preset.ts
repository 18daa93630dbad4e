// A question the tiling tool asks before it cuts an image: which preset to use.
import type { McpServer } from '@modelcontextprotocol/server';

export async function askPreset(server: McpServer, choices: string[]): Promise<string | undefined> {
  // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in askPreset(), which is not a request handler: askPreset() is exported and called by tileImage() (../server.ts), which tool handler tile (../server.ts:19) calls. The run did not lift the question along that way into the handler, so it is not migrated: a function of the handler's module between them is followed only when the handler hands it its request context (ctx), not the server; where it was followed, the handler's own findings say why it stopped
  const answer = await server.server.elicitInput({
    message: 'Which preset should the tiles be cut for?',
    requestedSchema: { type: 'object', properties: { preset: { type: 'string', enum: choices } }, required: ['preset'] },
  });
  return answer.action === 'accept' ? String(answer.content?.preset) : undefined;
}
