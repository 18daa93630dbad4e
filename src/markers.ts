// Review markers: `// @mcp-mrtr-migrate <rule>: <message>` on the line above the statement that
// holds the spot. Placed at a statement's line start, so never inside a string or template; a
// marker already present (from an earlier run) is never written twice.
import { Node, type SourceFile } from './ts-morph.js';
import { insideLiteralToken } from './ast/literal-tokens.js';
import type { RuleId } from './types.js';

export const MARKER_TAG = '@mcp-mrtr-migrate';

export interface MarkerTarget {
  pos: number;
  rule: RuleId;
  message: string;
}

export function markerText(rule: string, message: string): string {
  // One line only: a newline in a message would end the comment.
  return `// ${MARKER_TAG} ${rule}: ${message.replace(/\s*[\r\n]+\s*/g, ' ')}`;
}

export function placeMarkers(text: string, sourceFile: SourceFile, targets: readonly MarkerTarget[]): string {
  if (targets.length === 0) return text;
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const byLineStart = new Map<number, string[]>();
  for (const target of targets) {
    const lineStart = anchorLineStart(text, sourceFile, target.pos);
    const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
    const marker = markerText(target.rule, target.message);
    if (existingMarkersAbove(text, lineStart).has(marker)) continue;
    const lines = byLineStart.get(lineStart) ?? [];
    const line = indent + marker + eol;
    if (!lines.includes(line)) lines.push(line);
    byLineStart.set(lineStart, lines);
  }
  const starts = [...byLineStart.keys()].sort((a, b) => b - a);
  let out = text;
  for (const start of starts) {
    out = out.slice(0, start) + byLineStart.get(start)!.join('') + out.slice(start);
  }
  return out;
}

/** The start of the first line of the innermost statement (or class member) holding `pos`. */
function anchorLineStart(text: string, sourceFile: SourceFile, pos: number): number {
  let node: Node | undefined = sourceFile.getDescendantAtPos(Math.min(pos, Math.max(0, text.length - 1)));
  while (node && !isAnchor(node)) node = node.getParent();
  const start = node ? node.getStart() : pos;
  let lineStart = text.lastIndexOf('\n', start - 1) + 1;
  // A statement that shares its first line with an earlier multi-line token (rare): anchor there.
  while (lineStart > 0 && insideLiteralToken(sourceFile, lineStart)) {
    lineStart = text.lastIndexOf('\n', lineStart - 2) + 1;
  }
  return aboveNextLineDirectives(text, lineStart);
}

// Comments that act on the line after them: a marker between one and its line would take its place
// (an `@ts-expect-error` then fails as unused and the error it hid comes back).
const NEXT_LINE_DIRECTIVE =
  /^[ \t]*(?:\/\/|\/\*)\s*(?:@ts-expect-error|@ts-ignore|eslint-disable-next-line|biome-ignore|prettier-ignore|deno-lint-ignore|oxlint-disable-next-line|istanbul ignore next|c8 ignore next|v8 ignore next)\b/;

/** `lineStart`, moved up over the next-line directive comments directly above it. */
function aboveNextLineDirectives(text: string, lineStart: number): number {
  while (lineStart > 0) {
    const prevStart = text.lastIndexOf('\n', lineStart - 2) + 1;
    if (!NEXT_LINE_DIRECTIVE.test(text.slice(prevStart, lineStart))) break;
    lineStart = prevStart;
  }
  return lineStart;
}

function isAnchor(node: Node): boolean {
  if (Node.isSourceFile(node)) return false;
  if (Node.isStatement(node) && !Node.isBlock(node)) return true;
  return (
    Node.isMethodDeclaration(node) || Node.isPropertyDeclaration(node) || Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node) || Node.isConstructorDeclaration(node) || Node.isPropertyAssignment(node) ||
    Node.isShorthandPropertyAssignment(node)
  );
}


/** Markers on the lines directly above `lineStart`. */
function existingMarkersAbove(text: string, lineStart: number): Set<string> {
  const found = new Set<string>();
  let end = lineStart;
  while (end > 0) {
    const prevStart = text.lastIndexOf('\n', end - 2) + 1;
    const line = text.slice(prevStart, end).trim();
    if (!line.startsWith(`// ${MARKER_TAG} `)) break;
    found.add(line);
    end = prevStart;
  }
  return found;
}

/**
 * Rules whose marker says why a handler was left as it was (a question it could not move, a value
 * that could not travel). Once a later run migrates that handler the marker is no longer true.
 */
const LEFT_AS_IT_WAS_RULES = [
  'push-request', 'push-in-loop', 'push-in-callback', 'push-not-awaited', 'push-in-helper', 'push-conditional-expression',
  'push-in-try', 'push-nested-block', 'push-unsupported-shape', 'then-chain', 'state-not-serializable', 'state-value-any',
];
const LEFT_AS_IT_WAS_LINE = new RegExp(`^[ \\t]*// ${MARKER_TAG} (?:${LEFT_AS_IT_WAS_RULES.join('|')}): [^\\r\\n]*\\r?\\n`, 'gm');

/**
 * `code` a migration writes, without the markers an earlier run left in it saying why that code was
 * left as it was: this run reports again whatever still holds, and its markers are placed anew.
 */
export function withoutLeftAsItWasMarkers(code: string): string {
  return code.includes(MARKER_TAG) ? code.replace(LEFT_AS_IT_WAS_LINE, '') : code;
}
