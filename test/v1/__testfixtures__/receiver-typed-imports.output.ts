// Objects imported from a module of the project: the file's own code does not say what they are,
// the TypeScript checker does (with the project's dependencies installed): `app` is the SDK's
// McpServer, though its name does not say so, and is rewritten; `mcpLogger` is the project's own
// Logger, though its name says mcp, and is left as it is.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { app, mcpLogger } from './receiver-typed-imports.module.js';

const pong = async () => ({ content: [{ type: 'text' as const, text: 'pong' }] });
export const lastResult: CallToolResult | undefined = undefined;

mcpLogger.tool('ping', async () => 'registered');
app.registerTool('ping', {}, pong);
