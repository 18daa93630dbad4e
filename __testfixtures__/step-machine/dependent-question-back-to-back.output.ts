import { McpServer, type ElicitResult, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'pets', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type AdoptPetState =
  | { step: 'species' }
  | { step: 'pet_name'; species: ElicitResult };
server.registerTool(
  'adopt-pet',
  { description: 'Adopt a pet', inputSchema: z.object({ shelter: z.string() }) },
  async ({ shelter }, ctx) => {
    let state = await mrtrState.resume<AdoptPetState>(ctx, 'adopt-pet', { shelter });
    state ??= { step: 'species' };
    if (state.step === 'species') {
      const speciesRequest: ElicitRequestFormParams = {
        message: `Which animal from ${shelter}?`,
        requestedSchema: { type: 'object', properties: { species: { type: 'string', enum: ['cat', 'dog'] } }, required: ['species'] },
      };
      const species = elicitAnswer(ctx, 'species', speciesRequest);
      if (species === undefined) {
        return inputRequired({
          inputRequests: {
            species: inputRequired.elicit(speciesRequest),
          },
          requestState: await mrtrState.mint(ctx, 'adopt-pet', { shelter }, state),
        });
      }
      state = { step: 'pet_name', species };
    }
    const { species } = state;
    const petNameRequest: ElicitRequestFormParams = {
      message: `Name for your ${species.action === 'accept' ? String(species.content?.species) : 'pet'}?`,
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    };
    const petName = elicitAnswer(ctx, 'pet_name', petNameRequest);
    if (petName === undefined) {
      return inputRequired({
        inputRequests: {
          pet_name: inputRequired.elicit(petNameRequest),
        },
        requestState: await mrtrState.mint(ctx, 'adopt-pet', { shelter }, state),
      });
    }
    if (species.action !== 'accept' || petName.action !== 'accept') {
      return { content: [{ type: 'text', text: 'No adoption' }] };
    }
    return { content: [{ type: 'text', text: `Adopted ${String(petName.content?.name)} the ${String(species.content?.species)}` }] };
  },
);
