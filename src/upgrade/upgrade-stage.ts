// The engine's first stage: the official v1→v2 upgrade (runSdkUpgrade) on the file's parse, before
// our transforms. It hands on the text the transforms see, the edits and findings so far, and
// whether the file stays on v1.
import { BOM, parseSource, release, type WorkingText } from '../parse.js';
import type { PendingFinding, SourceFinding } from '../pending-findings.js';
import type { SourceFile } from '../ts-morph.js';
import type { FindingInput, TextEdit } from '../types.js';
import { unprovenV1Registrations } from './v1/unproven-registrations.js';
import type { V1ModuleOutsideRun } from './v1/v1-dependents.js';
import { SDK_UPGRADE_RULE, officialMarkerFindings, runSdkUpgrade, wantsSdkUpgrade, type ProjectType, type SdkUpgradeMode, type SdkUpgradeOptions } from './sdk-upgrade.js';

export interface UpgradeStageInput {
  absPath: string;
  text: string;
  sdkUpgrade?: SdkUpgradeMode;
  sdkProjectType?: ProjectType;
  v1ModulesOutsideRun?: readonly V1ModuleOutsideRun[];
}

export interface UpgradeStage {
  /** What changed the text so far: SDK_UPGRADE_RULE when the upgrade did (later stages add theirs). */
  applied: string[];
  /** Every edit applied so far, in order (later stages add theirs). */
  history: TextEdit[][];
  /** The upgrade's findings and the official codemod's markers (later stages add theirs). */
  pending: PendingFinding[];
  /** The upgrade's errors when the file must stay v1 (see keptOnV1 in engine.ts). */
  refusal?: FindingInput[];
  /** The file imports a dependency built on the v1 SDK: it stays v1, and our transforms write nothing into it. */
  keptOnV1: boolean;
  /** Such a file's questions, each reported as not migrated (the transforms do not run on it). */
  unmigrated: SourceFinding[];
}

export interface UpgradeStageOptions {
  /** Upgrade even a file that something keeps on v1 (see questionsKeptOnV1 in engine.ts). */
  asUpgraded: boolean;
  /** What the transforms would say of the file upgraded, for a file kept on v1 (it parses the same path again). */
  questionsKeptOnV1: () => SourceFinding[];
}

/**
 * Runs the upgrade when `input.sdkUpgrade` asks for it on this file; `working` then holds the
 * upgraded text and its parse. The first stage: nothing was edited or reported before it.
 */
export function upgradeStage(input: UpgradeStageInput, working: WorkingText, options: UpgradeStageOptions): UpgradeStage {
  const stage: UpgradeStage = { applied: [], history: [], pending: [], keptOnV1: false, unmigrated: [] };
  if (input.sdkUpgrade === undefined || input.sdkUpgrade === 'never') return stage;
  if (wantsSdkUpgrade(input.sdkUpgrade, working.text)) {
    const upgrade = runSdkUpgrade(working.sourceFile, { projectType: input.sdkProjectType, v1ModulesOutsideRun: input.v1ModulesOutsideRun, ignoreWhatKeepsV1: options.asUpgraded });
    stage.refusal = upgrade.refusal;
    if (upgrade.stale) working.replace(working.text);
    if (upgrade.changed) {
      stage.history.push(...upgrade.steps.map((step) => step.edits));
      stage.applied.push(SDK_UPGRADE_RULE);
      working.release();
      try {
        working.parse(upgrade.text);
      } catch (error) {
        throw new Error(`the v1→v2 upgrade produced code that does not parse (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    for (const finding of upgrade.findings) stage.pending.push({ ...finding, earlierEdits: [], laterEdits: [...upgrade.steps] });
    stage.keptOnV1 = upgrade.keptOnV1 === true;
    if (stage.keptOnV1) {
      stage.unmigrated = options.questionsKeptOnV1();
      // That analysis parsed the same path again: this run's parse is gone with it.
      working.parse(working.text);
    }
  } else {
    for (const finding of unprovenV1Registrations(working.sourceFile, working.text)) stage.pending.push({ ...finding, earlierEdits: [], laterEdits: [] });
  }
  for (const finding of officialMarkerFindings(working.text)) stage.pending.push({ ...finding, earlierEdits: [...stage.history], laterEdits: [] });
  return stage;
}

/**
 * The text the transforms see for a file: after the v1→v2 upgrade when `mode` runs it on this
 * file (as upgradeStage does). Cross-file mode reads helper modules through it, so that a helper
 * is found in its caller's run exactly as its own run will find it.
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
