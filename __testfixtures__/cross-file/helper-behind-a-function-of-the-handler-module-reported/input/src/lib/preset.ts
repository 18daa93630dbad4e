// A question the tiling tool asks before it cuts an image: which preset to use.
import type { McpServer } from '@modelcontextprotocol/server';

export async function askPreset(server: McpServer, choices: string[]): Promise<string | undefined> {
  const answer = await server.server.elicitInput({
    message: 'Which preset should the tiles be cut for?',
    requestedSchema: { type: 'object', properties: { preset: { type: 'string', enum: choices } }, required: ['preset'] },
  });
  return answer.action === 'accept' ? String(answer.content?.preset) : undefined;
}
