// `server.tool` taken as a value (a method reference kept in a table, a feature test): v2's
// McpServer has no tool(), so each use is reported with its line and the file stays on v1.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'references', version: '1.0.0' });
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: server.tool read as a value, left as it was: v2's McpServer has no tool(), so this fails when the server starts
// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: server.prompt read as a value, left as it was: v2's McpServer has no prompt(), so this fails when the server starts
export const registrars = { tool: server.tool, prompt: server.prompt };

// @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: server.resource tested with typeof, left as it was: v2's McpServer has no resource(), so this fails when the server starts
if (typeof server.resource === 'function') console.error('resources are supported');
