import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'regions', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type PickRegionState =
  | { step: 'continent' }
  | { step: 'region'; choice: string };
server.registerTool(
  'pick-region',
  { description: 'Pick a deployment region', inputSchema: z.object({ app: z.string() }) },
  async ({ app }, ctx) => {
    let state = await mrtrState.resume<PickRegionState>(ctx, 'pick-region', { app });
    state ??= { step: 'continent' };
    if (state.step === 'continent') {
      const continentRequest: ElicitRequestFormParams = {
        message: `Where should ${app} run?`,
        requestedSchema: {
          type: 'object',
          properties: { continent: { type: 'string', enum: ['eu', 'us'] } },
          required: ['continent'],
        },
      };
      const continent = elicitAnswer(ctx, 'continent', continentRequest);
      if (continent === undefined) {
        return inputRequired({
          inputRequests: {
            continent: inputRequired.elicit(continentRequest),
          },
          requestState: await mrtrState.mint(ctx, 'pick-region', { app }, state),
        });
      }
      if (continent.action !== 'accept') {
        return { content: [{ type: 'text', text: 'No region picked' }] };
      }
      const choice = String(continent.content?.continent);
      state = { step: 'region', choice };
    }
    const { choice } = state;
    const regionRequest: ElicitRequestFormParams = {
      message: `Which ${choice} region?`,
      requestedSchema: {
        type: 'object',
        properties: { region: { type: 'string', enum: choice === 'eu' ? ['eu-west', 'eu-central'] : ['us-east', 'us-west'] } },
        required: ['region'],
      },
    };
    const region = elicitAnswer(ctx, 'region', regionRequest);
    if (region === undefined) {
      return inputRequired({
        inputRequests: {
          region: inputRequired.elicit(regionRequest),
        },
        requestState: await mrtrState.mint(ctx, 'pick-region', { app }, state),
      });
    }
    if (region.action !== 'accept') {
      return { content: [{ type: 'text', text: `Continent ${choice} kept, no region` }] };
    }
    return { content: [{ type: 'text', text: `${app} runs in ${String(region.content?.region)}` }] };
  },
);
