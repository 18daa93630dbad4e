import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'inventory', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

interface Item {
  sku: string;
  owner?: { name: string; email: string };
}

export const inventory = new Map<string, Item>();
export const audit: string[] = [];

type NotifyOwnerState = { step: 'note'; item: Item & { owner: { name: string; email: string } } };
server.registerTool(
  'notify-owner',
  { description: 'Send the owner of an item a reminder', inputSchema: z.object({ name: z.string() }) },
  async ({ name }, ctx) => {
    let state = await mrtrState.resume<NotifyOwnerState>(ctx, 'notify-owner', { name });
    if (state === undefined) {
      const item = inventory.get(name);
      audit.push(`reminder requested for ${name}`);
      if (!item?.owner) throw new Error(`${name} is not checked out`);
      state = { step: 'note', item: { ...item, owner: item.owner } };
    }
    const { item } = state;
    const noteRequest: ElicitRequestFormParams = {
      message: `Remind ${item.owner.name} about ${item.sku}?`,
      requestedSchema: { type: 'object', properties: { note: { type: 'string' } }, required: ['note'] },
    };
    const answer = elicitAnswer(ctx, 'note', noteRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          note: inputRequired.elicit(noteRequest),
        },
        requestState: await mrtrState.mint(ctx, 'notify-owner', { name }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'No reminder sent' }] };
    audit.push(`reminded ${item.owner.email}: ${String(answer.content?.note)}`);
    return { content: [{ type: 'text', text: `Reminded ${item.owner.name}` }] };
  },
);
