// Dependencies built on the v1 SDK. A package that depends on @modelcontextprotocol/sdk (Cloudflare's
// `agents` with its McpAgent, example servers that export a createServer(), app helpers) takes and
// returns v1 objects: McpServer instances, transports, v1 types. A file that imports one cannot
// move to v2 on its own: v2's McpServer is not the class the package expects or hands back, in
// the types (TS2322 / TS2416) and when it runs. Such a file is left on v1 and reported.
// What a package depends on is read from its installed package.json, else from the lockfile
// (package-lock.json `packages`), looked up from the file's directory upwards; unknown is "no".
// The same holds for a module of the user's own that imports the v1 SDK and that the run does not
// upgrade with the file (it is outside the paths given): which of the file's relative imports
// reach one is a fact of the run (v1ModulesOutsideRun), found by the runner and handed to the upgrade.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { packageNameOf } from '../../ast/module-specifiers.js';
import { resolveRelative } from '../../index/callers-index.js';
import { ts } from '../../ts-morph.js';
import { isV1Module, V1_PACKAGE } from './mappings.js';
import { v2CompanionRange } from '../v2-companions.js';

/** The SDK's own packages (v2 and its tooling): never "built on v1" for this purpose. */
const SDK_PACKAGES = /^@modelcontextprotocol\/(?:sdk|server|client|core|node|express|hono|fastify|server-legacy|codemod)$/;

export interface V1BasedImport {
  declaration: ts.ImportDeclaration;
  /** The package's root name. */
  name: string;
  /** Its range of @modelcontextprotocol/sdk. */
  range: string;
}

export function v1BasedImports(file: ts.SourceFile, absPath: string): V1BasedImport[] {
  const found: V1BasedImport[] = [];
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const spec = statement.moduleSpecifier.text;
    const name = packageNameOf(spec);
    // A companion with a v2-based release moves with its package: the manifest raises its range (manifests.ts).
    if (name === undefined || SDK_PACKAGES.test(name) || v2CompanionRange(name) !== undefined) continue;
    const range = v1RangeOf(name, path.dirname(absPath));
    if (range !== undefined) found.push({ declaration: statement, name, range });
  }
  return found;
}

const cache = new Map<string, string | null>();

/** The @modelcontextprotocol/sdk range `name` depends on as seen from `dir`, if any. */
function v1RangeOf(name: string, dir: string): string | undefined {
  const key = `${dir}\0${name}`;
  if (!cache.has(key)) cache.set(key, lookUp(name, dir) ?? null);
  return cache.get(key) ?? undefined;
}

type Manifest = { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };

function lookUp(name: string, start: string): string | undefined {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const installed = readJson<Manifest>(path.join(dir, 'node_modules', name, 'package.json'));
    if (installed) return v1Range(installed);
    const locked = lockfile(dir)?.[`node_modules/${name}`];
    if (locked) return v1Range(locked);
    if (existsSync(path.join(dir, '.git')) || path.dirname(dir) === dir) return undefined;
  }
}

const lockfiles = new Map<string, Record<string, Manifest> | undefined>();

/** The `packages` of the package-lock.json in `dir`, read once (lockfiles run to megabytes). */
function lockfile(dir: string): Record<string, Manifest> | undefined {
  if (!lockfiles.has(dir)) lockfiles.set(dir, readJson<{ packages?: Record<string, Manifest> }>(path.join(dir, 'package-lock.json'))?.packages);
  return lockfiles.get(dir);
}

function v1Range(manifest: Manifest): string | undefined {
  return manifest.dependencies?.[V1_PACKAGE] ?? manifest.peerDependencies?.[V1_PACKAGE];
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A relative import of a file's that reaches a module outside the run which imports the v1 SDK. */
export interface V1ModuleOutsideRun {
  /** The import's specifier, as written. */
  specifier: string;
  /** The module, as the run shows paths (relative to its working directory). */
  path: string;
}

/**
 * The relative imports of `text` (at `absPath`), a file on the v1 SDK, that resolve to a module
 * outside the run (`inRun` says no) which imports, requires or re-exports @modelcontextprotocol/sdk.
 * That module stays on v1 while this file would move to v2: whatever crosses between them (a
 * server handed to a helper typed with v1's McpServer, a v1 type, a transport) no longer fits, so
 * the file must stay v1 too. Whether such a value actually crosses would need a program spanning
 * both modules; an import of a v1 module is what the run can tell cheaply, and adding that module
 * to the run clears it. A file not on the v1 SDK is not upgraded: nothing is found for it.
 */
export function v1ModulesOutsideRun(
  absPath: string,
  text: string,
  inRun: (absPath: string) => boolean,
  displayPath: (absPath: string) => string,
): V1ModuleOutsideRun[] {
  const imported = importedModules(text);
  if (!imported.some(isV1Module)) return [];
  const found: V1ModuleOutsideRun[] = [];
  for (const specifier of new Set(imported)) {
    const target = resolveRelative(absPath, specifier);
    if (target === undefined || target === path.normalize(absPath) || inRun(target)) continue;
    // Read on each look (a run makes few): a cache would outlive the module's edits in a long-lived process.
    let module: string;
    try {
      module = readFileSync(target, 'utf8');
    } catch {
      continue;
    }
    if (importedModules(module).some(isV1Module)) found.push({ specifier, path: displayPath(target) });
  }
  return found;
}

/** What a module imports, requires or re-exports, as written. */
function importedModules(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((i) => i.fileName);
}
