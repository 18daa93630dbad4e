import type { ToolDefinition } from '../registry.js';

export const wipeTool: ToolDefinition = {
  name: 'wipe_disk',
  async run(args, extra) {
    const answer = await extra.mcpReq.elicitInput({
      message: `Wipe ${args.disk}?`,
      requestedSchema: { type: 'object', properties: { wipe: { type: 'boolean' } }, required: ['wipe'] },
    });
    return answer.action === 'accept' ? 'Wiped' : 'Kept';
  },
};
