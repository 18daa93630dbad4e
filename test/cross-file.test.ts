// Cross-file mode, driven through the CLI on directory fixtures: __testfixtures__/cross-file/<case>/
// holds `input/` (a package's files; a tsconfig.json and package.json are added when it has none),
// `output/` (every file the run must change or create, byte for byte; mrtr-state.ts aside, which
// has its own tests) and, optionally, `case.json` (exit code, files listed as errors, whether the
// result typechecks). Each case is migrated in write mode in a scratch package inside the repository
// (so @modelcontextprotocol/server resolves), run again to prove nothing changes, and typechecked.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-run.js';
import { typecheckProject as typecheck } from './helpers/project-typecheck.js';
import type { Report } from '../src/report/json.js';
import { buildProjectIndex } from '../src/index/project-index.js';
import type * as RunnerModule from '../src/runner.js';
import type * as RegistryModule from '../src/registry.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CASES = path.join(ROOT, '__testfixtures__', 'cross-file');
const RUN_DIR = path.join(ROOT, 'test', 'tmp', `cross-file-${process.pid}`);

const TSCONFIG = {
  // noUnusedLocals / noUnusedParameters: many packages compile with them, and a migration may not add
  // an unused local, parameter or import (a case.json `unusedOpen` names a defect still open).
  compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true, types: ['node'], noUnusedLocals: true, noUnusedParameters: true },
  include: ['src'],
};

interface CaseSpec {
  /** The paths given to the CLI (default: the package, `.`). */
  paths?: string[];
  exitCode?: number;
  /** Display paths the report lists under errors. */
  errors?: string[];
  typecheck?: boolean;
  /** Why the output still adds an unused declaration: typechecked without the two unused flags. */
  unusedOpen?: string;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => f.split(path.sep).join('/')).sort();
}

function snapshot(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

async function cli(args: string[], cwd: string): Promise<{ code: number; report: Report; stderr: string }> {
  const { code, stdout, stderr } = await runCli(args, cwd);
  return { code, report: JSON.parse(stdout) as Report, stderr };
}

afterAll(() => {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

const cases = fs.readdirSync(CASES).filter((name) => fs.existsSync(path.join(CASES, name, 'input'))).sort();

describe.each(cases)('cross-file fixture %s', (name) => {
  const caseDir = path.join(CASES, name);
  const spec: CaseSpec = fs.existsSync(path.join(caseDir, 'case.json')) ? JSON.parse(fs.readFileSync(path.join(caseDir, 'case.json'), 'utf8')) : {};
  const dir = path.join(RUN_DIR, name);
  const input = snapshot(path.join(caseDir, 'input'));
  const expected = snapshot(path.join(caseDir, 'output'));
  const paths = spec.paths ?? ['.'];
  let first: Awaited<ReturnType<typeof cli>>;

  it('changes exactly the expected files, byte for byte', async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(caseDir, 'input'), dir, { recursive: true });
    const tsconfig = spec.unusedOpen ? { ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, noUnusedLocals: false, noUnusedParameters: false } } : TSCONFIG;
    if (!input.has('tsconfig.json')) fs.writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    if (!input.has('package.json')) fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: name, private: true, type: 'module' }, null, 2)}\n`);
    first = await cli(['--allow-dirty', '--json', '--no-format', '-t', 'step-machine', ...paths], dir);
    expect(first.code, first.stderr).toBe(spec.exitCode ?? 0);
    expect(first.report.errors.map((e) => e.path).sort()).toEqual(spec.errors ?? []);
    const after = snapshot(dir);
    for (const [file, text] of input) {
      if (expected.has(file)) expect(after.get(file), file).toBe(expected.get(file));
      else expect(after.get(file), `${file} must stay as it was`).toBe(text);
    }
    for (const [file, text] of expected) expect(after.get(file), file).toBe(text);
    const created = [...after.keys()].filter((f) => !input.has(f) && !expected.has(f) && f !== 'tsconfig.json' && f !== 'package.json');
    expect(created.filter((f) => !/mrtr-state\.ts$/.test(f))).toEqual([]);
  });

  it('changes nothing on a second run', async () => {
    const before = snapshot(dir);
    const again = await cli(['--allow-dirty', '--json', '--no-format', '-t', 'step-machine', ...paths], dir);
    expect(again.report.summary.filesChanged).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  });

  if (spec.typecheck !== false) {
    it('typechecks against @modelcontextprotocol/server 2.x after the migration', () => {
      // A case's own tsconfig.json is checked with the two unused flags too, unless a defect is open.
      expect(typecheck(dir, spec.unusedOpen ? {} : { noUnusedLocals: true, noUnusedParameters: true })).toBe('');
    });
  }
});

describe('cross-file mode on the command line', () => {
  const source = path.join(CASES, 'helper-in-another-file', 'input');
  const scratch = (name: string, withTsconfig: boolean) => {
    const dir = path.join(RUN_DIR, `cli-${name}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(source, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }));
    if (withTsconfig) fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    return dir;
  };
  const changed = (report: Report) => report.files.filter((f) => f.changed).map((f) => f.path).sort();

  it('is on by default beside a tsconfig.json, and off with --no-project', async () => {
    const dir = scratch('default', true);
    const on = await cli(['--dry-run', '--json', '-t', 'step-machine', '.'], dir);
    expect(changed(on.report)).toEqual(['src/lib/reason.ts', 'src/server.ts']);
    const off = await cli(['--dry-run', '--json', '-t', 'step-machine', '--no-project', '.'], dir);
    expect(changed(off.report)).toEqual(['src/lib/reason.ts']);
    expect(off.report.summary.handlersMigrated).toBe(0);
    expect(off.report.findings.map((f) => `${f.path}:${f.line} ${f.rule}`)).toEqual(['src/lib/reason.ts:10 push-in-helper']);
  });

  it('is on without a tsconfig (the package files with default options), off with --no-project, and on with --project naming one elsewhere', async () => {
    const dir = scratch('explicit', false);
    const defaults = await cli(['--dry-run', '--json', '-t', 'step-machine', '.'], dir);
    expect(defaults.report.summary.handlersMigrated).toBe(1);
    expect(changed(defaults.report)).toEqual(['src/lib/reason.ts', 'src/server.ts']);
    const verbose = await runCli(['--dry-run', '--verbose', '-t', 'step-machine', '.'], dir);
    expect(verbose.stderr).toContain('Cross-file mode (no tsconfig.json: default options)');
    const off = await cli(['--dry-run', '--json', '-t', 'step-machine', '--no-project', '.'], dir);
    expect(off.report.summary.handlersMigrated).toBe(0);
    expect(off.report.findings.find((f) => f.rule === 'push-in-helper')?.message).toContain('cross-file mode was off (this run migrated file by file)');
    fs.mkdirSync(path.join(dir, 'config'));
    fs.writeFileSync(path.join(dir, 'config', 'tsconfig.app.json'), JSON.stringify({ ...TSCONFIG, include: ['../src'] }));
    const on = await cli(['--dry-run', '--json', '-t', 'step-machine', '--project', 'config/tsconfig.app.json', '.'], dir);
    expect(on.report.summary.handlersMigrated).toBe(1);
    expect(changed(on.report)).toEqual(['src/lib/reason.ts', 'src/server.ts']);
  });

  it.each([
    ['missing.json', 'no such tsconfig file'],
    ['src/server.ts', 'src/server.ts'],
  ])('stops with exit 2 when --project %s cannot be read', async (file, problem) => {
    const dir = scratch('bad-project', true);
    const { code, stderr } = await runCli(['--dry-run', '--project', file, '.'], dir);
    expect(code).toBe(2);
    expect(stderr).toContain('error: --project: ');
    expect(stderr).toContain(problem);
  });
});

describe('cross-file mode on worker threads', () => {
  // Workers run the compiled build (see test/workers.test.ts): the runner comes from dist/ too.
  const dist = fileURLToPath(new URL('../dist/src/', import.meta.url));
  const fromDist = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(dist, rel)).href)) as T;

  it('gives the same diff on two workers as in-process', async () => {
    const { run } = await fromDist<typeof RunnerModule>('runner.js');
    const { loadTransforms } = await fromDist<typeof RegistryModule>('registry.js');
    const transforms = (await loadTransforms()).filter((t) => t.id === 'step-machine');
    const dir = path.join(RUN_DIR, 'workers');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(CASES, 'helper-in-another-file', 'input'), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'workers', private: true, type: 'module' }));
    const inProcess = await run({ cwd: dir, paths: ['.'], mode: 'dry-run', transforms, workers: 1 });
    const threaded = await run({ cwd: dir, paths: ['.'], mode: 'dry-run', transforms, workers: 2, filesPerWorker: 1 });
    expect(threaded.workersStarted).toBeGreaterThan(0);
    expect(threaded.crossFile?.groups).toBe(1);
    expect(threaded.diff).toBe(inProcess.diff);
    expect(threaded.diff).toContain('+export function askReasonParams(');
  });
});

describe('cross-file index of helper chains', () => {
  const indexOf = (name: string) => {
    const dir = path.join(RUN_DIR, `index-${name}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(path.join(CASES, name, 'input'), dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const files = filesUnder(path.join(dir, 'src')).map((f) => {
      const absPath = path.join(dir, 'src', f);
      return { absPath, text: fs.readFileSync(absPath, 'utf8') };
    });
    const index = buildProjectIndex(files, { tsconfig: path.join(dir, 'tsconfig.json') });
    return { index, at: (f: string) => path.join(dir, 'src', f) };
  };

  it('follows a registrar into the modules of its definitions, and parses none for a registrar whose routes cannot leave its file', () => {
    const reached = indexOf('definition-factories-registered-in-loop').index;
    expect(reached.registrations.size).toBeGreaterThan(0);
    expect(reached.stats.parsed).toBeGreaterThan(0);
    // One file registering its own tools, importing nothing of the run: its own run finds every route.
    const dir = path.join(RUN_DIR, 'index-one-file');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    const absPath = path.join(dir, 'server.ts');
    const text = [
      "import { McpServer } from '@modelcontextprotocol/server';",
      "const tools = [{ name: 'ask', handler: async (_args: unknown, ctx: any) => ctx.mcpReq.elicitInput({ message: 'Go?', requestedSchema: { type: 'object', properties: {} } }) }];",
      "const server = new McpServer({ name: 'one', version: '1.0.0' });",
      "for (const tool of tools) server.registerTool(tool.name, {}, tool.handler);",
      '',
    ].join('\n');
    fs.writeFileSync(absPath, text);
    const alone = buildProjectIndex([{ absPath, text }], { tsconfig: path.join(dir, 'tsconfig.json') });
    expect(alone.registrations.size).toBe(0);
    expect(alone.stats.parsed).toBe(0);
  });

  it('passes a module whose only asking export is a chain to the files importing it', () => {
    const { index, at } = indexOf('chain-only-module-lifted');
    expect(index.stats.helperModules).toBe(1);
    expect(index.inputs.get(at('server.ts'))?.modules['./lib/removal.js']?.absPath).toBe(at('lib/removal.ts'));
  });

  it('passes a module asking through a third module together with that module', () => {
    const { index, at } = indexOf('chain-across-modules-reported');
    const modules = index.inputs.get(at('server.ts'))!.modules;
    expect(modules['./lib/confirm.js'].imports).toBeUndefined();
    expect(modules['./lib/removal.js'].absPath).toBe(at('lib/removal.ts'));
    expect(Object.entries(modules['./lib/removal.js'].imports!.modules).map(([spec, m]) => [spec, m.absPath, m.imports])).toEqual([['./confirm.js', at('lib/confirm.ts'), undefined]]);
  });
});
