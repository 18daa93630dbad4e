import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { confirmAction } from '../lib/confirm.js';

export function registerSnapshotTools(server: McpServer, snapshots: Set<string>): void {
  server.registerTool('purge_snapshots', { description: 'Delete every snapshot', inputSchema: z.object({}) }, async () => {
    // @mcp-mrtr-migrate state-not-serializable: log in tool handler 'purge_snapshots' is live across the question but is a function, which does not survive the JSON round trip through requestState
    console.error(`[purge] asking to purge ${snapshots.size} snapshots`);
    // @mcp-mrtr-migrate push-request: confirmAction() (asks through current.server.elicitInput) in tool handler purge_snapshots left as it was: log cannot travel in requestState
    const confirmation = await confirmAction(`purge ${snapshots.size} snapshots`);
    if (!confirmation.confirmed) return { content: [{ type: 'text', text: 'Kept every snapshot.' }] };
    console.error('[purge] purging');
    snapshots.clear();
    return { content: [{ type: 'text', text: 'Purged.' }] };
  });
}
