import type { ToolWithHandler } from './types.js';

export const NOW_TOOL: ToolWithHandler = {
  name: 'now',
  description: 'The server time',
  inputSchema: { type: 'object', properties: {} },
  handler: () => ({ content: [{ type: 'text', text: new Date(0).toISOString() }] }),
};
