import type { ToolDefinition } from './types.js';

export const deleteFileTool: ToolDefinition = {
  name: 'delete_file',
  description: 'Delete a file',
  execute: async (args, extra) => {
    const path = String(args.path ?? '');
    const answer = await extra.mcpReq.elicitInput({
      message: `Delete ${path}?`,
      requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
    });
    if (answer.action !== 'accept' || answer.content?.confirm !== true) return `${path} kept`;
    return `${path} deleted`;
  },
};

export const statFileTool: ToolDefinition = {
  name: 'stat_file',
  description: 'Size of a file',
  execute: async (args) => `${String(args.path)}: 12 bytes`,
};
