// The pure run: discover → prefilter → transform → format → diff / write. The CLI only parses
// options and prints; tests and other tools can call `run` directly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverFiles } from './discover.js';
import { unifiedDiff } from './diff.js';
import { transformSource } from './engine.js';
import { formatIfConfigured } from './format.js';
import { findDirtyFiles } from './git.js';
import { mightNeedMigration } from './analysis/push-sites.js';
import type { FileError, FileOutcome, NewFile, Transform } from './types.js';
import { PackageResolver } from './workspace.js';
import { createFileIfAbsent, readSourceFile, writeFileAtomic } from './write.js';
import { toDisplayPath } from './discover.js';

export type RunMode = 'write' | 'dry-run' | 'check';

export interface RunOptions {
  cwd: string;
  paths: string[];
  mode: RunMode;
  transforms: readonly Transform[];
  ignore?: string[];
  allowDirty?: boolean;
  format?: boolean;
  /** Where each package's requestState module goes, relative to the package root. */
  stateModule?: string;
  onProgress?: (done: number, total: number, current: string) => void;
}

export interface CreatedFile {
  path: string;
  absPath: string;
  text: string;
}

export interface RunResult {
  filesScanned: number;
  /** Every file that changed, has findings, or failed — in path order. */
  outcomes: FileOutcome[];
  errors: FileError[];
  /** Files the run creates (state modules that did not exist yet). */
  created: CreatedFile[];
  /** Unified diff of every change (dry runs; also computed for writes, for reports). */
  diff: string;
  /** Set when writing was refused because target files have uncommitted changes. */
  refusedDirty?: string[];
  /** True when the targets are not inside a git repository (writing proceeds, with a warning). */
  notInGitRepo: boolean;
  written: number;
  durationMs: number;
}

export async function run(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const { cwd } = options;
  const discovered = await discoverFiles(options.paths, { cwd, ignore: options.ignore });
  const errors: FileError[] = [...discovered.errors];
  const packages = new PackageResolver();
  const outcomes: FileOutcome[] = [];
  let done = 0;
  for (const file of discovered.files) {
    const outcome = await processFile(file.absPath, file.path, cwd, options, packages);
    if (outcome.error) errors.push({ path: outcome.path, message: outcome.error });
    if (outcome.output !== undefined || outcome.findings.length > 0 || outcome.error) outcomes.push(outcome);
    options.onProgress?.(++done, discovered.files.length, file.path);
  }

  const created = plannedNewFiles(outcomes, cwd);
  const diff = renderDiff(outcomes, created);
  const result: RunResult = {
    filesScanned: discovered.files.length,
    outcomes,
    errors: errors.sort((a, b) => compare(a.path, b.path)),
    created,
    diff,
    notInGitRepo: false,
    written: 0,
    durationMs: 0,
  };

  if (options.mode === 'write') {
    const targets = outcomes.filter((o) => o.output !== undefined && !o.error).map((o) => o.absPath);
    if (targets.length > 0 || created.length > 0) {
      const check = findDirtyFiles(targets, cwd);
      result.notInGitRepo = !check.inRepo;
      if (check.dirty.length > 0 && !options.allowDirty) {
        result.refusedDirty = check.dirty.map((abs) => toDisplayPath(cwd, abs)).sort(compare);
      } else {
        result.written = await writeAll(outcomes, created, errors);
      }
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

async function processFile(
  absPath: string,
  displayPath: string,
  cwd: string,
  options: RunOptions,
  packages: PackageResolver,
): Promise<FileOutcome> {
  const pkg = packages.packageFor(absPath);
  const packageRoot = pkg?.root ?? cwd;
  const outcome: FileOutcome = {
    path: displayPath,
    absPath,
    packagePath: toDisplayPath(cwd, packageRoot) || '.',
    packageName: pkg?.name ?? path.basename(packageRoot),
    original: '',
    transforms: [],
    findings: [],
    handlersMigrated: 0,
    sitesMigrated: 0,
    newFiles: [],
  };
  try {
    outcome.original = await readSourceFile(absPath);
  } catch (error) {
    outcome.error = `cannot read: ${messageOf(error)}`;
    return outcome;
  }
  if (!mightNeedMigration(outcome.original)) return outcome;
  try {
    const result = transformSource({
      absPath,
      text: outcome.original,
      transforms: options.transforms,
      options: { packageRoot, stateModulePath: stateModulePathFor(packageRoot, options.stateModule) },
    });
    let output = result.output;
    if (output !== undefined && options.format !== false) {
      output = (await formatIfConfigured(absPath, output)).text;
      if (output === outcome.original) output = undefined;
    }
    outcome.output = output;
    outcome.transforms = result.transforms;
    outcome.findings = result.findings.map((f) => ({ ...f, path: displayPath }));
    outcome.handlersMigrated = result.handlersMigrated;
    outcome.sitesMigrated = result.sitesMigrated;
    outcome.newFiles = result.newFiles;
  } catch (error) {
    // The file stays byte-for-byte as it was; the run goes on.
    outcome.error = messageOf(error);
    outcome.output = undefined;
    outcome.findings = [];
  }
  return outcome;
}

/**
 * Where a package's requestState module lives: the `--state-module` path relative to the package
 * root, else `src/mrtr-state.<ext>` when the package has a `src/` folder, else `mrtr-state.<ext>`.
 * TypeScript when the package has a tsconfig.json, JavaScript otherwise.
 */
export function stateModulePathFor(packageRoot: string, override?: string): string {
  if (override) return path.resolve(packageRoot, override);
  const ext = existsSync(path.join(packageRoot, 'tsconfig.json')) ? '.ts' : '.js';
  const dir = existsSync(path.join(packageRoot, 'src')) ? path.join(packageRoot, 'src') : packageRoot;
  return path.join(dir, `mrtr-state${ext}`);
}

/** New files requested by transforms, once each, only where nothing exists yet (never overwritten). */
function plannedNewFiles(outcomes: FileOutcome[], cwd: string): CreatedFile[] {
  const byPath = new Map<string, NewFile>();
  for (const outcome of outcomes) {
    if (outcome.error || outcome.output === undefined) continue;
    for (const file of outcome.newFiles) {
      if (!byPath.has(file.absPath) && !existsSync(file.absPath)) byPath.set(file.absPath, file);
    }
  }
  return [...byPath.values()]
    .map((f) => ({ path: toDisplayPath(cwd, f.absPath), absPath: f.absPath, text: f.text }))
    .sort((a, b) => compare(a.path, b.path));
}

function renderDiff(outcomes: FileOutcome[], created: CreatedFile[]): string {
  const parts: { path: string; text: string }[] = [];
  for (const outcome of outcomes) {
    if (outcome.output !== undefined && !outcome.error) {
      parts.push({ path: outcome.path, text: unifiedDiff(outcome.path, outcome.original, outcome.output) });
    }
  }
  for (const file of created) parts.push({ path: file.path, text: unifiedDiff(file.path, undefined, file.text) });
  return parts
    .sort((a, b) => compare(a.path, b.path))
    .map((p) => p.text)
    .join('');
}

async function writeAll(outcomes: FileOutcome[], created: CreatedFile[], errors: FileError[]): Promise<number> {
  let written = 0;
  for (const outcome of outcomes) {
    if (outcome.output === undefined || outcome.error) continue;
    try {
      await writeFileAtomic(outcome.absPath, outcome.output);
      written++;
    } catch (error) {
      outcome.error = `cannot write: ${messageOf(error)}`;
      errors.push({ path: outcome.path, message: outcome.error });
    }
  }
  for (const file of created) {
    try {
      if (await createFileIfAbsent(file.absPath, file.text)) written++;
    } catch (error) {
      errors.push({ path: file.path, message: `cannot create: ${messageOf(error)}` });
    }
  }
  errors.sort((a, b) => compare(a.path, b.path));
  return written;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
