// The project-level index of cross-file mode: which files of the run import a module of the run that
// exports a liftable helper (an exported function wrapping one question, or a chain over one). Imports are resolved with
// the compiler options of the project's tsconfig (`--project`, or the nearest tsconfig.json found
// beside or above a file), so `paths` aliases and NodeNext `.js` specifiers resolve as the compiler
// resolves them. Only the scanner runs on every candidate file (ts.preProcessFile); only modules
// that some candidate imports are parsed, and only those whose text can hold a question.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ts } from '../ts-morph.js';
import type { PushAlias } from '../discover/config.js';
import { mightNeedMigration } from '../analysis/push-sites.js';
import { buildRegistrationIndex } from './registration-index.js';
import { exportsAskingHelper, type CrossFileInput } from '../step-machine/recognise/cross-file.js';
import { parseOnTheSide } from '../ast/side-parse.js';
import type { RegistrationInput } from '../step-machine/recognise/remote-handlers.js';
import { buildCallersIndex, TEST_FILE, type ModuleCallers, type OutsideImporter } from './callers-index.js';

export class ProjectError extends Error {}

/** Compiler options of a tsconfig (with its `extends`); a broken file is a ProjectError naming it. */
export function compilerOptionsOf(tsconfig: string): ts.CompilerOptions {
  if (!existsSync(tsconfig)) throw new ProjectError(`${tsconfig}: no such tsconfig file`);
  const read = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (read.error) throw new ProjectError(`${tsconfig}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(tsconfig), undefined, tsconfig);
  // "No inputs were found" only means the include globs match nothing: resolution still works.
  const fatal = parsed.errors.find((d) => d.code !== 18003);
  if (fatal) throw new ProjectError(`${tsconfig}: ${ts.flattenDiagnosticMessageText(fatal.messageText, '\n')}`);
  return { ...parsed.options, allowJs: true };
}

/**
 * Where a package has no tsconfig.json: the options its imports resolve with all the same, as a
 * bundler or Node resolves them (`./lib/ask.js` to `./lib/ask.ts`, an extensionless `./lib/ask`).
 */
export const DEFAULT_INDEX_OPTIONS: ts.CompilerOptions = Object.freeze({
  allowJs: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
});

/**
 * The tsconfig.json beside or above `dir`, up to the package root (nearest package.json) or the git
 * root, whichever comes first; undefined when there is none.
 */
export function nearestTsconfig(dir: string): string | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (existsSync(path.join(d, 'package.json')) || existsSync(path.join(d, '.git')) || path.dirname(d) === d) return undefined;
  }
}

export interface IndexedFile {
  absPath: string;
  text: string;
}

export interface ProjectIndexOptions {
  /** `--project`: one tsconfig for every file; undefined: the nearest one per file. */
  tsconfig?: string;
  aliases?: readonly PushAlias[];
  /** The text the transforms will see for a file (after the v1→v2 upgrade); default: its text. */
  textOf?: (file: IndexedFile) => string;
  /** The text of a file of the run that is no candidate (a module tool definitions pass through); undefined outside the run. */
  readFile?: (absPath: string) => string | undefined;
  /** The run upgrades this v1 file before migrating it. */
  upgraded?: (text: string) => boolean;
  /** Files of the run's packages outside its paths: their calls of the run's handlers are checked. */
  outside?: readonly IndexedFile[];
  /** A file's path for findings (relative to the working directory). */
  displayPath?: (absPath: string) => string;
  /** The run's files that are no candidates (the prefilter skipped them), for the callers index. */
  skipped?: () => readonly IndexedFile[];
}

export interface ProjectIndex {
  /** Per importing file: the imported modules that export liftable helpers. */
  inputs: Map<string, CrossFileInput>;
  /** Per file holding functions that registrations of other files reach through tool definitions. */
  registrations: Map<string, RegistrationInput>;
  /** Files whose imports were resolved, modules parsed for helpers, helper modules found; registrars whose routes were followed. */
  stats: { files: number; parsed: number; helperModules: number; registrars: number };
  /** Per module that may ask and exports something: where the run's other files use its exports. */
  callers: Map<string, ModuleCallers>;
}

/** Text that can hold a question a helper asks (the push names, or the alias names). */
function mayAsk(text: string, aliases: readonly PushAlias[]): boolean {
  return /elicitInput|requestSampling|createMessage|listRoots|elicitation\/create|sampling\/createMessage|roots\/list/.test(text) ||
    aliases.some((a) => text.includes(a.call.slice(a.call.lastIndexOf('.') + 1)));
}

/** What the passes of buildProjectIndex share: the run's files, how their imports resolve, the texts read. */
interface IndexContext {
  files: readonly IndexedFile[];
  aliases: readonly PushAlias[];
  byPath: Map<string, IndexedFile>;
  /** The compiler options a file's imports resolve with; undefined leaves it out of cross-file mode. */
  compilerOptions: (file: string) => ts.CompilerOptions | undefined;
  /** The resolution cache for a set of compiler options (created for the first file resolved with them). */
  cacheFor: (opts: ts.CompilerOptions, file: string) => ts.ModuleResolutionCache;
  /** The text the file's own run will read (a v1 module after its upgrade). */
  textOf: (file: IndexedFile) => string;
  /** A module that exports something and holds text that can ask: a helper module, or one whose callers matter. */
  exportsAndMayAsk: (text: string) => boolean;
  stats: { files: number; parsed: number; helperModules: number };
}

export function buildProjectIndex(files: readonly IndexedFile[], options: ProjectIndexOptions = {}): ProjectIndex {
  const context = indexContext(files, options);
  const { byPath, stats } = context;
  const { inputs, importsOfFile } = importedHelperModules(context);
  relayHelperModules(context, inputs, importsOfFile);
  // Registrations that hand calls to tool definitions of other modules (index/registration-index.ts).
  const resolveImport = (from: string, specifier: string): string | undefined => {
    const opts = context.compilerOptions(from);
    if (!opts || (!specifier.startsWith('.') && !opts.paths)) return undefined;
    const cache = context.cacheFor(opts, from);
    const resolved = ts.resolveModuleName(specifier, from, opts, ts.sys, cache).resolvedModule?.resolvedFileName;
    const target = resolved && path.normalize(resolved);
    return target && target !== path.normalize(from) && (byPath.has(target) || options.readFile?.(target) !== undefined) ? target : undefined;
  };
  const registrations = buildRegistrationIndex({
    candidates: files,
    serverBuilders: files.filter((f) => /\bnew\s+(McpServer|Server)\s*\(/.test(f.text))
      .map((f) => ({ absPath: path.normalize(f.absPath), imports: (importsOfFile.get(f.absPath) ?? []).map(([, target]) => target) })),
    read: (absPath) => byPath.get(absPath)?.text ?? options.readFile?.(absPath),
    resolve: resolveImport,
    upgraded: options.upgraded ?? (() => false),
    mayAsk: (absPath, text) => mightNeedMigration(text, context.aliases) || inputs.has(absPath),
  });
  stats.parsed += registrations.stats.parsed;
  const askers = new Set(files.filter((f) => context.exportsAndMayAsk(f.text)).map((f) => path.normalize(f.absPath)));
  const callers = buildCallersIndex(files, askers, importsOfFile, options.skipped?.() ?? []);
  // Files whose calls of an asker's handlers the run does not update: outside its paths, and its tests.
  const notUpdated = [...(options.outside ?? []), ...files.filter((f) => TEST_FILE.test(f.absPath))];
  for (const file of notUpdated) {
    for (const specifier of new Set(ts.preProcessFile(file.text, true, false).importedFiles.map((i) => i.fileName))) {
      const target = resolveImport(file.absPath, specifier);
      const entry = target && askers.has(target) ? callers.get(target) : undefined;
      if (!entry) continue;
      const importer: OutsideImporter = { absPath: file.absPath, path: options.displayPath?.(file.absPath) ?? file.absPath, text: file.text, specifier };
      entry.outside = [...(entry.outside ?? []), importer];
    }
  }
  return { inputs, registrations: registrations.inputs, stats: { ...stats, registrars: registrations.stats.registrars }, callers };
}

function indexContext(files: readonly IndexedFile[], options: ProjectIndexOptions): IndexContext {
  const aliases = options.aliases ?? [];
  const byPath = new Map(files.map((f) => [path.normalize(f.absPath), f]));
  const optionsByConfig = new Map<string, ts.CompilerOptions | undefined>();
  const configOfDir = new Map<string, string | undefined>();
  const fixed = options.tsconfig ? compilerOptionsOf(options.tsconfig) : undefined;
  const compilerOptions = (file: string): ts.CompilerOptions | undefined => {
    if (fixed) return fixed;
    const dir = path.dirname(file);
    if (!configOfDir.has(dir)) configOfDir.set(dir, nearestTsconfig(dir));
    const config = configOfDir.get(dir);
    // No tsconfig: the package's files are indexed with default options all the same.
    if (!config) return DEFAULT_INDEX_OPTIONS;
    if (!optionsByConfig.has(config)) {
      // A tsconfig found on the way (not named with --project) that does not load just leaves its
      // files out of cross-file mode: they migrate file by file, as without it.
      try {
        optionsByConfig.set(config, compilerOptionsOf(config));
      } catch (error) {
        if (!(error instanceof ProjectError)) throw error;
        optionsByConfig.set(config, undefined);
      }
    }
    return optionsByConfig.get(config);
  };
  const caches = new Map<ts.CompilerOptions, ts.ModuleResolutionCache>();
  const cacheFor = (opts: ts.CompilerOptions, file: string): ts.ModuleResolutionCache => {
    let cache = caches.get(opts);
    if (!cache) {
      cache = ts.createModuleResolutionCache(path.dirname(file), (f) => f, opts);
      caches.set(opts, cache);
    }
    return cache;
  };
  // Helper modules are read as their own run will read them (a v1 module after its upgrade).
  const seen = new Map<string, string>();
  const textOf = (file: IndexedFile): string => {
    let known = seen.get(file.absPath);
    if (known === undefined) {
      known = options.textOf ? options.textOf(file) : file.text;
      seen.set(file.absPath, known);
    }
    return known;
  };
  const exportsAndMayAsk = (text: string): boolean => /\bexport\b/.test(text) && mayAsk(text, aliases);
  const stats = { files: 0, parsed: 0, helperModules: 0 };
  return { files, aliases, byPath, compilerOptions, cacheFor, textOf, exportsAndMayAsk, stats };
}

/**
 * Per file, the modules of the run it imports that export liftable helpers (`inputs`), and every
 * module of the run it imports (specifier → path, `importsOfFile`) for the passes after this one.
 */
function importedHelperModules(context: IndexContext): { inputs: Map<string, CrossFileInput>; importsOfFile: Map<string, [string, string][]> } {
  const { files, aliases, byPath, stats, textOf } = context;
  const helperNames = new Map<string, boolean>();
  const isHelperModule = (absPath: string): boolean => {
    let known = helperNames.get(absPath);
    if (known === undefined) {
      const file = byPath.get(absPath)!;
      known = false;
      if (context.exportsAndMayAsk(file.text)) {
        stats.parsed++;
        const parsed = parseOnTheSide(absPath, textOf(file));
        try {
          known = exportsAskingHelper(parsed.sourceFile, aliases);
        } finally {
          parsed.dispose();
        }
      }
      if (known) stats.helperModules++;
      helperNames.set(absPath, known);
    }
    return known;
  };
  const inputs = new Map<string, CrossFileInput>();
  const importsOfFile = new Map<string, [string, string][]>();
  for (const file of files) {
    const imports = ts.preProcessFile(file.text, true, false).importedFiles.map((i) => i.fileName);
    if (imports.length === 0) continue;
    const opts = context.compilerOptions(file.absPath);
    if (!opts) continue;
    stats.files++;
    const cache = context.cacheFor(opts, file.absPath);
    for (const specifier of new Set(imports)) {
      // Packages live outside the run; only relative imports and the project's own `paths` can reach a helper of it.
      if (!specifier.startsWith('.') && !opts.paths) continue;
      const resolved = ts.resolveModuleName(specifier, file.absPath, opts, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (!resolved) continue;
      const target = path.normalize(resolved);
      if (target === path.normalize(file.absPath) || !byPath.has(target)) continue;
      importsOfFile.set(file.absPath, [...(importsOfFile.get(file.absPath) ?? []), [specifier, target]]);
      if (!isHelperModule(target)) continue;
      const input = inputs.get(file.absPath) ?? { modules: {} };
      input.modules[specifier] = { absPath: target, text: textOf(byPath.get(target)!) };
      inputs.set(file.absPath, input);
    }
  }
  return { inputs, importsOfFile };
}

/**
 * A module that imports helper modules may export a function asking through one of them (a chain
 * across modules): its importers get it with its own helper modules, to report such calls.
 */
function relayHelperModules(context: IndexContext, inputs: Map<string, CrossFileInput>, importsOfFile: ReadonlyMap<string, [string, string][]>): void {
  const { byPath, textOf } = context;
  const direct = new Map([...inputs].map(([file, input]) => [file, { modules: { ...input.modules } }]));
  for (const [file, imported] of importsOfFile) {
    for (const [specifier, target] of imported) {
      const relayed = direct.get(target);
      if (!relayed || !/\bexport\b/.test(byPath.get(target)!.text)) continue;
      const input = inputs.get(file) ?? { modules: {} };
      input.modules[specifier] = { absPath: target, text: textOf(byPath.get(target)!), imports: relayed };
      inputs.set(file, input);
    }
  }
}
