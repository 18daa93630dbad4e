import { readdir } from 'node:fs/promises';
import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { workspaceFoldersOutcome } from './lib/workspace.js';
import { mrtrState, rootsAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'files', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

// A roots question asks with no request: the handler calls only the helper's outcome, so the
// import names that one and not the request builder (unused under noUnusedLocals).
type ListFilesState = { step: 'workspace_folders' };
server.registerTool('list_files', { inputSchema: z.object({}) }, async (_args, ctx) => {
  let state = await mrtrState.resume<ListFilesState>(ctx, 'list_files', {});
  state ??= { step: 'workspace_folders' };
  const workspaceFoldersAnswer = rootsAnswer(ctx, 'workspace_folders');
  if (workspaceFoldersAnswer === undefined) {
    return inputRequired({
      inputRequests: {
        workspace_folders: inputRequired.listRoots(),
      },
      requestState: await mrtrState.mint(ctx, 'list_files', {}, state),
    });
  }
  const [first] = workspaceFoldersOutcome(workspaceFoldersAnswer);
  const names = await readdir(first ?? '.');
  return { content: [{ type: 'text', text: names.join('\n') }] };
});

export { server };
