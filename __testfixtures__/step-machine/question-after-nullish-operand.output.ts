import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'repos', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

export const created: string[] = [];

type CreateRepoState = { step: 'name' };
server.registerTool(
  'create-repo',
  { description: 'Create a repository', inputSchema: z.object({ owner: z.string(), name: z.string().optional() }) },
  async ({ owner, name }, ctx) => {
    const resumed = await mrtrState.resume<CreateRepoState>(ctx, 'create-repo', { owner, name });
    let repoName: string;
    if (name === undefined || name === null) {
      let state = resumed;
      state ??= { step: 'name' };
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
    created.push(`${owner}/${repoName}`);
    return { content: [{ type: 'text', text: `Created ${owner}/${repoName}` }] };
  },
);
