import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'repos', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

async function createDeployToken(repo: string): Promise<string> {
  return `tok_${repo}`;
}

type ConnectRepoState = { step: 'scope'; accessToken: string };
server.registerTool(
  'connect-repo',
  { description: 'Connect a repository', inputSchema: z.object({ repo: z.string(), private: z.boolean() }) },
  async ({ repo, private: isPrivate }, ctx) => {
    const resumed = await mrtrState.resume<ConnectRepoState>(ctx, 'connect-repo', { repo, private: isPrivate });
    let accessToken: string;
    if (resumed === undefined) {
      accessToken = await createDeployToken(repo);
    } else {
      ({ accessToken } = resumed);
    }
    if (isPrivate) {
      let state = resumed;
      state ??= { step: 'scope', accessToken };
      const scopeRequest: ElicitRequestFormParams = {
        message: `Grant read or write access to the private repository ${repo}?`,
        requestedSchema: { type: 'object', properties: { scope: { type: 'string', enum: ['read', 'write'] } }, required: ['scope'] },
      };
      const scope = elicitAnswer(ctx, 'scope', scopeRequest);
      if (scope === undefined) {
        return inputRequired({
          inputRequests: {
            scope: inputRequired.elicit(scopeRequest),
          },
          requestState: await mrtrState.mint(ctx, 'connect-repo', { repo, private: isPrivate }, state),
        });
      }
      if (scope.action !== 'accept') return { content: [{ type: 'text', text: 'Not connected' }] };
    }
    return { content: [{ type: 'text', text: `Connected ${repo} with token ${accessToken.slice(0, 4)}…` }] };
  },
);
