// A helper declares a type before its question and uses it after: the lifted helper's outcome
// repeats the declaration (a type costs nothing at run time), its request builder, which does not
// use it, leaves it out (an unused type alias fails noUnusedLocals).
import { McpServer, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'releases', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request confirmRelease() asks with (its code before the question). */
function confirmReleaseParams(version: string): ElicitRequestFormParams {
  return {
    message: `Publish ${version}?`,
    requestedSchema: { type: 'object', properties: { beta: { type: 'boolean' } } },
  };
}

/** What confirmRelease() does with the answer (its code after the question). */
function confirmReleaseOutcome(answer: ElicitResult): string {
  type Channel = 'stable' | 'beta';
  const channel: Channel = answer.content?.beta === true ? 'beta' : 'stable';
  return answer.action === 'accept' ? channel : 'none';
}

type PublishState = { step: 'channel' };
server.registerTool('publish', { inputSchema: z.object({ version: z.string() }) }, async ({ version }, ctx) => {
  let state = await mrtrState.resume<PublishState>(ctx, 'publish', { version });
  state ??= { step: 'channel' };
  const channelRequest: ElicitRequestFormParams = confirmReleaseParams(version);
  const channelAnswer = elicitAnswer(ctx, 'channel', channelRequest);
  if (channelAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        channel: inputRequired.elicit(channelRequest),
      },
      requestState: await mrtrState.mint(ctx, 'publish', { version }, state),
    });
  }
  const channel = confirmReleaseOutcome(channelAnswer);
  return { content: [{ type: 'text', text: `Channel: ${channel}` }] };
});
