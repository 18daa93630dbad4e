// A logger of the server's own with methods named like the SDK's (`tool`, `prompt`, `resource`,
// `request`), beside the SDK's McpServer: only the server's calls are the SDK's and are rewritten.
// The logger is constructed in this file, so its calls stay as they were, whatever its name says
// (`mcpLog`), also where the official transforms would match them by name (the `extra` of a
// callback, the schema argument of `.request(…)`).
import { CallToolResultSchema } from '@modelcontextprotocol/core';
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerContext } from '@modelcontextprotocol/server';
import { z } from 'zod';

class AuditLog {
  readonly lines: string[] = [];
  tool(name: string, message: string | ((args: unknown, extra: { requestId: string }) => string)): void {
    this.lines.push(`${name}: ${typeof message === 'string' ? message : message(undefined, { requestId: name })}`);
  }
  prompt(question: string, answer: (reply: string) => string): string {
    return answer(question);
  }
  resource(name: string, uri: string, read: () => string): string {
    return `${name} ${uri} ${read()}`;
  }
  request(entry: { method: string }, schema: unknown): unknown[] {
    return [entry, schema];
  }
}

const mcpLog = new AuditLog();
const server = new McpServer({ name: 'audited', version: '1.0.0' });

mcpLog.tool('deploy', 'registered');
mcpLog.tool('deploy', (args, extra) => `called with ${String(args)} as ${extra.requestId}`);
mcpLog.prompt('Continue?', (reply) => reply);
mcpLog.resource('config', 'config://app', () => 'read');
mcpLog.request({ method: 'tools/call' }, CallToolResultSchema);

server.registerTool('deploy', { description: 'Deploys the service', inputSchema: z.object({ target: z.string() }) }, async ({ target }, ctx: ServerContext) => {
  mcpLog.tool('deploy', `deploying ${target} (${String(ctx.mcpReq.id)})`);
  return { content: [{ type: 'text', text: `deployed ${target}` }] };
});
