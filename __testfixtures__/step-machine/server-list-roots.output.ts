import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, rootsAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'search', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type FindFileState = { step: 'roots' };
server.registerTool(
  'find-file',
  { description: 'Find a file in the shared folders', inputSchema: z.object({ pattern: z.string() }) },
  async ({ pattern }, ctx) => {
    let state = await mrtrState.resume<FindFileState>(ctx, 'find-file', { pattern });
    state ??= { step: 'roots' };
    const rootsResult = rootsAnswer(ctx, 'roots');
    if (rootsResult === undefined) {
      return inputRequired({
        inputRequests: {
          roots: inputRequired.listRoots(),
        },
        requestState: await mrtrState.mint(ctx, 'find-file', { pattern }, state),
      });
    }
    const { roots } = rootsResult;
    const where = roots.filter((root) => root.uri.startsWith('file://')).map((root) => root.uri);
    return { content: [{ type: 'text', text: `Searching ${pattern} in ${where.join(', ') || 'nothing'}` }] };
  },
);
