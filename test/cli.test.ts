// The CLI contract (design.md "CLI contract" and "Report", README "Options", docs/options.md),
// tested in-process through `main(argv, io)` on temporary directories: exit codes, dry-run diffs,
// the dirty-tree guard, reports, markers, byte preservation, discovery and formatting.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { afterEach, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.js';
import { loadTransforms } from '../src/registry.js';
import { validateReport, type Report } from '../src/report/json.js';
import { sameCode } from '../src/format/same-code.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const EXAMPLE_DIR = path.join(ROOT, 'examples', 'v2-server');
const EXAMPLE_SERVER = fs.readFileSync(path.join(EXAMPLE_DIR, 'src', 'server.ts'), 'utf8');
const EXAMPLE_PACKAGE = fs.readFileSync(path.join(EXAMPLE_DIR, 'package.json'), 'utf8');
const EXAMPLE_TSCONFIG = fs.readFileSync(path.join(EXAMPLE_DIR, 'tsconfig.json'), 'utf8');

/**
 * A handler that asks inside a loop over a Set (per-item questions need an array): left as it is,
 * with a `push-in-loop` warning and marker, installed or not (over `items` itself, without the
 * dependencies installed, it would be `types-unresolved`; with them, it migrates).
 */
const LOOP_SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'loop', version: '1.0.0' });

server.registerTool('ask-all', { inputSchema: z.object({ items: z.array(z.string()) }) }, async ({ items }, ctx) => {
  const answers: string[] = [];
  for (const item of new Set(items)) {
    const answer = await ctx.mcpReq.elicitInput({
      message: \`Keep \${item}?\`,
      requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } }, required: ['keep'] },
    });
    answers.push(answer.action);
  }
  return { content: [{ type: 'text', text: answers.join(',') }] };
});
`;

/** Two warnings of different rules in one file: push-in-loop (a loop over a Set, see LOOP_SERVER) and result-built-elsewhere. */
const REVIEW_SERVER = `import { McpServer, type CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'review', version: '1.0.0' });

function textResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }] };
}

server.registerTool('echo', { inputSchema: z.object({ text: z.string() }) }, async ({ text }) => {
  const echoed = textResult(text);
  return echoed;
});

server.registerTool('pick', { inputSchema: z.object({ options: z.array(z.string()) }) }, async ({ options }, ctx) => {
  const picked: string[] = [];
  for (const option of new Set(options)) {
    const choice = await ctx.mcpReq.elicitInput({
      message: \`Pick \${option}?\`,
      requestedSchema: { type: 'object', properties: { pick: { type: 'boolean' } }, required: ['pick'] },
    });
    if (choice.action === 'accept') picked.push(option);
  }
  return { content: [{ type: 'text', text: picked.join(',') }] };
});
`;

/** A small file with one migratable push site (one handler, one site). */
function askServer(i: number): string {
  return `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export const server${i} = new McpServer({ name: 'ask-${i}', version: '1.0.0' }, {});

server${i}.registerTool('ask-${i}', { inputSchema: z.object({ topic: z.string() }) }, async ({ topic }, ctx) => {
  const answer = await ctx.mcpReq.elicitInput({
    message: \`Why \${topic}?\`,
    requestedSchema: { type: 'object', properties: { reason: { type: 'string' } }, required: ['reason'] },
  });
  return { content: [{ type: 'text', text: \`\${topic}: \${answer.action}\` }] };
});
`;
}

/** Looks like an MCP file to the prefilter, so it is parsed, and has a syntax error. */
const BROKEN = `import { McpServer } from '@modelcontextprotocol/server';

const server = new McpServer({ name: 'broken', version: '1.0.0' });
server.registerTool('oops', {}, async () => {
  return { content: [ };
});
`;

// ---------------------------------------------------------------------------------------------
// Helpers

const temps: string[] = [];

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-cli-'));
  temps.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function writeFiles(base: string, files: Record<string, string | Buffer>): void {
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(base, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, content);
  }
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', '-c', 'core.autocrlf=false', ...args],
    { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
}

function commitAll(dir: string): void {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', 'snapshot');
}

/** A temp directory with `files`, as a git repository with everything committed. */
function repoWith(files: Record<string, string | Buffer>): string {
  const dir = tmpDir();
  writeFiles(dir, files);
  git(dir, 'init', '-q');
  commitAll(dir);
  return dir;
}

/** The example package (package.json, tsconfig.json, src/server.ts) plus `extra` files. */
function examplePackage(extra: Record<string, string | Buffer> = {}): Record<string, string | Buffer> {
  return {
    'package.json': EXAMPLE_PACKAGE,
    'tsconfig.json': EXAMPLE_TSCONFIG,
    'src/server.ts': EXAMPLE_SERVER,
    ...extra,
  };
}

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(cwd: string, ...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
    cwd,
    stderrIsTTY: false,
    stdoutIsTTY: false,
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

function parseReport(text: string): Report {
  const report = JSON.parse(text) as Report;
  expect(validateReport(report)).toEqual([]);
  return report;
}

/** Every file under `dir` (except .git) as path → content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.git') walk(childRel);
      } else {
        out[childRel] = fs.readFileSync(path.join(dir, childRel), 'latin1');
      }
    }
  };
  walk('');
  return out;
}

function read(dir: string, rel: string): string {
  return fs.readFileSync(path.join(dir, rel), 'utf8');
}

function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

function warnings(report: Report) {
  return report.findings.filter((f) => f.severity !== 'info');
}

// ---------------------------------------------------------------------------------------------

describe('exit codes', () => {
  it('exits 0 on a tree with nothing to migrate, and writes nothing', async () => {
    const dir = repoWith({
      'src/plain.ts': 'export const answer = 42;\n',
      'src/done.ts':
        "import { McpServer } from '@modelcontextprotocol/server';\n" +
        "const server = new McpServer({ name: 'done', version: '1.0.0' });\n" +
        "server.registerTool('hi', {}, async () => ({ resultType: 'complete', content: [] }));\n",
    });
    const before = snapshot(dir);
    const run = await cli(dir);
    expect(run).toEqual({ code: 0, stdout: 'Nothing to migrate in 2 files.\n', stderr: '' });
    expect(snapshot(dir)).toEqual(before);

    const empty = tmpDir();
    expect(await cli(empty, '.')).toEqual({ code: 0, stdout: 'No files to migrate.\n', stderr: '' });
  });

  it('exits 0 after a write, with the changes on disk and the state module created', async () => {
    const dir = repoWith(examplePackage());
    const run = await cli(dir, '.');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('Migrated 5 handlers (6 sites) in 1 of 1 file');
    expect(read(dir, 'src/server.ts')).not.toBe(EXAMPLE_SERVER);
    expect(read(dir, 'src/server.ts')).toContain("from './mrtr-state.js'");
    expect(fs.existsSync(path.join(dir, 'src', 'mrtr-state.ts'))).toBe(true);
  });

  it('exits 1 and leaves the package on v1 when a v1 leftover cannot be rewritten (an error-severity finding)', async () => {
    const files = {
      'package.json': '{ "name": "leftover", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';\n" +
        "const server = new McpServer({ name: 'x', version: '1.0.0' });\n" +
        "if (validateToolName('hi').isValid) server.tool('hi', async () => ({ content: [] }));\n",
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^src\/server\.ts:2:1 +error +sdk-upgrade +file left on the v1 SDK: @modelcontextprotocol\/sdk\/shared\/toolNameValidation\.js is still imported/m);
    // Upgraded, the rest would typecheck worse and the package would need v1 beside v2: nothing
    // moved, the import is marked.
    expect(read(dir, 'src/server.ts')).not.toContain('registerTool');
    expect(read(dir, 'src/server.ts').replace(/^\/\/ @mcp-mrtr-migrate sdk-upgrade: .*\n/m, '')).toBe(files['src/server.ts']);
    expect(read(dir, 'package.json')).toBe(files['package.json']);
  });

  /** `kept`, a file of a package held on v1 by `blocker` (path:line), says so and is untouched, as is the manifest. */
  function expectKeptOnV1(dir: string, files: Record<string, string>, report: ReturnType<typeof parseReport>, kept: string, blocker: string): void {
    expect(report.findings.find((f) => f.path === kept)).toMatchObject({
      severity: 'warning',
      message: expect.stringContaining(`${blocker} of the same package cannot be upgraded to v2 yet`),
    });
    expect(read(dir, kept)).toBe(files[kept]);
    expect(read(dir, 'package.json')).toBe(files['package.json']);
  }

  it('leaves a v1 package as it was, exit 1, when its route connects one shared server per request (v2 refuses every connect after the first)', async () => {
    // The route works on v1; upgraded, the second request would fail. The server module alone
    // would upgrade cleanly, but it moves to v2 with its package or not at all.
    const files = {
      'package.json': '{ "name": "shared", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0", "express": "^5.1.0" } }\n',
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "export const server = new McpServer({ name: 'shared', version: '1.0.0' });\n" +
        "server.tool('hi', async () => ({ content: [{ type: 'text', text: 'hi' }] }));\n",
      'src/http.ts':
        "import express from 'express';\n" +
        "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\n" +
        "import { server } from './server.js';\n" +
        'const app = express();\n' +
        'app.use(express.json());\n' +
        "app.post('/mcp', async (req, res) => {\n" +
        '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });\n' +
        '  await server.connect(transport);\n' +
        '  await transport.handleRequest(req, res, req.body);\n' +
        '});\n' +
        'app.listen(3000);\n',
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json');
    expect(run.code).toBe(1);
    const report = parseReport(run.stdout);
    const errors = report.findings.filter((f) => f.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'serve-http-manual', path: 'src/http.ts', line: 7 });
    expect(errors[0].message).toMatch(/^file left on the v1 SDK: Streamable HTTP serving left as it was: .*never closes it: v2 refuses every connect after the first/);
    expect(errors[0].suggestion).toMatch(/then run the migration again\.$/);
    expect(read(dir, 'src/http.ts')).toBe(files['src/http.ts'].replace('  const transport', `  // @mcp-mrtr-migrate serve-http-manual: ${errors[0].message}\n  const transport`));
    expectKeptOnV1(dir, files, report, 'src/server.ts', 'src/http.ts:7');
  });

  /** A v1 package whose tool is a definition object: its context typed in types.ts, its dispatcher in index.ts. */
  function definitionPackage(schemaImport: string): Record<string, string> {
    const lines = (...l: string[]) => l.join('\n') + '\n';
    return {
      'package.json': '{ "name": "definitions", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n',
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "module": "NodeNext", "moduleResolution": "NodeNext", "noEmit": true }, "include": ["src"] }\n',
      'src/types.ts': lines(
        "import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';",
        "import type { CallToolResult, ServerNotification, ServerRequest, Tool } from '@modelcontextprotocol/sdk/types.js';",
        'export type ToolWithHandler = Tool & {',
        '  handler: (args: any, extra: RequestHandlerExtra<ServerRequest, ServerNotification>) => Promise<CallToolResult>;',
        '};',
      ),
      'src/ask.ts': lines(
        schemaImport,
        "import type { ToolWithHandler } from './types.js';",
        'export const ASK_TOOL: ToolWithHandler = {',
        "  name: 'ask',",
        "  description: 'Ask the user a question',",
        "  inputSchema: { type: 'object', properties: { question: { type: 'string' } }, required: ['question'] },",
        '  handler: async (args, extra) => {',
        '    const answer = await extra.sendRequest(',
        "      { method: 'elicitation/create', params: { message: String(args.question), requestedSchema: { type: 'object', properties: { input: { type: 'string' } } } } },",
        '      ElicitResultSchema,',
        '    );',
        "    return { content: [{ type: 'text', text: answer.action }] };",
        '  },',
        '};',
      ),
      'src/index.ts': lines(
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
        "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
        "import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
        "import { ASK_TOOL } from './ask.js';",
        'const TOOLS = [ASK_TOOL];',
        "const server = new Server({ name: 'definitions', version: '1.0.0' }, { capabilities: { tools: {} } });",
        'server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })) }));',
        'server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {',
        '  const tool = TOOLS.find((t) => t.name === request.params.name);',
        '  if (!tool) throw new Error(`unknown tool ${request.params.name}`);',
        '  return tool.handler(request.params.arguments ?? {}, extra);',
        '});',
        'await server.connect(new StdioServerTransport());',
      ),
    };
  }

  // A tool definition's `extra` is typed in another module, which the upgrade types as v2's
  // ServerContext: asking with `extra.sendRequest({ method: 'elicitation/create' })` marks it as the
  // handler context, so its reads move to v2 with it. (They were left behind, exit 0: the handler
  // would not compile, and would throw a TypeError for every client.)
  it('upgrades the context of a tool definition that asks with extra.sendRequest, though no registration of it is found', async () => {
    const files = {
      ...definitionPackage("import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';"),
      // The definition is used by name, not listed: this run does not see it registered.
      'src/index.ts':
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n" +
        "import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n" +
        "import { ASK_TOOL } from './ask.js';\n" +
        "export const server = new Server({ name: 'definitions', version: '1.0.0' }, { capabilities: { tools: {} } });\n" +
        'server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {\n' +
        '  const tool = request.params.name === ASK_TOOL.name ? ASK_TOOL : undefined;\n' +
        '  if (!tool) throw new Error(`unknown tool ${request.params.name}`);\n' +
        '  return tool.handler(request.params.arguments ?? {}, extra);\n' +
        '});\n',
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json');
    expect(run.code).toBe(0);
    const report = parseReport(run.stdout);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    const ask = read(dir, 'src/ask.ts');
    expect(ask).toContain('  handler: async (args, ctx) => {\n');
    expect(ask).toContain('    const answer = await ctx.mcpReq.send(\n');
    expect(ask).not.toContain('sendRequest');
    expect(read(dir, 'src/types.ts')).toContain('extra: ServerContext');
    // Not migrated: this run finds no registration of it, and says so.
    expect(report.findings.find((f) => f.path === 'src/ask.ts')?.message).toMatch(/^ctx\.mcpReq\.send: the function takes a request context \(ctx\) and asks through it as a handler does, but this run found no registration of it/);
  });

  it('migrates a tool definition found through its dispatcher that asks with extra.sendRequest, its context typed in another module', async () => {
    const files = definitionPackage("import { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';");
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json');
    expect(run.code).toBe(0);
    const report = parseReport(run.stdout);
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.summary.handlersMigrated).toBe(1);
    const ask = read(dir, 'src/ask.ts');
    expect(ask).toContain('  handler: async (args, ctx) => {\n');
    expect(ask).toContain('      return inputRequired({\n');
    expect(ask).not.toContain('sendRequest');
    expect(read(dir, 'src/types.ts')).toContain('extra: ServerContext) => Promise<CallToolResult | InputRequiredResult>;');
    expect(read(dir, 'src/index.ts')).toContain('return tool.handler(request.params.arguments ?? {}, ctx);');
  });

  it('holds the package on v1, exit 1, when such a handler is in a file the upgrade does not change (its schema re-exported by another module)', async () => {
    // ask.ts imports nothing of the SDK, so the upgrade leaves it alone; but types.ts and index.ts
    // would move to v2 around it, and hand its handler v2's context.
    const files: Record<string, string> = {
      ...definitionPackage("import { ElicitResultSchema } from './schemas.js';"),
      'src/schemas.ts': "export { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';\n",
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json');
    expect(run.code).toBe(1);
    const report = parseReport(run.stdout);
    const errors = report.findings.filter((f) => f.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ rule: 'sdk-upgrade', path: 'src/ask.ts', line: 8 });
    expect(errors[0].message).toBe(
      "file left on the v1 SDK: tool handler ask reads sendRequest from v1's handler context (extra.sendRequest), which the upgrade did not rewrite: " +
        "on v2 the context a handler is handed is v2's, which has no sendRequest (v2: mcpReq.send), so this read would not compile and would fail when it runs",
    );
    expect(errors[0].suggestion).toMatch(/^Read the context the v2 way in this handler .*; then run the migration again\.$/);
    expect(read(dir, 'src/ask.ts')).toBe(files['src/ask.ts']!.replace('    const answer', `    // @mcp-mrtr-migrate sdk-upgrade: ${errors[0].message}\n    const answer`));
    for (const kept of ['src/types.ts', 'src/schemas.ts', 'src/index.ts']) expectKeptOnV1(dir, files, report, kept, 'src/ask.ts:8');
  });

  // A route connecting one shared server to a new transport per request: it holds its package on v1 (an sdk-upgrade error).
  const HELD_MANIFEST = '{ "name": "held", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0", "express": "^5.1.0", "zod": "^4.2.0" } }\n';
  const HELD_BY_SHARED_SERVER_ROUTE =
    "import express from 'express';\n" +
    "import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';\n" +
    "import { server } from './server.js';\n" +
    'const app = express();\n' +
    "app.post('/mcp', async (req, res) => {\n" +
    '  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });\n' +
    '  await server.connect(transport);\n' +
    '  await transport.handleRequest(req, res, req.body);\n' +
    '});\n';

  it('reports a question a file of a package held on v1 had migrated, as not migrated where it is asked (it was silent)', async () => {
    const files = {
      'package.json': HELD_MANIFEST,
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { z } from 'zod';\n" +
        "export const server = new McpServer({ name: 'held', version: '1.0.0' });\n" +
        "server.tool('greet', { name: z.string() }, async ({ name }) => {\n" +
        "  const answer = await server.server.elicitInput({ message: `Greet ${name}?`, requestedSchema: { type: 'object', properties: {} } });\n" +
        "  return { content: [{ type: 'text', text: answer.action }] };\n" +
        '});\n',
      'src/http.ts': HELD_BY_SHARED_SERVER_ROUTE,
    };
    const dir = repoWith(files);
    const report = parseReport((await cli(dir, '.', '--json')).stdout);
    expectKeptOnV1(dir, files, report, 'src/server.ts', 'src/http.ts:6');
    expect(report.findings.filter((f) => f.path === 'src/server.ts' && f.rule !== 'sdk-upgrade').map((f) => `${f.line} ${f.rule} ${f.severity}: ${f.message}`)).toEqual([
      '5 push-request warning: This elicitation request is not migrated: the file is left as it was (see the finding on its first line), so it is still sent to the client while the request is handled',
    ]);
    expect(report.summary.sitesMigrated).toBe(0);
  });

  it('reports a question a helper of a file put back had lifted at the request in the helper as well as at its call (the helper line was silent)', async () => {
    const files = {
      'package.json': HELD_MANIFEST,
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { z } from 'zod';\n" +
        "export const server = new McpServer({ name: 'held', version: '1.0.0' });\n" +
        'async function confirm(name: string): Promise<boolean> {\n' +
        "  const answer = await server.server.elicitInput({ message: `Greet ${name}?`, requestedSchema: { type: 'object', properties: {} } });\n" +
        "  return answer.action === 'accept';\n" +
        '}\n' +
        "server.tool('greet', { name: z.string() }, async ({ name }) => {\n" +
        '  const ok = await confirm(name);\n' +
        "  return { content: [{ type: 'text', text: ok ? `Hello ${name}` : 'No' }] };\n" +
        '});\n',
      'src/http.ts': HELD_BY_SHARED_SERVER_ROUTE,
    };
    const dir = repoWith(files);
    const report = parseReport((await cli(dir, '.', '--json')).stdout);
    expectKeptOnV1(dir, files, report, 'src/server.ts', 'src/http.ts:6');
    const notMigrated = 'This elicitation request is not migrated: the file is left as it was (see the finding on its first line), so it is still sent to the client while the request is handled';
    expect(report.findings.filter((f) => f.path === 'src/server.ts' && f.rule === 'push-request').map((f) => `${f.line} ${f.message}`)).toEqual([`5 ${notMigrated}`, `9 ${notMigrated}`]);
    // What was true of the migrated text only (the helper kept beside its companions) goes with it.
    expect(report.findings.filter((f) => f.path === 'src/server.ts' && f.message.includes('lifted into the handlers migrated so far'))).toEqual([]);
  });

  it('leaves a v1 package as it was, exit 1, when one of its low-level handlers returns what v2 types reject', async () => {
    // tools/list returns schemas whose properties may be anything: v1 accepted any object as a
    // result, v2 types a tool's schema properties as JSON values. The other file would upgrade
    // alone, but a package's files move to v2 together (this one hands its server to the other).
    const files = {
      'package.json': '{ "name": "loose", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n',
      'tsconfig.json': '{ "compilerOptions": { "strict": true } }\n',
      'src/server.ts':
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\n" +
        "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n" +
        "import { addPing } from './ping.js';\n" +
        "const schemas: Record<string, unknown>[] = [{ type: 'object' }];\n" +
        "export const server = new Server({ name: 'x', version: '1.0.0' }, { capabilities: { tools: {} } });\n" +
        "server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: schemas.map((inputSchema) => ({ name: 'a', inputSchema })) }));\n" +
        'addPing(server);\n',
      'src/ping.ts':
        "import type { Server } from '@modelcontextprotocol/sdk/server/index.js';\n" +
        "import { PingRequestSchema } from '@modelcontextprotocol/sdk/types.js';\n" +
        'export function addPing(server: Server): void {\n' +
        '  server.setRequestHandler(PingRequestSchema, async () => ({}));\n' +
        '}\n',
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json');
    expect(run.code).toBe(1);
    const report = parseReport(run.stdout);
    const [error] = report.findings.filter((f) => f.severity === 'error');
    expect(error).toMatchObject({ rule: 'sdk-upgrade', path: 'src/server.ts', line: 6 });
    expect(error.message).toMatch(/^file left on the v1 SDK: once keyed by 'tools\/list', this handler would not compile in v2, which types its result as ListToolsResult; the `schemas\.map\(\(inputSchema\) => \(\{ name:\.\.\.` it returns does not match at `tools\[\]\.inputSchema` \(`Record<string, unknown>`, which has no `type`, where v2 wants `\{ \[x: string\]: unknown; type: "object"; /);
    // Nothing moved to v2: the handler is marked, the other file and the manifest are untouched.
    expect(read(dir, 'src/server.ts')).toBe(files['src/server.ts'].replace('server.setRequestHandler(', `// @mcp-mrtr-migrate sdk-upgrade: ${error.message}\nserver.setRequestHandler(`));
    expectKeptOnV1(dir, files, report, 'src/ping.ts', 'src/server.ts:6');
  });

  it('keeps the workspace packages a held package imports, or is imported by, on v1 with it; an unlinked package moves', async () => {
    // The product cannot move (capabilities in the identity argument) and hands its v1 McpServer to
    // a plugin by package name; that plugin imports another by relative path. Moving the plugins
    // alone would give a v1 server to code typed with v2's. The tools package imports none of them.
    const plugin = (name: string, extra = '') =>
      `{ "name": "${name}", "type": "module", "peerDependencies": { "@modelcontextprotocol/sdk": "^1.29.0" }${extra} }\n`;
    const files = {
      'package.json': '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n',
      'packages/product/package.json': '{ "name": "product", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0", "plugin-a": "*" } }\n',
      'packages/product/src/index.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { register } from 'plugin-a';\n" +
        "const server = new McpServer({ name: 'p', version: '1.0.0', capabilities: { tools: {} } });\n" +
        'register(server);\n',
      'packages/plugin-a/package.json': plugin('plugin-a'),
      'packages/plugin-a/src/index.ts':
        "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { describe } from '../../plugin-b/src/describe.js';\n" +
        "export function register(server: McpServer): void {\n" +
        "  server.registerTool('a', { description: describe('a') }, async () => ({ content: [] }));\n" +
        '}\n',
      'packages/plugin-b/package.json': plugin('plugin-b'),
      'packages/plugin-b/src/describe.ts':
        "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\n" +
        'export const describe = (name: string): string => `tool ${name}`;\n' +
        'export const empty: CallToolResult = { content: [] };\n',
      'packages/tools/package.json': plugin('tools'),
      'packages/tools/src/index.ts':
        "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\n" +
        'export const empty: CallToolResult = { content: [] };\n',
    };
    const dir = repoWith(files);
    const run = await cli(dir, '.', '--json', '--no-typecheck');
    expect(run.code).toBe(1);
    const report = parseReport(run.stdout);
    expect(report.findings.find((f) => f.severity === 'error')).toMatchObject({ rule: 'sdk-upgrade', path: 'packages/product/src/index.ts', line: 3 });
    const held = (file: string) => report.findings.find((f) => f.path === file && f.rule === 'sdk-upgrade')?.message;
    expect(held('packages/plugin-a/src/index.ts')).toBe(
      "left as it was, on the v1 SDK: package packages/product imports 'plugin-a' at packages/product/src/index.ts:2 (it stays on the v1 SDK: " +
        'packages/product/src/index.ts:3 cannot be upgraded to v2 yet, see the error there); packages that import each other hand SDK objects across the import, so they move to v2 together',
    );
    expect(held('packages/plugin-b/src/describe.ts')).toBe(
      "left as it was, on the v1 SDK: package packages/plugin-a imports '../../plugin-b/src/describe.js' at packages/plugin-a/src/index.ts:2 (it stays on the v1 SDK with package packages/product: " +
        'packages/product/src/index.ts:3 cannot be upgraded to v2 yet, see the error there); packages that import each other hand SDK objects across the import, so they move to v2 together',
    );
    for (const kept of ['packages/plugin-a/src/index.ts', 'packages/plugin-a/package.json', 'packages/plugin-b/src/describe.ts', 'packages/plugin-b/package.json', 'packages/product/package.json']) {
      expect(read(dir, kept)).toBe(files[kept as keyof typeof files]);
    }
    expect(read(dir, 'packages/tools/src/index.ts')).toContain("from '@modelcontextprotocol/server'");
    expect(read(dir, 'packages/tools/package.json')).toContain('"@modelcontextprotocol/server"');
  });

  it('in a folder without package.json, holds on v1 only the refused file and the files it imports or is imported by; the others move', async () => {
    // No manifest moves these files together: server.ts cannot move (capabilities in the identity
    // argument) and hands its server to tools.ts, which imports a helper of its own; other.ts is a
    // server of its own that imports none of them.
    const files = {
      'src/server.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { register } from './tools.js';\n" +
        "const server = new McpServer({ name: 'p', version: '1.0.0', capabilities: { tools: {} } });\n" +
        'register(server);\n',
      'src/tools.ts':
        "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { describe } from './describe.js';\n" +
        'export function register(server: McpServer): void {\n' +
        "  server.registerTool('a', { description: describe('a') }, async () => ({ content: [] }));\n" +
        '}\n',
      'src/describe.ts':
        "import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';\n" +
        'export const describe = (name: string): string => `tool ${name}`;\n' +
        'export const empty: CallToolResult = { content: [] };\n',
      'src/other.ts':
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "const other = new McpServer({ name: 'o', version: '1.0.0' });\n" +
        "other.registerTool('b', { description: 'b' }, async () => ({ content: [] }));\n",
    };
    const dir = repoWith(files);
    const run = await cli(dir, 'src', '--json', '--no-typecheck');
    expect(run.code).toBe(1);
    const report = parseReport(run.stdout);
    expect(report.findings.find((f) => f.severity === 'error')).toMatchObject({ rule: 'sdk-upgrade', path: 'src/server.ts', line: 3 });
    const held = (file: string) => report.findings.find((f) => f.path === file && f.rule === 'sdk-upgrade')?.message;
    const tail = '; files that import each other hand SDK objects across the import, so they move to v2 together. This folder has no package.json, so its other files move to v2 on their own';
    expect(held('src/tools.ts')).toBe("left as it was, on the v1 SDK: src/server.ts:2 imports it ('./tools.js'), and src/server.ts stays on the v1 SDK: src/server.ts:3 cannot be upgraded to v2 yet, see the error there" + tail);
    expect(held('src/describe.ts')).toBe("left as it was, on the v1 SDK: src/tools.ts:2 imports it ('./describe.js'), and src/tools.ts stays on the v1 SDK with src/server.ts, where src/server.ts:3 cannot be upgraded to v2 yet, see the error there" + tail);
    for (const kept of ['src/tools.ts', 'src/describe.ts']) expect(read(dir, kept)).toBe(files[kept as keyof typeof files]);
    expect(read(dir, 'src/other.ts')).toContain("from '@modelcontextprotocol/server'");
  });

  it('--check exits 1 when a file would change, lists the findings and counts, and writes nothing', async () => {
    const dir = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER }));
    const before = snapshot(dir);
    const run = await cli(dir, '--check');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^Would migrate 5 handlers \(6 sites\) in 2 of 2 files; 1 finding needs review(; \d+ notes?)?\.$/m);
    expect(run.stdout).toMatch(/^src\/loop\.ts:9:26 +warning +push-in-loop +ctx\.mcpReq\.elicitInput/m);
    // Every finding of the run is listed, one line each.
    const report = parseReport((await cli(dir, '--check', '--json')).stdout);
    expect(report.findings.length).toBeGreaterThan(1);
    for (const f of report.findings) expect(run.stdout).toContain(`${f.path}:${f.line}:${f.column}`);
    expect(snapshot(dir)).toEqual(before);

    // Only the example (no warnings): still exit 1, because it would change.
    const clean = repoWith(examplePackage());
    const check = await cli(clean, '--check', '--json');
    const cleanReport = parseReport(check.stdout);
    expect(cleanReport.summary.filesChanged).toBe(1);
    expect(warnings(cleanReport)).toEqual([]);
    expect(check.code).toBe(1);
  });

  it('--check after a write exits 1 iff something would still change or a warning/error finding remains', async () => {
    // The example alone: everything migrates, only info notes. After the write nothing is left.
    const example = repoWith(examplePackage());
    expect((await cli(example, '.')).code).toBe(0);
    commitAll(example);
    const exampleCheck = await cli(example, '--check', '--json');
    const exampleReport = parseReport(exampleCheck.stdout);
    expect(exampleReport.summary.filesChanged).toBe(0);
    expect(warnings(exampleReport)).toEqual([]);
    expect(exampleCheck.code).toBe(0);
    expect((await cli(example, '--check')).code).toBe(0);

    // With a spot that needs review: nothing would change any more, but the warning stays.
    const withWarning = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER }));
    expect((await cli(withWarning, '.')).code).toBe(0);
    commitAll(withWarning);
    const check = await cli(withWarning, '--check', '--json');
    const report = parseReport(check.stdout);
    expect(report.summary.filesChanged).toBe(0);
    expect(warnings(report).map((f) => f.rule)).toEqual(['push-in-loop']);
    const expected = report.summary.filesChanged > 0 || warnings(report).length > 0 ? 1 : 0;
    expect(check.code).toBe(expected);
    expect(check.code).toBe(1);
  });

  describe('usage errors exit 2', () => {
    let dir: string;
    const fresh = () => (dir = repoWith(examplePackage()));

    it.each([
      [['--no-such-option'], /unknown option '--no-such-option'/],
      [['--report', 'x.txt'], /--report x\.txt: the file must end in \.json, \.md or \.sarif/],
      [['--dry-run', '--check'], /--dry-run and --check cannot be combined/],
      [['--workers', '0'], /--workers <n>.*'0' is invalid/],
      [['--sdk-upgrade', 'sometimes'], /Allowed choices are auto, always, never/],
    ])('%j', async (args, message) => {
      fresh();
      const before = snapshot(dir);
      const run = await cli(dir, ...args, '.');
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe('');
      expect(snapshot(dir)).toEqual(before);
      expect(fs.existsSync(path.join(dir, 'x.txt'))).toBe(false);
    });

    it('-t with an unknown transform id names it and the known ids', async () => {
      fresh();
      const known = (await loadTransforms()).map((t) => t.id);
      expect(known.length).toBeGreaterThan(0);
      const run = await cli(dir, '-t', 'nope', '.');
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('nope');
      for (const id of known) expect(run.stderr).toContain(id);
      expect(read(dir, 'src/server.ts')).toBe(EXAMPLE_SERVER);
    });
  });

  it('--list prints one line per transform, starting with its id', async () => {
    const transforms = await loadTransforms();
    const run = await cli(tmpDir(), '--list');
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    const listed = lines(run.stdout);
    expect(listed).toHaveLength(transforms.length);
    listed.forEach((line, i) => {
      expect(line.split(/\s+/)[0]).toBe(transforms[i].id);
      expect(line).toContain(transforms[i].title);
    });
  });

  it('-t selects a subset: result-type alone adds resultType and splits no handler', async () => {
    const dir = repoWith(examplePackage());
    const run = await cli(dir, '-t', 'result-type', '--json', '.');
    expect(run.code).toBe(0);
    const report = parseReport(run.stdout);
    expect(report.files).toEqual([{ path: 'src/server.ts', changed: true, transforms: ['result-type'], sitesMigrated: 0 }]);
    const out = read(dir, 'src/server.ts');
    expect(out).toContain("resultType: 'complete'");
    expect(out).not.toContain('inputRequired');
    expect(fs.existsSync(path.join(dir, 'src', 'mrtr-state.ts'))).toBe(false);
  });
});

describe('--dry-run', () => {
  const CRLF_SERVER =
    '#!/usr/bin/env node\r\nimport { McpServer } from "@modelcontextprotocol/server";\r\n\r\n' +
    'const server = new McpServer({ name: "crlf", version: "1.0.0" });\r\n\r\n' +
    'server.registerTool("hi", {}, async () => {\r\n\treturn { content: [{ type: "text", text: "hi" }] };\r\n});';
  const tree = () =>
    examplePackage({ 'src/loop.ts': LOOP_SERVER, 'src/crlf.ts': CRLF_SERVER, 'src/plain.ts': 'export const x = 1;\n' });

  it('prints a diff that git apply turns into exactly what a write produces, summary on stderr, writing nothing', async () => {
    const dry = repoWith(tree());
    const before = snapshot(dry);
    const run = await cli(dry, '--dry-run');
    expect(run.code).toBe(0);
    expect(snapshot(dry)).toEqual(before);
    // stdout is the diff only; the summary is on stderr.
    expect(run.stdout.startsWith('diff --git a/src/crlf.ts b/src/crlf.ts\n')).toBe(true);
    expect(run.stdout).toContain('diff --git a/src/mrtr-state.ts b/src/mrtr-state.ts\nnew file mode 100644\n--- /dev/null\n');
    expect(run.stdout).toContain('diff --git a/src/server.ts b/src/server.ts\n');
    expect(run.stdout).not.toContain('src/plain.ts');
    expect(run.stdout).not.toContain('Would migrate');
    expect(run.stderr).toMatch(/^Would migrate 5 handlers \(6 sites\) in 3 of 4 files; 1 finding needs review(; \d+ notes?)?\.$/m);
    expect(run.stderr).toMatch(/^src\/loop\.ts:9:26 +warning +push-in-loop/m);

    // Apply the diff to a fresh copy...
    const applied = repoWith(tree());
    const patchFile = path.join(tmpDir(), 'change.patch');
    fs.writeFileSync(patchFile, run.stdout);
    git(applied, 'apply', '--whitespace=nowarn', patchFile);
    // ...and write for real in another one: the trees must be identical, created module included.
    const written = repoWith(tree());
    const write = await cli(written);
    expect(write.code).toBe(0);
    const result = snapshot(written);
    expect(Object.keys(result)).toContain('src/mrtr-state.ts');
    expect(snapshot(applied)).toEqual(result);
    expect(result).not.toEqual(before);
  });

  it('never refuses a dirty tree and never writes, also with --check', async () => {
    const dir = repoWith(examplePackage());
    fs.appendFileSync(path.join(dir, 'src/server.ts'), '// local edit\n');
    writeFiles(dir, { 'src/untracked.ts': LOOP_SERVER });
    const before = snapshot(dir);
    const dry = await cli(dir, '-d', '.');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('diff --git a/src/untracked.ts b/src/untracked.ts');
    const check = await cli(dir, '--check', '.');
    expect(check.code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('dirty-tree guard', () => {
  it('refuses a committed file with uncommitted changes: exit 2, names it, leaves it as it is', async () => {
    const dir = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER }));
    const edited = `${EXAMPLE_SERVER}// an uncommitted edit\n`;
    fs.writeFileSync(path.join(dir, 'src/server.ts'), edited);
    const before = snapshot(dir);
    const run = await cli(dir, '.');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('uncommitted changes');
    expect(run.stderr).toContain('--allow-dirty');
    expect(run.stderr).toMatch(/^ {2}src\/server\.ts$/m);
    expect(run.stderr).not.toMatch(/^ {2}src\/loop\.ts$/m);
    expect(read(dir, 'src/server.ts')).toBe(edited);
    // Nothing at all is written (not even the clean file or the state module).
    expect(snapshot(dir)).toEqual(before);
  });

  it('--allow-dirty writes anyway', async () => {
    const dir = repoWith(examplePackage());
    const edited = `${EXAMPLE_SERVER}// an uncommitted edit\n`;
    fs.writeFileSync(path.join(dir, 'src/server.ts'), edited);
    const run = await cli(dir, '--allow-dirty', '.');
    expect(run.code).toBe(0);
    const out = read(dir, 'src/server.ts');
    expect(out).not.toBe(edited);
    expect(out).toContain('inputRequired(');
    expect(out.endsWith('// an uncommitted edit\n')).toBe(true);
    expect(fs.existsSync(path.join(dir, 'src/mrtr-state.ts'))).toBe(true);
  });

  it('counts an untracked new file as dirty', async () => {
    const dir = repoWith({ 'package.json': EXAMPLE_PACKAGE, 'tsconfig.json': EXAMPLE_TSCONFIG, 'README.md': '# x\n' });
    writeFiles(dir, { 'src/server.ts': EXAMPLE_SERVER });
    const run = await cli(dir, '.');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^ {2}src\/server\.ts$/m);
    expect(read(dir, 'src/server.ts')).toBe(EXAMPLE_SERVER);
    expect(fs.existsSync(path.join(dir, 'src/mrtr-state.ts'))).toBe(false);
  });

  it('outside any git repository writes, with a one-line warning', async () => {
    const dir = tmpDir();
    writeFiles(dir, examplePackage());
    // Precondition: the temp directory is not inside some repository.
    expect(() => git(dir, 'rev-parse', '--show-toplevel')).toThrow();
    const run = await cli(dir, '.');
    expect(run.code).toBe(0);
    const warningLines = lines(run.stderr);
    expect(warningLines).toHaveLength(1);
    expect(warningLines[0]).toMatch(/^warning: .*git/);
    expect(read(dir, 'src/server.ts')).toContain('inputRequired(');
    expect(fs.existsSync(path.join(dir, 'src/mrtr-state.ts'))).toBe(true);
  });
});

describe('a file that cannot be processed', () => {
  it('leaves it byte for byte, processes the 199 others, lists it in errors and exits 3', async () => {
    const files: Record<string, string> = { 'package.json': '{ "name": "many", "private": true }\n' };
    const askers: string[] = [];
    for (let i = 0; i < 199; i++) {
      const rel = `src/m${String(i).padStart(3, '0')}.ts`;
      if (i % 20 === 0) {
        files[rel] = askServer(i);
        askers.push(rel);
      } else {
        files[rel] = `export const value${i} = ${i};\nexport function double${i}(n: number): number {\n  return n * ${i};\n}\n`;
      }
    }
    files['src/broken.ts'] = BROKEN;
    const dir = repoWith(files);
    const reportFile = path.join(tmpDir(), 'report.json');

    const run = await cli(dir, '--report', reportFile, '.');
    expect(run.code).toBe(3);
    // The broken file is untouched, the others are migrated.
    expect(read(dir, 'src/broken.ts')).toBe(BROKEN);
    for (const rel of askers) expect(read(dir, rel), rel).toContain('inputRequired(');
    for (const [rel, text] of Object.entries(files)) if (!askers.includes(rel) && rel !== 'src/broken.ts') expect(read(dir, rel)).toBe(text);
    expect(fs.existsSync(path.join(dir, 'src/mrtr-state.js'))).toBe(true);

    const report = parseReport(fs.readFileSync(reportFile, 'utf8'));
    expect(report.summary.filesScanned).toBe(200);
    expect(report.summary.filesChanged).toBe(askers.length);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0].path).toBe('src/broken.ts');
    expect(report.errors[0].message).toMatch(/^syntax error at 5:\d+: /);
    expect(report.files.some((f) => f.path === 'src/broken.ts')).toBe(false);

    // Human output: in a write the summary (with the error list) is on stdout...
    expect(run.stdout).toMatch(/^Error \(left untouched\):\n {2}src\/broken\.ts: syntax error at 5:\d+: /m);
    expect(run.stdout).toContain('1 file could not be processed');
    // ...with --quiet only the error is printed, on stderr; a dry run puts the summary on stderr.
    const quiet = await cli(dir, '--quiet', '.');
    expect(quiet.code).toBe(3);
    expect(quiet.stdout).toBe('');
    expect(quiet.stderr).toMatch(/^src\/broken\.ts: syntax error at 5:\d+: .*\n$/);
    const dry = await cli(dir, '--dry-run', 'src/broken.ts');
    expect(dry.code).toBe(3);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toMatch(/^ {2}src\/broken\.ts: syntax error at 5:\d+: /m);
    expect(read(dir, 'src/broken.ts')).toBe(BROKEN);
  });
});

describe('byte preservation', () => {
  /** The example with a shebang, tab indentation, CRLF endings and no final newline. */
  const tabbedCrlf = (text: string) =>
    `#!/usr/bin/env node\n${text}`
      .replace(/^((?: {2})+)/gm, (indent) => '\t'.repeat(indent.length / 2))
      .replace(/\n$/, '')
      .replace(/\n/g, '\r\n');

  it('a migrated file keeps its shebang, tabs, CRLF and missing final newline; generated lines use them too', async () => {
    const input = tabbedCrlf(EXAMPLE_SERVER);
    const dir = repoWith(examplePackage({ 'src/server.ts': input }));
    const run = await cli(dir, '--no-format', '.');
    expect(run.code).toBe(0);
    const out = read(dir, 'src/server.ts');
    expect(out).not.toBe(input);
    expect(out).toContain('inputRequired(');
    expect(out.startsWith('#!/usr/bin/env node\r\n// A small MCP server')).toBe(true);
    expect(out.endsWith('\treturn server;\r\n}')).toBe(true);
    expect(out.match(/(?<!\r)\n/g)).toBeNull(); // every line ends in CRLF, generated ones too
    const outLines = out.split('\r\n');
    expect(outLines.filter((line) => /^ +\S/.test(line))).toEqual([]); // no space-indented line
    expect(outLines.filter((line) => /^\t\t\t+\S/.test(line)).length).toBeGreaterThan(10);
    // Untouched lines keep their exact bytes.
    const kept = input.split('\r\n').filter((line) => /^(\/\/|#!|interface |\t(service|env|version): string;|async function )/.test(line));
    expect(kept.length).toBeGreaterThan(8);
    for (const line of kept) expect(outLines).toContain(line);
  });

  // The parser drops a leading BOM; the engine works without it and restores it, so no edit can
  // land one character early.
  it('a migrated file with a BOM keeps it and is migrated exactly like the same file without one', async () => {
    const small =
      "import { McpServer } from '@modelcontextprotocol/server';\n\n" +
      "const server = new McpServer({ name: 'small', version: '1.0.0' });\n\n" +
      "server.registerTool('hi', {}, async () => {\n  return { content: [{ type: 'text', text: 'hi' }] };\n});\n";
    const plain = repoWith(examplePackage({ 'src/small.ts': small }));
    const bom = repoWith(examplePackage({ 'src/server.ts': `\uFEFF${EXAMPLE_SERVER}`, 'src/small.ts': `\uFEFF${small}` }));
    expect((await cli(plain, '.')).code).toBe(0);
    const run = await cli(bom, '.');
    expect(run.stdout).not.toContain('could not be processed');
    expect(run.code).toBe(0);
    for (const rel of ['src/server.ts', 'src/small.ts']) {
      const bytes = fs.readFileSync(path.join(bom, rel));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(read(bom, rel)).toBe(`\uFEFF${read(plain, rel)}`);
    }
  });

  it('a file no transform changes is not rewritten at all (same bytes, inode and mtime)', async () => {
    const untouched = {
      // Parsed (it looks like an MCP server) but already complete; BOM, shebang, CRLF, tabs, no final newline.
      'src/done.ts':
        '\uFEFF#!/usr/bin/env node\r\nimport { McpServer } from "@modelcontextprotocol/server";\r\n\r\n' +
        'const server = new McpServer({ name: "done", version: "1.0.0" });\r\n' +
        'server.registerTool("hi", {}, async () => {\r\n\treturn { resultType: "complete", content: [] };\r\n});',
      // Never parsed: nothing to look for.
      'src/plain.ts': '\uFEFF#!/usr/bin/env node\r\n\texport const x = 1;\t\r\nexport const y = 2;',
    };
    const dir = repoWith(examplePackage(untouched));
    const old = new Date('2020-01-01T00:00:00Z');
    const stats = Object.fromEntries(
      Object.keys(untouched).map((rel) => {
        fs.utimesSync(path.join(dir, rel), old, old);
        return [rel, fs.statSync(path.join(dir, rel))];
      }),
    );
    const run = await cli(dir, '.');
    expect(run.code).toBe(0);
    expect(read(dir, 'src/server.ts')).toContain('inputRequired('); // a real write happened
    for (const [rel, text] of Object.entries(untouched)) {
      const after = fs.statSync(path.join(dir, rel));
      expect(fs.readFileSync(path.join(dir, rel))).toEqual(Buffer.from(text, 'utf8'));
      expect(after.ino).toBe(stats[rel].ino);
      expect(after.mtimeMs).toBe(stats[rel].mtimeMs);
    }
  });
});

describe('reports', () => {
  const DOCUMENTED = {
    top: ['version', 'tool', 'summary', 'packages', 'files', 'findings', 'errors', 'typecheck'],
    typecheck: ['checked', 'unchecked', 'putBack'],
    summary: ['filesScanned', 'filesChanged', 'handlersMigrated', 'sitesMigrated', 'findings', 'errors', 'durationMs'],
    packages: ['name', 'path', 'filesChanged', 'findings'],
    files: ['path', 'changed', 'transforms', 'sitesMigrated'],
    findings: ['rule', 'severity', 'path', 'line', 'column', 'message'],
  };

  it('--json prints only a valid report with the documented field names', async () => {
    const dir = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER, 'src/broken.ts': BROKEN }));
    const run = await cli(dir, '--json', '--dry-run', '.');
    expect(run.code).toBe(3);
    expect(run.stderr).toBe('');
    const report = parseReport(run.stdout);
    expect(run.stdout).toBe(`${JSON.stringify(report, null, 2)}\n`);
    expect(Object.keys(report)).toEqual(DOCUMENTED.top);
    expect(report.version).toBe(1);
    expect(report.tool).toEqual({ name: 'mcp-mrtr-migrate', version: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version });
    expect(Object.keys(report.summary)).toEqual(DOCUMENTED.summary);
    expect(Object.keys(report.typecheck ?? {})).toEqual(DOCUMENTED.typecheck);
    expect(report.summary).toMatchObject({ filesScanned: 3, filesChanged: 2, handlersMigrated: 5, sitesMigrated: 6, errors: 1 });
    expect(report.packages).toEqual([{ name: 'example-legacy-v2-server', path: '.', filesChanged: 2, findings: report.findings.length }]);
    for (const pkg of report.packages) expect(Object.keys(pkg)).toEqual(DOCUMENTED.packages);
    expect(report.files.map((f) => f.path)).toEqual(['src/loop.ts', 'src/server.ts']);
    for (const file of report.files) expect(Object.keys(file)).toEqual(DOCUMENTED.files);
    for (const finding of report.findings) {
      expect(Object.keys(finding).filter((k) => k !== 'suggestion')).toEqual(DOCUMENTED.findings);
    }
    expect(warnings(report).map((f) => [f.path, f.line, f.column, f.rule, f.severity])).toEqual([
      ['src/loop.ts', 9, 26, 'push-in-loop', 'warning'],
    ]);
    // The example's notes (answer validation for the three elicitations, at least).
    const notes = report.findings.filter((f) => f.severity === 'info');
    expect(notes.filter((f) => f.rule === 'answer-validation').map((f) => [f.path, f.line])).toEqual([
      ['src/server.ts', 37],
      ['src/server.ts', 90],
      ['src/server.ts', 115],
    ]);
    for (const f of report.findings) expect(f.message.length).toBeGreaterThan(0);
    expect(report.errors).toEqual([{ path: 'src/broken.ts', message: expect.stringMatching(/^syntax error at 5:\d+: /) }]);
  });

  it('--report writes .json, .md and .sarif renderings of the same run', async () => {
    const dir = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER, 'src/broken.ts': BROKEN }));
    const out = tmpDir();
    const runs = await Promise.all(
      ['json', 'md', 'sarif'].map((ext) => cli(dir, '--dry-run', '--report', path.join(out, `out.${ext}`), '.')),
    );
    for (const run of runs) expect(run.code).toBe(3);
    // A relative --report path is taken from cwd.
    expect((await cli(dir, '--dry-run', '--report', 'rel/../out.json', '.')).code).toBe(3);
    expect(fs.existsSync(path.join(dir, 'out.json'))).toBe(true);
    fs.rmSync(path.join(dir, 'out.json'));

    const report = parseReport(fs.readFileSync(path.join(out, 'out.json'), 'utf8'));
    expect(warnings(report).map((f) => f.rule)).toEqual(['push-in-loop']);
    const infos = report.findings.length - 1;
    expect(infos).toBeGreaterThanOrEqual(3);

    const sarif = JSON.parse(fs.readFileSync(path.join(out, 'out.sarif'), 'utf8')) as {
      version: string;
      runs: { tool: { driver: { name: string; rules: { id: string }[] } }; results: { ruleId: string; ruleIndex: number; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[] }[];
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    const [sarifRun] = sarif.runs;
    expect(sarifRun.tool.driver.name).toBe('mcp-mrtr-migrate');
    // One result per finding of the JSON report, in its order, then one per error.
    expect(sarifRun.results.map((r) => [r.ruleId, r.level, r.locations[0].physicalLocation.artifactLocation.uri, r.locations[0].physicalLocation.region.startLine])).toEqual([
      ...report.findings.map((f) => [f.rule, f.severity === 'info' ? 'note' : f.severity, f.path, f.line]),
      ['processing-error', 'error', 'src/broken.ts', 1],
    ]);
    expect(sarifRun.results[0]).toMatchObject({ ruleId: 'push-in-loop', level: 'warning' });
    for (const result of sarifRun.results) expect(sarifRun.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);

    const md = fs.readFileSync(path.join(out, 'out.md'), 'utf8');
    expect(md).toContain('## MCP MRTR migration report');
    expect(md).toContain('| Files scanned | 3 |');
    expect(md).toContain(`| Findings | ${report.findings.length} (1 warning, ${infos} info) |`);
    expect(md).toContain('### Findings');
    expect(md).toMatch(/^#### .* · `push-in-loop` \(1\)$/m);
    const validations = report.findings.filter((f) => f.rule === 'answer-validation').length;
    expect(md).toMatch(new RegExp(`^#### .* · \`answer-validation\` \\(${validations}\\)$`, 'm'));
    expect(md).toContain('- `src/loop.ts:9` — ');
    expect(md).toContain('### Errors');
    expect(md).toMatch(/^- `src\/broken\.ts`: syntax error at 5:\d+: /m);
    expect(md).toContain('<details><summary>Diff</summary>');
  });

  it('--quiet prints nothing on success', async () => {
    const dir = repoWith(examplePackage({ 'src/loop.ts': LOOP_SERVER }));
    const run = await cli(dir, '--quiet', '.');
    expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(read(dir, 'src/server.ts')).toContain('inputRequired(');
    const check = await cli(dir, '-q', '--check', '.');
    expect(check).toEqual({ code: 1, stdout: '', stderr: '' });
  });
});

describe('markers', () => {
  it('puts a marker above every warning, once, and a second run changes nothing', async () => {
    const dir = repoWith(examplePackage({ 'src/review.ts': REVIEW_SERVER }));
    const first = await cli(dir, '--json', '.');
    expect(first.code).toBe(0);
    const report = parseReport(first.stdout);
    const found = warnings(report);
    expect(found.map((f) => f.rule).sort()).toEqual(['push-in-loop', 'result-built-elsewhere']);

    const original = REVIEW_SERVER.split('\n');
    const out = read(dir, 'src/review.ts').split('\n');
    for (const finding of found) {
      const statement = original[finding.line - 1];
      const at = out.indexOf(statement);
      expect(at, `line ${finding.line} of the original`).toBeGreaterThan(0);
      const marker = out[at - 1];
      expect(marker).toBe(`${/^\s*/.exec(statement)![0]}// @mcp-mrtr-migrate ${finding.rule}: ${finding.message}`);
    }
    const markerCount = (text: string) => text.split('\n').filter((l) => l.trim().startsWith('// @mcp-mrtr-migrate ')).length;
    expect(markerCount(read(dir, 'src/review.ts'))).toBe(found.length);
    expect(markerCount(read(dir, 'src/server.ts'))).toBe(0); // info findings get no marker

    commitAll(dir);
    const afterFirst = snapshot(dir);
    const second = await cli(dir, '--json', '.');
    expect(second.code).toBe(0);
    const secondReport = parseReport(second.stdout);
    expect(secondReport.summary.filesChanged).toBe(0);
    expect(warnings(secondReport).map((f) => f.rule).sort()).toEqual(['push-in-loop', 'result-built-elsewhere']);
    expect(snapshot(dir)).toEqual(afterFirst);
    expect(git(dir, 'status', '--porcelain')).toBe('');
  });
});

describe('paths in output', () => {
  const tree = () => ({
    'sub/package.json': '{ "name": "sub", "private": true }\n',
    'sub/src/loop.ts': LOOP_SERVER,
    'sub/src/server.ts': EXAMPLE_SERVER,
    'sub/src/broken.ts': BROKEN,
  });

  it.each([['absolute'], ['./sub/../sub'], ['sub/']])('are relative to cwd with / separators (target %s)', async (spelling) => {
    const dir = repoWith(tree());
    const target = spelling === 'absolute' ? path.join(dir, 'sub') : spelling;
    const json = await cli(dir, '--json', '--dry-run', target);
    expect(json.code).toBe(3);
    const report = parseReport(json.stdout);
    expect(report.files.map((f) => f.path)).toEqual(['sub/src/loop.ts', 'sub/src/server.ts']);
    expect([...new Set(report.findings.map((f) => f.path))]).toEqual(['sub/src/loop.ts', 'sub/src/server.ts']);
    expect(report.errors.map((e) => e.path)).toEqual(['sub/src/broken.ts']);
    expect(report.packages.map((p) => p.path)).toEqual(['sub']);

    const human = await cli(dir, '--dry-run', target);
    expect(human.stdout).toMatch(/^diff --git a\/sub\/src\/loop\.ts b\/sub\/src\/loop\.ts$/m);
    expect(human.stdout).toMatch(/^diff --git a\/sub\/src\/mrtr-state\.js b\/sub\/src\/mrtr-state\.js$/m);
    expect(human.stderr).toMatch(/^sub\/src\/loop\.ts:9:26 /m);
    expect(human.stderr).toMatch(/^ {2}sub\/src\/broken\.ts: /m);
    // Every path the output shows: diff headers, finding and error lines, report fields.
    const shown = [
      ...[...human.stdout.matchAll(/^(?:diff --git a\/(\S+) b\/\S+|--- a\/(\S+)|\+\+\+ b\/(\S+))$/gm)].map((m) => m[1] ?? m[2] ?? m[3]),
      ...[...human.stderr.matchAll(/^(?: {2})?([^\s:]+):(?:\d+:\d+ | )/gm)].map((m) => m[1]),
      ...report.files.map((f) => f.path),
      ...report.findings.map((f) => f.path),
      ...report.errors.map((e) => e.path),
    ];
    expect(shown.length).toBeGreaterThan(8);
    for (const p of shown) expect(p).toMatch(/^sub\/src\/[\w.-]+$/);
    expect(json.stdout + human.stdout + human.stderr).not.toContain(dir);
  });

  it('are relative to cwd when cwd is below the target', async () => {
    const dir = repoWith(tree());
    const json = await cli(path.join(dir, 'sub', 'src'), '--json', '--dry-run', path.join(dir, 'sub'));
    const report = parseReport(json.stdout);
    expect(report.files.map((f) => f.path)).toEqual(['loop.ts', 'server.ts']);
    expect(report.errors.map((e) => e.path)).toEqual(['broken.ts']);
  });

  // Without a package.json above it, a file belongs to the target it was found under, never to cwd.
  it('a target outside cwd without a package.json gets its state module inside the target, not in cwd', async () => {
    const cwd = tmpDir();
    const target = tmpDir();
    writeFiles(target, { 'lib/server.ts': EXAMPLE_SERVER });
    const run = await cli(cwd, '--allow-dirty', target);
    expect(run.code).toBe(0);
    expect(fs.readdirSync(cwd)).toEqual([]);
    const created = Object.keys(snapshot(target)).filter((rel) => /mrtr-state\.[jt]s$/.test(rel));
    expect(created).toHaveLength(1);
    expect(read(target, 'lib/server.ts')).not.toContain(path.basename(cwd));
  });
});

describe('discovery', () => {
  it('leaves .gitignored files and node_modules alone, and --ignore excludes a folder', async () => {
    const files = {
      '.gitignore': 'generated/\n',
      'package.json': '{ "name": "disc", "private": true }\n',
      'src/loop.ts': LOOP_SERVER,
      'node_modules/dep/index.ts': LOOP_SERVER,
      'generated/gen.ts': LOOP_SERVER,
      'legacy/old.ts': LOOP_SERVER,
      'legacy/deep/older.ts': LOOP_SERVER,
    };
    const dir = repoWith(files);
    // Without --ignore legacy/ would be migrated; .gitignored and node_modules files are never seen.
    const listed = parseReport((await cli(dir, '--json', '--dry-run', '.')).stdout);
    expect(listed.files.map((f) => f.path)).toEqual(['legacy/deep/older.ts', 'legacy/old.ts', 'src/loop.ts']);
    expect(listed.summary.filesScanned).toBe(3);

    const run = await cli(dir, '--json', '--ignore', 'legacy/**', '.');
    expect(run.code).toBe(0);
    const report = parseReport(run.stdout);
    expect(report.summary.filesScanned).toBe(1);
    expect(report.files.map((f) => f.path)).toEqual(['src/loop.ts']);
    expect(read(dir, 'src/loop.ts')).not.toBe(LOOP_SERVER);
    for (const rel of ['node_modules/dep/index.ts', 'generated/gen.ts', 'legacy/old.ts', 'legacy/deep/older.ts']) {
      expect(read(dir, rel), rel).toBe(LOOP_SERVER);
    }
  });
});

describe('formatting', () => {
  const pkg = (extra: Record<string, string> = {}) => ({
    'package.json': '{ "name": "fmt", "private": true }\n',
    'src/loop.ts': LOOP_SERVER,
    ...extra,
  });
  const LONG_LINE =
    "server.registerTool('ask-all', { inputSchema: z.object({ items: z.array(z.string()) }) }, async ({ items }, ctx) => {";

  it('formats what it changed in a file with the package prettier config, and leaves the rest as it was', async () => {
    const dir = repoWith(pkg({ '.prettierrc': '{ "singleQuote": false }\n' }));
    const run = await cli(dir, '.');
    expect(run.code).toBe(0);
    const out = read(dir, 'src/loop.ts');
    expect(out).toContain('resultType: "complete"');
    expect(out).not.toContain(LONG_LINE);
    // Lines the run did not write keep the file's own layout (prettier would change their quotes).
    expect(out).toContain("import { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n");
    // And the whole is the code prettier's layout of it is.
    const file = path.join(dir, 'src/loop.ts');
    const config = await prettier.resolveConfig(file);
    expect(sameCode(file, out, await prettier.format(out, { ...config, filepath: file }))).toBe(true);
  });

  it('--no-format leaves prettier out; generated code follows the file style', async () => {
    const dir = repoWith(pkg({ '.prettierrc': '{ "singleQuote": false }\n' }));
    expect((await cli(dir, '--no-format', '.')).code).toBe(0);
    const out = read(dir, 'src/loop.ts');
    expect(out).toContain("resultType: 'complete'");
    expect(out).toContain(LONG_LINE);
    expect(out).not.toContain('"');
  });

  it('does not format a file left on the v1 SDK: only its marker line is new', async () => {
    const server =
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
      "import { validateToolName } from '@modelcontextprotocol/sdk/shared/toolNameValidation.js';\n" +
      "const server = new McpServer({ name: 'x', version: '1.0.0' });\n" +
      "if (validateToolName('hi').isValid) server.tool('hi', async () => ({ content: [] }));\n";
    const dir = repoWith({
      'package.json': '{ "name": "leftover", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "^1.29.0" } }\n',
      '.prettierrc': '{ "singleQuote": false }\n',
      'src/server.ts': server,
    });
    expect((await cli(dir, '.')).code).toBe(1);
    const out = read(dir, 'src/server.ts');
    expect(out).toMatch(/^\/\/ @mcp-mrtr-migrate sdk-upgrade: file left on the v1 SDK: /m);
    expect(out.replace(/^\/\/ @mcp-mrtr-migrate sdk-upgrade: .*\n/m, '')).toBe(server);
  });

  it('does not format when no prettier config applies', async () => {
    const dir = repoWith(pkg());
    expect(await prettier.resolveConfigFile(path.join(dir, 'src/loop.ts'))).toBeNull();
    expect((await cli(dir, '.')).code).toBe(0);
    const out = read(dir, 'src/loop.ts');
    expect(out).toContain("resultType: 'complete'");
    expect(out).toContain(LONG_LINE);
    expect(out).not.toContain('"');
  });
});
