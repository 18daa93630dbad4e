import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/** A yes/no question through the server the tool module was given (a v1 helper module). */
export async function confirmWith(server: McpServer, question: string): Promise<boolean> {
  const answer = await server.server.elicitInput({
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return answer.action === 'accept' && answer.content?.yes === true;
}
