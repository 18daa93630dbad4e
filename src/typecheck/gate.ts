// The typecheck gate (run level, after the packages are settled, before the result is shown or
// written): the run may never leave a package that typechecks worse than it found it. Each package
// with changes whose dependencies are installed is checked before and after (compare.ts); a file
// with more diagnostics after is put back as it was together with what it was changed with (its
// cross-file group; in a package the v1→v2 upgrade moves, the whole package and its manifest, and
// the upgrade of every package linked to it by imports), with an error that quotes the new
// diagnostics, so the run exits 1. A package that cannot be checked is
// named in the summary instead.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { toDisplayPath } from '../discover/discover.js';
import { putBackAsItWas } from '../outcome.js';
import type { TypecheckSummary } from '../run-types.js';
import type { Finding, FileOutcome } from '../types.js';
import { linkedClosure, type PackageLink } from '../upgrade/package-links.js';
import { SDK_UPGRADE_RULE } from '../upgrade/sdk-upgrade.js';
import { plannedNewFiles } from '../write/write-run.js';
import { checkPackage, type FileRegression } from './compare.js';
import { manifestRangeChanges } from './manifest-ranges.js';
import { packageSetup, toolResolves, type PackageSetup } from './package-programs.js';

export const TYPECHECK_RULE = 'typecheck-regression';

export interface GateInput {
  /** Every outcome of the run (sources in and outside its paths, manifests), changed in place. */
  outcomes: FileOutcome[];
  /** The run's source files (absolute paths): importers of changed files are looked for among them too. */
  runFiles: readonly string[];
  cwd: string;
  packageOf: (absPath: string) => { root: string; path: string };
  /** The imports between the run's packages (package-links.ts), read only when a package goes back whole. */
  links?: () => readonly PackageLink[];
}

/** Checking again after a put-back settles what the first one changed; more rounds mean the package goes back whole. */
const ROUNDS = 3;

export function gateByTypecheck(input: GateInput): TypecheckSummary {
  const started = performance.now();
  const summary: TypecheckSummary = { checked: [], unchecked: [], putBack: 0, ms: 0 };
  const wholeBack = new Map<string, string>();
  for (const [root, members] of changedByPackage(input)) {
    const display = input.packageOf(path.join(root, 'package.json')).path;
    if (!hasNodeModules(root)) {
      summary.unchecked.push({ path: display, why: 'no node_modules found from the package: its dependencies are not installed' });
      continue;
    }
    const setup = packageSetup(root, members.filter(isChangedSource).map((o) => o.absPath));
    const result = gatePackage(input, root, members, setup);
    if (result.kind === 'unchecked') summary.unchecked.push({ path: display, why: result.why });
    else {
      summary.checked.push(display);
      summary.putBack += result.putBack;
      if (result.regressedWhole) wholeBack.set(members[0]!.packagePath, result.regressedWhole);
    }
  }
  if (wholeBack.size > 0 && input.links) summary.putBack += putBackLinkedUpgrades(input, wholeBack, input.links());
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

/** `regressedWhole`: a file (display path) whose regression sent the whole package back to v1. */
type PackageGate = { kind: 'checked'; putBack: number; regressedWhole?: string } | { kind: 'unchecked'; why: string };

function gatePackage(input: GateInput, root: string, members: FileOutcome[], setup: PackageSetup): PackageGate {
  let putBack = 0;
  let regressedWhole: string | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    const changed = members.filter(isChangedSource);
    if (changed.length === 0) break;
    const manifest = members.find((o) => path.basename(o.absPath) === 'package.json' && o.output !== undefined);
    const ranges = manifest ? manifestRangeChanges(manifest.original, manifest.output!) : [];
    const fromTool = new Set(ranges.filter((name) => toolResolves(name, setup.options)));
    const created = new Map(plannedNewFiles(members, input.cwd).map((f) => [path.resolve(f.absPath), f.text] as const));
    const check = checkPackage({
      setup,
      changed: new Map(changed.map((o) => [path.resolve(o.absPath), o.output!] as const)),
      created,
      elsewhere: leftElsewhere(input, root),
      candidates: [...setup.projectFiles, ...input.runFiles.filter((f) => input.packageOf(f).root === root)],
      fromTool,
      notInstalled: new Set(ranges.filter((name) => !fromTool.has(name))),
    });
    if (check.kind === 'unchecked') return round === 0 ? check : { kind: 'checked', putBack, regressedWhole };
    if (check.regressions.length === 0) break;
    const upgrading = upgrades(members);
    const last = round === ROUNDS - 1;
    const unit = upgrading || last ? members.filter((o) => o.output !== undefined) : unitToPutBack(members, check.regressions, check.importers, created);
    putBack += putBackUnit(unit, { regressions: check.regressions, importers: check.importers, created }, input.cwd, upgrading);
    if (upgrading) regressedWhole ??= toDisplayPath(input.cwd, check.regressions[0]!.absPath);
  }
  return { kind: 'checked', putBack, regressedWhole };
}

/**
 * A package the gate sends back to v1 takes back the v1→v2 upgrade of every package linked to it
 * by imports, transitively (as package-holds.ts does for packages held before the gate): a v2
 * package handing its McpServer to a v1 one, or the reverse, would not compile. Their other
 * changes (the migration on an SDK they already use) stay.
 */
function putBackLinkedUpgrades(input: GateInput, wholeBack: ReadonlyMap<string, string>, links: readonly PackageLink[]): number {
  const byPackage = new Map<string, FileOutcome[]>();
  for (const o of input.outcomes) {
    const list = byPackage.get(o.packagePath) ?? [];
    list.push(o);
    byPackage.set(o.packagePath, list);
  }
  let count = 0;
  const putBack = new Set<string>();
  for (const [packagePath, { link, from, seed }] of linkedClosure(wholeBack.keys(), links)) {
    const members = byPackage.get(packagePath) ?? [];
    if (!upgrades(members)) continue;
    const message = linkedWhy(link, from, packagePath, seed, wholeBack.get(seed)!);
    for (const o of members) {
      if (o.output === undefined) continue;
      revert(o, linkedFinding(o, message));
      putBack.add(path.resolve(o.absPath));
      count++;
    }
  }
  // What a file put back was required changed with goes back too (a cross-file group across packages).
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of input.outcomes) {
      const needed = o.output !== undefined && o.requires?.find((r) => putBack.has(path.resolve(r.absPath)));
      if (!needed) continue;
      revert(o, linkedFinding(o, `left as it was: its migration needs ${toDisplayPath(input.cwd, needed.absPath)} changed with it, which the typecheck gate puts back on the v1 SDK with its package`));
      putBack.add(path.resolve(o.absPath));
      count++;
      grew = true;
    }
  }
  return count;
}

function revert(outcome: FileOutcome, finding: Finding): void {
  putBackAsItWas(outcome, finding, SDK_UPGRADE_RULE);
}

function linkedFinding(outcome: FileOutcome, message: string): Finding {
  return { rule: TYPECHECK_RULE, severity: 'warning', path: outcome.path, line: 1, column: 1, message };
}

/** Why `packagePath`'s upgrade goes back: the link to `back`, which goes back with `root` (whose file `regressed` typechecks worse). */
function linkedWhy(link: PackageLink, back: string, packagePath: string, root: string, regressed: string): string {
  const through = root === back ? '' : ` with package ${root}`;
  const cause = `the typecheck gate puts it back on the v1 SDK${through}: ${regressed} typechecks worse migrated, see the error there`;
  const importing = link.from === packagePath
    ? `${link.path}:${link.line} imports '${link.specifier}' (package ${back}; ${cause})`
    : `package ${back} imports '${link.specifier}' at ${link.path}:${link.line} (${cause})`;
  return `left as it was, on the v1 SDK: ${importing}; packages that import each other hand SDK objects across the import, so they move to v2 together`;
}

/**
 * What the run leaves in the other packages: a package that imports another (a product and its
 * plugins) is checked against the other's upgraded text, as it will run, not its text on disk.
 */
function leftElsewhere(input: GateInput, root: string): Map<string, string> {
  const others = input.outcomes.filter((o) => input.packageOf(o.absPath).root !== root);
  const left = new Map(others.filter(isChangedSource).map((o) => [path.resolve(o.absPath), o.output!] as const));
  for (const f of plannedNewFiles(others, input.cwd)) left.set(path.resolve(f.absPath), f.text);
  return left;
}

/** Whether the run moves these files of a package to v2 (an upgraded file, or its manifest changed). */
function upgrades(members: readonly FileOutcome[]): boolean {
  return members.some((o) => o.output !== undefined && (o.transforms.includes(SDK_UPGRADE_RULE) || path.basename(o.absPath) === 'package.json'));
}

function isChangedSource(o: FileOutcome): boolean {
  return o.output !== undefined && !o.error && path.basename(o.absPath) !== 'package.json';
}

function changedByPackage({ outcomes, packageOf }: GateInput): Map<string, FileOutcome[]> {
  const roots = new Set<string>();
  for (const o of outcomes) if (isChangedSource(o)) roots.add(packageOf(o.absPath).root);
  const byRoot = new Map<string, FileOutcome[]>();
  for (const o of outcomes) {
    const root = packageOf(o.absPath).root;
    if (!roots.has(root)) continue;
    const list = byRoot.get(root) ?? [];
    list.push(o);
    byRoot.set(root, list);
  }
  return byRoot;
}

function hasNodeModules(root: string): boolean {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'node_modules'))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * What goes back for the files that typecheck worse: a changed file with what it changes together
 * with (the modules its migration requires and those that require it); for an unchanged importer,
 * the changed files it imports; for a generated module, the files that generate it.
 */
function unitToPutBack(members: FileOutcome[], regressions: FileRegression[], importers: Map<string, string[]>, created: ReadonlyMap<string, string>): FileOutcome[] {
  const byPath = new Map(members.filter((o) => o.output !== undefined).map((o) => [path.resolve(o.absPath), o] as const));
  const start = new Set<FileOutcome>();
  for (const regression of regressions) {
    const own = byPath.get(regression.absPath);
    if (own) start.add(own);
    for (const imported of importers.get(regression.absPath) ?? []) {
      const o = byPath.get(imported);
      if (o) start.add(o);
    }
    if (created.has(regression.absPath)) {
      for (const o of byPath.values()) if (o.newFiles.some((f) => path.resolve(f.absPath) === regression.absPath)) start.add(o);
    }
  }
  // The cross-file group: `requires` both ways, to a fixed point.
  const unit = new Set(start);
  for (let grew = true; grew; ) {
    grew = false;
    for (const o of byPath.values()) {
      if (unit.has(o)) continue;
      const linked = (o.requires ?? []).some((r) => unit.has(byPath.get(path.resolve(r.absPath))!)) || [...unit].some((u) => (u.requires ?? []).some((r) => path.resolve(r.absPath) === path.resolve(o.absPath)));
      if (linked) {
        unit.add(o);
        grew = true;
      }
    }
  }
  return [...unit];
}

interface Causes {
  regressions: FileRegression[];
  importers: ReadonlyMap<string, readonly string[]>;
  created: ReadonlyMap<string, string>;
}

function putBackUnit(unit: FileOutcome[], causes: Causes, cwd: string, wholePackage: boolean): number {
  const listed = causes.regressions.map((r) => toDisplayPath(cwd, r.absPath)).join(', ');
  let count = 0;
  for (const outcome of unit) {
    if (outcome.output === undefined) continue;
    const own = ownCause(outcome, causes, cwd);
    const finding: Finding = own
      ? regressionFinding(outcome, own, wholePackage)
      : {
          rule: TYPECHECK_RULE,
          severity: 'warning',
          path: outcome.path,
          line: 1,
          column: 1,
          message: `left as it was: it changes together with what makes ${listed} typecheck worse (see the error there)${wholePackage ? '; the files of a package the v1→v2 upgrade moves go back together, its manifest too' : ''}`,
        };
    revert(outcome, finding);
    count++;
  }
  return count;
}

/** The regression this file's own edits cause: in itself, in a module importing it, or in a module it generates. */
function ownCause(outcome: FileOutcome, { regressions, importers, created }: Causes, cwd: string): { regression: FileRegression; where?: string } | undefined {
  const abs = path.resolve(outcome.absPath);
  const inItself = regressions.find((r) => r.absPath === abs);
  if (inItself) return { regression: inItself };
  const inImporter = regressions.find((r) => importers.get(r.absPath)?.includes(abs));
  if (inImporter) return { regression: inImporter, where: `${toDisplayPath(cwd, inImporter.absPath)}, which imports it,` };
  const inGenerated = regressions.find((r) => created.has(r.absPath) && outcome.newFiles.some((f) => path.resolve(f.absPath) === r.absPath));
  if (inGenerated) return { regression: inGenerated, where: `the module it generates, ${toDisplayPath(cwd, inGenerated.absPath)},` };
  return undefined;
}

function regressionFinding(outcome: FileOutcome, { regression, where }: { regression: FileRegression; where?: string }, wholePackage: boolean): Finding {
  const quoted = regression.added.slice(0, 3).join('; ');
  const more = regression.added.length > 3 ? ` (and ${regression.added.length - 3} more)` : '';
  const counts = `${regression.before} diagnostic${regression.before === 1 ? '' : 's'} before, ${regression.after} after`;
  return {
    rule: TYPECHECK_RULE,
    severity: 'error',
    path: outcome.path,
    line: 1,
    column: 1,
    message:
      `left as it was: migrated, ${where ?? 'this file'} typechecks worse (${counts}): ${quoted}${more}` +
      (wholePackage ? '. Its package moves to v2 as a whole, so its files and its manifest stay as they were' : ''),
    suggestion: 'Migrate this spot by hand, or report the migrated text that does not typecheck as a bug of mcp-mrtr-migrate (the lines quoted are those of the migrated text). `--no-typecheck` skips this check.',
  };
}
