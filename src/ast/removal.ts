// Where a removed statement's text ends: its own lines, the comments about it, and nothing else.
// A comment is about a statement when it sits directly above it (no blank line between) and the
// statement stands alone; above a paragraph of statements it is about the paragraph, and stays
// while the rest of the paragraph does. The file's header comment, license lines and comments a
// blank line away belong to the file or to what follows: they always stay. A comment after the
// statement on its last line goes with it.
import { Node } from '../ts-morph.js';
import { lineEndAfter, lineStartOf } from './text.js';

export interface Range {
  start: number;
  end: number;
}

const BLANK_LINE = /\n[ \t]*\r?\n/;
const LICENSE = /\b(copyright|license|licensed|spdx-license-identifier)\b|@license|@preserve|\(c\)\s*\d{4}/i;

/**
 * The range that deletes `node` (a statement or an import) with the comments about it. A node that
 * shares its line with other code loses only its own text. With `collapseBlank`, a node between
 * two blank lines takes the blank line after it too, so removals never leave a run of blank lines.
 */
export function removalRange(text: string, node: Node, options: { collapseBlank?: boolean } = {}): Range {
  const nodeStart = node.getStart();
  const lineStart = lineStartOf(text, nodeStart);
  if (text.slice(lineStart, nodeStart).trim() !== '') return { start: nodeStart, end: node.getEnd() };
  const start = attachedCommentStart(text, node) ?? lineStart;
  const afterNode = trailingCommentEnd(node) ?? node.getEnd();
  const lineEnd = lineEndAfter(text, afterNode);
  if (text.slice(afterNode, lineEnd).trim() !== '') return { start, end: node.getEnd() };
  if (!options.collapseBlank) return { start, end: lineEnd };
  const previousLine = text.slice(lineStartOf(text, Math.max(0, start - 1)), start);
  const blankBefore = start === 0 || previousLine.trim() === '';
  const nextLineEnd = lineEndAfter(text, lineEnd);
  const blankAfter = lineEnd < text.length && text.slice(lineEnd, nextLineEnd).trim() === '';
  return { start, end: blankBefore && blankAfter ? nextLineEnd : lineEnd };
}

/**
 * Start of the line of the topmost comment about `node`: the run of whole-line comments right above
 * it without a blank line in between, stopping at a license comment. A node that opens the file has
 * none: what sits above the first statement is the file's header.
 */
function attachedCommentStart(text: string, node: Node): number | undefined {
  if (isFirstStatement(node) || continuesParagraph(text, node)) return undefined;
  const comments = node.getLeadingCommentRanges();
  let start: number | undefined;
  let below = node.getStart();
  for (let i = comments.length - 1; i >= 0; i--) {
    const comment = comments[i]!;
    const between = text.slice(comment.getEnd(), below);
    if (BLANK_LINE.test(between) || between.trim() !== '') break;
    const line = lineStartOf(text, comment.getPos());
    if (text.slice(line, comment.getPos()).trim() !== '') break;
    if (LICENSE.test(comment.getText())) break;
    start = line;
    below = comment.getPos();
  }
  return start;
}

/** The next statement follows without a blank line: the comment above is about both. */
function continuesParagraph(text: string, node: Node): boolean {
  const next = node.getNextSibling();
  return next !== undefined && Node.isStatement(next) && !BLANK_LINE.test(text.slice(node.getEnd(), next.getStart()));
}

function isFirstStatement(node: Node): boolean {
  const parent = node.getParent();
  return parent !== undefined && Node.isSourceFile(parent) && parent.getStatements()[0] === node;
}

function trailingCommentEnd(node: Node): number | undefined {
  const trailing = node.getTrailingCommentRanges();
  return trailing.length > 0 ? trailing[trailing.length - 1]!.getEnd() : undefined;
}
