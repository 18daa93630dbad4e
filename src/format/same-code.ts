// Whether two texts of one file are the same code: the same syntax tree once parentheses and the
// spelling of layout are set aside, and the same comments. That is all prettier changes; formatting
// (format/format.ts) keeps a file's own layout on lines the run did not write only when this holds.
// It loads the compiler: the format thread imports it only when a file needs the check.
import { ts } from '../ts-morph.js';
import { scriptKindFor } from '../ast/script-kind.js';

export function sameCode(absPath: string, a: string, b: string): boolean {
  const kind = scriptKindFor(absPath);
  const left = ts.createSourceFile(absPath, a, ts.ScriptTarget.Latest, false, kind);
  const right = ts.createSourceFile(absPath, b, ts.ScriptTarget.Latest, false, kind);
  if (syntaxErrors(left) || syntaxErrors(right)) return false;
  if (!sameNode(left, right)) return false;
  const one = comments(left);
  const other = comments(right);
  return one.length === other.length && one.every((c, i) => c === other[i]);
}

function syntaxErrors(file: ts.SourceFile): boolean {
  return ((file as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? []).length > 0;
}

/**
 * Through the parentheses prettier adds or drops (the tree under them says the precedence), and
 * through a union or intersection of one type (`| A` on a line of its own, which prettier writes `A`).
 */
function unwrap(node: ts.Node): ts.Node {
  for (;;) {
    if (ts.isParenthesizedExpression(node)) node = node.expression;
    else if (ts.isParenthesizedTypeNode(node)) node = node.type;
    else if ((ts.isUnionTypeNode(node) || ts.isIntersectionTypeNode(node)) && node.types.length === 1) node = node.types[0];
    else return node;
  }
}

/**
 * A node's own values that are layout, or the compiler's bookkeeping: everything else a node holds
 * besides its children (an operator, `let` or `const`, `import type`, a literal's value, a name) must
 * be equal.
 */
const NOT_CODE = new Set([
  'pos', 'end', 'flags', 'modifierFlagsCache', 'transformFlags', 'id', 'parent', 'original', 'symbol', 'localSymbol',
  'locals', 'nextContainer', 'flowNode', 'emitNode', 'jsDoc', 'jsDocCache', 'multiLine', 'singleQuote',
  'hasExtendedUnicodeEscape', 'numericLiteralFlags', 'templateFlags', 'tokenFlags', 'hasTrailingComma',
]);

/** The name of a property, however it is written (`'a': 1` and `a: 1`: prettier drops quotes it can). */
function propertyName(node: ts.Node): ts.Node | undefined {
  if (ts.isBindingElement(node)) return node.propertyName;
  const named = ts.isPropertyAssignment(node) || ts.isPropertySignature(node) || ts.isPropertyDeclaration(node) || ts.isMethodDeclaration(node) ||
    ts.isMethodSignature(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node) || ts.isEnumMember(node);
  return named ? (node as { name?: ts.Node }).name : undefined;
}

function sameName(x: ts.Node, y: ts.Node): boolean {
  const plain = (n: ts.Node) => ts.isIdentifier(n) || ts.isStringLiteral(n) || ts.isNumericLiteral(n);
  return plain(x) && plain(y) ? (x as ts.Identifier).text === (y as ts.Identifier).text : sameNode(x, y);
}

function sameNode(x: ts.Node, y: ts.Node): boolean {
  x = unwrap(x);
  y = unwrap(y);
  if (x.kind !== y.kind) return false;
  if (x.kind !== ts.SyntaxKind.SourceFile) {
    if ((x.flags & ts.NodeFlags.BlockScoped) !== (y.flags & ts.NodeFlags.BlockScoped)) return false;
    // Names, and literals by their value (a string's quotes are layout; its text is not).
    if ((x as { text?: string }).text !== (y as { text?: string }).text) return false;
    const xv = x as unknown as Record<string, unknown>;
    const yv = y as unknown as Record<string, unknown>;
    for (const key of new Set([...Object.keys(xv), ...Object.keys(yv)])) {
      if (NOT_CODE.has(key)) continue;
      const a = xv[key];
      const b = yv[key];
      if ((typeof a !== 'object' || a === null) && (typeof b !== 'object' || b === null) && a !== b) return false;
    }
  }
  const xs: ts.Node[] = [];
  const ys: ts.Node[] = [];
  ts.forEachChild(x, (c) => void xs.push(c));
  ts.forEachChild(y, (c) => void ys.push(c));
  const name = propertyName(x);
  return xs.length === ys.length && xs.every((c, i) => (c === name ? sameName(c, ys[i]) : sameNode(c, ys[i])));
}

/**
 * Every comment's text, sorted: the trivia around each node, and what lies between a node's
 * children (its punctuation and keywords, scanned there only, so a `//` inside a string, a regular
 * expression or JSX text is never taken for a comment).
 */
function comments(file: ts.SourceFile): string[] {
  const text = file.text;
  const seen = new Set<number>();
  const out: string[] = [];
  const add = (pos: number, end: number) => {
    if (seen.has(pos)) return;
    seen.add(pos);
    // Prettier indents a block comment's lines with the code around it.
    out.push(text.slice(pos, end).trimEnd().replace(/\n[ \t]*/g, '\n'));
  };
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, file.languageVariant, text);
  const gap = (from: number, to: number) => {
    // (A comment starts with `/`: most gaps are a comma or a brace.)
    let slash = from;
    while (slash < to && text.charCodeAt(slash) !== 47) slash++;
    if (slash >= to) return;
    scanner.resetTokenState(from);
    for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken && scanner.getTokenStart() < to; token = scanner.scan()) {
      if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) add(scanner.getTokenStart(), scanner.getTokenEnd());
    }
  };
  const visit = (node: ts.Node): void => {
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) add(r.pos, r.end);
    // Those on the line a node ends on are its trailing comments, not the next one's leading ones.
    for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) add(r.pos, r.end);
    const children: ts.Node[] = [];
    ts.forEachChild(node, (c) => void children.push(c));
    if (children.length === 0) return;
    let at = node.pos;
    for (const child of children) {
      gap(at, child.pos);
      visit(child);
      at = child.end;
    }
    gap(at, node.end);
  };
  visit(file);
  return out.sort();
}
