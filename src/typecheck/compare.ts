// One package checked before and after the run: which files (changed, generated, or importing a
// changed one) have more diagnostics once the run's edits are in, and which new ones. Counting per
// file keeps positions out of it (the edits move every line); a diagnostic is new when no
// diagnostic of the same code and text was there before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ts } from '../ts-morph.js';
import { packageNameOf } from '../ast/module-specifiers.js';
import { createPackageProgram, fileDiagnostics, type PackageSetup } from './package-programs.js';

export interface PackageCheckInput {
  setup: PackageSetup;
  /** Changed source files: absolute path → the text the run leaves. */
  changed: ReadonlyMap<string, string>;
  /** Files the run creates: absolute path → text. */
  created: ReadonlyMap<string, string>;
  /** What the run leaves in other packages (changed and created files), seen by the after program but not counted. */
  elsewhere?: ReadonlyMap<string, string>;
  /** Other source files of the package, among which importers of changed files are looked for. */
  candidates: readonly string[];
  /** Packages the after program takes from this tool's copy (their range changes in the manifest). */
  fromTool: ReadonlySet<string>;
  /** Packages the manifest adds or raises that this tool has no copy of: unresolved in the after program (the installed release, if any, is the old one), and "cannot find" them is not the run's fault. */
  notInstalled: ReadonlySet<string>;
}

export interface FileRegression {
  absPath: string;
  before: number;
  after: number;
  /** The diagnostics that were not there before, as `TS2345 at line 57: …` (line of the text the run leaves). */
  added: string[];
}

export type PackageCheck =
  | { kind: 'checked'; regressions: FileRegression[]; importers: Map<string, string[]> }
  | { kind: 'unchecked'; why: string };

const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const CANNOT_FIND_MODULE = new Set([2307, 7016]);

export function checkPackage(input: PackageCheckInput): PackageCheck {
  const { setup, changed, created } = input;
  const changedSources = [...changed.keys()].filter((f) => SOURCE.test(f));
  const importers = findImporters(input, changedSources);
  const declarations = setup.projectFiles.filter((f) => /\.d\.[cm]?ts$/.test(f));
  const checked = [...new Set([...changedSources, ...importers.keys()])];
  const before = createPackageProgram({ setup, rootNames: [...checked, ...declarations] });

  // Without installed dependencies every import of a package fails alike before and after, and the
  // counts would say nothing of the run's edits.
  for (const file of changedSources) {
    const missing = fileDiagnostics(before, file).find((d) => d.code === 2307);
    if (missing) return { kind: 'unchecked', why: `${flatten(missing)} (in ${path.basename(file)}, before the run): its dependencies are not installed` };
  }

  const overlay = new Map([...(input.elsewhere ?? []), ...changed, ...created]);
  const after = createPackageProgram({
    setup,
    rootNames: [...checked, ...created.keys(), ...declarations],
    overlay,
    fromTool: input.fromTool,
    unresolved: input.notInstalled,
    // Resolutions may differ (a package from this tool's copy): nothing is reused then.
    ...(input.fromTool.size === 0 && input.notInstalled.size === 0 ? { oldProgram: before } : {}),
  });

  const regressions: FileRegression[] = [];
  for (const file of [...checked, ...created.keys()]) {
    const was = created.has(file) ? [] : fileDiagnostics(before, file);
    const now = fileDiagnostics(after, file).filter((d) => !notInstalledModule(d, input.notInstalled));
    if (now.length <= was.length) continue;
    const seen = new Map<string, number>();
    for (const d of was) seen.set(keyOf(d), (seen.get(keyOf(d)) ?? 0) + 1);
    const added: string[] = [];
    for (const d of now) {
      const left = seen.get(keyOf(d)) ?? 0;
      if (left > 0) seen.set(keyOf(d), left - 1);
      else added.push(describe(d));
    }
    regressions.push({ absPath: file, before: was.length, after: now.length, added });
  }
  return { kind: 'checked', regressions, importers };
}

/** Unchanged files of the package that import a changed one (absolute path → the changed files it imports). */
function findImporters(input: PackageCheckInput, changedSources: readonly string[]): Map<string, string[]> {
  const changedSet = new Set(changedSources.map((f) => path.resolve(f)));
  const stems = [...new Set(changedSources.map((f) => path.basename(f).replace(/\.[^.]+$/, '')))];
  const importers = new Map<string, string[]>();
  const cache = ts.createModuleResolutionCache(process.cwd(), (f) => f, input.setup.options);
  for (const file of new Set(input.candidates)) {
    const abs = path.resolve(file);
    if (changedSet.has(abs) || !SOURCE.test(abs) || /\.d\.[cm]?ts$/.test(abs)) continue;
    let text: string;
    try {
      text = readFileSync(abs, 'utf8');
    } catch {
      continue;
    }
    // A module that names none of the changed files' stems cannot import them (cheap before the scanner).
    if (!stems.some((stem) => text.includes(stem))) continue;
    const imported: string[] = [];
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      // A bare specifier is a package, unless a `paths` mapping or the manifest's `imports` (`#…`) make it a module of the package.
      const bare = packageNameOf(ref.fileName) !== undefined;
      if (bare && !input.setup.options.paths && !ref.fileName.startsWith('#')) continue;
      const resolved = ts.resolveModuleName(ref.fileName, abs, input.setup.options, ts.sys, cache).resolvedModule;
      const target = resolved && path.resolve(resolved.resolvedFileName);
      if (target && changedSet.has(target) && !imported.includes(target)) imported.push(target);
    }
    if (imported.length > 0) importers.set(abs, imported);
  }
  return importers;
}

function notInstalledModule(d: ts.Diagnostic, names: ReadonlySet<string>): boolean {
  if (!CANNOT_FIND_MODULE.has(d.code) || names.size === 0) return false;
  const quoted = /'([^']+)'/.exec(flatten(d))?.[1];
  const name = quoted === undefined ? undefined : packageNameOf(quoted);
  return name !== undefined && names.has(name);
}

function flatten(d: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(d.messageText, ' ');
}

function keyOf(d: ts.Diagnostic): string {
  return `${d.code}\0${flatten(d)}`;
}

function describe(d: ts.Diagnostic): string {
  const text = flatten(d);
  const short = text.length > 240 ? `${text.slice(0, 237)}...` : text;
  const line = d.file && d.start !== undefined ? ` at line ${d.file.getLineAndCharacterOfPosition(d.start).line + 1}` : '';
  return `TS${d.code}${line}: ${short}`;
}
