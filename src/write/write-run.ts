// Writing a run's changes: the files it creates, then every changed file (what others need
// first, cross-file groups journalled), unless a target has uncommitted changes.
import path from 'node:path';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { toDisplayPath } from '../discover/discover.js';
import { messageOf } from '../file-task.js';
import { compareText } from '../report/json.js';
import type { CreatedFile, RunOptions, RunResult } from '../run-types.js';
import type { FileError, FileOutcome, NewFile } from '../types.js';
import { findDirtyFiles } from './git.js';
import { finishJournals, isJournalName, writeJournal } from './group-journal.js';
import { createFileIfAbsent, isTempFileName, removeStaleTempFiles, writeFileAtomic } from './write.js';

/**
 * Writes `result`'s changes and records what happened on it (written, notInGitRepo, refusedDirty).
 * Nothing is written when a target has uncommitted changes, unless `allowDirty`.
 */
export async function writeChanges(result: RunResult, options: Pick<RunOptions, 'cwd' | 'allowDirty'>): Promise<void> {
  const { outcomes, created, errors } = result;
  const { cwd } = options;
  const targets = outcomes.filter((o) => o.output !== undefined && !o.error).map((o) => o.absPath);
  if (targets.length === 0 && created.length === 0) return;
  const check = findDirtyFiles(targets, cwd);
  result.notInGitRepo = !check.inRepo;
  if (check.dirty.length > 0 && !options.allowDirty) {
    result.refusedDirty = check.dirty.map((abs) => toDisplayPath(cwd, abs)).sort(compareText);
  } else {
    result.written = await writeAll(outcomes, created, errors, cwd);
  }
}

/** New files requested by transforms, once each, only where nothing exists yet (never overwritten). */
export function plannedNewFiles(outcomes: FileOutcome[], cwd: string): CreatedFile[] {
  const byPath = new Map<string, NewFile>();
  for (const outcome of outcomes) {
    if (outcome.error || outcome.output === undefined) continue;
    for (const file of outcome.newFiles) {
      if (!byPath.has(file.absPath) && !existsSync(file.absPath)) byPath.set(file.absPath, file);
    }
  }
  return [...byPath.values()]
    .map((f) => ({ path: toDisplayPath(cwd, f.absPath), absPath: f.absPath, text: f.text }))
    .sort((a, b) => compareText(a.path, b.path));
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
  errors.sort((a, b) => compareText(a.path, b.path));
  return written;
}

/** Finishes the cross-file groups a stopped write run journalled, and removes its temp files. */
export async function finishInterruptedRun(leftovers: readonly string[]): Promise<void> {
  await finishJournals(leftovers.filter((file) => isJournalName(path.basename(file))));
  await removeStaleTempFiles(leftovers.filter((file) => isTempFileName(path.basename(file))));
}
