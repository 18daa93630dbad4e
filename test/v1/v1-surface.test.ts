// Which handlers are still on the v1 SDK (src/analysis/push-sites.ts v1Surface): decided per
// handler from how it is registered, on which server and how it reads its context — never from a
// leftover import it does not ask through.
import { describe, expect, it } from 'vitest';
import { findHandlers } from '../../src/analysis/handlers.js';
import { v1Surface } from '../../src/analysis/push-sites.js';
import { parseSource } from '../../src/parse.js';

function verdicts(text: string): { server: boolean; handlers: Record<string, boolean> } {
  const sourceFile = parseSource('/virtual/v1-surface.ts', text);
  const surface = v1Surface(sourceFile);
  return { server: surface.server, handlers: Object.fromEntries(findHandlers(sourceFile).map((h) => [h.name ?? h.method, surface.handler(h)])) };
}

const TOOL = (name: string, body: string, ctx = 'ctx') => `server.registerTool('${name}', {}, async (${ctx}) => { ${body} return { content: [] }; });\n`;

describe('v1Surface', () => {
  it('a v1 server class makes the file and all its handlers v1', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\nconst server = new McpServer({ name: 'a', version: '1' });\n${TOOL('a', '')}`;
    expect(verdicts(text)).toEqual({ server: true, handlers: { a: true } });
  });

  it('a leftover utility import does not make a v2 handler v1', () => {
    const text =
      `import { McpServer } from '@modelcontextprotocol/server';\n` +
      `import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';\n` +
      `const server = new McpServer({ name: 'a', version: '1' });\n` +
      TOOL('uses_it', "validateToolName('x');") +
      TOOL('plain', 'await ctx.mcpReq.notify({ method: "notifications/message", params: { level: "info", data: 1 } });');
    expect(verdicts(text)).toEqual({ server: false, handlers: { uses_it: false, plain: false } });
  });

  it('a handler that registers the v1 way or reads the v1 context is v1, the others are not', () => {
    // (With no v1 import at all, .tool() in a v2 file is not taken for a registration.)
    const text =
      `import { McpServer } from '@modelcontextprotocol/server';\n` +
      `import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';\n` +
      `const server: any = new McpServer({ name: 'a', version: '1' });\n` +
      `server.tool('legacy', async (extra: any) => ({ content: [] }));\n` +
      TOOL('named', 'await extra.sendRequest({ method: "roots/list" });', 'extra: any') +
      TOOL('destructured', 'await sendNotification({});', '{ sendNotification }: any') +
      TOOL('modern', 'await ctx.mcpReq.send({ method: "roots/list" });');
    expect(verdicts(text)).toEqual({ server: false, handlers: { legacy: true, named: true, destructured: true, modern: false } });
  });
});
