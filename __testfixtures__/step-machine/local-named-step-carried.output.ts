import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'wizard', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function nextStage(stage: number): Promise<string> {
  return `stage-${stage + 1}`;
}

type SetupState =
  | { step: 'go'; stepValue: string }
  | { step: 'when'; stepValue: string };
server.registerTool(
  'setup',
  { description: 'Set up the workspace, one stage at a time', inputSchema: z.object({ stage: z.number() }) },
  async ({ stage }, ctx) => {
    let state = await mrtrState.resume<SetupState>(ctx, 'setup', { stage });
    if (state === undefined) {
      // A wizard's own "step" is a local like any other: it crosses both questions.
      const step = await nextStage(stage);
      state = { step: 'go', stepValue: step };
    }
    if (state.step === 'go') {
      const { stepValue: step } = state;
      const goRequest: ElicitRequestFormParams = {
        message: `Continue to ${step}?`,
        requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
      };
      const go = elicitAnswer(ctx, 'go', goRequest);
      if (go === undefined) {
        return inputRequired({
          inputRequests: {
            go: inputRequired.elicit(goRequest),
          },
          requestState: await mrtrState.mint(ctx, 'setup', { stage }, state),
        });
      }
      if (go.action !== 'accept') return { content: [{ type: 'text', text: `${step}: cancelled` }] };
      state = { step: 'when', stepValue: step };
    }
    const { stepValue: step } = state;
    const whenRequest: ElicitRequestFormParams = {
      message: `When should ${step} run?`,
      requestedSchema: { type: 'object', properties: { at: { type: 'string' } }, required: ['at'] },
    };
    const when = elicitAnswer(ctx, 'when', whenRequest);
    if (when === undefined) {
      return inputRequired({
        inputRequests: {
          when: inputRequired.elicit(whenRequest),
        },
        requestState: await mrtrState.mint(ctx, 'setup', { stage }, state),
      });
    }
    return { content: [{ type: 'text', text: `${step} at ${String(when.content?.at)}` }] };
  },
);
