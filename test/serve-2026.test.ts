// serve-2026 beyond the fixture pairs: where it runs in the pipeline, what it reports when it
// cannot rewrite (rule ids, concrete suggestions), its jscodeshift entry, and the SDK behaviour
// the stdio rewrite rests on (what serveStdio asks of its factory), measured.
import { InMemoryTransport, McpServer, type JSONRPCMessage } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
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
        suggestion: expect.stringContaining('serveStdio(() => server)'),
      }),
    ]);
  });

  it('leaves a session map used outside the MCP routes alone: the front goes before the session handling', () => {
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
    expect(out.findings).toEqual([]);
    expect(out.output).toContain("const mcpHandler = createMcpHandler(() => getServer(), { legacy: 'reject' });");
    expect(out.output).toContain(
      '  async fetch(request: Request): Promise<Response> {\n' +
        '    const parsedBody = await request.clone().json().catch(() => undefined);\n' +
        '    if (!(await isLegacyRequest(request, parsedBody))) return mcpHandler.fetch(request, { parsedBody });\n' +
        "    const id = request.headers.get('mcp-session-id');\n",
    );
    expect(out.output).toContain('  return transports.size;');
  });

  it('suggests the isLegacyRequest front with toNodeHandler for Node transports it cannot place', () => {
    const text = `import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
await new McpServer({ name: 'x', version: '1' }).connect(transport);
`;
    const out = run(text, '/project/src/server.js');
    expect(out.findings.map((f) => f.rule)).toEqual(['serve-http-manual']);
    expect(out.findings[0]!.suggestion).toContain("toNodeHandler(createMcpHandler(() => createServer(), { legacy: 'reject' }))");
    expect(out.findings[0]!.suggestion).toContain('if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) return mcpHandler(req, res, req.body);');
  });

  it('gives every route its own handler, built from that route\'s factory', () => {
    const text = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const publicServer = () => new McpServer({ name: 'public', version: '1' });
const adminServer = () => new McpServer({ name: 'admin', version: '1' });
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await publicServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
app.post('/admin/mcp', async (req, res) => {
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
  await adminServer().connect(transport);
  await transport.handleRequest(req, res, req.body);
});
`;
    const out = run(text, '/project/src/server.js');
    expect(out.findings).toEqual([]);
    expect(out.output).toContain("const mcpHandler = toNodeHandler(createMcpHandler(() => publicServer(), { legacy: 'reject' }));");
    expect(out.output).toContain("const mcpHttpHandler = toNodeHandler(createMcpHandler(() => adminServer(), { legacy: 'reject' }));");
    expect(out.output).toContain('return mcpHttpHandler(req, res, req.body);');
  });

  it('builds the handler next to a route registered inside a function, from the factory that function was given', () => {
    const text = `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
export function startHttp(createServer: () => McpServer, port: number) {
  const app = express();
  app.use(express.json());
  app.post('/mcp', async (req, res) => {
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    await createServer().connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  app.listen(port);
}
`;
    const out = run(text);
    expect(out.findings).toEqual([]);
    expect(out.output).toContain(
      "  app.use(express.json());\n  const mcpHandler = toNodeHandler(createMcpHandler(() => createServer(), { legacy: 'reject' }));\n\n  app.post('/mcp', async (req, res) => {\n",
    );
  });

  it('moves a server the route builds inline into a function only when its set-up uses nothing of the request', () => {
    const route = (setup: string, after = '') => `import express from 'express';
import { McpServer } from '@modelcontextprotocol/server';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
const app = express();
app.use(express.json());
app.post('/mcp', async (req, res) => {
  const tenant = req.headers['x-tenant'];
  const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined });
${setup}
  await server.connect(transport);
${after}  await transport.handleRequest(req, res, req.body);
});
`;
    const fromRequest = run(route(`  const server = new McpServer({ name: String(tenant), version: '1' });`), '/project/src/server.js');
    expect(fromRequest.output).not.toContain('function createServer');
    expect(fromRequest.findings).toEqual([
      expect.objectContaining({ rule: 'serve-http-manual', message: expect.stringContaining('server is built inside the route from tenant, a value of this request') }),
    ]);
    const unrelated = run(route(`  const server = new McpServer({ name: 'x', version: '1' });\n  console.log(tenant);`), '/project/src/server.js');
    expect(unrelated.output).not.toContain('function createServer');
    expect(unrelated.findings[0]!.message).toContain('code that is not its set-up (`console.log(tenant);`) runs between its construction and connect');
    const kept = run(
      route(`  const server = new McpServer({ name: 'x', version: '1' });\n  const tool = server.registerTool('t', { description: 'T' }, async () => ({ content: [] }));`, '  tool.disable();\n'),
      '/project/src/server.js',
    );
    expect(kept.output).not.toContain('function createServer');
    expect(kept.findings[0]!.message).toContain('the route uses tool, which its set-up declares, after connect');
    const moved = run(route(`  const server = new McpServer({ name: 'x', version: '1' });\n  server.registerTool('t', { description: 'T' }, async () => ({ content: [] }));`), '/project/src/server.js');
    expect(moved.findings).toEqual([]);
    expect(moved.output).toContain("function createServer() {\n  const server = new McpServer({ name: 'x', version: '1' });\n  server.registerTool(");
    expect(moved.output).toContain('  const server = createServer();\n  await server.connect(transport);');
  });

  it('reports an oninitialized hook that registers tools: it never runs for a 2026-07-28 client', () => {
    const out = run(
      `import { McpServer } from '@modelcontextprotocol/server';\nimport { registerConditionalTools } from './tools.js';\n` +
        `const server = new McpServer({ name: 'x', version: '1' });\n` +
        `server.server.oninitialized = async () => {\n  console.error('initialized');\n  registerConditionalTools(server);\n  await announce();\n  timer = setTimeout(announce, 100);\n  ready = true;\n};\n` +
        `let ready = false;\nlet timer: ReturnType<typeof setTimeout> | undefined;\nasync function announce(): Promise<void> {}\n`,
    );
    expect(out.findings).toEqual([
      expect.objectContaining({
        rule: 'oninitialized-hook',
        severity: 'warning',
        line: 4,
        message: 'server.server.oninitialized: 2026-07-28 has no initialize handshake, so this hook never runs for those clients, and what it calls (registerConditionalTools(), announce(), setTimeout()) is not done for them',
      }),
    ]);
    // A hook that only sets a flag or logs, and one that asks for roots (its own rule), get no such finding.
    expect(run(`import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 'x', version: '1' });\nlet ready = false;\nserver.server.oninitialized = () => {\n  ready = true;\n  console.log('ready', ready);\n};\n`).findings).toEqual([]);
    const roots = run(`import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 'x', version: '1' });\nserver.server.oninitialized = async () => {\n  await server.server.listRoots();\n  console.error('up');\n};\n`);
    expect(roots.findings.map((f) => f.rule)).toEqual(['oninitialized-roots']);
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

// ---------------------------------------------------------------------------------------------
// What serveStdio asks of its factory (2.4.0), driven over an in-memory wire.

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'probe', version: '1' },
};
const INITIALIZE = { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'legacy', version: '1' } };

/** Serves `factory` with serveStdio over an in-memory pair; sends `messages` and collects the answers by id. */
async function exchange(factory: () => McpServer, messages: JSONRPCMessage[]): Promise<{ answers: Map<unknown, JSONRPCMessage>; calls: number }> {
  const [client, wire] = InMemoryTransport.createLinkedPair();
  let calls = 0;
  const handle = serveStdio(() => (calls++, factory()), { transport: wire });
  const answers = new Map<unknown, JSONRPCMessage>();
  client.onmessage = (message) => void ('id' in message && answers.set(message.id, message));
  await client.start();
  for (const message of messages) {
    await client.send(message);
    if ('id' in message) await expect.poll(() => answers.has(message.id)).toBe(true);
  }
  await handle.close();
  return { answers, calls };
}

const built = () => {
  const server = new McpServer({ name: 'module-level', version: '1.0.0' });
  server.registerTool('hello', { description: 'Hello' }, async () => ({ content: [{ type: 'text', text: 'hello' }] }));
  return server;
};

describe('serveStdio and its factory (@modelcontextprotocol/server 2.4.0)', () => {
  it('calls the factory once for a 2025 opening and once for a 2026 opening: one module-level server serves either', async () => {
    const openings = [
      [{ jsonrpc: '2.0', id: 1, method: 'initialize', params: INITIALIZE }, {}],
      [{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } }, { _meta: ENVELOPE }],
    ] as const;
    for (const [opening, meta] of openings) {
      const server = built();
      const followUp = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'hello', arguments: {}, ...meta } };
      const { answers, calls } = await exchange(() => server, [opening, followUp] as JSONRPCMessage[]);
      expect(calls).toBe(1);
      expect(answers.get(2)).toMatchObject({ result: { content: [{ type: 'text', text: 'hello' }] } });
    }
  });

  it('calls it again after a discarded server/discover probe: a reused instance refuses the initialize a fresh one serves', async () => {
    const probeThenInitialize = [
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: { _meta: ENVELOPE } },
      { jsonrpc: '2.0', id: 2, method: 'initialize', params: INITIALIZE },
    ] as JSONRPCMessage[];
    const server = built();
    const reused = await exchange(() => server, probeThenInitialize);
    expect(reused.calls).toBe(2);
    expect(reused.answers.get(2)).toMatchObject({ error: { code: -32601 } });
    const fresh = await exchange(built, probeThenInitialize);
    expect(fresh.calls).toBe(2);
    expect(fresh.answers.get(2)).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
  });
});
