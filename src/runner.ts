// A run: discover → transform each file (read, prefilter, the worker pool; cross-file index and
// groups) → settle packages (v1 holds, manifests, zod) → the result (outcomes, diff) → write. The
// CLI only parses options and prints; tests and other tools can call `run` directly.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { discoverFiles, type DiscoverResult } from './discover/discover.js';
import { runPackages, type RunPackages } from './discover/run-packages.js';
import { selectShard } from './discover/shard.js';
import { workspaceGlobs } from './discover/workspace.js';
import { compareText } from './report/json.js';
import type { RunOptions, RunResult, TypecheckSummary } from './run-types.js';
import { transformFiles, type TransformedFiles } from './transform-files.js';
import type { FileError, FileOutcome } from './types.js';
import { gateByTypecheck } from './typecheck/gate.js';
import { linkSources, packageLinks } from './upgrade/package-links.js';
import { settlePackages, type SettledPackages } from './upgrade/package-upgrade.js';
import { renderDiff } from './write/diff.js';
import { finishInterruptedRun, plannedNewFiles, writeChanges } from './write/write-run.js';

export type { CreatedFile, RunMode, RunOptions, RunResult, ScannedPackage } from './run-types.js';

export async function run(options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  const { cwd } = options;
  const discovered = await discoverFiles(options.paths, { cwd, ignore: options.ignore });
  // A write run stopped half-way is finished first (its cross-file groups) and tidied (its temp files).
  if (options.mode === 'write') await finishInterruptedRun(discovered.leftovers);
  const files = selectShard(discovered.files, options.shard);
  const packages = runPackages(cwd, options.paths);
  const transformed = await transformFiles(options, discovered.files, files, packages);
  const settled = await settlePackages(transformed.slots, files, packages, options);
  const typecheck = options.typecheck === false ? undefined : typecheckGate(transformed, settled, { run: discovered.files, shard: files }, packages, cwd);
  const result = await runResult(options, files.length, discovered.errors, transformed, settled);
  if (typecheck) result.typecheck = typecheck;
  if (options.mode === 'write') await writeChanges(result, options);
  result.durationMs = Math.round(performance.now() - started);
  return result;
}

/** The typecheck gate over everything the run would change (src/typecheck/gate.ts); it puts back what typechecks worse. */
function typecheckGate(
  transformed: TransformedFiles,
  settled: SettledPackages,
  files: { run: readonly { absPath: string }[]; shard: readonly { absPath: string; path: string }[] },
  packages: RunPackages,
  cwd: string,
): TypecheckSummary {
  const outcomes = [...transformed.slots.filter((o): o is FileOutcome => o !== undefined), ...settled.outsideOutcomes, ...settled.manifests.outcomes];
  const links = () => packageLinks(linkSources(transformed.slots, files.shard, packages.packageOf), cwd);
  const summary = gateByTypecheck({ outcomes, runFiles: files.run.map((f) => f.absPath), cwd, packageOf: packages.packageOf, links });
  // A manifest put back needs no install any more.
  if (!settled.manifests.outcomes.some((o) => o.output !== undefined)) settled.manifests.installHint = undefined;
  return summary;
}

/** Every outcome worth reporting and every error, in path order, with the diff; nothing written yet. */
async function runResult(
  options: RunOptions,
  filesInShard: number,
  discoveryErrors: DiscoverResult['errors'],
  transformed: TransformedFiles,
  settled: SettledPackages,
): Promise<RunResult> {
  const { cwd } = options;
  const { manifests } = settled;
  const errors: FileError[] = [...discoveryErrors];
  const outcomes: FileOutcome[] = settled.outsideOutcomes.filter((o) => o.output !== undefined || o.findings.length > 0);
  for (const outcome of transformed.slots) {
    if (!outcome) continue;
    if (outcome.error) errors.push({ path: outcome.path, message: outcome.error });
    if (outcome.output !== undefined || outcome.findings.length > 0 || outcome.error) outcomes.push(outcome);
  }
  outcomes.push(...manifests.outcomes.filter((o) => o.output !== undefined || o.findings.length > 0));
  outcomes.sort((a, b) => compareText(a.path, b.path));

  const created = plannedNewFiles(outcomes, cwd);
  const diff = renderDiff(outcomes, created);
  return {
    // Updated manifests count among the files the run looked at.
    filesScanned: filesInShard + manifests.outcomes.length,
    filesParsed: transformed.filesParsed,
    outcomes,
    errors: errors.sort((a, b) => compareText(a.path, b.path)),
    created,
    diff,
    notInGitRepo: false,
    monorepo: await isMonorepo(options.paths, cwd),
    packages: transformed.packages,
    workersStarted: transformed.workersStarted,
    ...(transformed.crossFile ? { crossFile: transformed.crossFile } : {}),
    installHint: manifests.installHint,
    written: 0,
    durationMs: 0,
  };
}

async function isMonorepo(paths: string[], cwd: string): Promise<boolean> {
  for (const input of paths.length > 0 ? paths : ['.']) {
    const abs = path.resolve(cwd, input);
    if (existsSync(abs) && workspaceGlobs(abs) !== undefined) return true;
  }
  return false;
}
