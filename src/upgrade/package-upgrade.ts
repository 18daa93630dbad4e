// The run's packages once their files are transformed: which stay on v1 as a whole (a file the
// upgrade refused, code it would break, zod 3 calls the raise to zod 4 would break), the manifests
// of those that move to v2, and their zod 3 code following a raise to zod 4.
import path from 'node:path';
import { discoverFiles, toDisplayPath } from '../discover/discover.js';
import type { RunPackages } from '../discover/run-packages.js';
import type { RunOptions } from '../run-types.js';
import type { FileOutcome } from '../types.js';
import { readText } from '../write/write.js';
import { installHint, planManifestChanges, type ManifestChange, type ManifestPlanFile } from './manifests.js';
import { holdWhatUpgradesWouldBreak, keepPackagesOnV1 } from './package-holds.js';
import { linkSources } from './package-links.js';
import { importsV1Sdk } from './sdk-upgrade.js';
import { raiseZodCode, zodBlockedPackages, type ZodOnOriginals } from './zod-packages.js';

interface ManifestOutcomes {
  outcomes: FileOutcome[];
  changes: ManifestChange[];
  installHint?: string;
}

export interface SettledPackages {
  /** The updated manifests. */
  manifests: ManifestOutcomes;
  /** Files of the run's packages outside its paths that the run changes or reports on. */
  outsideOutcomes: FileOutcome[];
}

/** Holds packages on v1 where they cannot move (changing `slots`), then plans the manifests and zod raises of the rest. */
export async function settlePackages(
  slots: (FileOutcome | undefined)[],
  files: readonly { absPath: string; path: string }[],
  packages: RunPackages,
  options: Pick<RunOptions, 'cwd' | 'ignore'>,
): Promise<SettledPackages> {
  const { cwd } = options;
  const { packageOf, targetRoots } = packages;
  // A package whose zod the move to v2 would raise over zod 3 calls that have no zod 4 spelling
  // would typecheck worse: it stays on v1 too, an error at each such call.
  let outside = await packageFilesOutsideRun(slots, files, targetRoots, options, packageOf);
  const zodOnOriginals: ZodOnOriginals = new Map();
  const zodBlocked = zodBlockedPackages(manifestOutcomes(slots, outside, cwd, packageOf).changes, slots, files, outside, packageOf, zodOnOriginals);
  holdWhatUpgradesWouldBreak(slots);
  keepPackagesOnV1(slots, cwd, zodBlocked.blockers, () => linkSources(slots, files, packageOf));
  if (zodBlocked.blockers.size > 0) outside = await packageFilesOutsideRun(slots, files, targetRoots, options, packageOf);

  // Packages whose files the v1→v2 upgrade changed get their manifest updated, shown and written
  // like any other file (lockfiles never); a package whose zod moves to 4 has its zod 3 code follow.
  const manifests = manifestOutcomes(slots, outside, cwd, packageOf);
  const raised = raiseZodCode(manifests.changes, slots, files, outside, packageOf, zodOnOriginals);
  return { manifests, outsideOutcomes: [...zodBlocked.outsideOutcomes, ...raised] };
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
  options: Pick<RunOptions, 'cwd' | 'ignore'>,
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

/** The manifest change of each package with v1 or v2 imports (src/upgrade/manifests.ts), as outcomes like a file's. */
function manifestOutcomes(
  slots: readonly (FileOutcome | undefined)[],
  outside: ReadonlyMap<string, readonly { absPath: string }[]>,
  cwd: string,
  packageOf: (absPath: string) => { root: string; name: string; path: string },
): ManifestOutcomes {
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
