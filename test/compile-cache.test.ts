// The code cache of the large CommonJS bundles (src/compile-cache.ts), run for real in fresh
// processes of the built code (dist/): written once, read back, rejected when it does not fit,
// never written when turned off, and the loaded ts-morph works the same either way.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUILT = path.join(ROOT, 'dist', 'src', 'ts-morph.js');
const TUNING = path.join(ROOT, 'dist', 'src', 'v8-tuning.js');
const EXPECTED = 'a:number f:typeof import("/a").f a:number\n';
const NODE_HAS_OWN_CACHE = 'enableCompileCache' in (await import('node:module')).default;

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Loads ts-morph through dist/src/ts-morph.js in a fresh process and prints what a parse gives. */
function load(cacheHome: string, env: Record<string, string> = {}, tuned = false): string {
  // `tuned`: V8 flags set first, as the launcher does (src/v8-tuning.ts).
  const tuning = tuned ? `await (await import(${JSON.stringify(pathToFileURL(TUNING).href)})).tuneV8();` : '';
  const script = `${tuning} import(${JSON.stringify(pathToFileURL(BUILT).href)}).then(({ Project, SyntaxKind }) => {
    const file = new Project({ useInMemoryFileSystem: true }).createSourceFile('/a.ts', 'const a: number = 1; export function f() { return a; }');
    console.log(file.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText() + ':' + i.getType().getText()).join(' '));
  });`;
  const { NODE_DISABLE_COMPILE_CACHE: _, ...inherited } = process.env;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...inherited, XDG_CACHE_HOME: cacheHome, ...env }, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

function cacheFiles(cacheHome: string): string[] {
  const root = path.join(cacheHome, 'mcp-mrtr-migrate');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).map((rel) => path.join(root, rel)).filter((f) => fs.statSync(f).isFile());
}

function tempHome(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-compile-cache-'));
  temps.push(dir);
  return dir;
}

describe.skipIf(NODE_HAS_OWN_CACHE)('compile cache (Node without module.enableCompileCache)', () => {
  it('is written once, private to the user, and read back with the same results', () => {
    expect(fs.existsSync(BUILT), 'run `npm run build` first').toBe(true);
    const home = tempHome();
    const first = load(home);
    expect(first).toBe(EXPECTED);
    const files = cacheFiles(home);
    // The compiler, ts-morph's common library and ts-morph.
    expect(files.map((f) => path.basename(f).replace(/-[0-9a-z]+-\d+-\d+-\d+-[\d.]+\.bin$/, '').split('_').pop()).sort()).toEqual(['ts-morph-common.js', 'ts-morph.js', 'typescript.js']);
    for (const f of files) expect(fs.statSync(f).mode & 0o077).toBe(0);
    expect(fs.statSync(path.dirname(files[0]!)).mode & 0o077).toBe(0);
    const written = files.map((f) => fs.statSync(f).mtimeMs);
    expect(load(home)).toBe(first);
    // Accepted: not written again.
    expect(files.map((f) => fs.statSync(f).mtimeMs)).toEqual(written);
  });

  it('a cache that does not fit is rejected and written again', () => {
    const home = tempHome();
    const expected = load(home);
    const files = cacheFiles(home);
    for (const f of files) fs.writeFileSync(f, Buffer.alloc(4096, 7));
    expect(load(home)).toBe(expected);
    expect(cacheFiles(home).sort()).toEqual(files.sort());
    for (const f of files) expect(fs.readFileSync(f).equals(Buffer.alloc(4096, 7))).toBe(false);
  });

  it('keeps one cache per set of flags, so that switching flags compiles nothing again', () => {
    const home = tempHome();
    const expected = load(home);
    const plain = cacheFiles(home);
    // V8 rejects a cache made under other flags; this one is made beside the first.
    expect(load(home, { NODE_OPTIONS: '--max-old-space-size=3072' })).toBe(expected);
    const all = cacheFiles(home);
    expect(all).toHaveLength(6);
    expect(all).toEqual(expect.arrayContaining(plain));
    const written = new Map(all.map((f) => [f, fs.statSync(f).mtimeMs]));
    // Back and forth: each run finds its own cache and accepts it (nothing is written again).
    expect(load(home)).toBe(expected);
    expect(load(home, { NODE_OPTIONS: '--max-old-space-size=3072' })).toBe(expected);
    expect(new Map(cacheFiles(home).map((f) => [f, fs.statSync(f).mtimeMs]))).toEqual(written);
  });

  it("keeps the launcher's V8 tuning apart, in this thread and in a worker thread", () => {
    const home = tempHome();
    const expected = load(home);
    const plain = cacheFiles(home);
    expect(load(home, {}, true)).toBe(expected);
    const all = cacheFiles(home);
    expect(all).toHaveLength(6);
    const written = new Map(all.map((f) => [f, fs.statSync(f).mtimeMs]));
    expect(load(home, {}, true)).toBe(expected);
    expect(load(home)).toBe(expected);
    expect(new Map(cacheFiles(home).map((f) => [f, fs.statSync(f).mtimeMs]))).toEqual(written);
    expect(all).toEqual(expect.arrayContaining(plain));
    // A worker thread shares the flags and learns they are set from the environment it inherits.
    const probe = `const { Worker } = await import('node:worker_threads');
      await (await import(${JSON.stringify(pathToFileURL(TUNING).href)})).tuneV8();
      new Worker("console.log(process.env.MCP_MRTR_MIGRATE_V8_TUNING)", { eval: true });`;
    const worker = spawnSync(process.execPath, ['--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(worker.stdout).toBe('--interrupt-budget=614400\n');
    // A budget the user chose is left alone.
    const chosen = spawnSync(process.execPath, ['--interrupt-budget=100000', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(chosen.stdout).toBe('undefined\n');
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off', () => {
    const home = tempHome();
    expect(load(home, { NODE_DISABLE_COMPILE_CACHE: '1' })).toBe(EXPECTED);
    expect(cacheFiles(home)).toEqual([]);
  });
});

describe('large CommonJS files read as their bytes', () => {
  it('gives the same module for an ASCII file, and leaves other files to Node', async () => {
    const { requireCached } = await import('../src/compile-cache.js');
    const root = tempHome();
    const padding = `// ${'x'.repeat(300 * 1024)}\n`;
    const write = (name: string, pkg: object, source: string) => {
      fs.mkdirSync(path.join(root, 'node_modules', name), { recursive: true });
      fs.writeFileSync(path.join(root, 'node_modules', name, 'package.json'), JSON.stringify(pkg));
      fs.writeFileSync(path.join(root, 'node_modules', name, 'index.js'), padding + source);
    };
    write('ascii', { name: 'ascii', main: 'index.js' }, "module.exports = { text: 'plain', file: __filename, self: require('./package.json').name };\n");
    write('accented', { name: 'accented', main: 'index.js' }, "module.exports = { text: 'caf\u00e9 \u2713' };\n");
    write('esm', { name: 'esm', type: 'module', main: 'index.js' }, 'export const text = 1;\n');
    const from = path.join(root, 'main.js');
    const saved = process.env['NODE_DISABLE_COMPILE_CACHE'];
    process.env['NODE_DISABLE_COMPILE_CACHE'] = '1';
    try {
      expect(requireCached(from, 'ascii')).toEqual({ text: 'plain', file: path.join(root, 'node_modules', 'ascii', 'index.js'), self: 'ascii' });
      expect(requireCached(from, 'accented')).toEqual({ text: 'caf\u00e9 \u2713' });
      // An ES module is Node's to load (Node 20.19+ requires it; earlier ones refuse), never compiled as CommonJS.
      let esm: unknown;
      try {
        esm = requireCached(from, 'esm');
      } catch (error) {
        expect((error as { code?: string }).code).toBe('ERR_REQUIRE_ESM');
      }
      if (esm !== undefined) expect((esm as { text?: number }).text).toBe(1);
    } finally {
      if (saved === undefined) delete process.env['NODE_DISABLE_COMPILE_CACHE'];
      else process.env['NODE_DISABLE_COMPILE_CACHE'] = saved;
    }
  });
});
