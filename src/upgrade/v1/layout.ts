// Rewriting a few arguments in place, in the file's own layout: the original text of the
// arguments is kept (line breaks, comments), only what the v2 form adds is inserted, and lines
// that move one level deeper get one more indentation unit — never a line inside a string or
// template literal. Everything is an insertion, so every original byte keeps its place and
// positions map exactly between the texts.
import { ts } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import { walk } from '../../ast/compiler-nodes.js';

/** [start, end) ranges of string and template literals that span more than one line. */
function multilineLiterals(file: ts.SourceFile, text: string, start: number, end: number): [number, number][] {
  const ranges: [number, number][] = [];
  walk(file, (node) => {
    if (node.end <= start || node.pos >= end) return false;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const from = node.getStart(file);
      if (text.slice(from, node.end).includes('\n')) ranges.push([from, node.end]);
      return ts.isTemplateExpression(node);
    }
  });
  return ranges;
}

/**
 * Insertions of `unit` at the start of every line that starts inside [start, end), except blank
 * lines and lines inside a multi-line string or template literal (whose text would change).
 */
export function indentLines(file: ts.SourceFile, text: string, start: number, end: number, unit: string): TextEdit[] {
  const literals = multilineLiterals(file, text, start, end);
  const edits: TextEdit[] = [];
  for (let pos = start; pos < end; ) {
    const inLiteral = literals.some(([from, to]) => from < pos && pos < to);
    const blank = /^[ \t]*(\r?\n|$)/.test(text.slice(pos, end));
    if (!inLiteral && !blank) edits.push({ start: pos, end: pos, text: unit });
    const newline = text.indexOf('\n', pos);
    if (newline === -1) break;
    pos = newline + 1;
  }
  return edits;
}

/**
 * Whether the file writes a trailing comma after the last property of multi-line object literals
 * (majority of `}` lines that close one); true when it gives no evidence (prettier's default).
 */
export function usesTrailingCommas(text: string): boolean {
  let withComma = 0;
  let without = 0;
  const lines = text.split('\n');
  for (let i = 1; i < lines.length; i++) {
    if (!/^\s*}/.test(lines[i])) continue;
    const previous = lines[i - 1].replace(/(^|\s)\/\/.*$/, '').trimEnd();
    if (previous === '' || /[{([]$/.test(previous)) continue;
    if (previous.endsWith(',')) withComma++;
    else if (!/[;}]$/.test(previous)) without++;
  }
  return withComma >= without;
}
