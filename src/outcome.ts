// A file's outcome in a run: made when the file is read, filled in from its task's result, and
// emptied again when the run puts the file back as it was.
import path from 'node:path';
import type { FileOutcome, Finding } from './types.js';
import type { FileTaskResult } from './file-task.js';
import type { PackageRef } from './discover/run-packages.js';
import { LIFTED_SO_FAR } from './finding-words.js';

export function newOutcome(absPath: string, displayPath: string, ref: PackageRef): FileOutcome {
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

/** A task's result on its file's outcome; findings get the file's display path. */
export function applyResult(outcome: FileOutcome, result: FileTaskResult): void {
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

/** Nothing of what the run changed in the file stays: its text is `output` (undefined: as it was). */
export function dropChanges(outcome: FileOutcome, output?: string): void {
  outcome.output = output;
  outcome.transforms = [];
  outcome.handlersMigrated = 0;
  outcome.sitesMigrated = 0;
  outcome.newFiles = [];
  outcome.requires = undefined;
  outcome.diffHunks = undefined;
}

/** Rules whose findings describe the migrated text only (its wiring), not the code as it was. */
const OF_THE_MIGRATED_TEXT = new Set(['request-state-verify-not-wired']);

/**
 * The findings that stay true of a file put back as it was (`dropped`: the rule of the move
 * undone, whose own findings go with it): not the notes, nor what only the migrated text has.
 */
function findingsLeftWhenPutBack(findings: readonly Finding[], dropped: string): Finding[] {
  return findings.filter((f) => f.severity !== 'info' && f.rule !== dropped && !OF_THE_MIGRATED_TEXT.has(f.rule) && !(f.rule === 'push-in-helper' && f.message.includes(LIFTED_SO_FAR)));
}

/**
 * The file put back as it was read, `finding` (why) first, then what stays true of its code and
 * the questions its migration had answered, each said as not migrated (or it would go unreported).
 * A manifest carries no findings.
 */
export function putBackAsItWas(outcome: FileOutcome, finding: Finding, dropped: string): void {
  const manifest = path.basename(outcome.absPath) === 'package.json';
  dropChanges(outcome);
  outcome.findings = manifest ? [] : [finding, ...findingsLeftWhenPutBack(outcome.findings, dropped), ...(outcome.ifPutBack ?? [])];
  outcome.ifPutBack = undefined;
}
