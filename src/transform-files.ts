// The files of a run through the transforms. The main thread reads every file once and applies
// the prefilter; only the candidates become tasks, which a TaskScheduler spreads over worker
// threads (or runs in-process when there are few). Results are put back in file order, so every
// output is the same whatever the number of workers.
import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import path from 'node:path';
import { mightNeedMigration } from './analysis/push-sites.js';
import { applyGroups, crossFileMode, indexCandidates, withIndex } from './index/cross-file-mode.js';
import type { PushAlias } from './discover/config.js';
import { toDisplayPath, type DiscoveredFile } from './discover/discover.js';
import type { PackageRef, RunPackages } from './discover/run-packages.js';
import { stateModulePathFor } from './discover/workspace.js';
import { messageOf, type FileTask } from './file-task.js';
import { compiledFormatWorkerUrl } from './format/format-thread.js';
import { applyResult, newOutcome } from './outcome.js';
import { compiledWorkerUrl, defaultWorkers, TaskScheduler } from './pool.js';
import { loadTransforms } from './registry.js';
import { compareText } from './report/json.js';
import type { CrossFileStats, RunOptions, ScannedPackage } from './run-types.js';
import type { FileOutcome, Transform } from './types.js';
import { detectProjectType, wantsSdkUpgrade } from './upgrade/sdk-upgrade.js';
import { v1ModulesOutsideRun } from './upgrade/v1/v1-dependents.js';
import { readSourceFile } from './write/write.js';

/** Files read between two turns of the event loop (worker messages are handled in between). */
const READ_BATCH = 64;

export interface TransformedFiles {
  /** Each file's outcome by its index in the run's files (undefined: the prefilter ruled it out). */
  slots: (FileOutcome | undefined)[];
  /** Files that passed the prefilter and were parsed. */
  filesParsed: number;
  /** Every package with files in the run, by path. */
  packages: ScannedPackage[];
  workersStarted: number;
  crossFile?: CrossFileStats;
}

/**
 * Transforms `files` (the shard's; `allFiles` are every shard's). In cross-file mode every task
 * waits for the project index, and the groups it finds are applied once all have run.
 */
export async function transformFiles(
  options: RunOptions,
  allFiles: readonly DiscoveredFile[],
  files: readonly DiscoveredFile[],
  packages: RunPackages,
): Promise<TransformedFiles> {
  const run = new RunFiles(options, allFiles, files, packages);
  const crossFile = crossFileMode(options, options.cwd);
  // Cross-file mode needs every candidate's imports before any task runs: tasks wait here.
  const held: FileTask[] | undefined = crossFile ? [] : undefined;
  const scheduler = await startScheduler(run);
  let crossFileStats: CrossFileStats | undefined;
  try {
    await readFiles(run, scheduler, held);
    if (held && crossFile) {
      const { index, stats } = await indexCandidates(held, run, crossFile, packages, options);
      crossFileStats = stats;
      for (const task of held) scheduler.submit(withIndex(task, index));
      await scheduler.drain();
      crossFileStats.groups = await applyGroups(run.slots, (absPath) => run.tasks.get(absPath) ?? run.skipped.get(absPath)?.(), index, options, options.cwd);
    } else {
      await scheduler.drain();
    }
  } catch (error) {
    await scheduler.close();
    throw error;
  }
  return {
    slots: run.slots,
    filesParsed: run.parsed,
    packages: [...run.scanned.values()].sort((a, b) => compareText(a.path, b.path)),
    workersStarted: scheduler.workersStarted,
    ...(crossFileStats ? { crossFile: crossFileStats } : {}),
  };
}

/** The files of a run, what became of each so far, and the tasks made for them. */
class RunFiles {
  readonly slots: (FileOutcome | undefined)[];
  /** Tasks by path, for the index and the groups (cross-file mode). */
  readonly tasks = new Map<string, FileTask>();
  /** Files not read as candidates (cross-file mode): their task, made when a group needs the file changed. */
  readonly skipped = new Map<string, () => FileTask | undefined>();
  readonly scanned = new Map<string, ScannedPackage>();
  parsed = 0;
  private done = 0;
  private readonly runFileSet: Set<string>;

  constructor(
    readonly options: RunOptions,
    allFiles: readonly DiscoveredFile[],
    readonly files: readonly DiscoveredFile[],
    readonly packages: RunPackages,
  ) {
    // The run's files, every shard's (another shard upgrades its own): a module outside them stays as it is.
    this.runFileSet = new Set(allFiles.map((f) => path.normalize(f.absPath)));
    this.slots = new Array(files.length);
  }

  progress(ref: PackageRef): void {
    this.options.onProgress?.(++this.done, this.files.length, ref.path);
  }

  countScanned(ref: PackageRef): void {
    const counted = this.scanned.get(ref.path) ?? { name: ref.name, path: ref.path, filesScanned: 0 };
    counted.filesScanned++;
    this.scanned.set(ref.path, counted);
  }

  taskOf(id: number, file: DiscoveredFile, ref: PackageRef, outcome: FileOutcome, text: string): FileTask {
    const { options } = this;
    const aliases = options.aliases ?? [];
    outcome.original = text;
    this.parsed++;
    ref.stateModulePath ??= stateModulePathFor(ref.root, options.stateModule);
    // The project type is read from the package once, and only for packages that need the upgrade.
    const upgrades = wantsSdkUpgrade(options.sdkUpgrade, text);
    if (upgrades) ref.sdkProjectType ??= detectProjectType(ref.root);
    const inRun = (absPath: string) => this.runFileSet.has(path.normalize(absPath));
    const outsideV1 = upgrades ? v1ModulesOutsideRun(file.absPath, text, inRun, (absPath) => toDisplayPath(options.cwd, absPath)) : [];
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
  }

  /** The task of a file the prefilter ruled out, read now (undefined: it no longer reads). */
  lateTask(id: number, file: DiscoveredFile, ref: PackageRef): FileTask | undefined {
    if (this.slots[id]) return this.tasks.get(file.absPath);
    let text: string;
    try {
      text = readFileSync(file.absPath, 'utf8');
    } catch {
      return undefined;
    }
    this.slots[id] = newOutcome(file.absPath, file.path, ref);
    const task = this.taskOf(id, file, ref, this.slots[id]!, text);
    this.tasks.set(file.absPath, task);
    return task;
  }
}

async function startScheduler(run: RunFiles): Promise<TaskScheduler> {
  const { options } = run;
  return new TaskScheduler({
    workers: Math.max(1, options.workers ?? defaultWorkers()),
    filesPerWorker: options.filesPerWorker,
    workerUrl: (await fromRegistry(options.transforms)) ? compiledWorkerUrl() : undefined,
    transforms: options.transforms,
    transformIds: options.transforms.map((t) => t.id),
    format: options.format !== false,
    formatWorkerUrl: compiledFormatWorkerUrl(),
    sdkUpgrade: options.sdkUpgrade,
    onResult: (result) => {
      const outcome = run.slots[result.id]!;
      applyResult(outcome, result);
      run.progress(run.packages.packageOf(outcome.absPath));
    },
  });
}

/** Reads every file once; each candidate's task goes to the pool, or into `held` (cross-file mode). */
async function readFiles(run: RunFiles, scheduler: TaskScheduler, held: FileTask[] | undefined): Promise<void> {
  const aliases = run.options.aliases ?? [];
  const { files } = run;
  for (let id = 0; id < files.length; id++) {
    if (id % READ_BATCH === READ_BATCH - 1) await new Promise<void>((resolve) => setImmediate(resolve));
    const file = files[id];
    const ref = run.packages.packageOf(file.absPath);
    run.countScanned(ref);

    const read = await readCandidate(file.absPath, aliases);
    if (read.kind === 'skip') {
      // A module with nothing to migrate may still declare a handler type a cross-file group changes.
      if (held) run.skipped.set(file.absPath, () => run.lateTask(id, file, ref));
      run.progress(ref);
      continue;
    }
    const outcome = newOutcome(file.absPath, file.path, ref);
    run.slots[id] = outcome;
    if (read.kind === 'error') {
      outcome.error = read.message;
      run.progress(ref);
      continue;
    }
    const task = run.taskOf(id, file, ref, outcome, read.text);
    if (held) {
      held.push(task);
      run.tasks.set(task.absPath, task);
    } else scheduler.submit(task);
  }
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
