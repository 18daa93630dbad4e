// Some questions migrate only once their statement is rewritten to an exact equivalent (a `.then`
// chain to await, a short-circuit to an if block). The transform runs again on the file with the
// rewrites applied, in a scratch source file beside it; rewrites whose handler still does not
// migrate are dropped and the rest tried again, so a rewrite is only kept when it helps. The
// surviving result is mapped back onto the file as it was.
import path from 'node:path';
import type { PushSite } from '../../analysis/push-sites.js';
import { applyEdits, mapBackward, mapForward } from '../../ast/edits.js';
import { Project } from '../../ts-morph.js';
import type { FindingInput, TextEdit, TransformContext, TransformResult } from '../../types.js';

export interface StatementRewrite {
  site: PushSite;
  /** Replacement of the statement, in the original text. */
  edit: TextEdit;
  /** Offset of the question inside `edit.text`: findings there point at the question itself. */
  pushOffset?: number;
}

/** Where a rewrite landed in the rewritten text. */
export interface RewrittenRegion<R extends StatementRewrite> {
  rewrite: R;
  start: number;
  end: number;
  /** The question, when the rewrite says where it is. */
  push?: number;
}

export interface RetryOptions<R extends StatementRewrite> {
  /** Names the scratch file (scratch files of nested retries live side by side). */
  label: string;
  run: (ctx: TransformContext) => TransformResult;
  /** Whether the rewrite's handler migrated in `result`; `forward` maps an original offset into the rewritten text. */
  migrated: (region: RewrittenRegion<R>, result: TransformResult, forward: (pos: number) => number) => boolean;
}

/**
 * The result of `run` on the text with the rewrites that help applied, in the coordinates of the
 * original text, and those rewrites (in their given order); undefined when none helps.
 */
export function normaliseAndRetry<R extends StatementRewrite>(
  ctx: TransformContext,
  rewrites: R[],
  options: RetryOptions<R>,
): { result: TransformResult; kept: R[] } | undefined {
  let tried = rewrites;
  while (tried.length > 0) {
    const edits = tried.map((r) => r.edit);
    const text = applyEdits(ctx.text, edits);
    const result = runOnScratch(ctx, text, options);
    const regions = regionsOf(tried);
    const forward = (pos: number) => mapForward(pos, edits);
    const migrated = new Set(regions.filter((r) => options.migrated(r, result, forward)).map((r) => r.rewrite));
    if (migrated.size === tried.length) return { result: mapBack(result, regions, edits, text), kept: tried };
    tried = tried.filter((r) => migrated.has(r));
  }
  return undefined;
}

function runOnScratch<R extends StatementRewrite>(ctx: TransformContext, text: string, options: RetryOptions<R>): TransformResult {
  // A project of its own, parsed as the file's, dropped whole afterwards: removing the scratch from
  // the file's project would make ts-morph forget every node the run wrapped, one by one.
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true, compilerOptions: ctx.sourceFile.getProject().getCompilerOptions() });
  const scratchPath = path.join(path.dirname(ctx.absPath), `.${options.label}.${path.basename(ctx.absPath)}`);
  const sourceFile = project.createSourceFile(scratchPath, text, { overwrite: true, scriptKind: ctx.sourceFile.getScriptKind() });
  return options.run({ ...ctx, text, sourceFile });
}

/** The rewrites' regions in the rewritten text, in text order. */
export function regionsOf<R extends StatementRewrite>(rewrites: R[]): RewrittenRegion<R>[] {
  let shift = 0;
  return [...rewrites].sort((a, b) => a.edit.start - b.edit.start).map((rewrite) => {
    const start = rewrite.edit.start + shift;
    shift += rewrite.edit.text.length - (rewrite.edit.end - rewrite.edit.start);
    return { rewrite, start, end: start + rewrite.edit.text.length, push: rewrite.pushOffset === undefined ? undefined : start + rewrite.pushOffset };
  });
}

/**
 * `result` (on `rewritten`, the original text with `edits`) → on the original text. Edits clear of
 * every rewrite shift back; a rewrite and the edits touching it become one edit over their joint
 * span, whose text is that span of the rewritten text with those edits applied. A finding inside a
 * rewrite points at its question, or else at the start of the rewritten statement.
 */
export function mapBack<R extends StatementRewrite>(result: TransformResult, regions: RewrittenRegion<R>[], edits: TextEdit[], rewritten: string): TransformResult {
  const toOriginal = (pos: number) => mapBackward(pos, edits);
  // Touching counts: an insertion at a rewrite's edge joins its edit.
  const touches = (e: { start: number; end: number }, span: { start: number; end: number }) => e.start <= span.end && e.end >= span.start;
  const out: TextEdit[] = [];
  const grouped = new Set<TextEdit>();
  const covered = new Set<RewrittenRegion<R>>();
  for (const region of regions) {
    // A region reached from an earlier one is already inside that one's edit.
    if (covered.has(region)) continue;
    let span = { start: region.start, end: region.end };
    const members: TextEdit[] = [];
    // Grow the span until no edit or other rewrite sticks out of it.
    for (let grown = true; grown;) {
      grown = false;
      for (const e of result.edits) {
        if (members.includes(e) || !touches(e, span)) continue;
        members.push(e);
        span = { start: Math.min(span.start, e.start), end: Math.max(span.end, e.end) };
        grown = true;
      }
      for (const r of regions) {
        if (touches(r, span) && (r.start < span.start || r.end > span.end)) {
          span = { start: Math.min(span.start, r.start), end: Math.max(span.end, r.end) };
          grown = true;
        }
      }
    }
    for (const r of regions) if (r.start >= span.start && r.end <= span.end) covered.add(r);
    for (const e of members) grouped.add(e);
    const inner = members.map((e) => ({ start: e.start - span.start, end: e.end - span.start, text: e.text }));
    out.push({ start: toOriginal(span.start), end: toOriginal(span.end), text: applyEdits(rewritten.slice(span.start, span.end), inner) });
  }
  for (const edit of result.edits) {
    if (grouped.has(edit)) continue;
    out.push({ start: toOriginal(edit.start), end: toOriginal(edit.end), text: edit.text });
  }
  const findings: FindingInput[] = result.findings.map((f) => {
    const region = regions.find((r) => f.pos >= r.start && f.pos < r.end);
    if (!region) return { ...f, pos: toOriginal(f.pos) };
    return { ...f, pos: f.pos === region.push ? region.rewrite.site.node.getStart() : region.rewrite.edit.start };
  });
  return { ...result, edits: out, findings };
}
