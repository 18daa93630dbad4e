// Packages the v1→v2 upgrade cannot move as a whole stay on v1 as a whole: a package's files and
// its manifest move to v2 together or not at all. A folder without package.json has no manifest
// to move: there, only the files linked by imports to one that cannot move stay with it.
import path from 'node:path';
import { toDisplayPath } from '../discover/discover.js';
import { dropChanges, putBackAsItWas } from '../outcome.js';
import type { FileOutcome } from '../types.js';
import { fileLinks, linkedClosure, packageLinks, type FileLink, type LinkSource, type PackageLink } from './package-links.js';
import { SDK_UPGRADE_RULE } from './sdk-upgrade.js';

/** Where a package was found that cannot move to v2 yet; `outcome` is the refused file itself. */
export interface Blocker {
  path: string;
  line?: number;
  outcome?: FileOutcome;
  /** Held because a package it imports, or that imports it, stays on v1 (the link and that package's blocker). */
  linked?: { link: PackageLink; held: string; blocker: Blocker };
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
export function keepPackagesOnV1(
  slots: (FileOutcome | undefined)[],
  cwd: string,
  zodBlockers: ReadonlyMap<string, Blocker>,
  sources: () => Iterable<LinkSource>,
): void {
  const blockers = new Map<string, Blocker>(zodBlockers);
  for (const outcome of slots) {
    if (!outcome?.upgradeRefused || blockers.has(outcome.packagePath)) continue;
    blockers.set(outcome.packagePath, { outcome, path: outcome.path, line: outcome.findings.find((f) => f.severity === 'error')?.line });
  }
  if (blockers.size === 0) return;
  const list = [...sources()];
  const links = packageLinks(list, cwd);
  const loose = looseHolds(slots, blockers, links, list, cwd);
  holdLinkedPackages(blockers, links);
  const putBack = new Set<string>();
  const keep = (outcome: FileOutcome, why: string) => {
    putBackAsItWas(outcome, { rule: SDK_UPGRADE_RULE, severity: 'warning', path: outcome.path, line: 1, column: 1, message: why }, SDK_UPGRADE_RULE);
    putBack.add(outcome.absPath);
  };
  for (const outcome of slots) {
    const blocker = outcome && blockers.get(outcome.packagePath);
    if (!outcome || !blocker || outcome === blocker.outcome || outcome.error || !outcome.transforms.includes(SDK_UPGRADE_RULE)) continue;
    const files = loose.get(outcome.packagePath);
    if (files) {
      const why = files.get(path.resolve(outcome.absPath));
      if (why) keep(outcome, why);
      continue;
    }
    keep(outcome, `left as it was, on the v1 SDK: ${whyHeld(blocker, outcome.path, outcome.packagePath)}`);
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

/**
 * In a folder without package.json (no manifest moves its files together), a file the upgrade
 * refused holds on v1 only itself and the files linked to it by relative imports, transitively:
 * the others move to v2 on their own. A folder that imports, or is imported by, another package
 * of the run stays whole, as packages do. Package path → held file (absolute) → why.
 */
function looseHolds(
  slots: readonly (FileOutcome | undefined)[],
  blockers: ReadonlyMap<string, Blocker>,
  links: readonly PackageLink[],
  sources: readonly LinkSource[],
  cwd: string,
): Map<string, Map<string, string>> {
  const held = new Map<string, Map<string, string>>();
  const looseFolders = new Set(sources.filter((s) => !s.manifest).map((s) => s.packagePath));
  const edges = fileLinks(sources);
  for (const [packagePath, blocker] of blockers) {
    if (blocker.linked || !looseFolders.has(packagePath) || links.some((l) => l.from === packagePath || l.to === packagePath)) continue;
    const refused = new Map<string, FileOutcome>();
    for (const o of slots) if (o?.upgradeRefused && o.packagePath === packagePath) refused.set(path.resolve(o.absPath), o);
    // Held for a reason no file of it carries (none is known today): the folder stays whole.
    if (refused.size === 0) continue;
    const files = new Map<string, string>();
    for (const [file, { link, seed }] of linkedClosure(refused.keys(), edges)) files.set(file, looseWhy(link, file, refused.get(seed)!, cwd));
    held.set(packagePath, files);
  }
  return held;
}

function looseWhy(edge: FileLink, file: string, root: FileOutcome, cwd: string): string {
  const line = root.findings.find((f) => f.severity === 'error')?.line;
  const blocked = `${root.path}${line !== undefined ? `:${line}` : ''} cannot be upgraded to v2 yet, see the error there`;
  const other = edge.from === file ? toDisplayPath(cwd, edge.to) : edge.path;
  const importing = edge.from === file ? `it imports '${edge.specifier}' at line ${edge.line}` : `${edge.path}:${edge.line} imports it ('${edge.specifier}')`;
  const stays = other === root.path ? `${other} stays on the v1 SDK: ${blocked}` : `${other} stays on the v1 SDK with ${root.path}, where ${blocked}`;
  return `left as it was, on the v1 SDK: ${importing}, and ${stays}; files that import each other hand SDK objects across the import, so they move to v2 together. This folder has no package.json, so its other files move to v2 on their own`;
}

/**
 * Packages linked by imports to a held one are held too, transitively: a product on v1 handing its
 * McpServer to plugins on v2 (or the reverse) would not compile. The SDK's guide allows staging
 * only across a process or transport boundary, which an import is not.
 */
function holdLinkedPackages(blockers: Map<string, Blocker>, links: readonly PackageLink[]): void {
  // In the order reached, so the package a link comes from has its blocker already.
  for (const [other, { link, from }] of linkedClosure(blockers.keys(), links)) {
    blockers.set(other, { path: link.path, line: link.line, linked: { link, held: from, blocker: blockers.get(from)! } });
  }
}

/** Why a file of `packagePath` stays on v1, from its package's blocker. */
function whyHeld(blocker: Blocker, filePath: string, packagePath: string): string {
  if (!blocker.linked) {
    const where = blocker.path === filePath ? `line ${blocker.line} of this file` : `${at(blocker)} of the same package`;
    return `${where} cannot be upgraded to v2 yet (see the error there), and a package's files move to v2 together`;
  }
  const { link, held } = blocker.linked;
  let root = blocker.linked;
  while (root.blocker.linked) root = root.blocker.linked;
  const through = root.held === held ? '' : ` with package ${root.held}`;
  const heldWhy = `which stays on the v1 SDK${through}: ${at(root.blocker)} cannot be upgraded to v2 yet, see the error there`;
  const importing = link.from === packagePath
    ? `${at(blocker)} imports '${link.specifier}' (package ${held}, ${heldWhy})`
    : `package ${held} imports '${link.specifier}' at ${at(blocker)} (${heldWhy.replace(/^which /, 'it ')})`;
  return `${importing}; packages that import each other hand SDK objects across the import, so they move to v2 together`;
}

function at(blocker: Blocker): string {
  return `${blocker.path}${blocker.line !== undefined ? `:${blocker.line}` : ''}`;
}
