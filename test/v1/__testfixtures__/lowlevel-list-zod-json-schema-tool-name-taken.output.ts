// A registry of the server's own `Tool` entries, each holding a zod object schema, listed through
// zod-to-json-schema imported under another name. The file's own `Tool` is not v2's: the type is
// imported under a free name for the assertion.
import { Server, type Tool as McpTool } from '@modelcontextprotocol/server';
import { z } from 'zod/v3';
import { zodToJsonSchema as jsonSchemaOf } from 'zod-to-json-schema';

interface Tool {
  name: string;
  description: string;
  schema: z.ZodObject<z.ZodRawShape>;
  run(args: Record<string, unknown>): string;
}

const registry: Tool[] = [
  { name: 'upper', description: 'Upper-cases a text', schema: z.object({ text: z.string() }), run: (args) => String(args.text).toUpperCase() },
];

export function createServer(): Server {
  const server = new Server({ name: 'registry', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', async () => ({
    tools: registry.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: jsonSchemaOf(tool.schema) as McpTool['inputSchema'] })),
  }));
  server.setRequestHandler('tools/call', async (request) => {
    const tool = registry.find((t) => t.name === request.params.name);
    if (!tool) return { content: [{ type: 'text', text: `unknown tool ${request.params.name}` }], isError: true };
    return { content: [{ type: 'text', text: tool.run(tool.schema.parse(request.params.arguments)) }] };
  });
  return server;
}
