// The v1 example (examples/v1-server, written against @modelcontextprotocol/sdk 1.x) through the
// whole pipeline in one run: the official v1→v2 upgrade, result-type, step-machine and serve-2026
// on every file, then its package.json. The output must typecheck against
// @modelcontextprotocol/server 2.x, a second run must change nothing, and the migrated server
// must answer on the 2026-07-28 wire what the v1 code answered for the same scripted answers.
//
// The v1 SDK is not installed, so "what the v1 code answered" is the same example after the
// official upgrade alone (the v2 surface, still push-style, served on a 2025-era connection by the
// real Client): the official codemod only moves the SDK surface and keeps behaviour.
//
// Last, the migrated stdio entry is compiled and spawned: a 2026-07-28 tools/call over real pipes,
// including the input_required round trip.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTransforms } from '../../src/registry.js';
import { answer, normalizeResult, runLegacy, runMigrated2026, tool, type LogicalCall, type Script, type ServerModule } from '../e2e/harness.js';
import { migrateTree, type TreeResult } from './migrate-tree.js';
import { lineRpc } from '../helpers/line-rpc.js';
import { strictProject } from '../helpers/strict-project.js';

process.env['MCP_REQUEST_STATE_KEY'] = 'v1-e2e-only-request-state-key-0123456789abcdef';
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];
const KEY = process.env['MCP_REQUEST_STATE_KEY'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const exampleDir = path.join(root, 'examples', 'v1-server');
const runDir = path.join(root, 'test', 'tmp', `v1-example-${process.pid}`);
const migratedDir = path.join(runDir, 'migrated');
const upgradedDir = path.join(runDir, 'upgraded');

let run: TreeResult;
let baseline: ServerModule;
let migrated: ServerModule;

beforeAll(async () => {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  cpSync(exampleDir, migratedDir, { recursive: true });
  cpSync(exampleDir, upgradedDir, { recursive: true });
  const transforms = await loadTransforms();
  run = migrateTree(migratedDir, transforms, 'auto');
  migrateTree(upgradedDir, [], 'auto');
  baseline = (await import(pathToFileURL(path.join(upgradedDir, 'src', 'server.ts')).href)) as ServerModule;
  migrated = (await import(pathToFileURL(path.join(migratedDir, 'src', 'server.ts')).href)) as ServerModule;
});

afterAll(() => rmSync(runDir, { recursive: true, force: true }));

const read = (rel: string) => readFileSync(path.join(migratedDir, rel), 'utf8');

describe('one run over the v1 example', () => {
  it('upgrades every file, migrates the handlers and serves the 2026 wire', () => {
    expect(run.files['src/server.ts']!.transforms).toEqual(['sdk-upgrade', 'result-type', 'step-machine']);
    expect(run.files['src/index.ts']!.transforms).toEqual(['sdk-upgrade', 'serve-2026']);
    expect(run.created).toEqual(['src/mrtr-state.ts']);
    for (const file of ['src/server.ts', 'src/index.ts']) expect(read(file)).not.toMatch(/from '@modelcontextprotocol\/sdk/);
    // The registration keeps its one-argument-per-line layout; the config object takes the
    // place of the description and the shape.
    expect(read('src/server.ts')).toContain(
      [
        '  server.registerTool(',
        "    'delete-branch',",
        '    {',
        "      description: 'Delete a git branch after the user confirms',",
        '      inputSchema: z.object({ branch: z.string() }),',
        '    },',
      ].join('\n'),
    );
    expect(read('src/index.ts')).toContain("import { serveStdio } from '@modelcontextprotocol/server/stdio';");
    expect(read('src/index.ts')).toContain('serveStdio(() => createServer());');
  });

  it('has nothing left for the user to upgrade: no sdk-upgrade findings', () => {
    for (const file of ['src/server.ts', 'src/index.ts']) {
      expect(run.files[file]!.findings.filter((f) => f.rule === 'sdk-upgrade')).toEqual([]);
    }
  });

  it('updates package.json: the v1 SDK gives way to the v2 packages the code imports, zod is declared', () => {
    expect(run.manifest).toHaveLength(1);
    const change = run.manifest[0]!;
    expect(change.removed).toEqual(['@modelcontextprotocol/sdk']);
    const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; scripts: unknown };
    expect(manifest.dependencies).not.toHaveProperty('@modelcontextprotocol/sdk');
    expect(manifest.dependencies['@modelcontextprotocol/server']).toBe('^2.4.0');
    expect(manifest.dependencies['zod']).toBe('^4.2.0');
    // Every MCP package the migrated code imports is declared.
    const imported = new Set<string>();
    for (const file of readdirSync(path.join(migratedDir, 'src'))) {
      for (const m of read(`src/${file}`).matchAll(/from '(@modelcontextprotocol\/[^/']+)/g)) imported.add(m[1]!);
    }
    for (const name of imported) expect(manifest.dependencies, name).toHaveProperty(name);
    // Formatting and key order kept: only the dependency lines differ.
    const before = readFileSync(path.join(exampleDir, 'package.json'), 'utf8');
    expect(Object.keys(manifest)).toEqual(Object.keys(JSON.parse(before) as object));
    expect(read('package.json').split('\n').filter((line) => !line.includes('"@modelcontextprotocol/') && !line.includes('"zod"'))).toEqual(
      before.split('\n').filter((line) => !line.includes('"@modelcontextprotocol/')),
    );
  });

  it('typechecks against @modelcontextprotocol/server 2.x', () => {
    const project = strictProject();
    project.addSourceFilesAtPaths(path.join(migratedDir, 'src', '*.ts'));
    const diagnostics = project.getPreEmitDiagnostics();
    expect(project.formatDiagnosticsWithColorAndContext(diagnostics)).toBe('');
  });

  it('is idempotent: a second run changes nothing', async () => {
    const again = migrateTree(migratedDir, await loadTransforms(), 'auto');
    expect(Object.entries(again.files).filter(([, f]) => f.changed)).toEqual([]);
    expect(again.manifest.filter((c) => c.output !== undefined)).toEqual([]);
  });
});

describe('the migrated server on the 2026-07-28 wire answers what the v1 code answered', () => {
  const cases: [string, LogicalCall, Script][] = [
    ['delete-branch, confirmed', tool('delete-branch', { branch: 'main' }), [answer.accept({ confirm: true })]],
    ['delete-branch, declined', tool('delete-branch', { branch: 'main' }), [answer.decline()]],
    ['delete-branch, accepted without confirming', tool('delete-branch', { branch: 'main' }), [answer.accept({ confirm: false })]],
    ['haiku (sampling)', tool('haiku', { topic: 'autumn' }), [answer.sampleText('An old silent pond')]],
    ['count-roots (roots)', tool('count-roots'), [answer.roots([{ uri: 'file:///work/a' }, { uri: 'file:///work/b', name: 'b' }])]],
  ];
  it.each(cases)('%s', async (_label, call, script) => {
    const before = await runLegacy(baseline, call, script);
    const after = await runMigrated2026(migrated, call, script);
    expect(normalizeResult(after.result)).toEqual(normalizeResult(before.result));
    expect(after.result['resultType']).toBe('complete');
    expect(after.effects).toEqual(before.effects);
    expect(after.rounds).toBe(1);
  });
});

describe('URL-mode elicitation (its completion notifier removed)', () => {
  // The 2025-era baseline client of the harness declares form elicitation only, so these are
  // checked against what the v1 code returns for each answer.
  it.each([
    ['accepted', answer.accept(), 'Linked github', ['linked:github']],
    ['declined', answer.decline(), 'Not linked (decline)', []],
  ] as const)('%s', async (_label, reply, text, effects) => {
    const after = await runMigrated2026(migrated, tool('link-account', { provider: 'github' }), [reply]);
    expect(after.result['content']).toEqual([{ type: 'text', text }]);
    expect(after.effects).toEqual(effects);
    expect(after.asked).toEqual([
      {
        kind: 'elicitation',
        params: { mode: 'url', message: 'Sign in to github to link your account', url: 'https://example.com/link/github' },
      },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// stdio, for real

describe('the migrated stdio entry (spawned process, real pipes)', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterAll(() => {
    child?.kill();
  });

  it('answers a 2026-07-28 tools/call with input_required, then completes the retry', async () => {
    const jsDir = path.join(runDir, 'js');
    mkdirSync(jsDir, { recursive: true });
    for (const file of readdirSync(path.join(migratedDir, 'src')).filter((f) => f.endsWith('.ts'))) {
      const source = read(`src/${file}`);
      const { outputText } = ts.transpileModule(source, {
        fileName: file,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      });
      writeFileSync(path.join(jsDir, file.replace(/\.ts$/, '.js')), outputText);
    }
    writeFileSync(path.join(jsDir, 'package.json'), '{ "type": "module" }\n');
    child = spawn(process.execPath, [path.join(jsDir, 'index.js')], {
      env: { ...process.env, MCP_REQUEST_STATE_KEY: KEY, NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { rpc } = lineRpc(child);
    const meta = {
      [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
      [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } },
      [CLIENT_INFO_META_KEY]: { name: 'stdio-test-client', version: '0.0.0' },
    };
    const call = { name: 'delete-branch', arguments: { branch: 'feature-x' } };
    const first = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...call, _meta: meta } });
    expect(first.error).toBeUndefined();
    expect(first.result?.['resultType']).toBe('input_required');
    const requests = first.result?.['inputRequests'] as Record<string, { method: string; params: { message: string } }>;
    expect(Object.keys(requests)).toEqual(['confirm']);
    expect(requests['confirm']!.method).toBe('elicitation/create');
    expect(requests['confirm']!.params.message).toBe('Delete branch feature-x?');
    const state = first.result?.['requestState'];
    expect(typeof state).toBe('string');

    const second = await rpc({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { ...call, inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: state, _meta: meta },
    });
    expect(second.error).toBeUndefined();
    expect(second.result?.['resultType']).toBe('complete');
    expect(second.result?.['content']).toEqual([{ type: 'text', text: 'Deleted feature-x' }]);
  }, 30_000);
});

