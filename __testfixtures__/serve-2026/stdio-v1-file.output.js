import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

const server = new McpServer({ name: 'still-v1', version: '1.0.0' });
// @mcp-mrtr-migrate serve-stdio-manual: stdio serving left as it was: its server still comes from @modelcontextprotocol/sdk 1.x, which has no serveStdio: finish the v1→v2 upgrade first (the sdk-upgrade findings say what is left); a plain connect() keeps speaking the 2025 revision
await server.connect(new StdioServerTransport());
