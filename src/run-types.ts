// What a run takes and gives: the options `run` is called with and the result it returns. Apart
// from runner.ts so that the run's steps can name them without importing the runner.
import type { Transform, FileError, FileOutcome } from './types.js';
import type { SdkUpgradeMode } from './upgrade/sdk-upgrade.js';
import type { PushAlias } from './discover/config.js';
import type { Shard } from './discover/shard.js';

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
  /** The typecheck gate (src/typecheck/gate.ts): on unless false (`--no-typecheck`). */
  typecheck?: boolean;
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
  /** The typecheck gate's figures (undefined: turned off). */
  typecheck?: TypecheckSummary;
  /** Tells the user to run their package manager's install after manifests changed. */
  installHint?: string;
  written: number;
  durationMs: number;
}

/** What the typecheck gate (src/typecheck/gate.ts) did in a run. */
export interface TypecheckSummary {
  /** Packages (display paths) whose changed files were typechecked before and after. */
  checked: string[];
  /** Packages with changes that could not be typechecked, and why. */
  unchecked: { path: string; why: string }[];
  /** Files put back as they were because the run's edits made them (or a file they go with) typecheck worse. */
  putBack: number;
  ms: number;
}

export type CrossFileStats = NonNullable<RunResult['crossFile']>;
