import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { withTelemetry } from './support/telemetry.js';

const server = new McpServer({ name: 'billing', version: '1.0.0' });

type ToolCallback = (args: Record<string, unknown>) => Promise<CallToolResult>;

// The wrapper lives in a package module this file cannot see into.
const tool = (name: string, schema: z.ZodRawShape, cb: ToolCallback) =>
  server.registerTool(name, { inputSchema: z.object(schema) }, (args) => withTelemetry(name, cb)(args));

tool('void_invoice', { invoice: z.string() }, async ({ invoice }) => {
  const answer = await server.server.elicitInput({
    message: `Void invoice ${String(invoice)}?`,
    requestedSchema: { type: 'object', properties: { void: { type: 'boolean' } }, required: ['void'] },
  });
  return { content: [{ type: 'text', text: answer.action === 'accept' ? 'Voided' : 'Kept' }] };
});
