import { Server, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new Server({ name: 'low-level', version: '1.0.0' }, { requestState: { verify: mrtrState.verify }, capabilities: { tools: {} } });

type ToolsCallState = { step: 'wave' };
server.setRequestHandler('tools/call', async (request, ctx) => {
  const target = String(request.params.arguments?.target ?? 'world');
  let state = await mrtrState.resume<ToolsCallState>(ctx, request.params.name, request.params.arguments ?? {});
  state ??= { step: 'wave' };
  const waveRequest: ElicitRequestFormParams = {
    message: `Wave at ${target}?`,
    requestedSchema: { type: 'object', properties: { wave: { type: 'boolean' } }, required: ['wave'] },
  };
  const answer = elicitAnswer(ctx, 'wave', waveRequest);
  if (answer === undefined) {
    return inputRequired({
      inputRequests: {
        wave: inputRequired.elicit(waveRequest),
      },
      requestState: await mrtrState.mint(ctx, request.params.name, request.params.arguments ?? {}, state),
    });
  }
  if (answer.action !== 'accept') {
    return { content: [{ type: 'text', text: 'No wave' }] };
  }
  return { content: [{ type: 'text', text: `Waved at ${target}` }] };
});
