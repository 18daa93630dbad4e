// Packages the v1→v2 upgrade cannot move as a whole stay on v1 as a whole: a package's files and
// its manifest move to v2 together or not at all.
import { toDisplayPath } from '../discover/discover.js';
import { dropChanges } from '../outcome.js';
import type { FileOutcome } from '../types.js';
import { SDK_UPGRADE_RULE } from './sdk-upgrade.js';

/** Where a package was found that cannot move to v2 yet; `outcome` is the refused file itself. */
export interface Blocker {
  path: string;
  line?: number;
  outcome?: FileOutcome;
}

/**
 * A file the upgrade did not change whose code would break once its package is on v2 (a handler
 * reading the v1 context that an upgraded module types): when other files of its package move to
 * v2, it is left as it was with its errors and markers, and holds the package on v1.
 */
export function holdWhatUpgradesWouldBreak(slots: (FileOutcome | undefined)[]): void {
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
export function keepPackagesOnV1(slots: (FileOutcome | undefined)[], cwd: string, zodBlockers: ReadonlyMap<string, Blocker>): void {
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
