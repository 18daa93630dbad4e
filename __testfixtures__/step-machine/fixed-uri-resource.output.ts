import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'settings', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type SettingsState = { step: 'reveal' };
server.registerResource('settings', 'config://settings', { mimeType: 'application/json' }, async (uri, ctx) => {
  let state = await mrtrState.resume<SettingsState>(ctx, uri.href, {});
  state ??= { step: 'reveal' };
  const revealRequest: ElicitRequestFormParams = {
    message: 'Include secrets in the settings dump?',
    requestedSchema: { type: 'object', properties: { reveal: { type: 'boolean' } }, required: ['reveal'] },
  };
  const reveal = elicitAnswer(ctx, 'reveal', revealRequest);
  if (reveal === undefined) {
    return inputRequired({
      inputRequests: {
        reveal: inputRequired.elicit(revealRequest),
      },
      requestState: await mrtrState.mint(ctx, uri.href, {}, state),
    });
  }
  const withSecrets = reveal.action === 'accept' && reveal.content?.reveal === true;
  return { contents: [{ uri: uri.href, text: JSON.stringify({ debug: false, secrets: withSecrets ? ['***'] : [] }) }] };
});
