import { McpServer, type CallToolResult, inputRequired, type ElicitRequestFormParams, type ElicitResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

/** The request archiveReply() asks with, or its result when it returns without asking (its code before the question). */
function archiveReplyParams(title: string, pinned: boolean): { ask: ElicitRequestFormParams } | { done: CallToolResult } {
  if (!pinned) return { done: { content: [{ type: 'text', text: `Archived ${title}` }] } };
  return { ask: {
    message: `${title} is pinned. Archive it anyway?`,
    requestedSchema: { type: 'object', properties: { archive: { type: 'boolean' } }, required: ['archive'] },
  } };
}

/** What archiveReply() does with the answer (its code after the question). */
function archiveReplyOutcome(title: string, answer: ElicitResult): CallToolResult {
  const archived = answer.action === 'accept' && answer.content?.archive === true;
  return { content: [{ type: 'text', text: archived ? `Archived ${title}` : `Kept ${title}` }] };
}

type ArchiveNoteState = { step: 'archive_reply' };
server.registerTool(
  'archive_note',
  { description: 'Archive a note', inputSchema: z.object({ title: z.string(), pinned: z.boolean() }) },
  async ({ title, pinned }, ctx) => {
    let state = await mrtrState.resume<ArchiveNoteState>(ctx, 'archive_note', { title, pinned });
    if (state === undefined) {
      if (title.trim() === '') return { isError: true, content: [{ type: 'text', text: 'A title is needed' }] };
      state = { step: 'archive_reply' };
    }
    const archiveReplyRequest = archiveReplyParams(title.trim(), pinned);
    const archiveReplyAnswer = 'ask' in archiveReplyRequest ? elicitAnswer(ctx, 'archive_reply', archiveReplyRequest.ask) : undefined;
    if ('ask' in archiveReplyRequest && archiveReplyAnswer === undefined) {
      return inputRequired({
        inputRequests: {
          archive_reply: inputRequired.elicit(archiveReplyRequest.ask),
        },
        requestState: await mrtrState.mint(ctx, 'archive_note', { title, pinned }, state),
      });
    }
    return 'done' in archiveReplyRequest ? archiveReplyRequest.done : archiveReplyOutcome(title.trim(), archiveReplyAnswer!);
  },
);
