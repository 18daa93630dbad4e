import { McpServer, inputRequired, type ElicitRequestFormParams, type CreateMessageRequestParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer, samplingAnswer, clientCapabilities } from './mrtr-state.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'caps', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });
  type SuggestState =
    | { step: 'choice' }
    | { step: 'suggestion' };
  server.registerTool('suggest', { description: 'Suggest a name' }, async (ctx) => {
    const resumed = await mrtrState.resume<SuggestState>(ctx, 'suggest', {});
    const capabilities = clientCapabilities(ctx) ?? server.server.getClientCapabilities();
    let suggestionState = resumed?.step === 'suggestion' ? resumed : undefined;
    if (suggestionState === undefined) {
      if (capabilities?.elicitation) {
        let choiceState = resumed?.step === 'choice' ? resumed : undefined;
        choiceState ??= { step: 'choice' };
        const choiceRequest: ElicitRequestFormParams = {
          message: 'Pick a name',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        };
        const choice = elicitAnswer(ctx, 'choice', choiceRequest);
        if (choice === undefined) {
          return inputRequired({
            inputRequests: {
              choice: inputRequired.elicit(choiceRequest),
            },
            requestState: await mrtrState.mint(ctx, 'suggest', {}, choiceState),
          });
        }
        if (choice.action !== 'accept') return { content: [{ type: 'text', text: 'No name' }] };
        return { content: [{ type: 'text', text: `Chosen: ${String(choice.content?.name)}` }] };
      }
      if (!capabilities?.sampling) {
        return { isError: true, content: [{ type: 'text', text: 'Needs elicitation or sampling' }] };
      }
      suggestionState = { step: 'suggestion' };
    }
    const suggestionRequest: CreateMessageRequestParams = {
      messages: [{ role: 'user', content: { type: 'text', text: 'Suggest a name' } }],
      maxTokens: 20,
    };
    const suggestion = samplingAnswer(ctx, 'suggestion');
    if (suggestion === undefined) {
      return inputRequired({
        inputRequests: {
          suggestion: inputRequired.createMessage(suggestionRequest),
        },
        requestState: await mrtrState.mint(ctx, 'suggest', {}, suggestionState),
      });
    }
    const block = Array.isArray(suggestion.content) ? suggestion.content[0] : suggestion.content;
    return { content: [{ type: 'text', text: `Suggested: ${block?.type === 'text' ? block.text : '?'}` }] };
  });
  return server;
}
