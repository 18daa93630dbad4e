import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'wizard', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const log: string[] = [];

async function nextStage(stage: number): Promise<string> {
  return `stage-${stage + 1}`;
}

type SetupState = { step: 'go'; stepValue: string };
server.registerTool(
  'setup',
  { description: 'Set up the workspace, one stage at a time', inputSchema: z.object({ stage: z.number(), confirm: z.boolean() }) },
  async ({ stage, confirm }, ctx) => {
    const resumed = await mrtrState.resume<SetupState>(ctx, 'setup', { stage, confirm });
    let step: string;
    if (resumed === undefined) {
      step = await nextStage(stage);
      log.push(`entering ${step}`);
    } else {
      ({ stepValue: step } = resumed);
    }
    if (confirm) {
      let state = resumed;
      state ??= { step: 'go', stepValue: step };
      const goRequest: ElicitRequestFormParams = {
        message: `Continue to ${step}?`,
        requestedSchema: { type: 'object', properties: { go: { type: 'boolean' } }, required: ['go'] },
      };
      const answer = elicitAnswer(ctx, 'go', goRequest);
      if (answer === undefined) {
        return inputRequired({
          inputRequests: {
            go: inputRequired.elicit(goRequest),
          },
          requestState: await mrtrState.mint(ctx, 'setup', { stage, confirm }, state),
        });
      }
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: `${step}: cancelled` }] };
    }
    return { content: [{ type: 'text', text: `${step}: done` }] };
  },
);
