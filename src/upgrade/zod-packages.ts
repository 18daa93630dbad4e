// A package whose zod the move to v2 raises to 4 (src/upgrade/manifests.ts) has its zod 3 code
// follow: calls with an exact zod 4 spelling are rewritten, and calls without one keep the package
// on v1 (raised, those lines would no longer typecheck). A package on zod 4 already has the files
// that import zod 3 from `zod/v3` follow the same way (the v2 SDK refuses zod 3 schemas).
import { applyEdits, lineAndColumn } from '../ast/edits.js';
import { scriptKindFor } from '../ast/script-kind.js';
import type { PackageRef } from '../discover/run-packages.js';
import { newOutcome } from '../outcome.js';
import { ts } from '../ts-morph.js';
import type { FileOutcome, FindingInput } from '../types.js';
import { readText } from '../write/write.js';
import type { ManifestChange } from './manifests.js';
import type { Blocker } from './package-holds.js';
import { mayImportZod, upgradeZod3, ZOD_UPGRADE_RULE, type ZodCode, type ZodUpgrade } from './zod-upgrade.js';

/** What upgradeZod3 finds in files as they were, by path: the hold check and the raise both read them. */
export type ZodOnOriginals = Map<string, { text: string; code: ZodCode; upgrade: ZodUpgrade }>;

function zodUpgradeOf(absPath: string, text: string, code: ZodCode): ZodUpgrade {
  return upgradeZod3(ts.createSourceFile(absPath, text, ts.ScriptTarget.Latest, true, scriptKindFor(absPath)), code);
}

/** zodUpgradeOf a file's original text, once per run. */
function zodUpgradeOfOriginal(absPath: string, original: string, code: ZodCode, known: ZodOnOriginals): ZodUpgrade {
  const kept = known.get(absPath);
  if (kept?.text === original && kept.code === code) return kept.upgrade;
  const upgrade = zodUpgradeOf(absPath, original, code);
  known.set(absPath, { text: original, code, upgrade });
  return upgrade;
}

const errorsOf = (upgrade: ZodUpgrade) => upgrade.findings.filter((finding) => finding.severity === 'error');

/**
 * The zod 3 code of each package whose zod the run raises, in every file of the package (inside
 * the run's paths or not). Returns the outcomes of the files outside them.
 */
export function raiseZodCode(
  changes: readonly ManifestChange[],
  slots: (FileOutcome | undefined)[],
  files: readonly { absPath: string; path: string }[],
  outside: ReadonlyMap<string, readonly { absPath: string; path: string }[]>,
  packageOf: (absPath: string) => PackageRef,
  known: ZodOnOriginals,
): FileOutcome[] {
  const outsideOutcomes: FileOutcome[] = [];
  for (const change of changes) {
    const code = change.zodCode;
    if (!code) continue;
    files.forEach((file, id) => {
      if (packageOf(file.absPath).root !== change.packageRoot) return;
      slots[id] = upgradeZodInFile(slots[id], () => newOutcome(file.absPath, file.path, packageOf(file.absPath)), code, known);
    });
    for (const file of outside.get(change.packageRoot) ?? []) {
      const outcome = upgradeZodInFile(undefined, () => newOutcome(file.absPath, file.path, packageOf(file.absPath)), code, known);
      if (outcome) outsideOutcomes.push(outcome);
    }
  }
  return outsideOutcomes;
}

/**
 * A file of a package whose zod the run raised to 4, with its zod 3 calls rewritten where zod 4
 * has an exact spelling and reported where it has none (src/upgrade/zod-upgrade.ts). Findings point into
 * the original text; edits go on the text the run leaves. A file the run could not process, or
 * that no longer reads, stays as it was.
 */
function upgradeZodInFile(outcome: FileOutcome | undefined, create: () => FileOutcome, code: ZodCode, known: ZodOnOriginals): FileOutcome | undefined {
  if (outcome?.error) return outcome;
  const target = outcome ?? create();
  // (An outcome of a file the run left unchanged may not carry its text.)
  const original = outcome?.original || readText(target.absPath);
  if (original === undefined || !mayImportZod(original)) return outcome;
  target.original = original;
  const current = target.output ?? original;
  const onOriginal = zodUpgradeOfOriginal(target.absPath, original, code, known);
  const { edits } = current === original ? onOriginal : zodUpgradeOf(target.absPath, current, code);
  const { findings } = onOriginal;
  if (edits.length === 0 && findings.length === 0) return outcome;
  if (edits.length > 0) {
    target.output = applyEdits(current, edits);
    if (!target.transforms.includes(ZOD_UPGRADE_RULE)) target.transforms.push(ZOD_UPGRADE_RULE);
  }
  for (const finding of findings) target.findings.push(zodFinding(target, finding));
  return target;
}

/**
 * Packages the run would move to v2 and whose zod it would raise to 4 (src/upgrade/manifests.ts), holding
 * zod 3 calls without a zod 4 spelling: raised, those lines would no longer typecheck. Each such
 * call gets its error on its file's outcome (one is made for a file the run had nothing else for,
 * kept in `outsideOutcomes` when the file is outside the run's paths); `blockers` keys the packages
 * by display path.
 */
export function zodBlockedPackages(
  changes: readonly ManifestChange[],
  slots: (FileOutcome | undefined)[],
  files: readonly { absPath: string; path: string }[],
  outside: ReadonlyMap<string, readonly { absPath: string; path: string }[]>,
  packageOf: (absPath: string) => PackageRef,
  known: ZodOnOriginals,
): { blockers: Map<string, Blocker>; outsideOutcomes: FileOutcome[] } {
  const blockers = new Map<string, Blocker>();
  const outsideOutcomes: FileOutcome[] = [];
  const raised = new Map(changes.flatMap((change) => (change.zodCode ? [[change.packageRoot, change.zodCode] as const] : [])));
  if (raised.size === 0) return { blockers, outsideOutcomes };
  const check = (file: { absPath: string; path: string }, existing: FileOutcome | undefined, code: ZodCode): FileOutcome | undefined => {
    if (existing?.error) return undefined;
    const original = existing?.original || readText(file.absPath);
    if (original === undefined || !mayImportZod(original)) return undefined;
    // Warnings do not hold the package: the raise reports them with its edits.
    const findings = errorsOf(zodUpgradeOfOriginal(file.absPath, original, code, known));
    if (findings.length === 0) return undefined;
    const ref = packageOf(file.absPath);
    const outcome = existing ?? newOutcome(file.absPath, file.path, ref);
    outcome.original = original;
    for (const finding of findings) outcome.findings.push(zodFinding(outcome, finding));
    if (!blockers.has(ref.path)) blockers.set(ref.path, { path: outcome.path, line: outcome.findings.find((f) => f.rule === ZOD_UPGRADE_RULE)!.line });
    return outcome;
  };
  files.forEach((file, id) => {
    const code = raised.get(packageOf(file.absPath).root);
    if (!code) return;
    const outcome = check(file, slots[id], code);
    if (outcome) slots[id] = outcome;
  });
  for (const [root, code] of raised) {
    for (const file of outside.get(root) ?? []) {
      const outcome = check(file, undefined, code);
      if (outcome) outsideOutcomes.push(outcome);
    }
  }
  return { blockers, outsideOutcomes };
}

/** A zod-upgrade finding (its position an offset of the outcome's original text) as the report holds it. */
function zodFinding(target: FileOutcome, finding: FindingInput): FileOutcome['findings'][number] {
  return {
    rule: finding.rule,
    severity: finding.severity,
    path: target.path,
    ...lineAndColumn(target.original, finding.pos),
    message: finding.message,
    ...(finding.suggestion !== undefined ? { suggestion: finding.suggestion } : {}),
  };
}
