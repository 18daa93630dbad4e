import { McpServer, inputRequired } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, rootsAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'linter', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

type LintWorkspaceState = { step: 'listing' };
server.registerTool(
  'lint-workspace',
  { description: 'Lint every shared folder', inputSchema: z.object({ fix: z.boolean() }) },
  async ({ fix }, ctx) => {
    let state = await mrtrState.resume<LintWorkspaceState>(ctx, 'lint-workspace', { fix });
    state ??= { step: 'listing' };
    const listing = rootsAnswer(ctx, 'listing');
    if (listing === undefined) {
      return inputRequired({
        inputRequests: {
          listing: inputRequired.listRoots(),
        },
        requestState: await mrtrState.mint(ctx, 'lint-workspace', { fix }, state),
      });
    }
    const folders = listing.roots.map((root) => root.uri);
    return { content: [{ type: 'text', text: `${fix ? 'Fixing' : 'Linting'} ${folders.length} folders` }] };
  },
);
