import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { mrtrState, rootsAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'workspace', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type ListWorkspacesState = { step: 'roots' };
server.registerTool('list-workspaces', { description: 'List the folders the client shares' }, async (ctx) => {
  let state = await mrtrState.resume<ListWorkspacesState>(ctx, 'list-workspaces', {});
  state ??= { step: 'roots' };
  const result = rootsAnswer(ctx, 'roots');
  if (result === undefined) {
    return inputRequired({
      inputRequests: {
        roots: inputRequired.listRoots(),
      },
      requestState: await mrtrState.mint(ctx, 'list-workspaces', {}, state),
    });
  }
  const folders = result.roots.map((root) => root.name ?? root.uri);
  return { content: [{ type: 'text', text: folders.length > 0 ? folders.join('\n') : 'No roots shared' }] };
});
