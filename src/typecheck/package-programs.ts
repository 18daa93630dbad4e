// The two programs the typecheck gate compares for one package: its files as they are on disk
// ("before") and as the run leaves them ("after": changed sources, generated modules and the
// manifest's new dependencies). Both use the package's own compiler options (its nearest
// tsconfig.json, or TypeScript's defaults where it has none, read as the package's own TypeScript
// major reads them) and the same host, so a difference in diagnostics is the run's. A v2 package
// the run adds to the manifest (or zod raised to 4) is not installed yet: the after program
// resolves it from this tool's own copy, or leaves it unresolved where this tool has none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { typescriptLibFiles } from '../analysis/standard-library.js';
import { ts } from '../ts-morph.js';
import { packageNameOf } from '../ast/module-specifiers.js';

/** This module: this tool's own dependencies resolve from here, wherever npm put them (nested or hoisted). */
const TOOL_IMPORTER = fileURLToPath(import.meta.url);

/**
 * TypeScript's own library files: ts-morph's TypeScript keeps them in memory, not on disk, so they
 * are served from there under a folder of their own.
 */
const LIB_DIR = path.resolve('/', '.mcp-mrtr-migrate-typescript-lib');

function libText(file: string): string | undefined {
  if (path.dirname(path.resolve(file)) !== LIB_DIR) return undefined;
  return typescriptLibFiles().get(path.basename(file));
}

const IN_NODE_MODULES = /[\\/]node_modules[\\/]/;

/** Declaration files under node_modules never change during a run: parsed once for every program of it. */
const parsedOnce = new Map<string, ts.SourceFile | undefined>();

export interface PackageSetup {
  /** The package's folder (its package.json's). */
  root: string;
  /** The tsconfig.json the options come from; undefined: TypeScript's defaults. */
  tsconfig?: string;
  options: ts.CompilerOptions;
  /** Source files the tsconfig lists (or none): importers of changed files are looked for among them. */
  projectFiles: readonly string[];
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  esModuleInterop: true,
  // TypeScript 6 makes `strict` the default; a package without a tsconfig is typechecked by nobody,
  // and `tsc` 5 (what most such packages have) is not strict: the lenient reading stands in.
  strict: false,
};

/**
 * The package's compiler options, as `tsc -p` would read them, made fit for a check without
 * output. A tsconfig.json above the package (a workspace's) counts only where it lists one of the
 * changed files: one that excludes them (or lists nothing) is not what they are built with, and
 * TypeScript's defaults stand in.
 */
export function packageSetup(packageRoot: string, changedFiles: readonly string[]): PackageSetup {
  const found = ts.findConfigFile(packageRoot, ts.sys.fileExists, 'tsconfig.json');
  let tsconfig: string | undefined;
  // JavaScript is read only in a package of JavaScript (for its syntax): TypeScript's own default leaves it out.
  const javascriptOnly = changedFiles.every((f) => /\.[cm]?jsx?$/.test(f));
  let options: ts.CompilerOptions = { ...DEFAULT_OPTIONS, ...(javascriptOnly ? { allowJs: true } : {}) };
  let projectFiles: readonly string[] = [];
  if (found) {
    const read = ts.readConfigFile(found, ts.sys.readFile);
    const parsed = read.error ? undefined : ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(found));
    const own = path.dirname(path.resolve(found)) === path.resolve(packageRoot);
    const listed = new Set(parsed?.fileNames.map((f) => path.resolve(f)));
    if (parsed && (own || changedFiles.some((f) => listed.has(path.resolve(f))))) {
      tsconfig = found;
      options = parsed.options;
      projectFiles = parsed.fileNames;
    }
  }
  if (typescriptMajorOf(packageRoot) < 6) options = { ...options, ...typescript5Defaults(options) };
  return {
    root: packageRoot,
    ...(tsconfig ? { tsconfig } : {}),
    // Nothing is written, and a project build's bookkeeping (composite file lists, build info) is not the run's concern.
    options: { ...options, noEmit: true, composite: false, incremental: false, declaration: false, declarationMap: false, emitDeclarationOnly: false, tsBuildInfoFile: undefined, skipLibCheck: true },
    projectFiles,
  };
}

/**
 * The TypeScript the package builds with: its installed copy's major version (5 where none is
 * found, the release most packages pin). This tool's checker is TypeScript 6, whose defaults differ.
 */
function typescriptMajorOf(packageRoot: string): number {
  for (let dir = packageRoot; ; dir = path.dirname(dir)) {
    try {
      const version = (JSON.parse(readFileSync(path.join(dir, 'node_modules', 'typescript', 'package.json'), 'utf8')) as { version?: string }).version;
      const major = Number.parseInt(version ?? '', 10);
      if (Number.isFinite(major)) return major;
    } catch {
      // not installed here: look further up
    }
    if (path.dirname(dir) === dir) return 5;
  }
}

/**
 * What TypeScript 5 does where the options say nothing and TypeScript 6 does otherwise: every
 * `@types` package is included (TypeScript 6 includes none, so `console`, `process` and
 * `TextEncoder` from @types/node would be missing, and a new module using them would seem to
 * typecheck worse), and checks are not strict.
 */
function typescript5Defaults(options: ts.CompilerOptions): ts.CompilerOptions {
  return { ...(options.types === undefined ? { types: ['*'] } : {}), ...(options.strict === undefined ? { strict: false } : {}) };
}

/** Whether `specifier` (a bare module name) resolves from `fromFile` with `options`. */
export function resolvesFrom(specifier: string, fromFile: string, options: ts.CompilerOptions): boolean {
  return ts.resolveModuleName(specifier, fromFile, options, ts.sys).resolvedModule !== undefined;
}

/** Whether this tool has its own copy of module `specifier` to type the after program with. */
export function toolResolves(specifier: string, options: ts.CompilerOptions): boolean {
  return resolvesFrom(specifier, TOOL_IMPORTER, options);
}


export interface ProgramInput {
  setup: PackageSetup;
  rootNames: readonly string[];
  /** Text of files that differ from the disk (absolute path → text). */
  overlay?: ReadonlyMap<string, string>;
  /** Packages resolved from this tool's own copy instead of the package's node_modules. */
  fromTool?: ReadonlySet<string>;
  /** Packages left unresolved: the manifest raises them to a release that is not installed (the installed one would type them wrong). */
  unresolved?: ReadonlySet<string>;
  oldProgram?: ts.Program;
}

export function createPackageProgram({ setup, rootNames, overlay, fromTool, unresolved, oldProgram }: ProgramInput): ts.Program {
  const { options } = setup;
  const base = ts.createCompilerHost(options, true);
  const host: ts.CompilerHost = {
    ...base,
    getDefaultLibLocation: () => LIB_DIR,
    getDefaultLibFileName: (opts) => path.join(LIB_DIR, ts.getDefaultLibFileName(opts)),
    fileExists: (file) => overlay?.has(path.resolve(file)) || libText(file) !== undefined || base.fileExists(file),
    readFile: (file) => overlay?.get(path.resolve(file)) ?? libText(file) ?? base.readFile(file),
    getSourceFile: (file, language, onError, shouldCreate) => {
      const text = overlay?.get(path.resolve(file));
      if (text !== undefined) return ts.createSourceFile(file, text, language, true);
      const lib = libText(file);
      if (lib !== undefined) {
        const key = `lib:${typeof language === 'object' ? language.languageVersion : language}:${file}`;
        if (!parsedOnce.has(key)) parsedOnce.set(key, ts.createSourceFile(file, lib, language, false));
        return parsedOnce.get(key);
      }
      if (!IN_NODE_MODULES.test(file)) return base.getSourceFile(file, language, onError, shouldCreate);
      const key = `${typeof language === 'object' ? `${language.languageVersion}:${language.impliedNodeFormat}` : language}:${file}`;
      if (!parsedOnce.has(key)) parsedOnce.set(key, base.getSourceFile(file, language, onError, shouldCreate));
      return parsedOnce.get(key);
    },
    resolveModuleNameLiterals: (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
      literals.map((literal) => {
        const name = packageNameOf(literal.text);
        if (name !== undefined && unresolved?.has(name)) return { resolvedModule: undefined };
        const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
        const from = name !== undefined && fromTool?.has(name) ? TOOL_IMPORTER : containingFile;
        const resolved = ts.resolveModuleName(literal.text, from, compilerOptions, host, undefined, redirected, mode);
        // A package typed from this tool's copy imports its peers (express for @modelcontextprotocol/express):
        // where the tool has none, they are the package's own, as they will be once it is installed.
        if (resolved.resolvedModule || name === undefined || !IN_NODE_MODULES.test(containingFile)) return resolved;
        const fromPackage = ts.resolveModuleName(literal.text, path.join(setup.root, 'package.json'), compilerOptions, host, undefined, redirected, mode);
        return fromPackage.resolvedModule ? fromPackage : resolved;
      }),
  };
  return ts.createProgram({ rootNames: [...rootNames], options, host, ...(oldProgram ? { oldProgram } : {}) });
}

/** Diagnostics of one file of the program that a user would see from `tsc` (syntax and types). */
export function fileDiagnostics(program: ts.Program, file: string): readonly ts.Diagnostic[] {
  const source = program.getSourceFile(file);
  if (!source) return [];
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
}
