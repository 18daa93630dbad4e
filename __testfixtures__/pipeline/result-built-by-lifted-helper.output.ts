import { McpServer, type CallToolResult, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

// The helper asks and builds the result; the handler returns its call. The step machine lifts the
// helper, so the returned expression is rewritten: result-type's marker must still sit on that
// `return` (where a second run reports it), not above the registration.
/** The request archiveReply() asks with (its code before the question). */
function archiveReplyParams(title: string): ElicitRequestFormParams {
  return {
    message: `Archive ${title}?`,
    requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
  };
}

/** What archiveReply() does with the answer (its code after the question). */
function archiveReplyOutcome(title: string, answer: ElicitResult): CallToolResult {
  const archived = answer.action === 'accept' && answer.content?.confirm === true;
  return { content: [{ type: 'text', text: archived ? `Archived ${title}` : `Kept ${title}` }] };
}

type ArchiveNoteState = { step: 'archive_reply' };
server.registerTool(
  'archive_note',
  { description: 'Archive a note', inputSchema: z.object({ title: z.string() }) },
  async ({ title }, ctx) => {
    let state = await mrtrState.resume<ArchiveNoteState>(ctx, 'archive_note', { title });
    state ??= { step: 'archive_reply' };
    const archiveReplyRequest: ElicitRequestFormParams = archiveReplyParams(title.trim());
    const archiveReplyAnswer = elicitAnswer(ctx, 'archive_reply', archiveReplyRequest);
    if (archiveReplyAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          archive_reply: inputRequired.elicit(archiveReplyRequest),
        },
        requestState: await mrtrState.mint(ctx, 'archive_note', { title }, state),
      });
    }
    // @mcp-mrtr-migrate result-built-elsewhere: result of tool handler archive_note is built elsewhere; add resultType: 'complete' where it is built
    return archiveReplyOutcome(title.trim(), archiveReplyAnswer);
  },
);
