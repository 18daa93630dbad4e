// The typecheck gate (src/typecheck/gate.ts) on scratch packages on disk: with the dependencies
// installed (this repository's node_modules linked in), a file the run's edits make typecheck worse
// is put back with what it goes with, an error quoting the new diagnostics, and exit 1; a package
// without installed dependencies is named as not typechecked, and its output is kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.js';
import { run, type RunResult } from '../src/runner.js';
import type { Transform, TransformContext } from '../src/types.js';
import { validateReport } from '../src/report/json.js';

const NODE_MODULES = path.resolve(import.meta.dirname, '..', 'node_modules');
const temps: string[] = [];

afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const PACKAGE = JSON.stringify({ name: 'gate-scratch', version: '1.0.0', type: 'module', dependencies: { zod: '^4.0.0' } }, null, 2);
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true, skipLibCheck: true, types: [] }, include: ['src'] });

/** A package: a counter module, a module that imports it, one that asks for it, and one that imports zod. */
function scratch(options: { installed: boolean }): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gate-'));
  temps.push(dir);
  const files: Record<string, string> = {
    'package.json': PACKAGE,
    'tsconfig.json': TSCONFIG,
    'src/count.ts': 'export function count(): number {\n  return 1;\n}\n',
    'src/use.ts': "import { count } from './count.js';\n\nexport const total: number = count() + 1;\n",
    'src/caller.ts': "import { count } from './count.js';\n\nexport const twice = count() * 2;\n",
    'src/schema.ts': "import { z } from 'zod';\n\nexport const name = z.string();\n",
  };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    // The comment names a push method, so the run's prefilter reads the file.
    fs.writeFileSync(path.join(dir, rel), rel.endsWith('.ts') ? `// test module (not elicitInput)\n${text}` : text);
  }
  if (options.installed) fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A transform that rewrites `from` to `to` in the files whose name ends with `file`, optionally requiring `requires`. */
function rewriting(file: string, from: string, to: string, requires?: string): Transform {
  return {
    id: `rewrite-${path.basename(file, '.ts')}`,
    title: 'test rewrite',
    description: 'test rewrite',
    run(ctx: TransformContext) {
      if (!ctx.absPath.endsWith(file)) return { edits: [], findings: [] };
      const at = ctx.text.indexOf(from);
      if (at < 0) return { edits: [], findings: [] };
      return {
        edits: [{ start: at, end: at + from.length, text: to }],
        findings: [],
        ...(requires ? { requires: [{ absPath: path.join(path.dirname(ctx.absPath), requires), helpers: ['count'] }] } : {}),
      };
    },
  };
}

async function gated(dir: string, transforms: Transform[], typecheck = true): Promise<RunResult> {
  return run({ cwd: dir, paths: ['.'], mode: 'dry-run', transforms, workers: 1, project: false, typecheck, format: false, sdkUpgrade: 'auto' });
}

function outcome(result: RunResult, rel: string) {
  return result.outcomes.find((o) => o.path === rel);
}

describe('typecheck gate', () => {
  it('keeps edits that typecheck as before', async () => {
    const dir = scratch({ installed: true });
    const result = await gated(dir, [rewriting('count.ts', 'return 1;', 'return 2;')]);
    expect(outcome(result, 'src/count.ts')?.output).toContain('return 2;');
    expect(result.typecheck).toMatchObject({ checked: ['.'], unchecked: [], putBack: 0 });
  });

  it('puts back a file whose edits add a diagnostic in it, quoting the new one', async () => {
    const dir = scratch({ installed: true });
    const result = await gated(dir, [rewriting('use.ts', 'count() + 1', "count() + 'x'")]);
    const use = outcome(result, 'src/use.ts')!;
    expect(use.output).toBeUndefined();
    const finding = use.findings.find((f) => f.rule === 'typecheck-regression')!;
    expect(finding.severity).toBe('error');
    expect(finding.message).toMatch(/^left as it was: migrated, this file typechecks worse \(0 diagnostics before, 1 after\): TS2322 at line 4: Type 'string' is not assignable to type 'number'\./);
    expect(result.typecheck?.putBack).toBe(1);
  });

  it('puts back a module whose edits break a file that imports it, naming the importer', async () => {
    const dir = scratch({ installed: true });
    const result = await gated(dir, [rewriting('count.ts', 'count(): number {\n  return 1;', "count(): string {\n  return 'one';")]);
    const count = outcome(result, 'src/count.ts')!;
    expect(count.output).toBeUndefined();
    const finding = count.findings.find((f) => f.rule === 'typecheck-regression')!;
    expect(finding.severity).toBe('error');
    // use.ts assigns count() + 1 to a number; caller.ts multiplies a string.
    expect(finding.message).toMatch(/^left as it was: migrated, src\/(use|caller)\.ts, which imports it, typechecks worse/);
  });

  it('puts back what a migration requires changed with it, and what requires a file put back', async () => {
    const dir = scratch({ installed: true });
    const result = await gated(dir, [
      rewriting('use.ts', 'count() + 1', "count() + 'x'"),
      rewriting('caller.ts', 'count() * 2', 'count() * 3', 'use.ts'),
      rewriting('schema.ts', 'z.string()', 'z.string().min(1)'),
    ]);
    expect(outcome(result, 'src/use.ts')?.output).toBeUndefined();
    const caller = outcome(result, 'src/caller.ts')!;
    expect(caller.output).toBeUndefined();
    expect(caller.findings[0]).toMatchObject({ rule: 'typecheck-regression', severity: 'warning' });
    expect(caller.findings[0]!.message).toContain('it changes together with what makes src/use.ts typecheck worse');
    // A file outside the group keeps its edits.
    expect(outcome(result, 'src/schema.ts')?.output).toContain('.min(1)');
    expect(result.typecheck?.putBack).toBe(2);
  });

  it('puts back a whole package the v1 upgrade moves, its manifest too, when one of its files typechecks worse', async () => {
    const dir = scratch({ installed: true });
    const manifest = JSON.stringify({ name: 'gate-v1', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.30.0', zod: '^4.0.0' } }, null, 2);
    fs.writeFileSync(path.join(dir, 'package.json'), manifest);
    fs.writeFileSync(
      path.join(dir, 'src/server.ts'),
      [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { z } from 'zod';",
        '',
        "export const server = new McpServer({ name: 'gate', version: '1.0.0' });",
        "server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));",
        '',
      ].join('\n'),
    );
    const upgraded = await gated(dir, []);
    expect(outcome(upgraded, 'src/server.ts')?.output).toContain("from '@modelcontextprotocol/server'");
    expect(outcome(upgraded, 'package.json')?.output).toContain('@modelcontextprotocol/server');
    expect(upgraded.typecheck?.putBack).toBe(0);

    const result = await gated(dir, [rewriting('use.ts', 'count() + 1', "count() + 'x'")]);
    expect(outcome(result, 'src/use.ts')?.findings[0]).toMatchObject({ rule: 'typecheck-regression', severity: 'error' });
    expect(outcome(result, 'src/use.ts')?.findings[0]!.message).toContain('Its package moves to v2 as a whole');
    const server = outcome(result, 'src/server.ts')!;
    expect(server.output).toBeUndefined();
    expect(server.findings[0]!.message).toContain('the files of a package the v1→v2 upgrade moves go back together, its manifest too');
    expect(outcome(result, 'package.json')).toBeUndefined();
    expect(result.installHint).toBeUndefined();
  });

  it('takes back the upgrade of a package linked by an import to one it puts back whole; an unlinked package keeps its upgrade', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gate-linked-'));
    temps.push(dir);
    const manifest = (name: string) => JSON.stringify({ name, version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.30.0', zod: '^4.0.0' } }, null, 2);
    const registrar = (tool: string) =>
      [
        "import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        '',
        `export function register(server: McpServer): void {`,
        `  server.registerTool('${tool}', { description: '${tool}' }, async () => ({ content: [{ type: 'text', text: '${tool}' }] }));`,
        '}',
        '',
      ].join('\n');
    const files: Record<string, string> = {
      'packages/product/package.json': manifest('product'),
      'packages/product/tsconfig.json': TSCONFIG,
      'packages/product/src/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
        "import { register } from '../../plugin/src/register.js';",
        '',
        "export const server = new McpServer({ name: 'product', version: '1.0.0' });",
        'register(server);',
        '',
      ].join('\n'),
      'packages/product/src/use.ts': '// test module (not elicitInput)\nexport const total: number = 1 + 1;\n',
      'packages/plugin/package.json': manifest('plugin'),
      'packages/plugin/tsconfig.json': TSCONFIG,
      'packages/plugin/src/register.ts': registrar('plugin'),
      'packages/alone/package.json': manifest('alone'),
      'packages/alone/tsconfig.json': TSCONFIG,
      'packages/alone/src/register.ts': registrar('alone'),
    };
    for (const [rel, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');

    const upgraded = await gated(dir, []);
    for (const name of ['product', 'plugin', 'alone']) expect(outcome(upgraded, `packages/${name}/package.json`)?.output).toContain('@modelcontextprotocol/server');
    expect(upgraded.typecheck?.putBack).toBe(0);

    const result = await gated(dir, [rewriting('use.ts', '1 + 1', "1 + 'x'")]);
    expect(outcome(result, 'packages/product/src/use.ts')?.findings[0]).toMatchObject({ rule: 'typecheck-regression', severity: 'error' });
    const plugin = outcome(result, 'packages/plugin/src/register.ts')!;
    expect(plugin.output).toBeUndefined();
    expect(plugin.findings[0]).toMatchObject({ rule: 'typecheck-regression', severity: 'warning' });
    expect(plugin.findings[0]!.message).toBe(
      "left as it was, on the v1 SDK: package packages/product imports '../../plugin/src/register.js' at packages/product/src/server.ts:2 " +
        '(the typecheck gate puts it back on the v1 SDK: packages/product/src/use.ts typechecks worse migrated, see the error there); ' +
        'packages that import each other hand SDK objects across the import, so they move to v2 together',
    );
    expect(outcome(result, 'packages/plugin/package.json')).toBeUndefined();
    expect(outcome(result, 'packages/product/package.json')).toBeUndefined();
    expect(outcome(result, 'packages/alone/src/register.ts')?.output).toContain("from '@modelcontextprotocol/server'");
    expect(outcome(result, 'packages/alone/package.json')?.output).toContain('@modelcontextprotocol/server');
  });

  it('checks a package whose tsconfig names no `types` with every @types package, as its TypeScript 5 does (TypeScript 6 includes none)', async () => {
    const dir = scratch({ installed: true });
    // No `types`, no DOM: `console` comes from @types/node alone.
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022'], noEmit: true, skipLibCheck: true }, include: ['src'] }));
    const result = await gated(dir, [rewriting('use.ts', 'count() + 1', 'count() + new TextEncoder().encode(String(console)).length')]);
    expect(outcome(result, 'src/use.ts')?.output).toContain('new TextEncoder()');
    expect(result.typecheck?.putBack).toBe(0);
  });

  it('says a package without installed dependencies is not typechecked, and keeps its output', async () => {
    const dir = scratch({ installed: false });
    const result = await gated(dir, [rewriting('use.ts', 'count() + 1', "count() + 'x'")]);
    expect(outcome(result, 'src/use.ts')?.output).toContain("'x'");
    expect(result.typecheck?.checked).toEqual([]);
    expect(result.typecheck?.unchecked).toEqual([{ path: '.', why: 'no node_modules found from the package: its dependencies are not installed' }]);
  });

  it('is off with typecheck: false', async () => {
    const dir = scratch({ installed: true });
    const result = await gated(dir, [rewriting('use.ts', 'count() + 1', "count() + 'x'")], false);
    expect(outcome(result, 'src/use.ts')?.output).toContain("'x'");
    expect(result.typecheck).toBeUndefined();
  });
});

describe('typecheck gate on the command line', () => {
  async function cli(cwd: string, ...argv: string[]) {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd, stderrIsTTY: false, stdoutIsTTY: false };
    const code = await main(argv, io);
    return { code, stdout, stderr };
  }

  const EXAMPLE = path.resolve(import.meta.dirname, '..', 'examples', 'v2-server');

  function copyOfExample(installed: boolean): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-gate-cli-'));
    temps.push(dir);
    fs.cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}node_modules`) });
    if (installed) fs.symlinkSync(NODE_MODULES, path.join(dir, 'node_modules'), 'dir');
    return dir;
  }

  it('checks the example server migrated with its dependencies installed: nothing put back, exit 0', async () => {
    const dir = copyOfExample(true);
    const { code, stdout, stderr } = await cli(dir, '--dry-run', '--verbose', '--no-format', '.');
    expect(stderr).toContain('Typecheck gate: 1 package checked before and after, 0 files put back;');
    expect(stderr).not.toContain('output not typechecked');
    expect(stdout).toContain('inputRequired(');
    expect(code).toBe(0);
  });

  it('says once that the output is not typechecked when the dependencies are not installed', async () => {
    const dir = copyOfExample(false);
    const { stderr } = await cli(dir, '--dry-run', '.');
    expect(stderr.match(/output not typechecked/g)).toHaveLength(1);
    expect(stderr).toContain('output not typechecked: install dependencies for a checked run (.)\n');
    const quiet = await cli(dir, '--dry-run', '--no-typecheck', '.');
    expect(quiet.stderr).not.toContain('output not typechecked');
  });

  it('carries the not-typechecked line into the JSON, Markdown and SARIF reports; a checked run carries none', async () => {
    const reports = (dir: string) => ['out.json', 'out.md', 'out.sarif'].map((f) => path.join(dir, f));
    const unchecked = copyOfExample(false);
    const [json, md, sarif] = reports(unchecked);
    expect((await cli(unchecked, '--dry-run', '--report', json, '--report', md, '--report', sarif, '.')).code).toBe(0);
    const report = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(validateReport(report)).toEqual([]);
    expect(report.typecheck).toEqual({ checked: [], unchecked: [{ path: '.', why: expect.stringMatching(/\S/) }], putBack: 0 });
    const line = 'output not typechecked: install dependencies for a checked run (.)';
    expect(fs.readFileSync(md, 'utf8')).toContain(`⚠️ ${line}\n`);
    const notifications = JSON.parse(fs.readFileSync(sarif, 'utf8')).runs[0].invocations[0].toolExecutionNotifications;
    expect(notifications).toEqual([{ descriptor: { id: 'output-not-typechecked' }, level: 'warning', message: { text: line } }]);

    const checked = copyOfExample(true);
    const [json2, md2, sarif2] = reports(checked);
    await cli(checked, '--dry-run', '--no-format', '--report', json2, '--report', md2, '--report', sarif2, '.');
    expect(JSON.parse(fs.readFileSync(json2, 'utf8')).typecheck).toEqual({ checked: ['.'], unchecked: [], putBack: 0 });
    expect(fs.readFileSync(md2, 'utf8')).not.toContain('output not typechecked');
    expect(fs.readFileSync(md2, 'utf8')).toContain('| Packages typechecked before and after | 1 |');
    expect(JSON.parse(fs.readFileSync(sarif2, 'utf8')).runs[0].invocations).toBeUndefined();

    // --no-typecheck: the report has no typecheck field at all.
    await cli(unchecked, '--dry-run', '--no-typecheck', '--report', json, '.');
    expect(JSON.parse(fs.readFileSync(json, 'utf8'))).not.toHaveProperty('typecheck');
  });
});
