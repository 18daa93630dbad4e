import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

function summary(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

// The result is built by a helper and returned after the question: result-type reports it at the
// `return`, and the step machine's rewrite of the handler must not move that marker (a second run
// would put it back at the `return`).
type ArchiveState = { step: 'confirm' };
server.registerTool(
  'archive',
  { description: 'Archive a note', inputSchema: z.object({ id: z.string() }) },
  async ({ id }, ctx) => {
    let state = await mrtrState.resume<ArchiveState>(ctx, 'archive', { id });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      message: `Archive note ${id}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'archive', { id }, state),
      });
    }
    const r = summary(answer.action === 'accept' ? `Archived ${id}` : 'Kept');
    // @mcp-mrtr-migrate result-built-elsewhere: result of tool handler archive is built elsewhere; add resultType: 'complete' where it is built
    return r;
  },
);
