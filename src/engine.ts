// One file through every selected transform: parse, analyse, edit, reparse only when a transform
// changed the text, then place review markers. Pure: no disk access, so workers, tests and the
// jscodeshift adapter share it.
import { Project, ts, type SourceFile } from './ts-morph.js';
import { scriptKindFor } from './ast/script-kind.js';
import { applyEdits, lineAndColumn, mapBackward, mapThrough } from './ast/edits.js';
import { placeMarkers, type MarkerTarget } from './markers.js';
import { HTTP_RULE } from './serving/http.js';
import { SDK_UPGRADE_RULE, leftOnV1, officialMarkerFindings, runSdkUpgrade, wantsSdkUpgrade, type ProjectType, type SdkUpgradeMode, type SdkUpgradeOptions } from './upgrade/sdk-upgrade.js';
import type { V1ModuleOutsideRun } from './upgrade/v1/v1-dependents.js';
import type { CrossFileRequirement, FindingInput, NewFile, RuleId, Severity, TextEdit, Transform, TransformContext, TransformOptions } from './types.js';

export interface SourceFinding {
  rule: RuleId;
  severity: Severity;
  line: number;
  column: number;
  message: string;
  suggestion?: string;
}

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

let sharedProject: Project | undefined;

/** One in-memory project per thread; each file is added, used and released again. */
function project(): Project {
  sharedProject ??= new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, jsx: ts.JsxEmit.Preserve, target: ts.ScriptTarget.ES2022 },
  });
  return sharedProject;
}

/** Files whose project was dropped by release(). */
const released = new WeakSet<SourceFile>();

/**
 * Done with `sourceFile` (a parse of parseSource). ts-morph's removeSourceFile forgets every node
 * wrapped so far one by one, finding each one's start to keep its text for an error message: on
 * a 4,500-line file most of a second per parse. When it is the project's only file, the project
 * is dropped instead (the next parse starts a new one) and nothing is walked.
 */
function release(sourceFile: SourceFile): void {
  if (sourceFile.wasForgotten() || released.has(sourceFile)) return;
  if (sharedProject !== undefined && sourceFile.getProject() === sharedProject && sharedProject.getSourceFiles().length === 1) {
    released.add(sourceFile);
    sharedProject = undefined;
    return;
  }
  sourceFile.getProject().removeSourceFile(sourceFile);
}


/** Parses `text`; throws an Error naming the first syntax error, if any. */
export function parseSource(absPath: string, text: string): SourceFile {
  const sourceFile = project().createSourceFile(absPath, text, {
    overwrite: true,
    scriptKind: scriptKindFor(absPath),
  });
  const diagnostics = (sourceFile.compilerNode as unknown as { parseDiagnostics?: ts.Diagnostic[] })
    .parseDiagnostics;
  if (diagnostics && diagnostics.length > 0) {
    const first = diagnostics[0];
    const { line, column } = lineAndColumn(text, first.start ?? 0);
    release(sourceFile);
    throw new Error(`syntax error at ${line}:${column}: ${ts.flattenDiagnosticMessageText(first.messageText, '\n')}`);
  }
  return sourceFile;
}

/**
 * The text the transforms see for a file: after the v1→v2 upgrade when `mode` runs it on this
 * file (as transformSource does first). Cross-file mode reads helper modules through it, so that a
 * helper is found in its caller's run exactly as its own run will find it.
 */
export function textAfterUpgrade(absPath: string, text: string, mode: SdkUpgradeMode | undefined, upgrade: SdkUpgradeOptions = {}): string {
  if (mode === undefined || mode === 'never' || !wantsSdkUpgrade(mode, text)) return text;
  const bom = text.startsWith(BOM) ? BOM : '';
  let sourceFile: SourceFile | undefined;
  try {
    sourceFile = parseSource(absPath, text.slice(bom.length));
    const result = runSdkUpgrade(sourceFile, upgrade);
    return result.changed ? bom + result.text : text;
  } catch {
    // A file that does not parse or upgrade is reported by its own run; its helpers are not offered.
    return text;
  } finally {
    if (sourceFile) release(sourceFile);
  }
}

interface PendingFinding extends FindingInput {
  /** Edits applied after the text this finding's pos refers to, with the text each applied to (to map it forward). */
  laterEdits: { edits: TextEdit[]; before: string }[];
  /** Edits applied before (to map it back to the original). */
  earlierEdits: TextEdit[][];
  /** The transform that reported it (none: the v1→v2 upgrade). */
  transform?: Transform;
}

const BOM = '\uFEFF';

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
  const { absPath, transforms } = input;
  let text = input.text;
  let sourceFile = parseSource(absPath, text);
  const applied: string[] = [];
  const history: TextEdit[][] = [];
  const pending: PendingFinding[] = [];
  const newFiles: NewFile[] = [];
  const requires: CrossFileRequirement[] = [];
  let handlersMigrated = 0;
  let sitesMigrated = 0;
  /** What the transforms migrated, said as a finding in case the file stays on v1 after all (or is put back). */
  const migrated: { site: { pos: number; kind: string }; earlierEdits: TextEdit[][]; transform: Transform }[] = [];
  /** The upgrade's errors when the file must stay v1 (see keptOnV1). */
  let refusal: FindingInput[] | undefined;
  /** The file imports a dependency built on the v1 SDK: it stays v1, and our transforms write nothing into it. */
  let v1Dependency = false;
  /** Such a file's questions, each reported as not migrated (the transforms do not run on it). */
  let unmigrated: SourceFinding[] = [];
  try {
    if (input.sdkUpgrade !== undefined && input.sdkUpgrade !== 'never') {
      if (wantsSdkUpgrade(input.sdkUpgrade, text)) {
        // The first step: nothing was edited or reported before it.
        const upgrade = runSdkUpgrade(sourceFile, { projectType: input.sdkProjectType, v1ModulesOutsideRun: input.v1ModulesOutsideRun, ignoreWhatKeepsV1: asUpgraded });
        refusal = upgrade.refusal;
        if (upgrade.changed) {
          history.push(...upgrade.steps.map((step) => step.edits));
          applied.push(SDK_UPGRADE_RULE);
          text = upgrade.text;
          release(sourceFile);
          try {
            sourceFile = parseSource(absPath, text);
          } catch (error) {
            throw new Error(`the v1→v2 upgrade produced code that does not parse (${error instanceof Error ? error.message : String(error)})`);
          }
        }
        for (const finding of upgrade.findings) pending.push({ ...finding, earlierEdits: [], laterEdits: [...upgrade.steps] });
        v1Dependency = upgrade.keptOnV1 === true;
        if (v1Dependency) {
          unmigrated = questionsKeptOnV1(input);
          // That analysis parsed the same path again: this run's parse is gone with it.
          sourceFile = parseSource(absPath, text);
        }
      }
      for (const finding of officialMarkerFindings(text)) pending.push({ ...finding, earlierEdits: [...history], laterEdits: [] });
    }
    // A file left on v1 gets no v2 code from our transforms either.
    for (const transform of v1Dependency ? [] : transforms) {
      const markedAt = () => pending.filter((f) => f.marker ?? f.severity !== 'info')
        .map((f) => f.laterEdits.reduce((pos, later) => mapThrough(pos, later.edits, later.before).pos, f.pos));
      const result = transform.run({ absPath, text, sourceFile, options: input.options ?? {}, markedAt });
      for (const finding of result.findings) {
        pending.push({ ...finding, earlierEdits: [...history], laterEdits: [], transform });
      }
      handlersMigrated += result.handlersMigrated ?? 0;
      sitesMigrated += result.sitesMigrated ?? 0;
      for (const site of result.migratedSites ?? []) migrated.push({ site, earlierEdits: [...history], transform });
      newFiles.push(...(result.newFiles ?? []));
      if (result.edits.length === 0) continue;
      requires.push(...(result.requires ?? []));
      const next = applyEdits(text, result.edits);
      if (next === text) continue;
      for (const finding of pending) finding.laterEdits.push({ edits: result.edits, before: text });
      history.push(result.edits);
      applied.push(transform.id);
      text = next;
      release(sourceFile);
      sourceFile = parseSource(absPath, text);
    }
    // A route the upgrade itself breaks keeps the file on v1 too; what would break only upgraded
    // code is not said of code the upgrade left alone.
    if (!refusal && applied.includes(SDK_UPGRADE_RULE)) refusal = brokenByUpgrade(pending);
    const breaksUpgraded = pending.filter((p) => p.breaksUpgraded);
    for (const f of breaksUpgraded) pending.splice(pending.indexOf(f), 1);
    if (refusal || asUpgraded) {
      release(sourceFile);
      sourceFile = parseSource(absPath, input.text);
      const kept = keptOnV1(input, sourceFile, refusal ?? [], [...pending, ...migrated.map((m) => ({ ...notMigratedOnV1(m.site), ...m, laterEdits: [] }))]);
      return { ...kept, findings: [...kept.findings, ...unmigrated] };
    }
    const findings = [...pending.map((finding) => toSourceFinding(input.text, finding)), ...unmigrated];
    const wantMarkers = input.markers ?? true;
    const markerTargets = wantMarkers
      ? placedTargets(pending.filter((f) => f.marker ?? f.severity !== 'info'), { absPath, text, sourceFile, options: input.options ?? {} })
      : [];
    const marked = placeMarkers(text, sourceFile, markerTargets);
    const output = marked === input.text ? undefined : marked;
    let ifPackageUpgraded: SourceOutcome['ifPackageUpgraded'];
    if (breaksUpgraded.length > 0) {
      // Its markers go on the text as it was: this run's parse is done with.
      release(sourceFile);
      sourceFile = parseSource(absPath, input.text);
      // Said as if the file stayed on v1, which it does when its package is held.
      const kept = keptOnV1(input, sourceFile, breaksUpgraded.map(leftOnV1Here), []);
      ifPackageUpgraded = { findings: kept.findings, ...(kept.output !== undefined ? { output: kept.output } : {}) };
    }
    return {
      output,
      transforms: applied,
      findings,
      handlersMigrated,
      sitesMigrated,
      newFiles,
      ...(requires.length > 0 && output !== undefined ? { requires } : {}),
      ...(output !== undefined && applied.length === 0 ? { markersOnly: true } : {}),
      ...(ifPackageUpgraded ? { ifPackageUpgraded } : {}),
      ...(migrated.length > 0 && output !== undefined ? { ifPutBack: migrated.map((m) => toSourceFinding(input.text, { ...notMigratedOnV1(m.site, true), ...m, laterEdits: [] })) } : {}),
    };
  } finally {
    release(sourceFile);
  }
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
      ? `This ${request} is not migrated: the file is left as it was (see its sdk-upgrade finding), so its handler still asks the client directly`
      : `This ${request} is not migrated: the file stays on the v1 SDK (see its sdk-upgrade errors), and its handler can return an input request only on v2`,
    suggestion: putBack
      ? 'Fix what the sdk-upgrade finding names, then run the migration again: the handler then returns inputRequired for this question.'
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

/**
 * Where each marker goes in the final text: its finding's position carried through the later edits.
 * A finding whose code a later transform rewrote (not carried on verbatim) goes where its own
 * transform reports the same rule and message on the final text (where a second run would put it,
 * transforms being idempotent), else to the start of the rewritten range.
 */
function placedTargets(findings: readonly PendingFinding[], final: TransformContext): MarkerTarget[] {
  const lost = new Map<Transform, MarkerTarget[]>();
  const targets = findings.map((finding) => {
    let pos = finding.pos;
    let carried = true;
    for (const later of finding.laterEdits) {
      const mapped = mapThrough(pos, later.edits, later.before);
      pos = mapped.pos;
      carried &&= mapped.carried;
    }
    const target = { pos, rule: finding.rule, message: finding.message };
    if (!carried && finding.transform) lost.set(finding.transform, [...(lost.get(finding.transform) ?? []), target]);
    return target;
  });
  const key = (f: { rule: RuleId; message: string }) => `${f.rule}\0${f.message}`;
  for (const [transform, misplaced] of lost) {
    let again: FindingInput[];
    try {
      again = transform.run(final).findings;
    } catch {
      continue;
    }
    // Spots already marked through their carried code are not free for the misplaced ones.
    const taken = new Set(targets.filter((t) => !misplaced.includes(t)).map((t) => `${key(t)}\0${t.pos}`));
    const free = again.filter((f) => !taken.has(`${key(f)}\0${f.pos}`)).sort((a, b) => a.pos - b.pos);
    for (const target of misplaced) {
      const i = free.findIndex((f) => key(f) === key(target));
      if (i === -1) continue;
      target.pos = free[i].pos;
      free.splice(i, 1);
    }
  }
  return targets;
}

function originalPos(finding: PendingFinding): number {
  return [...finding.earlierEdits].reverse().reduce((p, edits) => mapBackward(p, edits), finding.pos);
}

function toSourceFinding(original: string, finding: PendingFinding): SourceFinding {
  const { line, column } = lineAndColumn(original, originalPos(finding));
  const out: SourceFinding = {
    rule: finding.rule,
    severity: finding.severity,
    line,
    column,
    message: finding.message,
  };
  if (finding.suggestion !== undefined) out.suggestion = finding.suggestion;
  return out;
}
