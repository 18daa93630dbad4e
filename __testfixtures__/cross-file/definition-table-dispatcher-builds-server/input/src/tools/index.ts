import { ASK_USER_TOOL } from './ask-user.js';
import { NOW_TOOL } from './now.js';
import type { ToolWithHandler } from './types.js';

export const TOOL_NAMES = { ASK_USER: 'ask_user', NOW: 'now' } as const;

export const AVAILABLE_TOOLS: Record<string, ToolWithHandler> = {
  [TOOL_NAMES.ASK_USER]: ASK_USER_TOOL,
  [TOOL_NAMES.NOW]: NOW_TOOL,
};
