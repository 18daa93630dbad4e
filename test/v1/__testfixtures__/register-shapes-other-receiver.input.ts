// The update() of a registration's result gets its raw shapes wrapped only where the registration
// is the SDK's: a catalog of the server's own with `tool` / `registerTool` methods whose results
// also have an update() keeps its plain objects, beside the server's, which are rewritten.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface Entry {
  update(changes: { paramsSchema?: Record<string, unknown>; outputSchema?: Record<string, unknown> }): void;
}

class Catalog {
  readonly names: string[] = [];
  tool(name: string, shape: Record<string, unknown>, describe: () => string): Entry {
    this.names.push(`${name} ${Object.keys(shape).join(',')} ${describe()}`);
    return { update: () => undefined };
  }
  registerTool(name: string, config: { inputSchema: Record<string, unknown> }, describe: () => string): Entry {
    return this.tool(name, config.inputSchema, describe);
  }
}

const catalog = new Catalog();
const server = new McpServer({ name: 'catalogued', version: '1.0.0' });

const listed = catalog.tool('echo', { text: 'string' }, () => 'echoes');
listed.update({ paramsSchema: { text: 'string', times: 'number' } });
const filed = catalog.registerTool('sum', { inputSchema: { a: 'number' } }, () => 'sums');
filed.update({ outputSchema: { total: 'number' } });

const echo = server.tool('echo', { text: z.string() }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
echo.update({ paramsSchema: { text: z.string(), times: z.number() } });
