import { type McpServer, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';

/** A yes/no question through the server the tool module was given (a v1 helper module). */
export async function confirmWith(server: McpServer, question: string): Promise<boolean> {
  // @mcp-mrtr-migrate push-in-helper: server.server.elicitInput is made in helper confirmWith(), whose question was lifted into the handlers migrated so far (they use confirmWithParams() instead); confirmWith() itself still asks, for the callers it has left or because it is exported
  const answer = await server.server.elicitInput({
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return answer.action === 'accept' && answer.content?.yes === true;
}

/** The request confirmWith() asks with (its code before the question). */
export function confirmWithParams(question: string): ElicitRequestFormParams {
  return {
    message: question,
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  };
}

/** What confirmWith() does with the answer (its code after the question). */
export function confirmWithOutcome(answer: ElicitResult): boolean {
  return answer.action === 'accept' && answer.content?.yes === true;
}
