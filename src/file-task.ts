// The work on one candidate file, shared by the worker threads and the main thread: every selected
// transform, then prettier when the file's package uses it. No disk writes; the input and the
// result are plain data (structured-clone safe), so the same task runs in any thread with the same
// result.
import { transformSource, type SourceFinding } from './engine.js';
import { diffHunks } from './write/diff.js';
import { formatHere, type Formatter } from './format/format-thread.js';
import type { ProjectType, SdkUpgradeMode } from './upgrade/sdk-upgrade.js';
import type { CrossFileRequirement, NewFile, Transform } from './types.js';
import type { CrossFileInput } from './step-machine/recognise/cross-file.js';
import type { RegistrationInput } from './step-machine/recognise/remote-handlers.js';
import type { ModuleCallers } from './index/callers-index.js';
import type { PushAlias } from './discover/config.js';
import type { V1ModuleOutsideRun } from './upgrade/v1/v1-dependents.js';

export interface FileTask {
  /** Position of the file in the run's (sorted) file list. */
  id: number;
  absPath: string;
  /** The file's text as read (a BOM stays at the start). */
  text: string;
  packageRoot: string;
  stateModulePath: string;
  /** The package's project type for the official v1→v2 upgrade (when it runs on this file). */
  sdkProjectType?: ProjectType;
  /** Its imports of v1 modules the run leaves out (when the upgrade runs on this file): it stays on v1. */
  v1ModulesOutsideRun?: V1ModuleOutsideRun[];
  /** How the generated requestState module protects state (default sealed). */
  stateProtection?: 'sealed' | 'signed';
  /** The configuration's push aliases (absent: none). */
  aliases?: readonly PushAlias[];
  /** Cross-file mode: imported modules that export liftable helpers (see step-machine/recognise/cross-file.ts). */
  crossFile?: CrossFileInput;
  /** Helpers of this file whose companions must be exported (their callers elsewhere were migrated). */
  exportCompanions?: string[];
  /** Cross-file mode: registrations of other files that reach this file's functions (see step-machine/recognise/remote-handlers.ts). */
  registrations?: RegistrationInput;
  /** Dispatch routes of this file (by key) that other files' migrated handlers need adapted. */
  adaptDispatch?: number[];
  /** Declared handler types of this file that other files' migrated handlers need changed. */
  memberTypes?: string[];
  /** Cross-file mode: where the run's other files use this module's exports (for the findings). */
  callers?: ModuleCallers;
}

export interface FileTaskResult {
  id: number;
  /** The new text; undefined when nothing changed. */
  output?: string;
  transforms: string[];
  findings: SourceFinding[];
  handlersMigrated: number;
  sitesMigrated: number;
  newFiles: NewFile[];
  /** Modules this file's migrated code needs changed with it (cross-file mode). */
  requires?: CrossFileRequirement[];
  /** Set when a transform failed; the file then stays byte-for-byte as it was. */
  error?: string;
  /** The v1→v2 upgrade left this file on v1: its package stays on v1. */
  upgradeRefused?: boolean;
  /** Its migrated questions as findings saying they are not, for when the file is put back (see SourceOutcome). */
  ifPutBack?: SourceFinding[];
  /** What breaks here once the package is on v2, and the file as it was with markers (see SourceOutcome). */
  ifPackageUpgraded?: { findings: SourceFinding[]; output?: string };
  /** The hunks of the diff from the task's text to `output`, when the thread that ran it computed them. */
  diffHunks?: string[];
}

export interface FileTaskOptions {
  /** Run prettier on changed files whose package uses it. */
  format: boolean;
  /** The official v1→v2 upgrade before our transforms (default 'never'). */
  sdkUpgrade?: SdkUpgradeMode;
  /** Compute the hunks of the file's diff here (a worker thread: the main thread then need not). */
  diffHunks?: boolean;
}

/**
 * Runs the transforms on the task's file, synchronously, then formats the output with `formatter`
 * (in this thread unless another is given): a caller that does not await the result can start the
 * next file while this one is formatted elsewhere.
 */
export async function runFileTask(task: FileTask, transforms: readonly Transform[], options: FileTaskOptions, formatter: Formatter = formatHere): Promise<FileTaskResult> {
  try {
    const result = transformSource({
      absPath: task.absPath,
      text: task.text,
      transforms,
      options: { packageRoot: task.packageRoot, stateModulePath: task.stateModulePath, stateProtection: task.stateProtection, aliases: task.aliases,
        crossFile: task.crossFile, exportCompanions: task.exportCompanions, registrations: task.registrations, adaptDispatch: task.adaptDispatch, memberTypes: task.memberTypes, callers: task.callers },
      sdkUpgrade: options.sdkUpgrade,
      sdkProjectType: task.sdkProjectType,
      v1ModulesOutsideRun: task.v1ModulesOutsideRun,
    });
    let output = result.output;
    let hunks: string[] | undefined;
    // A file left as it was but for its markers (on v1, or with nothing migrated) keeps its own
    // formatting: prettier would reformat code the run did not change.
    if (output !== undefined && options.format && !result.upgradeRefused && !result.markersOnly) {
      ({ text: output, hunks } = await formatter(task.absPath, output, task.text));
      if (output === task.text) output = undefined;
    }
    if (output !== undefined && hunks === undefined && options.diffHunks) hunks = diffHunks(task.text, output);
    return {
      id: task.id,
      output,
      transforms: result.transforms,
      findings: result.findings,
      handlersMigrated: result.handlersMigrated,
      sitesMigrated: result.sitesMigrated,
      newFiles: result.newFiles,
      ...(result.requires && output !== undefined ? { requires: result.requires } : {}),
      ...(result.upgradeRefused ? { upgradeRefused: true } : {}),
      ...(hunks && output !== undefined ? { diffHunks: hunks } : {}),
      ...(result.ifPutBack && output !== undefined ? { ifPutBack: result.ifPutBack } : {}),
      ...(result.ifPackageUpgraded ? { ifPackageUpgraded: result.ifPackageUpgraded } : {}),
    };
  } catch (error) {
    return failedTask(task.id, messageOf(error));
  }
}

/** The result of a task that could not run (a transform threw, the worker died). */
export function failedTask(id: number, message: string): FileTaskResult {
  return { id, transforms: [], findings: [], handlersMigrated: 0, sitesMigrated: 0, newFiles: [], error: message };
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
