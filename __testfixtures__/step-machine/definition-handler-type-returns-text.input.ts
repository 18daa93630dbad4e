import { McpServer, type ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** A tool's handler answers with the text of its result; the registration loop wraps it. */
interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: z.ZodRawShape;
  handler: (args: Record<string, unknown>, extra: ServerContext) => Promise<string>;
}

const TOOLS: ToolDefinition[] = [
  {
    name: 'forget_note',
    description: 'Forget a note',
    inputSchema: { note: z.string() },
    handler: async (args, extra) => {
      const answer = await extra.mcpReq.elicitInput({
        message: `Forget ${String(args.note)}?`,
        requestedSchema: { type: 'object', properties: { confirm: { type: 'boolean' } }, required: ['confirm'] },
      });
      return answer.action === 'accept' && answer.content?.confirm === true ? 'Forgotten' : 'Kept';
    },
  },
  {
    name: 'count_notes',
    description: 'How many notes there are',
    inputSchema: {},
    handler: async () => '3 notes',
  },
];

const server = new McpServer({ name: 'notes', version: '1.0.0' });

for (const tool of TOOLS) {
  server.registerTool(tool.name, { description: tool.description, inputSchema: z.object(tool.inputSchema) }, async (args, extra) => {
    const text = await tool.handler(args as Record<string, unknown>, extra);
    return { content: [{ type: 'text', text: text.trim() }] };
  });
}
