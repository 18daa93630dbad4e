import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'inventory', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Item {
  sku: string;
  owner?: { name: string; email: string };
}

export const inventory = new Map<string, Item>();

type ReleaseItemState = { step: 'release' };
server.registerTool(
  'release-item',
  { description: 'Release an item from its owner', inputSchema: z.object({ name: z.string() }) },
  async ({ name }, ctx) => {
    const item = inventory.get(name);
    if (!item || !item.owner) return { isError: true, content: [{ type: 'text', text: `${name} is not checked out` }] };
    let state = await mrtrState.resume<ReleaseItemState>(ctx, 'release-item', { name });
    state ??= { step: 'release' };
    const releaseRequest: ElicitRequestFormParams = {
      message: `Release ${item.sku} from ${item.owner.name}?`,
      requestedSchema: { type: 'object', properties: { release: { type: 'boolean' } }, required: ['release'] },
    };
    const answer = elicitAnswer(ctx, 'release', releaseRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          release: inputRequired.elicit(releaseRequest),
        },
        requestState: await mrtrState.mint(ctx, 'release-item', { name }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.release !== true) return { content: [{ type: 'text', text: 'Kept' }] };
    const previous = item.owner.name;
    item.owner = undefined;
    return { content: [{ type: 'text', text: `Released ${item.sku} from ${previous}` }] };
  },
);
