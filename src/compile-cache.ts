// Node compiles a CommonJS module from its source on every start: for the compiler ts-morph
// bundles (9 MB) and ts-morph itself about a third of the CLI's start-up, and every function the
// run calls is compiled again on first use. V8 can keep that work (a code cache) for the next
// start. Node 22 does it for every module (module.enableCompileCache); on older versions this
// module does it for the large CommonJS files a `requireCached` call loads. The caches live in the
// user's own cache directory (never a shared temporary one: whoever can write a cache chooses the
// code that runs). NODE_DISABLE_COMPILE_CACHE (Node's own switch) turns both off.
import Module, { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { isMainThread } from 'node:worker_threads';

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
  if (!dir) return load(id);
  const node = Module as NodeModule;
  if (typeof node.enableCompileCache === 'function') {
    try {
      node.enableCompileCache(dir);
    } catch {
      // No cache then: the code runs all the same.
    }
    return load(id);
  }
  const proto = node.prototype;
  const original = proto._compile;
  proto._compile = function compile(this: CommonJsModule, content: string, filename: string, ...rest: unknown[]) {
    if (typeof content === 'string' && content.length >= LARGE) {
      const compiled = compileCached(this, content, filename, dir, node);
      if (compiled) return compiled.result;
    }
    return original.call(this, content, filename, ...rest);
  };
  try {
    return load(id);
  } finally {
    proto._compile = original;
  }
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
  const prefix = `${filename.replace(/[^A-Za-z0-9._-]/g, '_').slice(-160)}-`;
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
