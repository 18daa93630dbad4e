import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { effects } from './effects.js';
import type { ToolDefinition } from './types.js';

export const DELETE_NOTE_TOOL: ToolDefinition = {
  name: 'delete-note',
  description: 'Delete a note after the user confirms',
  inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  handler: async (args, extra) => {
    const id = String(args['id']);
    effects.push(`looked-up:${id}`);
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: { message: `Delete note ${id}?`, requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] } },
      },
      ElicitResultSchema,
    );
    if (answer.action !== 'accept' || answer.content?.['confirm'] !== true) return { content: [{ type: 'text', text: `Kept note ${id}` }] };
    effects.push(`deleted:${id}`);
    return { content: [{ type: 'text', text: `Deleted note ${id}` }] };
  },
};

export const TOOLS: ToolDefinition[] = [DELETE_NOTE_TOOL];
