// Cross-file mode in a run: whether it is on, the project index over the candidates (built before
// any task runs), each task with what the index knows of its file, and the groups applied after:
// modules whose helpers migrated callers now reach through exported companions.
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { camelCase } from '../ast/naming.js';
import { toDisplayPath } from '../discover/discover.js';
import { filesOutsideRun } from '../discover/outside-files.js';
import type { RunPackages } from '../discover/run-packages.js';
import { runFileTask, type FileTask } from '../file-task.js';
import { buildProjectIndex, nearestTsconfig, type ProjectIndex } from './project-index.js';
import { applyResult } from '../outcome.js';
import { compareText } from '../report/json.js';
import type { CrossFileStats, RunOptions } from '../run-types.js';
import type { FileOutcome } from '../types.js';
import { wantsSdkUpgrade } from '../upgrade/sdk-upgrade.js';
import { textAfterUpgrade } from '../upgrade/upgrade-stage.js';
import { readText } from '../write/write.js';

/** What the figures name as the options where no tsconfig.json was found. */
export const NO_TSCONFIG = 'no tsconfig.json: default options';

export interface CrossFileMode {
  /** The tsconfig named or found; NO_TSCONFIG where there is none (each package's files with default options). */
  tsconfig: string;
  /** Given with `--project` (else found beside or above the first target). */
  explicit: boolean;
}

/**
 * Whether cross-file mode is on, and with which tsconfig (the first target's, when found). It is on
 * without one too: each file then resolves with its nearest tsconfig, or default options.
 */
export function crossFileMode(options: RunOptions, cwd: string): CrossFileMode | undefined {
  if (options.project === false) return undefined;
  if (typeof options.project === 'string') return { tsconfig: path.resolve(cwd, options.project), explicit: true };
  for (const target of options.paths.length > 0 ? options.paths : ['.']) {
    const abs = path.resolve(cwd, target);
    const found = nearestTsconfig(existsSync(abs) && statSync(abs).isDirectory() ? abs : path.dirname(abs));
    if (found) return { tsconfig: found, explicit: false };
  }
  return { tsconfig: NO_TSCONFIG, explicit: false };
}

/**
 * The project index over the candidates `held` (their tasks wait for it), and its figures. Modules
 * tool definitions pass through need not be candidates themselves (an index of tools).
 */
export async function indexCandidates(
  held: readonly FileTask[],
  run: { files: readonly { absPath: string }[]; tasks: ReadonlyMap<string, FileTask>; skipped: ReadonlyMap<string, unknown> },
  crossFile: CrossFileMode,
  packages: RunPackages,
  options: RunOptions,
): Promise<{ index: ProjectIndex; stats: CrossFileStats }> {
  const { cwd } = options;
  const aliases = options.aliases ?? [];
  const indexStarted = performance.now();
  const runFiles = new Set(run.files.map((f) => path.normalize(f.absPath)));
  const readFile = (absPath: string) => (runFiles.has(absPath) ? readText(absPath) : undefined);
  const packageRoots = new Set(held.map((task) => task.packageRoot));
  const outside = await filesOutsideRun(packageRoots, runFiles, packages.targetRoots, { cwd, ignore: options.ignore }, (absPath) => packages.packageOf(absPath).root);
  const index = buildProjectIndex(held, {
    outside,
    displayPath: (absPath) => toDisplayPath(cwd, absPath),
    tsconfig: crossFile.explicit ? crossFile.tsconfig : undefined,
    aliases,
    textOf: (file) => {
      const task = run.tasks.get(file.absPath);
      return textAfterUpgrade(file.absPath, file.text, options.sdkUpgrade, { projectType: task?.sdkProjectType, v1ModulesOutsideRun: task?.v1ModulesOutsideRun });
    },
    readFile,
    upgraded: (text) => wantsSdkUpgrade(options.sdkUpgrade, text),
    skipped: () => [...run.skipped.keys()].flatMap((absPath) => {
      const text = readText(absPath);
      return text === undefined ? [] : [{ absPath, text }];
    }),
  });
  return { index, stats: { tsconfig: crossFile.tsconfig, ...index.stats, groups: 0, indexMs: Math.round(performance.now() - indexStarted) } };
}

/** A task with what the project index knows about its file. */
export function withIndex(task: FileTask, index: ProjectIndex): FileTask {
  const input = index.inputs.get(task.absPath);
  const registrations = index.registrations.get(task.absPath);
  const callers = index.callers.get(path.normalize(task.absPath));
  return { ...task, ...(input ? { crossFile: input } : {}), ...(registrations ? { registrations } : {}), ...(callers ? { callers } : {}) };
}

/**
 * Cross-file groups: every module whose helpers migrated callers now reach through companions is
 * run again with those companions exported. When that fails (the module does not parse, a
 * transform throws, the companions do not come out as expected), every caller that needs it is
 * put back as it was and listed as an error: the files of a group change together or not at all.
 * Returns the number of groups applied.
 */
export async function applyGroups(
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
  for (const [absPath, group] of [...groups].sort(([a], [b]) => compareText(a, b))) {
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

/** Puts a file of a failed group back as it was, listed as an error naming the module it needed. */
function revert(caller: FileOutcome, needed: string, problem: string, cwd: string): void {
  caller.output = undefined;
  caller.handlersMigrated = 0;
  caller.sitesMigrated = 0;
  caller.findings = [];
  caller.error = `left unchanged: its migration needs ${toDisplayPath(cwd, needed)} changed with it, and that file could not be changed (${problem})`;
}
