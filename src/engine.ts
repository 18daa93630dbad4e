// One file through every selected transform, as a pipeline of stages: the v1→v2 upgrade, then our
// transforms (each edits, and the file is parsed again only when the text changed), then the
// findings: reported at their place in the original, with review markers in the new text. Pure:
// no disk access, so workers, tests and the jscodeshift adapter share it.
import { applyEdits, mapThrough } from './ast/edits.js';
import { placeMarkers } from './markers.js';
import { BOM, WorkingText } from './parse.js';
import { placedTargets, toSourceFinding, originalPos, type PendingFinding, type SourceFinding } from './pending-findings.js';
import { HTTP_RULE } from './serving/http.js';
import type { SourceFile } from './ts-morph.js';
import { SDK_UPGRADE_RULE, leftOnV1, type ProjectType, type SdkUpgradeMode } from './upgrade/sdk-upgrade.js';
import { upgradeStage, type UpgradeStage } from './upgrade/upgrade-stage.js';
import type { V1ModuleOutsideRun } from './upgrade/v1/v1-dependents.js';
import type { CrossFileRequirement, FindingInput, NewFile, TextEdit, Transform, TransformOptions } from './types.js';

export type { SourceFinding } from './pending-findings.js';

export interface SourceOutcome {
  /** The new text; undefined when nothing changed (the caller keeps the original bytes). */
  output?: string;
  /** Ids of the transforms that changed the text. */
  transforms: string[];
  findings: SourceFinding[];
  handlersMigrated: number;
  sitesMigrated: number;
  newFiles: NewFile[];
  /** Modules whose helpers the migrated code now calls through exported companions (cross-file mode). */
  requires?: CrossFileRequirement[];
  /** The v1→v2 upgrade left this file on v1 (it would not compile upgraded): its package stays on v1. */
  upgradeRefused?: boolean;
  /** The output is the input with marker lines and nothing else: nothing of the code changed, so nothing to format. */
  markersOnly?: boolean;
  /**
   * The questions migrated here, each as a finding saying it is not, for the runner to report when
   * it puts the file back as it was after all (its package stays on v1).
   */
  ifPutBack?: SourceFinding[];
  /**
   * Code of this file the upgrade did not touch that would break once its package is on v2 (a
   * handler reading the v1 context another module types): the errors, and the file as it was with
   * their markers, for the runner to use when the package's other files move to v2.
   */
  ifPackageUpgraded?: { findings: SourceFinding[]; output?: string };
}

export interface TransformSourceInput {
  absPath: string;
  text: string;
  transforms: readonly Transform[];
  options?: TransformOptions;
  /** Write `// @mcp-mrtr-migrate` markers for warnings and errors (default true). */
  markers?: boolean;
  /**
   * Run the official v1→v2 upgrade (`@modelcontextprotocol/codemod`) on the same parse before the
   * transforms: 'auto' for files that import `@modelcontextprotocol/sdk`, 'always', or 'never'
   * (the default here; the CLI defaults to 'auto'). It appears as 'sdk-upgrade' in `transforms`.
   */
  sdkUpgrade?: SdkUpgradeMode;
  /** Handed to the official transforms (client / server imports for shared types); default: from the file. */
  sdkProjectType?: ProjectType;
  /** The file's imports of v1 modules the run leaves out: the upgrade then leaves the file on v1 (see v1-dependents.ts). */
  v1ModulesOutsideRun?: readonly V1ModuleOutsideRun[];
}

export function transformSource(input: TransformSourceInput): SourceOutcome {
  // The parser drops a leading BOM, which would shift every position by one: work without it and
  // put it back on the way out.
  if (input.text.startsWith(BOM)) {
    const inner = transformText({ ...input, text: input.text.slice(1) });
    return inner.output === undefined ? inner : { ...inner, output: BOM + inner.output };
  }
  return transformText(input);
}

/**
 * `asUpgraded`: only the transforms' findings are wanted, on the file upgraded although a
 * dependency or module keeps it on v1 (see questionsKeptOnV1).
 */
function transformText(input: TransformSourceInput, asUpgraded = false): SourceOutcome {
  const working = new WorkingText(input.absPath, input.text);
  try {
    const upgrade = upgradeStage(input, working, { asUpgraded, questionsKeptOnV1: () => questionsKeptOnV1(input) });
    // A file left on v1 gets no v2 code from our transforms either.
    const transformed = transformStage(input, upgrade.keptOnV1 ? [] : input.transforms, working, upgrade);
    const { refusal, breaksUpgraded } = v1Verdict(upgrade);
    if (refusal || asUpgraded) return keptOnV1Outcome(input, working, upgrade, transformed, refusal ?? []);
    return migratedOutcome(input, working, upgrade, transformed, breaksUpgraded);
  } finally {
    working.release();
  }
}

/** What the transforms did besides editing the text (their edits and findings go on the upgrade stage's lists). */
interface TransformStage {
  newFiles: NewFile[];
  requires: CrossFileRequirement[];
  handlersMigrated: number;
  sitesMigrated: number;
  /** What the transforms migrated, said as a finding in case the file stays on v1 after all (or is put back). */
  migrated: { site: { pos: number; kind: string }; earlierEdits: TextEdit[][]; transform: Transform }[];
}

/** Runs each transform on `working`, in order; a transform whose edits change the text hands the next one a new parse. */
function transformStage(input: TransformSourceInput, transforms: readonly Transform[], working: WorkingText, upgrade: UpgradeStage): TransformStage {
  const { absPath } = input;
  const { applied, history, pending } = upgrade;
  const stage: TransformStage = { newFiles: [], requires: [], handlersMigrated: 0, sitesMigrated: 0, migrated: [] };
  for (const transform of transforms) {
    const text = working.text;
    const markedAt = () => pending.filter((f) => f.marker ?? f.severity !== 'info')
      .map((f) => f.laterEdits.reduce((pos, later) => mapThrough(pos, later.edits, later.before).pos, f.pos));
    const result = transform.run({ absPath, text, sourceFile: working.sourceFile, options: input.options ?? {}, markedAt });
    for (const finding of result.findings) {
      pending.push({ ...finding, earlierEdits: [...history], laterEdits: [], transform });
    }
    stage.handlersMigrated += result.handlersMigrated ?? 0;
    stage.sitesMigrated += result.sitesMigrated ?? 0;
    for (const site of result.migratedSites ?? []) stage.migrated.push({ site, earlierEdits: [...history], transform });
    stage.newFiles.push(...(result.newFiles ?? []));
    if (result.edits.length === 0) continue;
    stage.requires.push(...(result.requires ?? []));
    const next = applyEdits(text, result.edits);
    if (next === text) continue;
    for (const finding of pending) finding.laterEdits.push({ edits: result.edits, before: text });
    history.push(result.edits);
    applied.push(transform.id);
    working.replace(next);
  }
  return stage;
}

/**
 * Whether the file stays on v1: the upgrade's refusal, or a route the upgrade itself breaks
 * (taken out of `pending`). What would break only upgraded code is not said of code the upgrade
 * left alone: `breaksUpgraded`, also taken out, is said only if the file's package moves to v2.
 */
function v1Verdict(upgrade: UpgradeStage): { refusal?: FindingInput[]; breaksUpgraded: PendingFinding[] } {
  const { pending } = upgrade;
  let refusal = upgrade.refusal;
  if (!refusal && upgrade.applied.includes(SDK_UPGRADE_RULE)) refusal = brokenByUpgrade(pending);
  const breaksUpgraded = pending.filter((p) => p.breaksUpgraded);
  for (const f of breaksUpgraded) pending.splice(pending.indexOf(f), 1);
  return { refusal, breaksUpgraded };
}

/** The outcome of a file that stays on v1: as it was, with what the stages found said of it (see keptOnV1). */
function keptOnV1Outcome(input: TransformSourceInput, working: WorkingText, upgrade: UpgradeStage, transformed: TransformStage, refusal: FindingInput[]): SourceOutcome {
  working.replace(input.text);
  const kept = keptOnV1(input, working.sourceFile, refusal, [...upgrade.pending, ...transformed.migrated.map((m) => ({ ...notMigratedOnV1(m.site), ...m, laterEdits: [] }))]);
  return { ...kept, findings: [...kept.findings, ...upgrade.unmigrated] };
}

/** The outcome of a file the upgrade (if any) moved on: its findings, and its new text with their markers. */
function migratedOutcome(input: TransformSourceInput, working: WorkingText, upgrade: UpgradeStage, transformed: TransformStage, breaksUpgraded: PendingFinding[]): SourceOutcome {
  const { applied, pending, unmigrated } = upgrade;
  const { requires, migrated } = transformed;
  const findings = [...pending.map((finding) => toSourceFinding(input.text, finding)), ...unmigrated];
  const wantMarkers = input.markers ?? true;
  const markerTargets = wantMarkers
    ? placedTargets(pending.filter((f) => f.marker ?? f.severity !== 'info'), { absPath: input.absPath, text: working.text, sourceFile: working.sourceFile, options: input.options ?? {} })
    : [];
  const marked = placeMarkers(working.text, working.sourceFile, markerTargets);
  const output = marked === input.text ? undefined : marked;
  const ifPackageUpgraded = breaksUpgraded.length > 0 ? ifPackageUpgradedOf(input, working, breaksUpgraded) : undefined;
  return {
    output,
    transforms: applied,
    findings,
    handlersMigrated: transformed.handlersMigrated,
    sitesMigrated: transformed.sitesMigrated,
    newFiles: transformed.newFiles,
    ...(requires.length > 0 && output !== undefined ? { requires } : {}),
    ...(output !== undefined && applied.length === 0 ? { markersOnly: true } : {}),
    ...(ifPackageUpgraded ? { ifPackageUpgraded } : {}),
    ...(migrated.length > 0 && output !== undefined ? { ifPutBack: migrated.map((m) => toSourceFinding(input.text, { ...notMigratedOnV1(m.site, true), ...m, laterEdits: [] })) } : {}),
  };
}

/** The file as it was with the errors of what would break once its package is on v2, said as if it stayed on v1 (it does when its package is held). */
function ifPackageUpgradedOf(input: TransformSourceInput, working: WorkingText, breaksUpgraded: PendingFinding[]): NonNullable<SourceOutcome['ifPackageUpgraded']> {
  // Its markers go on the text as it was: this run's parse is done with.
  working.replace(input.text);
  const kept = keptOnV1(input, working.sourceFile, breaksUpgraded.map(leftOnV1Here), []);
  return { findings: kept.findings, ...(kept.output !== undefined ? { output: kept.output } : {}) };
}

/**
 * A file the v1→v2 upgrade must leave on v1 (a handler's result does not fit v2): its text stays as
 * it was, with markers at the refused handlers only. What the transforms would report about the
 * upgraded code (questions that cannot be migrated, and why) is kept: it stays true of this code,
 * and is what the user meets once the handler is fixed. What they would have changed is not.
 */
function keptOnV1(input: TransformSourceInput, original: SourceFile, refusal: FindingInput[], pending: PendingFinding[]): SourceOutcome {
  const analysed = pending.filter((f) => f.transform !== undefined && f.severity !== 'info').map((f) => toSourceFinding(input.text, f));
  const own = refusal.map((f) => toSourceFinding(input.text, { ...f, earlierEdits: [], laterEdits: [] }));
  const marked = input.markers ?? true ? placeMarkers(input.text, original, refusal.map((f) => ({ pos: f.pos, rule: f.rule, message: f.message }))) : input.text;
  return {
    output: marked === input.text ? undefined : marked,
    transforms: [],
    findings: [...own, ...analysed],
    handlersMigrated: 0,
    sitesMigrated: 0,
    newFiles: [],
    upgradeRefused: true,
  };
}

/**
 * A file a v1-built dependency (or a v1 module outside the run) keeps on v1 gets no transform: what
 * they would report about it upgraded, and each question they would migrate, is still true of its
 * code (a question there cannot become an input request until the file moves to v2), so it is said.
 */
function questionsKeptOnV1(input: TransformSourceInput): SourceFinding[] {
  try {
    return transformText({ ...input, markers: false }, true).findings;
  } catch {
    // The upgrade or a transform failed on the file it would not write anyway: the file's own error stands.
    return [];
  }
}

/** A question the step machine migrates in the upgraded text, which the file's refusal keeps as it was. */
function notMigratedOnV1(site: { pos: number; kind: string }, putBack = false): FindingInput {
  // Named by kind: the call's name in the upgraded text (ctx.mcpReq.send) is not the one the file keeps.
  const request = site.kind === 'elicitation' ? 'elicitation request' : site.kind === 'sampling' ? 'sampling request' : site.kind === 'roots' ? 'roots request' : 'request to the client';
  return {
    rule: 'push-request', severity: 'warning', pos: site.pos,
    message: putBack
      ? `This ${request} is not migrated: the file is left as it was (see the finding on its first line), so it is still sent to the client while the request is handled`
      : `This ${request} is not migrated: the file stays on the v1 SDK (see its sdk-upgrade errors), and its handler can return an input request only on v2`,
    suggestion: putBack
      ? 'Fix what the finding on the first line names, then run the migration again: the handler then returns inputRequired for this question.'
      : 'Fix the sdk-upgrade errors of this file, then run the migration again: the handler then returns inputRequired for this question.',
  };
}

/**
 * Errors a transform finds in code that only the upgrade made wrong: a route that connects one
 * shared server to a new transport per request works on v1 and fails on v2 from the second request
 * on. Taken out of `pending` and said of the file, which stays on v1 (positions in the original).
 */
function brokenByUpgrade(pending: PendingFinding[]): FindingInput[] | undefined {
  const broken = pending.filter((f) => f.transform !== undefined && f.severity === 'error' && (f.rule === HTTP_RULE || f.breaksUpgraded));
  if (broken.length === 0) return undefined;
  for (const f of broken) pending.splice(pending.indexOf(f), 1);
  return broken.map(leftOnV1Here);
}

/** `finding` as the reason its file stays on v1, at its place in the original text. */
function leftOnV1Here(finding: PendingFinding): FindingInput {
  return leftOnV1({ ...finding, pos: originalPos(finding) });
}
