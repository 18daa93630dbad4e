import type { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { askToProceed } from '../lib/questions.js';

export const deletedRecords: string[] = [];

export function registerRecordTools(server: McpServer): void {
  server.registerTool(
    'delete_record',
    { description: 'Delete a record', inputSchema: z.object({ id: z.string() }) },
    async ({ id }) => {
      const { proceed, note } = await askToProceed(`Delete record ${id}?`);
      if (!proceed) return { content: [{ type: 'text', text: `Kept ${id}: ${note}` }] };
      deletedRecords.push(id);
      return { content: [{ type: 'text', text: `Deleted ${id}` }] };
    },
  );
}
