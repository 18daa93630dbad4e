// serve-2026 beyond the fixture pairs: where it runs in the pipeline, what it reports when it
// cannot rewrite (rule ids, concrete suggestions), and its jscodeshift entry.
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/engine.js';
import { loadTransforms } from '../src/registry.js';
import jscodeshiftServe, { transform as serve } from '../transforms/serve-2026.js';

const transforms = await loadTransforms();
const run = (text: string, file = '/project/src/server.ts') => transformSource({ absPath: file, text, transforms: [serve] });

describe('serve-2026', () => {
  it('runs after the step machine', () => {
    const ids = transforms.map((t) => t.id);
    expect(ids.indexOf('serve-2026')).toBeGreaterThan(ids.indexOf('step-machine'));
  });

  it('reports a connect() whose promise is used, with the serveStdio replacement', () => {
    const out = run(
      `import { McpServer } from '@modelcontextprotocol/server';\nimport { StdioServerTransport } from '@modelcontextprotocol/server/stdio';\n` +
        `const server = new McpServer({ name: 'x', version: '1' });\nserver.connect(new StdioServerTransport()).then(() => console.error('up'));\n`,
    );
    expect(out.findings).toEqual([
      expect.objectContaining({
        rule: 'serve-stdio-manual',
        severity: 'warning',
        line: 4,
        message: expect.stringContaining('the connect() call is used as a value'),
        suggestion: expect.stringContaining("serveStdio(() => createServer())"),
      }),
    ]);
  });

  it('reports a session map used outside the MCP routes, naming createMcpHandler and the adapter', () => {
    const text = `import { McpServer, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
const getServer = () => new McpServer({ name: 'x', version: '1' });
const transports = new Map<string, WebStandardStreamableHTTPServerTransport>();
export function sessionCount(): number {
  return transports.size;
}
export default {
  async fetch(request: Request): Promise<Response> {
    const id = request.headers.get('mcp-session-id');
    const known = id ? transports.get(id) : undefined;
    if (known) return known.handleRequest(request);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => crypto.randomUUID() });
    const server = getServer();
    await server.connect(transport);
    return transport.handleRequest(request);
  },
};
`;
    const out = run(text);
    expect(out.output).toContain('// @mcp-mrtr-migrate serve-http-manual:');
    expect(out.findings).toEqual([
      expect.objectContaining({
        rule: 'serve-http-manual',
        message: expect.stringContaining('the session map transports is also used'),
        suggestion: expect.stringContaining('createMcpHandler(() => createServer())'),
      }),
    ]);
  });

  it('suggests toNodeHandler for Node transports', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await new McpServer({ name: 'x', version: '1' }).connect(transport);
`;
    const out = run(text, '/project/src/server.js');
    expect(out.findings.map((f) => f.rule)).toEqual(['serve-http-manual']);
    expect(out.findings[0]!.suggestion).toContain("import { toNodeHandler } from '@modelcontextprotocol/node'");
    expect(out.findings[0]!.suggestion).toContain("app.all('/mcp', (req, res) => mcpHandler(req, res, req.body));");
  });

  it('leaves files without serving code or leftovers alone', () => {
    const out = run(`import { McpServer } from '@modelcontextprotocol/server';\nexport const s = new McpServer({ name: 'x', version: '1' });\n`);
    expect(out).toMatchObject({ output: undefined, findings: [] });
  });

  it('works as a jscodeshift transform', async () => {
    const source = `import { McpServer } from '@modelcontextprotocol/server';\nimport { StdioServerTransport } from '@modelcontextprotocol/server/stdio';\nconst makeServer = () => new McpServer({ name: 'x', version: '1' });\nconst server = makeServer();\nawait server.connect(new StdioServerTransport());\n`;
    const out = await jscodeshiftServe({ path: '/project/src/index.ts', source });
    expect(out).toBe(
      `import { McpServer } from '@modelcontextprotocol/server';\nimport { serveStdio } from '@modelcontextprotocol/server/stdio';\nconst makeServer = () => new McpServer({ name: 'x', version: '1' });\nserveStdio(() => makeServer());\n`,
    );
  });
});
