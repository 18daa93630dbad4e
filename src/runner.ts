// The pure run: discover → shard → read + prefilter → transform → format → diff / write. The CLI
// only parses options and prints; tests and other tools can call `run` directly.
//
// Threads: the main thread discovers, reads every file once and applies the prefilter; only the
// candidates become tasks, which a TaskScheduler spreads over worker threads (or runs in-process
// when there are few). Results are put back in file order, so every output is the same whatever
// the number of workers.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import os from 'node:os';
import path from 'node:path';
import { discoverFiles, toDisplayPath } from './discover/discover.js';
import { unifiedDiff } from './write/diff.js';
import { runFileTask, type FileTask, type FileTaskResult } from './file-task.js';
import { textAfterUpgrade } from './engine.js';
import { scriptKindFor } from './ast/script-kind.js';
import { buildProjectIndex, nearestTsconfig, type ProjectIndex } from './index/project-index.js';
import { filesOutsideRun } from './discover/outside-files.js';
import { camelCase } from './ast/naming.js';
import { findDirtyFiles } from './write/git.js';
import { mightNeedMigration } from './analysis/push-sites.js';
import { compiledWorkerUrl, TaskScheduler } from './pool.js';
import { compiledFormatWorkerUrl } from './format/format-thread.js';
import { loadTransforms } from './registry.js';
import { SDK_UPGRADE_RULE, detectProjectType, importsV1Sdk, wantsSdkUpgrade, type ProjectType, type SdkUpgradeMode } from './upgrade/sdk-upgrade.js';
import { selectShard, type Shard } from './discover/shard.js';
import type { FileError, FileOutcome, FindingInput, NewFile, Transform } from './types.js';
import type { PushAlias } from './discover/config.js';
import { PackageResolver, stateModulePathFor, workspaceGlobs } from './discover/workspace.js';
import { installHint, planManifestChanges, type ManifestChange, type ManifestPlanFile } from './upgrade/manifests.js';
import { applyEdits, lineAndColumn } from './ast/edits.js';
import { ts } from './ts-morph.js';
import { mayImportZod, upgradeZod3, ZOD_UPGRADE_RULE, type ZodUpgrade } from './upgrade/zod-upgrade.js';
import { v1ModulesOutsideRun } from './upgrade/v1/v1-dependents.js';
import { finishJournals, isJournalName, writeJournal } from './write/group-journal.js';
import { createFileIfAbsent, isTempFileName, readSourceFile, removeStaleTempFiles, writeFileAtomic } from './write/write.js';

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
  /** The official v1→v2 upgrade first: 'auto' (files importing @modelcontextprotocol/sdk), 'always', 'never' (default). */
  sdkUpgrade?: SdkUpgradeMode;
  /** How the generated requestState modules protect state (default sealed). */
  stateProtection?: 'sealed' | 'signed';
  /**
   * Worker threads at most (default: available cores less one); 1 runs everything in-process, and so does
   * a run with fewer candidate files than `filesPerWorker`. Workers need the compiled build
   * (dist/src/worker.js): run from the TypeScript sources (vitest), or with transforms that are
   * not from the registry, everything runs in-process whatever this says.
   */
  workers?: number;
  /** Candidate files before workers start, and per further worker (default DEFAULT_FILES_PER_WORKER; tests lower it). */
  filesPerWorker?: number;
  /** Framework calls that ask the client like an SDK push method (the configuration's aliases). */
  aliases?: readonly PushAlias[];
  /**
   * Cross-file mode (helpers imported from other files of the run are lifted into their callers'
   * handlers): a tsconfig path (`--project`), false (off), or undefined: on when a tsconfig.json
   * sits beside or above a target, each file resolving imports with its nearest tsconfig.
   */
  project?: string | false;
  /** Only the files of this shard (`--shard i/n`). */
  shard?: Shard;
  /** Files done (read and skipped, or processed) of all, and the package of the last one. */
  onProgress?: (done: number, total: number, currentPackage: string) => void;
}

export interface CreatedFile {
  path: string;
  absPath: string;
  text: string;
}

/** A package with at least one file in the run. */
export interface ScannedPackage {
  name: string;
  /** Display path of the package root ('.' for the working directory). */
  path: string;
  filesScanned: number;
}

export interface RunResult {
  filesScanned: number;
  /** Files that passed the prefilter and were parsed. */
  filesParsed: number;
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
  /** True when a given directory holds a workspace manifest (npm/yarn workspaces, pnpm-workspace.yaml). */
  monorepo: boolean;
  /** Every package with files in the run, by path. */
  packages: ScannedPackage[];
  /** Cross-file mode: the index's figures and its time (undefined: the mode was off). */
  crossFile?: { tsconfig: string; files: number; parsed: number; helperModules: number; groups: number; indexMs: number };
  /** Worker threads started (0: everything ran in the main thread). */
  workersStarted: number;
  /** Tells the user to run their package manager's install after manifests changed. */
  installHint?: string;
  written: number;
  durationMs: number;
}

/** Files read between two turns of the event loop (worker messages are handled in between). */
const READ_BATCH = 64;

export async function run(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const { cwd } = options;
  const aliases = options.aliases ?? [];
  const discovered = await discoverFiles(options.paths, { cwd, ignore: options.ignore });
  // A write run stopped half-way is finished first (its cross-file groups) and tidied (its temp files).
  if (options.mode === 'write') await finishInterruptedRun(discovered.leftovers);
  const files = selectShard(discovered.files, options.shard);
  const errors: FileError[] = [...discovered.errors];
  const resolver = new PackageResolver();
  const targetRoots = options.paths.map((p) => {
    const abs = path.resolve(cwd, p);
    return existsSync(abs) && statSync(abs).isDirectory() ? abs : path.dirname(abs);
  }).sort((a, b) => b.length - a.length);
  const targetRootOf = (dir: string) =>
    targetRoots.find((root) => dir === root || dir.startsWith(root + path.sep)) ?? cwd;
  let crossFileStats: RunResult['crossFile'];
  const packageOfDir = new Map<string, PackageRef>();
  const refByRoot = new Map<string, PackageRef>();
  const packageOf = (absPath: string): PackageRef => {
    const dir = path.dirname(absPath);
    let ref = packageOfDir.get(dir);
    if (!ref) {
      const pkg = resolver.packageFor(dir);
      // Without a package.json above it, a file belongs to the target it was found under (never
      // to the current directory, which may lie outside every target).
      const root = pkg?.root ?? targetRootOf(dir);
      ref = refByRoot.get(root);
      if (!ref) {
        ref = { root, name: pkg?.name ?? path.basename(root), path: toDisplayPath(cwd, root) || '.' };
        refByRoot.set(root, ref);
      }
      packageOfDir.set(dir, ref);
    }
    return ref;
  };

  // The run's files, every shard's (another shard upgrades its own): a module outside them stays as it is.
  const runFileSet = new Set(discovered.files.map((f) => path.normalize(f.absPath)));
  const inRun = (absPath: string) => runFileSet.has(path.normalize(absPath));
  const slots: (FileOutcome | undefined)[] = new Array(files.length);
  const crossFile = crossFileMode(options, cwd);
  // Cross-file mode needs every candidate's imports before any task runs: tasks wait here.
  const held: FileTask[] | undefined = crossFile ? [] : undefined;
  const tasks = new Map<string, FileTask>();
  const scanned = new Map<string, ScannedPackage>();
  let done = 0;
  let parsed = 0;
  const progress = (ref: PackageRef) => options.onProgress?.(++done, files.length, ref.path);
  const taskOf = (id: number, file: (typeof files)[number], ref: PackageRef, outcome: FileOutcome, text: string): FileTask => {
    outcome.original = text;
    parsed++;
    ref.stateModulePath ??= stateModulePathFor(ref.root, options.stateModule);
    // The project type is read from the package once, and only for packages that need the upgrade.
    const upgrades = wantsSdkUpgrade(options.sdkUpgrade, text);
    if (upgrades) ref.sdkProjectType ??= detectProjectType(ref.root);
    const outsideV1 = upgrades ? v1ModulesOutsideRun(file.absPath, text, inRun, (absPath) => toDisplayPath(cwd, absPath)) : [];
    return {
      id,
      absPath: file.absPath,
      text,
      packageRoot: ref.root,
      stateModulePath: ref.stateModulePath,
      sdkProjectType: ref.sdkProjectType,
      ...(outsideV1.length > 0 ? { v1ModulesOutsideRun: outsideV1 } : {}),
      stateProtection: options.stateProtection,
      ...(aliases.length > 0 ? { aliases } : {}),
    };
  };
  /** Files not read as candidates (cross-file mode): their task, made when a group needs the file changed. */
  const skipped = new Map<string, () => FileTask | undefined>();
  const lateTask = (id: number, file: (typeof files)[number], ref: PackageRef): FileTask | undefined => {
    if (slots[id]) return tasks.get(file.absPath);
    let text: string;
    try {
      text = readFileSync(file.absPath, 'utf8');
    } catch {
      return undefined;
    }
    slots[id] = newOutcome(file.absPath, file.path, ref);
    const task = taskOf(id, file, ref, slots[id]!, text);
    tasks.set(file.absPath, task);
    return task;
  };

  const scheduler = new TaskScheduler({
    workers: Math.max(1, options.workers ?? defaultWorkers()),
    filesPerWorker: options.filesPerWorker,
    workerUrl: (await fromRegistry(options.transforms)) ? compiledWorkerUrl() : undefined,
    transforms: options.transforms,
    transformIds: options.transforms.map((t) => t.id),
    format: options.format !== false,
    formatWorkerUrl: compiledFormatWorkerUrl(),
    sdkUpgrade: options.sdkUpgrade,
    onResult: (result) => {
      const outcome = slots[result.id]!;
      applyResult(outcome, result);
      progress(packageOf(outcome.absPath));
    },
  });

  try {
    for (let id = 0; id < files.length; id++) {
      if (id % READ_BATCH === READ_BATCH - 1) await new Promise<void>((resolve) => setImmediate(resolve));
      const file = files[id];
      const ref = packageOf(file.absPath);
      const counted = scanned.get(ref.path) ?? { name: ref.name, path: ref.path, filesScanned: 0 };
      counted.filesScanned++;
      scanned.set(ref.path, counted);

      const read = await readCandidate(file.absPath, aliases);
      if (read.kind === 'skip') {
        // A module with nothing to migrate may still declare a handler type a cross-file group changes.
        if (held) skipped.set(file.absPath, () => lateTask(id, file, ref));
        progress(ref);
        continue;
      }
      const outcome = newOutcome(file.absPath, file.path, ref);
      slots[id] = outcome;
      if (read.kind === 'error') {
        outcome.error = read.message;
        progress(ref);
        continue;
      }
      const task = taskOf(id, file, ref, outcome, read.text);
      if (held) {
        held.push(task);
        tasks.set(task.absPath, task);
      } else scheduler.submit(task);
    }
    let index: ProjectIndex | undefined;
    if (held && crossFile) {
      const indexStarted = performance.now();
      // Modules tool definitions pass through need not be candidates themselves (an index of tools).
      const runFiles = new Set(files.map((f) => path.normalize(f.absPath)));
      const readFile = (absPath: string) => (runFiles.has(absPath) ? readText(absPath) : undefined);
      const packageRoots = new Set(held.map((task) => task.packageRoot));
      const outside = await filesOutsideRun(packageRoots, runFiles, targetRoots, { cwd, ignore: options.ignore }, (absPath) => packageOf(absPath).root);
      index = buildProjectIndex(held, {
        outside,
        displayPath: (absPath) => toDisplayPath(cwd, absPath),
        tsconfig: crossFile.explicit ? crossFile.tsconfig : undefined,
        aliases,
        textOf: (file) => {
          const task = tasks.get(file.absPath);
          return textAfterUpgrade(file.absPath, file.text, options.sdkUpgrade, { projectType: task?.sdkProjectType, v1ModulesOutsideRun: task?.v1ModulesOutsideRun });
        },
        readFile,
        upgraded: (text) => wantsSdkUpgrade(options.sdkUpgrade, text),
        skipped: () => [...skipped.keys()].flatMap((absPath) => {
          const text = readText(absPath);
          return text === undefined ? [] : [{ absPath, text }];
        }),
      });
      crossFileStats = { tsconfig: crossFile.tsconfig, ...index.stats, groups: 0, indexMs: Math.round(performance.now() - indexStarted) };
      for (const task of held) scheduler.submit(withIndex(task, index));
    }
    await scheduler.drain();
    if (index && crossFileStats) {
      crossFileStats.groups = await applyGroups(slots, (absPath) => tasks.get(absPath) ?? skipped.get(absPath)?.(), index, options, cwd);
    }
  } catch (error) {
    await scheduler.close();
    throw error;
  }
  // A package whose zod the move to v2 would raise over zod 3 calls that have no zod 4 spelling
  // would typecheck worse: it stays on v1 too, an error at each such call.
  let outside = await packageFilesOutsideRun(slots, files, targetRoots, options, packageOf);
  const zodOnOriginals: ZodOnOriginals = new Map();
  const zodBlocked = zodBlockedPackages(manifestOutcomes(slots, outside, cwd, packageOf).changes, slots, files, outside, packageOf, zodOnOriginals);
  holdWhatUpgradesWouldBreak(slots);
  keepPackagesOnV1(slots, cwd, zodBlocked.blockers);
  if (zodBlocked.blockers.size > 0) outside = await packageFilesOutsideRun(slots, files, targetRoots, options, packageOf);

  // Packages whose files the v1→v2 upgrade changed get their manifest updated, shown and written
  // like any other file (lockfiles never); a package whose zod moves to 4 has its zod 3 code follow.
  const manifests = manifestOutcomes(slots, outside, cwd, (absPath) => packageOf(absPath));
  const outsideOutcomes: FileOutcome[] = [...zodBlocked.outsideOutcomes];
  for (const change of manifests.changes) {
    if (!change.zodRaised) continue;
    // The raise reaches every file of the package, inside the run's paths or not.
    files.forEach((file, id) => {
      if (packageOf(file.absPath).root !== change.packageRoot) return;
      slots[id] = upgradeZodInFile(slots[id], () => newOutcome(file.absPath, file.path, packageOf(file.absPath)), zodOnOriginals);
    });
    for (const file of outside.get(change.packageRoot) ?? []) {
      const outcome = upgradeZodInFile(undefined, () => newOutcome(file.absPath, file.path, packageOf(file.absPath)), zodOnOriginals);
      if (outcome) outsideOutcomes.push(outcome);
    }
  }
  const outcomes: FileOutcome[] = [...outsideOutcomes];
  for (const outcome of slots) {
    if (!outcome) continue;
    if (outcome.error) errors.push({ path: outcome.path, message: outcome.error });
    if (outcome.output !== undefined || outcome.findings.length > 0 || outcome.error) outcomes.push(outcome);
  }
  outcomes.push(...manifests.outcomes);
  outcomes.sort((a, b) => compare(a.path, b.path));

  const created = plannedNewFiles(outcomes, cwd);
  const diff = renderDiff(outcomes, created);
  const result: RunResult = {
    // Updated manifests count among the files the run looked at.
    filesScanned: files.length + manifests.outcomes.length,
    filesParsed: parsed,
    outcomes,
    errors: errors.sort((a, b) => compare(a.path, b.path)),
    created,
    diff,
    notInGitRepo: false,
    monorepo: await isMonorepo(options.paths, cwd),
    packages: [...scanned.values()].sort((a, b) => compare(a.path, b.path)),
    workersStarted: scheduler.workersStarted,
    ...(crossFileStats ? { crossFile: crossFileStats } : {}),
    installHint: manifests.installHint,
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
        result.written = await writeAll(outcomes, created, errors, cwd);
      }
    }
  }
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/**
 * The source files of each package the v1→v2 upgrade changed that lie outside the paths of the
 * run (a run on `src` leaves `tests/`): its package.json changes for them too. Packages inside a
 * target are not walked again.
 */
async function packageFilesOutsideRun(
  slots: readonly (FileOutcome | undefined)[],
  files: readonly { absPath: string }[],
  targetRoots: readonly string[],
  options: RunOptions,
  packageOf: (absPath: string) => { root: string },
): Promise<Map<string, { absPath: string; path: string }[]>> {
  const roots = new Set<string>();
  for (const outcome of slots) {
    if (outcome && !outcome.error && outcome.transforms.includes('sdk-upgrade')) roots.add(packageOf(outcome.absPath).root);
  }
  const inRun = new Set(files.map((f) => f.absPath));
  const outside = new Map<string, { absPath: string; path: string }[]>();
  for (const root of roots) {
    if (targetRoots.some((target) => root === target || root.startsWith(target + path.sep))) continue;
    const found = await discoverFiles([root], { cwd: options.cwd, ignore: options.ignore });
    outside.set(root, found.files.filter((f) => !inRun.has(f.absPath) && packageOf(f.absPath).root === root));
  }
  return outside;
}

function manifestOutcomes(
  slots: readonly (FileOutcome | undefined)[],
  outside: ReadonlyMap<string, readonly { absPath: string }[]>,
  cwd: string,
  packageOf: (absPath: string) => { root: string; name: string; path: string },
): { outcomes: FileOutcome[]; changes: ManifestChange[]; installHint?: string } {
  const files: ManifestPlanFile[] = [];
  for (const outcome of slots) {
    if (!outcome || !outcome.original) continue;
    const text = outcome.error ? outcome.original : outcome.output ?? outcome.original;
    if (!text.includes('@modelcontextprotocol/')) continue;
    files.push({ absPath: outcome.absPath, packageRoot: packageOf(outcome.absPath).root, text, upgraded: !outcome.error && outcome.transforms.includes('sdk-upgrade') });
  }
  for (const [packageRoot, list] of outside) {
    for (const file of list) {
      const text = readText(file.absPath);
      if (text !== undefined && importsV1Sdk(text)) files.push({ absPath: file.absPath, packageRoot, text, upgraded: false, outsideRun: true });
    }
  }
  const changes = planManifestChanges(files);
  const outcomes = changes.map((change): FileOutcome => {
    const ref = packageOf(change.manifestPath);
    const display = toDisplayPath(cwd, change.manifestPath);
    return {
      path: display,
      absPath: change.manifestPath,
      packagePath: ref.path,
      packageName: ref.name,
      original: change.original,
      output: change.output,
      transforms: change.output === undefined ? [] : ['sdk-upgrade'],
      findings: change.warnings.map((message) => ({ rule: 'sdk-upgrade', severity: 'warning' as const, path: display, line: 1, column: 1, message })),
      handlersMigrated: 0,
      sitesMigrated: 0,
      newFiles: [],
    };
  }).filter((o) => o.output !== undefined || o.findings.length > 0);
  return { outcomes, changes, installHint: installHint(changes) };
}

/**
 * A file of a package whose zod the run raised to 4, with its zod 3 calls rewritten where zod 4
 * has an exact spelling and reported where it has none (src/upgrade/zod-upgrade.ts). Findings point into
 * the original text; edits go on the text the run leaves. A file the run could not process, or
 * that no longer reads, stays as it was.
 */
/** What upgradeZod3 finds in files as they were, by path: the hold check and the raise both read them. */
type ZodOnOriginals = Map<string, { text: string; upgrade: ZodUpgrade }>;

function zodUpgradeOf(absPath: string, text: string): ZodUpgrade {
  return upgradeZod3(ts.createSourceFile(absPath, text, ts.ScriptTarget.Latest, true, scriptKindFor(absPath)));
}

/** zodUpgradeOf a file's original text, once per run. */
function zodUpgradeOfOriginal(absPath: string, original: string, known: ZodOnOriginals): ZodUpgrade {
  const kept = known.get(absPath);
  if (kept?.text === original) return kept.upgrade;
  const upgrade = zodUpgradeOf(absPath, original);
  known.set(absPath, { text: original, upgrade });
  return upgrade;
}

function upgradeZodInFile(outcome: FileOutcome | undefined, create: () => FileOutcome, known: ZodOnOriginals): FileOutcome | undefined {
  if (outcome?.error) return outcome;
  const target = outcome ?? create();
  const original = outcome ? outcome.original : readText(target.absPath);
  if (original === undefined || !mayImportZod(original)) return outcome;
  target.original = original;
  const current = target.output ?? original;
  const onOriginal = zodUpgradeOfOriginal(target.absPath, original, known);
  const { edits } = current === original ? onOriginal : zodUpgradeOf(target.absPath, current);
  const { findings } = onOriginal;
  if (edits.length === 0 && findings.length === 0) return outcome;
  if (edits.length > 0) {
    target.output = applyEdits(current, edits);
    if (!target.transforms.includes(ZOD_UPGRADE_RULE)) target.transforms.push(ZOD_UPGRADE_RULE);
  }
  for (const finding of findings) target.findings.push(zodFinding(target, finding));
  return target;
}

/** Where a package was found that cannot move to v2 yet; `outcome` is the refused file itself. */
interface Blocker {
  path: string;
  line?: number;
  outcome?: FileOutcome;
}

/**
 * Packages the run would move to v2 and whose zod it would raise to 4 (src/upgrade/manifests.ts), holding
 * zod 3 calls without a zod 4 spelling: raised, those lines would no longer typecheck. Each such
 * call gets its error on its file's outcome (one is made for a file the run had nothing else for,
 * kept in `outsideOutcomes` when the file is outside the run's paths); `blockers` keys the packages
 * by display path.
 */
function zodBlockedPackages(
  changes: readonly ManifestChange[],
  slots: (FileOutcome | undefined)[],
  files: readonly { absPath: string; path: string }[],
  outside: ReadonlyMap<string, readonly { absPath: string; path: string }[]>,
  packageOf: (absPath: string) => PackageRef,
  known: ZodOnOriginals,
): { blockers: Map<string, Blocker>; outsideOutcomes: FileOutcome[] } {
  const blockers = new Map<string, Blocker>();
  const outsideOutcomes: FileOutcome[] = [];
  const raised = new Set(changes.filter((change) => change.zodRaised).map((change) => change.packageRoot));
  if (raised.size === 0) return { blockers, outsideOutcomes };
  const check = (file: { absPath: string; path: string }, existing: FileOutcome | undefined): FileOutcome | undefined => {
    if (existing?.error) return undefined;
    const original = existing?.original || readText(file.absPath);
    if (original === undefined || !mayImportZod(original)) return undefined;
    const { findings } = zodUpgradeOfOriginal(file.absPath, original, known);
    if (findings.length === 0) return undefined;
    const ref = packageOf(file.absPath);
    const outcome = existing ?? newOutcome(file.absPath, file.path, ref);
    outcome.original = original;
    for (const finding of findings) outcome.findings.push(zodFinding(outcome, finding));
    if (!blockers.has(ref.path)) blockers.set(ref.path, { path: outcome.path, line: outcome.findings.find((f) => f.rule === ZOD_UPGRADE_RULE)!.line });
    return outcome;
  };
  files.forEach((file, id) => {
    if (!raised.has(packageOf(file.absPath).root)) return;
    const outcome = check(file, slots[id]);
    if (outcome) slots[id] = outcome;
  });
  for (const root of raised) {
    for (const file of outside.get(root) ?? []) {
      const outcome = check(file, undefined);
      if (outcome) outsideOutcomes.push(outcome);
    }
  }
  return { blockers, outsideOutcomes };
}

/** A zod-upgrade finding (its position an offset of the outcome's original text) as the report holds it. */
function zodFinding(target: FileOutcome, finding: FindingInput): FileOutcome['findings'][number] {
  return {
    rule: finding.rule,
    severity: finding.severity,
    path: target.path,
    ...lineAndColumn(target.original, finding.pos),
    message: finding.message,
    ...(finding.suggestion !== undefined ? { suggestion: finding.suggestion } : {}),
  };
}

/**
 * The default for `--workers`: one core fewer than are available, at least 1. A run with one
 * pipeline thread keeps a core for what runs beside it (prettier on its own thread, V8's compiler
 * and garbage collector); each further worker loads and compiles the TypeScript compiler again.
 * Measured on 2 cores (the benchmark monorepo, `npm run bench`): one pipeline thread 10.3 s,
 * two workers 11.8 s.
 */
export function defaultWorkers(): number {
  return Math.max(1, (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length) - 1);
}

interface PackageRef {
  root: string;
  name: string;
  /** Display path of the root ('.' for cwd). */
  path: string;
  /** Computed when the package's first candidate turns up. */
  stateModulePath?: string;
  /** Computed when the package's first file that needs the v1→v2 upgrade turns up. */
  sdkProjectType?: ProjectType;
}

function newOutcome(absPath: string, displayPath: string, ref: PackageRef): FileOutcome {
  return {
    path: displayPath,
    absPath,
    packagePath: ref.path,
    packageName: ref.name,
    original: '',
    transforms: [],
    findings: [],
    handlersMigrated: 0,
    sitesMigrated: 0,
    newFiles: [],
  };
}

/** A task with what the project index knows about its file. */
function withIndex(task: FileTask, index: ProjectIndex): FileTask {
  const input = index.inputs.get(task.absPath);
  const registrations = index.registrations.get(task.absPath);
  const callers = index.callers.get(path.normalize(task.absPath));
  return { ...task, ...(input ? { crossFile: input } : {}), ...(registrations ? { registrations } : {}), ...(callers ? { callers } : {}) };
}

function readText(absPath: string): string | undefined {
  try {
    return readFileSync(absPath, 'utf8');
  } catch {
    return undefined;
  }
}

/** Whether cross-file mode is on, and with which tsconfig (the first target's, when found). */
function crossFileMode(options: RunOptions, cwd: string): { tsconfig: string; explicit: boolean } | undefined {
  if (options.project === false) return undefined;
  if (typeof options.project === 'string') return { tsconfig: path.resolve(cwd, options.project), explicit: true };
  for (const target of options.paths.length > 0 ? options.paths : ['.']) {
    const abs = path.resolve(cwd, target);
    const found = nearestTsconfig(existsSync(abs) && statSync(abs).isDirectory() ? abs : path.dirname(abs));
    if (found) return { tsconfig: found, explicit: false };
  }
  return undefined;
}

/**
 * Cross-file groups: every module whose helpers migrated callers now reach through companions is
 * run again with those companions exported. When that fails (the module does not parse, a
 * transform throws, the companions do not come out as expected), every caller that needs it is
 * put back as it was and listed as an error: the files of a group change together or not at all.
 * Returns the number of groups applied.
 */
async function applyGroups(
  slots: (FileOutcome | undefined)[],
  taskFor: (absPath: string) => FileTask | undefined,
  index: ProjectIndex,
  options: RunOptions,
  cwd: string,
): Promise<number> {
  const groups = new Map<string, { helpers: Set<string>; dispatch?: Set<number>; memberTypes: Set<string>; callers: FileOutcome[] }>();
  for (const outcome of slots) {
    if (!outcome || outcome.error || outcome.output === undefined) continue;
    for (const need of outcome.requires ?? []) {
      const group = groups.get(need.absPath) ?? { helpers: new Set<string>(), memberTypes: new Set<string>(), callers: [] };
      for (const name of need.helpers) group.helpers.add(name);
      for (const type of need.memberTypes ?? []) group.memberTypes.add(type);
      if (need.dispatch) {
        group.dispatch ??= new Set();
        for (const key of need.dispatch) group.dispatch.add(key);
      }
      group.callers.push(outcome);
      groups.set(need.absPath, group);
    }
  }
  /** Each changed module's outcome from before its companions were exported, to restore if its callers all go. */
  const before = new Map<string, FileOutcome>();
  for (const [absPath, group] of [...groups].sort(([a], [b]) => compare(a, b))) {
    const task = taskFor(absPath);
    const module = slots.find((o) => o?.absPath === absPath);
    let problem: string | undefined = module?.error ?? (task ? undefined : 'it is not among the files of this run');
    if (!problem && task) {
      const helpers = [...group.helpers].sort();
      // A dispatcher passes the context on and lets an InputRequiredResult through, and wires the
      // verify hook where it builds the server (remote-handlers.ts).
      const dispatch = group.dispatch && [...group.dispatch].sort((a, b) => a - b);
      const memberTypes = [...group.memberTypes].sort();
      const result = await runFileTask({
        ...withIndex(task, index), exportCompanions: helpers, ...(dispatch ? { adaptDispatch: dispatch } : {}), ...(memberTypes.length > 0 ? { memberTypes } : {}),
      },
        options.transforms, { format: options.format !== false, sdkUpgrade: options.sdkUpgrade });
      const exported = (name: string) => new RegExp(`\\bexport\\s+(async\\s+)?function\\s+${camelCase(name)}Params\\b`).test(result.output ?? '');
      if (result.error !== undefined) problem = result.error;
      else if (!helpers.every(exported)) problem = 'its helpers could not be split into exported companions';
      else if (((dispatch?.length ?? 0) > 0 || memberTypes.length > 0) && result.output === undefined) problem = 'its dispatcher could not be changed';
      else {
        before.set(absPath, { ...module! });
        module!.original = task.text;
        applyResult(module!, result);
      }
    }
    if (!problem) continue;
    for (const caller of group.callers) revert(caller, absPath, problem, cwd);
  }
  // A caller put back may itself have been the helper module of another group: that group goes too.
  for (let changed = true; changed; ) {
    changed = false;
    for (const outcome of slots) {
      if (!outcome || outcome.error || outcome.output === undefined) continue;
      const broken = (outcome.requires ?? []).find((need) => slots.find((o) => o?.absPath === need.absPath)?.error !== undefined);
      if (!broken) continue;
      revert(outcome, broken.absPath, 'it was left unchanged itself', cwd);
      changed = true;
    }
  }
  let applied = 0;
  for (const [absPath, group] of groups) {
    const previous = before.get(absPath);
    if (!previous) continue;
    if (group.callers.some((caller) => caller.error === undefined)) applied++;
    // No caller left to use the exported companions: the module is as its own run left it.
    else Object.assign(slots.find((o) => o?.absPath === absPath)!, previous);
  }
  return applied;
}

/**
 * A file the upgrade did not change whose code would break once its package is on v2 (a handler
 * reading the v1 context that an upgraded module types): when other files of its package move to
 * v2, it is left as it was with its errors and markers, and holds the package on v1.
 */
function holdWhatUpgradesWouldBreak(slots: (FileOutcome | undefined)[]): void {
  const upgrading = new Set(slots.filter((o) => o && !o.error && o.transforms.includes(SDK_UPGRADE_RULE)).map((o) => o!.packagePath));
  for (const outcome of slots) {
    const breaks = outcome?.ifPackageUpgraded;
    if (!outcome || !breaks || outcome.error || outcome.upgradeRefused || !upgrading.has(outcome.packagePath)) continue;
    dropChanges(outcome, breaks.output);
    outcome.ifPutBack = undefined;
    outcome.findings = [...breaks.findings, ...outcome.findings.filter((f) => f.severity !== 'info')];
    outcome.upgradeRefused = true;
  }
}

/**
 * A package one of whose files the v1→v2 upgrade had to leave on v1 stays on v1 as a whole: its
 * files and its manifest move to v2 together or not at all (a v2 file handing its server to a v1
 * one, or the reverse, would not compile). Every file of it the upgrade changed is put back as it
 * was with a warning naming the file that holds it back (which carries the error), and so is every
 * file whose migration needs one of them changed (cross-file groups). What the transforms report
 * about questions they leave is kept (as for the file held back itself); notes on what they changed,
 * and the upgrade's own findings, go with the changes.
 */
function keepPackagesOnV1(slots: (FileOutcome | undefined)[], cwd: string, zodBlockers: ReadonlyMap<string, Blocker>): void {
  const blockers = new Map<string, Blocker>(zodBlockers);
  for (const outcome of slots) {
    if (!outcome?.upgradeRefused || blockers.has(outcome.packagePath)) continue;
    blockers.set(outcome.packagePath, { outcome, path: outcome.path, line: outcome.findings.find((f) => f.severity === 'error')?.line });
  }
  if (blockers.size === 0) return;
  const putBack = new Set<string>();
  const keep = (outcome: FileOutcome, why: string) => {
    dropChanges(outcome);
    outcome.findings = [
      { rule: SDK_UPGRADE_RULE, severity: 'warning', path: outcome.path, line: 1, column: 1, message: why },
      ...outcome.findings.filter((f) => f.severity !== 'info' && f.rule !== SDK_UPGRADE_RULE),
      // The questions it had migrated are asked as before: each says so, or it would go unreported.
      ...(outcome.ifPutBack ?? []),
    ];
    outcome.ifPutBack = undefined;
    putBack.add(outcome.absPath);
  };
  for (const outcome of slots) {
    const blocker = outcome && blockers.get(outcome.packagePath);
    if (!outcome || !blocker || outcome === blocker.outcome || outcome.error || !outcome.transforms.includes(SDK_UPGRADE_RULE)) continue;
    const where = blocker.path === outcome.path ? `line ${blocker.line} of this file` : `${blocker.path}${blocker.line !== undefined ? `:${blocker.line}` : ''} of the same package`;
    keep(outcome, `left as it was, on the v1 SDK: ${where} cannot be upgraded to v2 yet (see the error there), and a package's files move to v2 together`);
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const outcome of slots) {
      const needed = outcome?.output !== undefined && outcome.requires?.find((need) => putBack.has(need.absPath));
      if (!outcome || !needed) continue;
      keep(outcome, `left as it was: its migration needs ${toDisplayPath(cwd, needed.absPath)} changed with it, which stays on the v1 SDK with its package`);
      changed = true;
    }
  }
}

/** Nothing of what the run changed in the file stays: its text is `output` (undefined: as it was). */
function dropChanges(outcome: FileOutcome, output?: string): void {
  outcome.output = output;
  outcome.transforms = [];
  outcome.handlersMigrated = 0;
  outcome.sitesMigrated = 0;
  outcome.newFiles = [];
  outcome.requires = undefined;
  outcome.diffHunks = undefined;
}

/** Puts a file of a failed group back as it was, listed as an error naming the module it needed. */
function revert(caller: FileOutcome, needed: string, problem: string, cwd: string): void {
  caller.output = undefined;
  caller.handlersMigrated = 0;
  caller.sitesMigrated = 0;
  caller.findings = [];
  caller.error = `left unchanged: its migration needs ${toDisplayPath(cwd, needed)} changed with it, and that file could not be changed (${problem})`;
}

function applyResult(outcome: FileOutcome, result: FileTaskResult): void {
  if (result.error !== undefined) {
    // The file stays byte-for-byte as it was; the run goes on.
    outcome.error = result.error;
    return;
  }
  outcome.output = result.output;
  outcome.transforms = result.transforms;
  outcome.findings = result.findings.map((f) => ({ ...f, path: outcome.path }));
  outcome.handlersMigrated = result.handlersMigrated;
  outcome.sitesMigrated = result.sitesMigrated;
  outcome.newFiles = result.newFiles;
  if (result.requires) outcome.requires = result.requires;
  if (result.upgradeRefused) outcome.upgradeRefused = true;
  if (result.ifPutBack) outcome.ifPutBack = result.ifPutBack.map((f) => ({ ...f, path: outcome.path }));
  if (result.ifPackageUpgraded) outcome.ifPackageUpgraded = { ...result.ifPackageUpgraded, findings: result.ifPackageUpgraded.findings.map((f) => ({ ...f, path: outcome.path })) };
  outcome.diffHunks = result.diffHunks && result.output !== undefined ? { original: outcome.original, output: result.output, lines: result.diffHunks } : undefined;
  // Nothing to report for this file: its text is not needed any more.
  if (outcome.output === undefined && outcome.findings.length === 0) outcome.original = '';
}

type ReadResult = { kind: 'skip' } | { kind: 'error'; message: string } | { kind: 'candidate'; text: string };

/**
 * Reads a file once and applies the prefilter. A synchronous read is many times faster than
 * fs.promises.readFile for small files, and the main thread has nothing else to do meanwhile; the
 * caller yields to the event loop every READ_BATCH files. The prefilter's trigger names are ASCII,
 * so it runs on a latin1 view of the bytes (no UTF-8 decoding for the files it rules out).
 */
async function readCandidate(absPath: string, aliases: readonly PushAlias[]): Promise<ReadResult> {
  let bytes: Buffer;
  try {
    bytes = readFileSync(absPath);
  } catch (error) {
    return { kind: 'error', message: `cannot read: ${messageOf(error)}` };
  }
  if (!isUtf8(bytes)) {
    // Let the one reader that defines the message say why.
    try {
      await readSourceFile(absPath);
    } catch (error) {
      return { kind: 'error', message: `cannot read: ${messageOf(error)}` };
    }
  }
  if (!mightNeedMigration(bytes.toString('latin1'), aliases)) return { kind: 'skip' };
  return { kind: 'candidate', text: bytes.toString('utf8') };
}

/** Workers load transforms from the registry by id: only possible for registry transforms. */
async function fromRegistry(transforms: readonly Transform[]): Promise<boolean> {
  const known = await loadTransforms();
  return transforms.every((t) => known.includes(t));
}

async function isMonorepo(paths: string[], cwd: string): Promise<boolean> {
  for (const input of paths.length > 0 ? paths : ['.']) {
    const abs = path.resolve(cwd, input);
    if (existsSync(abs) && workspaceGlobs(abs) !== undefined) return true;
  }
  return false;
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

/**
 * The unified diff of a run, in path order. `newFiles: 'summary'` shows each created file by its
 * header and line count only (for the PR comment: the generated requestState module is long and
 * the same in every package).
 */
export function renderDiff(
  outcomes: readonly FileOutcome[],
  created: readonly CreatedFile[],
  options: { newFiles?: 'full' | 'summary' } = {},
): string {
  const parts: { path: string; text: string }[] = [];
  for (const outcome of outcomes) {
    if (outcome.output !== undefined && !outcome.error) {
      // Hunks computed where the file was run hold while its texts are still those they were computed for.
      const known = outcome.diffHunks;
      const hunks = known && known.original === outcome.original && known.output === outcome.output ? known.lines : undefined;
      parts.push({ path: outcome.path, text: unifiedDiff(outcome.path, outcome.original, outcome.output, hunks) });
    }
  }
  for (const file of created) {
    const full = unifiedDiff(file.path, undefined, file.text);
    if (options.newFiles !== 'summary') {
      parts.push({ path: file.path, text: full });
      continue;
    }
    const lines = full.split('\n');
    const header = lines.slice(0, lines.findIndex((line) => line.startsWith('@@')));
    const count = file.text.split('\n').length - (file.text.endsWith('\n') ? 1 : 0);
    parts.push({ path: file.path, text: `${header.join('\n')}\n… ${count} lines, not shown here (\`mcp-mrtr-migrate --dry-run\` prints them)\n` });
  }
  return parts
    .sort((a, b) => compare(a.path, b.path))
    .map((p) => p.text)
    .join('');
}

async function writeAll(outcomes: FileOutcome[], created: CreatedFile[], errors: FileError[], cwd: string): Promise<number> {
  let written = 0;
  // What the migrated sources need goes first, so that a run stopped half-way (killed, a full disk)
  // leaves sources that work and a second run finishes the job: the state module they import, then
  // the manifests (a second run only updates those of packages whose files it upgrades itself), then
  // the modules other changed files depend on (cross-file groups): a caller is written only when
  // every module it needs was.
  for (const file of created) {
    try {
      if (await createFileIfAbsent(file.absPath, file.text)) written++;
    } catch (error) {
      errors.push({ path: file.path, message: `cannot create: ${messageOf(error)}` });
    }
  }
  const needed = new Set(outcomes.flatMap((o) => (o.requires ?? []).map((r) => r.absPath)));
  const failed = new Set<string>();
  const rank = (o: FileOutcome) => (path.basename(o.absPath) === 'package.json' ? 0 : needed.has(o.absPath) ? 1 : 2);
  const ordered = [...outcomes].sort((a, b) => rank(a) - rank(b));
  // Cross-file groups change together: a journal lets a later run finish them if this one stops.
  const grouped = ordered.filter((o) => o.output !== undefined && !o.error && (needed.has(o.absPath) || (o.requires?.length ?? 0) > 0));
  const journal = grouped.length > 0
    ? await writeJournal(grouped.map((o) => ({ absPath: o.absPath, original: o.original, text: o.output! }))).catch(() => undefined)
    : undefined;
  for (const outcome of ordered) {
    if (outcome.output === undefined || outcome.error) {
      if (outcome.error) failed.add(outcome.absPath);
      continue;
    }
    const missing = (outcome.requires ?? []).find((r) => failed.has(r.absPath));
    if (missing) {
      outcome.error = `left unchanged: ${toDisplayPath(cwd, missing.absPath)}, which its migration needs changed with it, could not be written`;
      errors.push({ path: outcome.path, message: outcome.error });
      continue;
    }
    try {
      await writeFileAtomic(outcome.absPath, outcome.output);
      written++;
    } catch (error) {
      outcome.error = `cannot write: ${messageOf(error)}`;
      errors.push({ path: outcome.path, message: outcome.error });
      failed.add(outcome.absPath);
    }
  }
  if (journal) await rm(journal, { force: true });
  errors.sort((a, b) => compare(a.path, b.path));
  return written;
}

/** Finishes the cross-file groups a stopped write run journalled, and removes its temp files. */
async function finishInterruptedRun(leftovers: readonly string[]): Promise<void> {
  await finishJournals(leftovers.filter((file) => isJournalName(path.basename(file))));
  await removeStaleTempFiles(leftovers.filter((file) => isTempFileName(path.basename(file))));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
