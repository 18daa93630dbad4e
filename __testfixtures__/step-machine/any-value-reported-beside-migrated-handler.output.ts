import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'settings', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function fetchSettings(url: string): Promise<any> {
  return (await fetch(url)).json();
}

type ResetState = { step: 'yes' };
server.registerTool('reset', { inputSchema: z.object({}) }, async (_args, ctx) => {
  let state = await mrtrState.resume<ResetState>(ctx, 'reset', _args);
  state ??= { step: 'yes' };
  const yesRequest: ElicitRequestFormParams = {
    message: 'Reset every setting?',
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  };
  const answer = elicitAnswer(ctx, 'yes', yesRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        yes: inputRequired.elicit(yesRequest),
      },
      requestState: await mrtrState.mint(ctx, 'reset', _args, state),
    });
  }
  return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Reset' : 'Kept' }] };
});

server.registerTool('import', { inputSchema: z.object({ url: z.string() }) }, async ({ url }, ctx) => {
  // @mcp-mrtr-migrate state-value-any: settings in tool handler 'import' is live across the question and must travel in requestState, but its type is any, so what it holds cannot be checked for JSON safety
  const settings = await fetchSettings(url);
  // @mcp-mrtr-migrate push-request: ctx.mcpReq.elicitInput in tool handler import left as it was: settings cannot travel in requestState
  const answer = await ctx.mcpReq.elicitInput({
    message: 'Import these settings?',
    requestedSchema: { type: 'object', properties: { yes: { type: 'boolean' } }, required: ['yes'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? `Imported ${Object.keys(settings).length}` : 'Kept' }] };
});
