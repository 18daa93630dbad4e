// Text edits: sorted, checked for overlap, applied once. Positions are mapped through edits so a
// finding reported against an intermediate text still points at the right spot of the original.
import type { TextEdit } from '../types.js';

export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length === 0) return text;
  const sorted = sortEdits(edits);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    out += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

/** Sorts by position; insertions at the same offset keep their given order. Throws on overlap. */
export function sortEdits(edits: readonly TextEdit[]): TextEdit[] {
  const sorted = edits
    .map((edit, index) => ({ edit, index }))
    .sort((a, b) => a.edit.start - b.edit.start || a.edit.end - b.edit.end || a.index - b.index)
    .map(({ edit }) => edit);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (cur.start < prev.end) {
      throw new Error(`overlapping edits at ${prev.start}-${prev.end} and ${cur.start}-${cur.end}`);
    }
  }
  return sorted;
}

/**
 * Maps an offset of the text before `edits` (`before`, when known) to the text after them. Inside a
 * replaced range: where the replacement carries the same code on (see carriedOffset), else the
 * range's start.
 */
export function mapForward(pos: number, edits: readonly TextEdit[], before?: string): number {
  return mapThrough(pos, edits, before).pos;
}

/** mapForward, and whether the code at `pos` is still there (false: it fell back to a replaced range's start). */
export function mapThrough(pos: number, edits: readonly TextEdit[], before?: string): { pos: number; carried: boolean } {
  let delta = 0;
  for (const edit of sortEdits(edits)) {
    if (edit.start > pos || (edit.start === pos && edit.end > pos)) {
      if (edit.start === pos) return { pos: pos + delta, carried: true };
      break;
    }
    if (pos < edit.end) {
      const offset = carriedOffset(pos, edit, before);
      return { pos: edit.start + delta + (offset ?? 0), carried: offset !== undefined };
    }
    delta += edit.text.length - (edit.end - edit.start);
  }
  return { pos: pos + delta, carried: true };
}

/**
 * Offset in `edit.text` of the code at `pos` (inside the replaced range of `before`), if the
 * replacement carries it on. It is looked for with growing context until found exactly once: the
 * rest of its line, then its whole line, then with up to three lines above (whatever their new
 * indentation), never reaching outside the replaced range. A short line such as `return r;` needs
 * its neighbours to be placed.
 */
function carriedOffset(pos: number, edit: TextEdit, before: string | undefined): number | undefined {
  if (before === undefined) return undefined;
  const lineEnd = before.indexOf('\n', pos);
  const end = Math.min(lineEnd === -1 ? before.length : lineEnd, edit.end);
  const rest = before.slice(pos, end).trimEnd();
  if (rest.length >= MIN_NEEDLE) {
    const at = edit.text.indexOf(rest);
    if (at !== -1 && edit.text.indexOf(rest, at + 1) === -1) return at;
  }
  // Context lines, trimmed, from `pos`'s own line upwards (blank lines skipped).
  const lines: { start: number; text: string }[] = [];
  for (let lineStart = before.lastIndexOf('\n', pos - 1) + 1, lineEndAt = end; lines.length < 4; ) {
    const from = Math.max(lineStart, edit.start);
    const raw = before.slice(from, lineEndAt);
    const text = raw.trim();
    if (text !== '') lines.unshift({ start: from + raw.indexOf(text), text });
    else if (lines.length === 0) return undefined;
    if (lineStart <= edit.start) break;
    lineEndAt = lineStart - 1;
    lineStart = before.lastIndexOf('\n', lineEndAt - 1) + 1;
  }
  const own = lines[lines.length - 1];
  if (own.start > pos) return undefined;
  for (let above = 0; above < lines.length; above++) {
    const context = lines.slice(lines.length - 1 - above);
    if (context.reduce((n, l) => n + l.text.length, 0) < MIN_NEEDLE) continue;
    const pattern = context.map((l) => escapeRegExp(l.text));
    pattern[pattern.length - 1] = `(${pattern[pattern.length - 1]})`;
    const matches = [...edit.text.matchAll(new RegExp(pattern.join('[ \\t]*(?:\\r?\\n[ \\t]*)+'), 'dg'))];
    if (matches.length === 1) return matches[0].indices![1][0] + (pos - own.start);
    // More context cannot make a missing line appear.
    if (matches.length === 0) return undefined;
  }
  return undefined;
}

const MIN_NEEDLE = 8;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Maps an offset of the text after `edits` back to the text before them. Inside new text → the edit's start. */
export function mapBackward(pos: number, edits: readonly TextEdit[]): number {
  let delta = 0;
  for (const edit of sortEdits(edits)) {
    const newStart = edit.start + delta;
    const newEnd = newStart + edit.text.length;
    if (pos < newStart) break;
    if (pos < newEnd) return edit.start;
    delta += edit.text.length - (edit.end - edit.start);
  }
  return pos - delta;
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, pos: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(pos, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
