// Text helpers for re-emitting original statements inside generated blocks: whole-line ranges,
// indentation that never touches the inside of a multi-line string or template.
import { SyntaxKind, ts, visitedOfKinds, type Node } from '../ts-morph.js';
import type { TextEdit } from '../types.js';

/** A node's code on one line, cut to 60 characters, for a finding's message. */
export function oneLine(node: Node): string {
  const text = node.getText().replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export function lineStartOf(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

export function indentationAt(text: string, pos: number): string {
  const start = lineStartOf(text, pos);
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? '';
}

/** End of the line holding `pos`, after its newline. */
export function lineEndAfter(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos);
  return nl === -1 ? text.length : nl + 1;
}

/** Ranges [start, end) of string/template literals that span lines: their line starts are content. */
export function multilineLiteralRanges(root: Node, text: string): [number, number][] {
  const ranges: [number, number][] = [];
  // The literals alone are wrapped, in forEachDescendant's order.
  for (const node of visitedOfKinds(root, [SyntaxKind.StringLiteral, SyntaxKind.NoSubstitutionTemplateLiteral, SyntaxKind.TemplateExpression])) {
    const start = node.getStart();
    const end = node.getEnd();
    if (text.slice(start, end).includes('\n')) ranges.push([start + 1, end]);
  }
  return ranges;
}

/**
 * Insertions of `unit` at every line start in [from, to) that is code (not inside a multi-line
 * literal and not inside a range some other edit replaces).
 */
export function indentEdits(
  text: string,
  from: number,
  to: number,
  unit: string,
  literalRanges: [number, number][],
  replaced: TextEdit[],
): TextEdit[] {
  const edits: TextEdit[] = [];
  for (let pos = lineStartOf(text, from); pos < to; pos = lineEndAfter(text, pos)) {
    if (pos < from && pos !== lineStartOf(text, from)) continue;
    const lineEnd = lineEndAfter(text, pos);
    const blank = text.slice(pos, lineEnd).trim() === '';
    const inLiteral = literalRanges.some(([s, e]) => pos >= s && pos < e);
    const inReplaced = replaced.some((r) => pos >= r.start && pos < r.end);
    if (!blank && !inLiteral && !inReplaced) edits.push({ start: pos, end: pos, text: unit });
    if (lineEnd >= text.length) break;
  }
  return edits;
}

/** Adds `prefix` to every non-empty line of generated text. */
export function indentLines(lines: string[], prefix: string, eol: string): string {
  return lines.map((line) => (line === '' ? eol : prefix + line + eol)).join('');
}

/** The identifiers in a piece of generated code (not in its strings or comments). */
export function identifiersIn(code: string): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile('generated.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS));
  return names;
}
