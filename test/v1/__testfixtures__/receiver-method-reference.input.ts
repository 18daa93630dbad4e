// `server.tool` taken as a value (a method reference kept in a table, a feature test): v2's
// McpServer has no tool(), so each use is reported with its line and the file stays on v1.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const server = new McpServer({ name: 'references', version: '1.0.0' });
export const registrars = { tool: server.tool, prompt: server.prompt };

if (typeof server.resource === 'function') console.error('resources are supported');
