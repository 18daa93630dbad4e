// Parameters that only a question read: after the migration nothing reads them, which
// noUnusedParameters / noUnusedLocals reject. The factory's `asker` and the class's private `server`
// lose that use (`audit` in its JSDoc too); `unusedBefore` was unread already and stays as it is.
import { McpServer, inputRequired, type ElicitRequestFormParams } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { mrtrState, elicitAnswer } from './mrtr-state.js';

interface Store {
  archive(id: string): Promise<void>;
}

export function addPurgeTool(registry: McpServer, _asker: McpServer, unusedBefore: number): void {
  type PurgeState = { step: 'confirm' };
  // @mcp-mrtr-migrate request-state-verify-not-wired: no new McpServer(...) or new Server(...) in this file: the requestState verify hook is not wired here, so the state is verified inside each handler instead (a bad state is refused there, not before the handler runs)
  registry.registerTool('purge', { description: 'Purge a bucket', inputSchema: z.object({ bucket: z.string() }) }, async ({ bucket }, ctx) => {
    let state = await mrtrState.resume<PurgeState>(ctx, 'purge', { bucket });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      mode: 'form',
      message: `Purge every object in ${bucket}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'purge', { bucket }, state),
      });
    }
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Purged ${bucket}.` }] };
  });
}

/**
 * Registers the restore tool.
 * @param _audit the server whose client confirms a restore
 */
export function addRestoreTool(registry: McpServer, _audit: McpServer): void {
  type RestoreState = { step: 'confirm' };
  registry.registerTool('restore', { description: 'Restore a bucket', inputSchema: z.object({ bucket: z.string() }) }, async ({ bucket }, ctx) => {
    let state = await mrtrState.resume<RestoreState>(ctx, 'restore', { bucket });
    state ??= { step: 'confirm' };
    const confirmRequest: ElicitRequestFormParams = {
      mode: 'form',
      message: `Restore ${bucket}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    };
    const answer = elicitAnswer(ctx, 'confirm', confirmRequest);
    if (answer === undefined) {
      return inputRequired({
        inputRequests: {
          confirm: inputRequired.elicit(confirmRequest),
        },
        requestState: await mrtrState.mint(ctx, 'restore', { bucket }, state),
      });
    }
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `Restored ${bucket}.` : 'Left alone.' }] };
  });
}

export class ArchiveTools {
  constructor(
    server: McpServer,
    private readonly store: Store,
  ) {
    type ArchiveState = { step: 'confirm' };
    server.registerTool('archive', { description: 'Archive a record', inputSchema: z.object({ id: z.string() }) }, async ({ id }, ctx) => {
      let state = await mrtrState.resume<ArchiveState>(ctx, 'archive', { id });
      state ??= { step: 'confirm' };
      const confirmRequest: ElicitRequestFormParams = {
        mode: 'form',
        message: `Archive ${id}?`,
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
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not archived.' }] };
      await this.store.archive(id);
      return { content: [{ type: 'text', text: `Archived ${id}.` }] };
    });
  }
}
