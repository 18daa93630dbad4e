// Parameters that only a question read: after the migration nothing reads them, which
// noUnusedParameters / noUnusedLocals reject. The factory's `asker` and the class's private `server`
// lose that use (`audit` in its JSDoc too); `unusedBefore` was unread already and stays as it is.
import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

interface Store {
  archive(id: string): Promise<void>;
}

export function addPurgeTool(registry: McpServer, asker: McpServer, unusedBefore: number): void {
  registry.registerTool('purge', { description: 'Purge a bucket', inputSchema: z.object({ bucket: z.string() }) }, async ({ bucket }) => {
    const answer = await asker.server.elicitInput({
      mode: 'form',
      message: `Purge every object in ${bucket}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return { content: [{ type: 'text', text: 'Kept.' }] };
    return { content: [{ type: 'text', text: `Purged ${bucket}.` }] };
  });
}

/**
 * Registers the restore tool.
 * @param audit the server whose client confirms a restore
 */
export function addRestoreTool(registry: McpServer, audit: McpServer): void {
  registry.registerTool('restore', { description: 'Restore a bucket', inputSchema: z.object({ bucket: z.string() }) }, async ({ bucket }) => {
    const answer = await audit.server.elicitInput({
      mode: 'form',
      message: `Restore ${bucket}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    return { content: [{ type: 'text', text: answer.action === 'accept' ? `Restored ${bucket}.` : 'Left alone.' }] };
  });
}

export class ArchiveTools {
  constructor(
    private readonly server: McpServer,
    private readonly store: Store,
  ) {
    server.registerTool('archive', { description: 'Archive a record', inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
      const answer = await this.server.server.elicitInput({
        mode: 'form',
        message: `Archive ${id}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Not archived.' }] };
      await this.store.archive(id);
      return { content: [{ type: 'text', text: `Archived ${id}.` }] };
    });
  }
}
