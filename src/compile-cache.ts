// Node compiles a CommonJS module from its source on every start: for the compiler ts-morph
// bundles (9 MB) and ts-morph itself about a third of the CLI's start-up, and every function the
// run calls is compiled again on first use. V8 can keep that work (a code cache) for the next
// start. Node 22 does it for every module (module.enableCompileCache); on older versions this
// module does it for the large CommonJS files a `requireCached` call loads. The caches live in the
// user's own cache directory (never a shared temporary one: whoever can write a cache chooses the
// code that runs). NODE_DISABLE_COMPILE_CACHE (Node's own switch) turns both off.
// Reading them is the other large cost: Node 20 decodes every source as UTF-8, at a third of the
// speed of taking the bytes as they are, which is the same string for a file that is all ASCII.
import Module, { createRequire } from 'node:module';
import { isAscii } from 'node:buffer';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { V8_TUNING_VARIABLE } from './v8-tuning.js';

/** Files at least this large are worth a cache (the compiler, ts-morph, its common library). */
const LARGE = 256 * 1024;

interface CommonJsModule {
  exports: unknown;
  _compile(content: string, filename: string, ...rest: unknown[]): unknown;
}

type NodeModule = typeof Module & {
  enableCompileCache?: (dir?: string) => unknown;
  wrap(script: string): string;
  prototype: CommonJsModule;
  _extensions: Record<string, (this: unknown, module: CommonJsModule, filename: string) => unknown>;
};

/** Scripts compiled without a usable cache this run: their caches are written at exit. */
const pending: { script: vm.Script; file: string; prefix: string }[] = [];
let exitHook = false;

function cacheDir(): string | undefined {
  if (process.env['NODE_DISABLE_COMPILE_CACHE']) return undefined;
  let home: string;
  try {
    home = os.homedir();
  } catch {
    return undefined;
  }
  const base = process.env['XDG_CACHE_HOME'] || (home ? path.join(home, '.cache') : '');
  return base && path.isAbsolute(base) ? path.join(base, 'mcp-mrtr-migrate', `v8-${process.versions.v8}-${process.arch}`) : undefined;
}

/** `require(id)` from `from` (a file URL or path), with the large CommonJS files it loads compiled from a cache. */
export function requireCached(from: string | URL, id: string): unknown {
  const load = createRequire(from);
  const dir = cacheDir();
  const node = Module as NodeModule;
  if (typeof node.enableCompileCache === 'function') {
    try {
      if (dir) node.enableCompileCache(dir);
    } catch {
      // No cache then: the code runs all the same.
    }
    return load(id);
  }
  const proto = node.prototype;
  const original = proto._compile;
  const extensions = node._extensions;
  const originalJs = extensions['.js']!;
  extensions['.js'] = function js(this: unknown, module: CommonJsModule, filename: string) {
    const source = largeAsciiSource(filename);
    return source === undefined ? originalJs.call(this, module, filename) : module._compile(source, filename);
  };
  proto._compile = function compile(this: CommonJsModule, content: string, filename: string, ...rest: unknown[]) {
    if (dir && typeof content === 'string' && content.length >= LARGE) {
      const compiled = compileCached(this, content, filename, dir, node);
      if (compiled) return compiled.result;
    }
    return original.call(this, content, filename, ...rest);
  };
  try {
    return load(id);
  } finally {
    proto._compile = original;
    extensions['.js'] = originalJs;
  }
}

/**
 * The source of a large CommonJS `.js` file, read as its bytes when they are all ASCII; undefined
 * for any other file (Node reads it, and checks its package's type, as usual).
 */
function largeAsciiSource(filename: string): string | undefined {
  try {
    if (!filename.endsWith('.js') || statSync(filename).size < LARGE || !inCommonJsPackage(filename)) return undefined;
    const bytes = readFileSync(filename);
    // Otherwise decoded as Node decodes it (readFileSync's 'utf8': the same replacement of bad bytes).
    return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
  } catch {
    return undefined;
  }
}

/** Whether the package scope of `filename` is CommonJS, as Node finds it (the nearest package.json below node_modules). */
function inCommonJsPackage(filename: string): boolean {
  for (let dir = path.dirname(filename); path.basename(dir) !== 'node_modules'; dir = path.dirname(dir)) {
    let text: string;
    try {
      text = readFileSync(path.join(dir, 'package.json'), 'utf8');
    } catch {
      if (path.dirname(dir) === dir) return true;
      continue;
    }
    // A package.json Node cannot read is Node's to report.
    return (JSON.parse(text) as { type?: unknown }).type !== 'module';
  }
  return true;
}

/** Compiles and runs `module` as Node would, from the cache when there is one; undefined: let Node do it. */
function compileCached(module: CommonJsModule, content: string, filename: string, dir: string, node: NodeModule): { result: unknown } | undefined {
  let stat;
  try {
    stat = statSync(filename);
  } catch {
    return undefined;
  }
  // The file's path, identity and version (V8 itself only checks the source's length and its own flags).
  // V8 rejects a cache made under other flags (--max-old-space-size in NODE_OPTIONS for a large run,
  // say): each set of flags keeps its own, or every switch would compile and write everything again.
  const prefix = `${filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(-160)}-${flagsKey()}-`;
  const file = path.join(dir, `${prefix}${stat.dev}-${stat.ino}-${stat.size}-${stat.mtimeMs}.bin`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(file);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(node.wrap(content), {
    filename,
    cachedData,
    importModuleDynamically: vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  } as vm.ScriptOptions);
  if (cachedData === undefined || script.cachedDataRejected) {
    // Only the main thread writes (workers read what it wrote).
    if (isMainThread) pending.push({ script, file, prefix });
    if (!exitHook && isMainThread) {
      exitHook = true;
      // At exit the cache also holds every function the run compiled, not only the top level.
      process.once('exit', () => writeCaches(dir));
    }
  }
  const wrapper = script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  const result = wrapper.call(module.exports, module.exports, createRequire(filename), module, filename, path.dirname(filename));
  return { result };
}

/**
 * A short name for the flags this process runs with (its own, NODE_OPTIONS and those the launcher
 * set, v8-tuning.ts): FNV-1a, base 36.
 */
function flagsKey(): string {
  let hash = 0x811c9dc5;
  for (const ch of JSON.stringify([process.execArgv, process.env['NODE_OPTIONS'] ?? '', process.env[V8_TUNING_VARIABLE] ?? ''])) {
    hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

function writeCaches(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const { script, file, prefix } of pending) {
      // Caches of earlier versions of the same file are of no use any more.
      for (const old of readdirSync(dir)) if (old.startsWith(prefix) && old !== path.basename(file)) unlinkSync(path.join(dir, old));
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, script.createCachedData(), { mode: 0o600 });
      renameSync(temp, file);
    }
  } catch {
    // A cache that cannot be written costs the next start its time, nothing else.
  }
}
