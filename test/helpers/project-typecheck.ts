// Typechecking scratch packages on disk (a tsconfig.json and its files), as `tsc --noEmit` would.
// Declaration files under node_modules and TypeScript's own lib files never change during a test
// run, so their parsed source files are kept for the whole worker and handed to every program: the
// SDK, zod and @types/node are parsed once instead of once per package, which is most of the cost of
// a small package's check. Everything else is read from disk each time.
import path from 'node:path';
import ts from 'typescript';

const cached = new Map<string, ts.SourceFile | undefined>();

function isImmutable(file: string): boolean {
  return file.split(/[\\/]/).includes('node_modules');
}

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
  const base = ts.createCompilerHost(options, true);
  return {
    ...base,
    getSourceFile: (file, language, onError, shouldCreate) => {
      if (!isImmutable(file)) return base.getSourceFile(file, language, onError, shouldCreate);
      const key = typeof language === 'object' ? `${language.languageVersion}:${language.impliedNodeFormat}:${file}` : `${language}:${file}`;
      if (!cached.has(key)) cached.set(key, base.getSourceFile(file, language, onError, shouldCreate));
      return cached.get(key);
    },
  };
}

/**
 * The program of the tsconfig.json in `dir` (with `overrides` on top of its options), its
 * declaration files shared with earlier programs.
 */
export function projectProgram(dir: string, overrides: ts.CompilerOptions = {}): ts.Program {
  const config = ts.readConfigFile(path.join(dir, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, dir);
  const options = { ...parsed.options, ...overrides };
  return ts.createProgram({ rootNames: parsed.fileNames, options, host: cachingHost(options) });
}

/** `tsc --noEmit` diagnostics of the package in `dir`, formatted relative to it ('' when clean). */
export function typecheckProject(dir: string, overrides: ts.CompilerOptions = {}): string {
  return formatProjectDiagnostics(ts.getPreEmitDiagnostics(projectProgram(dir, overrides)), dir);
}

export function formatProjectDiagnostics(diagnostics: readonly ts.Diagnostic[], dir: string): string {
  return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => dir, getNewLine: () => '\n' });
}
