import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'repos', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function reserve(owner: string): Promise<string> {
  return `${owner}-${Date.now()}`;
}

server.registerTool(
  'create-repo',
  { description: 'Create a repository', inputSchema: z.object({ owner: z.string(), name: z.string().optional() }) },
  async ({ owner, name }, ctx) => {
    type CreateRepoState = { step: 'name'; slot: Slot };
    const resumed = await mrtrState.resume<CreateRepoState>(ctx, 'create-repo', { owner, name });
    // The handler's own type, declared before the question and used after it.
    type Slot = { readonly id: string };
    let slot: Slot;
    let repoName: string;
    if (resumed === undefined) {
      slot = { id: await reserve(owner) };
    } else {
      ({ slot } = resumed);
    }
    if (name === undefined || name === null) {
      let state = resumed;
      state ??= { step: 'name', slot };
      const nameRequest: ElicitRequestFormParams = {
        message: `Name of the new repository under ${owner}?`,
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      };
      const nameAnswer = elicitAnswer(ctx, 'name', nameRequest);
      if (nameAnswer === undefined) {
        return inputRequired({
          inputRequests: {
            name: inputRequired.elicit(nameRequest),
          },
          requestState: await mrtrState.mint(ctx, 'create-repo', { owner, name }, state),
        });
      }
      repoName = String(nameAnswer.content?.name ?? 'untitled');
    } else {
      repoName = name;
    }
    const kept: Slot = slot;
    return { content: [{ type: 'text', text: `${kept.id}/${repoName}` }] };
  },
);
