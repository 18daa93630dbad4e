// Findings on their way through a file's edits: each keeps the edits applied before it (to map its
// position back to the original, where it is reported) and after it (to carry it to the final
// text, where its marker goes).
import { lineAndColumn, mapBackward, mapThrough } from './ast/edits.js';
import type { MarkerTarget } from './markers.js';
import type { FindingInput, RuleId, Severity, TextEdit, Transform, TransformContext } from './types.js';

/** A finding as reported: at its line and column in the file as it was. */
export interface SourceFinding {
  rule: RuleId;
  severity: Severity;
  line: number;
  column: number;
  message: string;
  suggestion?: string;
}

/** A finding while the file is still being edited (`pos` in the text it was found in). */
export interface PendingFinding extends FindingInput {
  /** Edits applied after the text this finding's pos refers to, with the text each applied to (to map it forward). */
  laterEdits: { edits: TextEdit[]; before: string }[];
  /** Edits applied before (to map it back to the original). */
  earlierEdits: TextEdit[][];
  /** The transform that reported it (none: the v1→v2 upgrade). */
  transform?: Transform;
}

/**
 * Where each marker goes in the final text: its finding's position carried through the later edits.
 * A finding whose code a later transform rewrote (not carried on verbatim) goes where its own
 * transform reports the same rule and message on the final text (where a second run would put it,
 * transforms being idempotent), else to the start of the rewritten range.
 */
export function placedTargets(findings: readonly PendingFinding[], final: TransformContext): MarkerTarget[] {
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

export function originalPos(finding: PendingFinding): number {
  return [...finding.earlierEdits].reverse().reduce((p, edits) => mapBackward(p, edits), finding.pos);
}

export function toSourceFinding(original: string, finding: PendingFinding): SourceFinding {
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
