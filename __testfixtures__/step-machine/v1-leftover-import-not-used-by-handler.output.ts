// After the v1 → v2 upgrade a v1 utility import with no v2 home stays (the upgrade reports it as
// an error). The handlers ask through the v2 server and context, so they are migrated like any
// v2 handler — also the one that calls the utility.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'notes', version: '1.0.0' }, { requestState: { verify: mrtrState.verify } });

  type RenameNoteState = { step: 'title' };
  server.registerTool('rename_note', { inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
    let state = await mrtrState.resume<RenameNoteState>(ctx, 'rename_note', { id });
    state ??= { step: 'title' };
    const titleRequest: ElicitRequestFormParams = {
      message: `New title for ${id}?`,
      requestedSchema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    };
    const answer = elicitAnswer(ctx, 'title', titleRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          title: inputRequired.elicit(titleRequest),
        },
        requestState: await mrtrState.mint(ctx, 'rename_note', { id }, state),
      });
    }
    if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
    return { content: [{ type: 'text', text: `Renamed to ${String(answer.content?.title)}` }] };
  });

  type AddToolState = { step: 'ok' };
  server.registerTool('add_tool', { inputSchema: z.object({ name: z.string() }) }, async ({ name }, ctx) => {
    let state = await mrtrState.resume<AddToolState>(ctx, 'add_tool', { name });
    if (state === undefined) {
      if (!validateToolName(name).isValid) return { content: [{ type: 'text', text: 'Invalid name' }] };
      state = { step: 'ok' };
    }
    const okRequest: ElicitRequestFormParams = {
      message: `Add ${name}?`,
      requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
    };
    const answer = elicitAnswer(ctx, 'ok', okRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          ok: inputRequired.elicit(okRequest),
        },
        requestState: await mrtrState.mint(ctx, 'add_tool', { name }, state),
      });
    }
    return { content: [{ type: 'text', text: answer.action }] };
  });

  return server;
}
