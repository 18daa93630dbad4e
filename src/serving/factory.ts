// Where a serving entry gets its server from. The 2026 entries take a factory and build one
// server per connection (stdio) or per request (HTTP), so the code that builds the server has to
// be callable more than once:
//   - `const server = createServer(...)` (any call): the call is the factory, `() => createServer(...)`;
//   - `const server = new McpServer(...)` followed by the statements that set it up: those move,
//     unchanged apart from one more level of indentation, into a generated `function createServer()`
//     placed where the construction was (the smallest rewrite that builds a fresh server per call).
// Anything else is not rewritten.
import { Node, SyntaxKind, type Identifier, type SourceFile, type Statement, type VariableDeclaration, type VariableStatement } from 'ts-morph';
import { importedNameOf, resolveIdentifier, unwrapExpression } from '../analysis/handlers.js';
import type { TextStyle } from '../text-style.js';
import type { TextEdit } from '../types.js';
import { freshName, hasTopLevelAwait, indentRange, lineIndent, referencesTo, removalRange, statementIn, statementLines, within } from './common.js';

export interface FactoryPlan {
  /** The factory expression to hand to serveStdio / createMcpHandler. */
  expression: string;
  edits: TextEdit[];
  /** Ranges of code that disappears (for import bookkeeping). */
  removed: { start: number; end: number }[];
}

export type FactoryResult = FactoryPlan | { reason: string };

/**
 * The factory for the server variable `serverId` refers to. `consumers` are the ranges whose
 * references to the server the caller replaces (the connect call, a route handler); every other
 * reference must be part of the server's own set-up.
 */
export function factoryFor(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  serverId: Identifier,
  consumers: { start: number; end: number }[],
): FactoryResult {
  const decl = resolveIdentifier(serverId);
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) {
    return { reason: `${serverId.getText()} is not a variable this file initialises` };
  }
  const init = decl.getInitializer();
  if (!init) return { reason: `${serverId.getText()} has no initializer` };
  const statement = decl.getVariableStatement();
  if (!statement || statement.getDeclarations().length !== 1) {
    return { reason: `${serverId.getText()} is declared together with other variables` };
  }
  const name = decl.getName();
  const refs = referencesTo(sourceFile, name, decl).filter((r) => !consumers.some((c) => within(r, c)));
  const value = unwrapExpression(Node.isAwaitExpression(unwrapExpression(init)) ? (unwrapExpression(init) as Node & { getExpression(): Node }).getExpression() : init);

  if (Node.isCallExpression(value)) {
    // An existing factory: call it per connection / request.
    if (refs.length > 0) {
      return { reason: `${name} is also used outside the serving code, so it cannot become one server per connection` };
    }
    if (statement.isExported()) return { reason: `${name} is exported` };
    const lines = removalRange(text, statement);
    return { expression: `() => ${value.getText()}`, edits: [{ start: lines.start, end: lines.end, text: '' }], removed: [lines] };
  }
  if (Node.isNewExpression(value) && isServerClass(value.getExpression())) {
    return wrapConstruction(sourceFile, text, style, decl, statement, refs);
  }
  return { reason: `${name} is not built by a call or by new McpServer(...) / new Server(...)` };
}

function isServerClass(ctor: Node): boolean {
  const name = Node.isIdentifier(ctor) ? importedNameOf(ctor) : Node.isPropertyAccessExpression(ctor) ? ctor.getName() : '';
  return name === 'McpServer' || name === 'Server';
}

function wrapConstruction(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  decl: VariableDeclaration,
  statement: VariableStatement,
  refs: Identifier[],
): FactoryResult {
  const name = decl.getName();
  const block = statement.getParent();
  if (!block || !(Node.isSourceFile(block) || Node.isBlock(block))) return { reason: `${name} is not declared in a block` };
  if (Node.isVariableStatement(statement) && statement.isExported()) return { reason: `${name} is exported` };
  // The set-up: every statement of the block that uses the server, after its construction.
  const setUp: Statement[] = [];
  const firstRef = new Map<Statement, Identifier>();
  for (const ref of refs) {
    if (within(ref, { start: statement.getStart(), end: statement.getEnd() })) continue;
    const owner = statementIn(block, ref);
    if (!owner || owner.getStart() < statement.getEnd()) {
      return { reason: `${name} is used outside the statements that set it up` };
    }
    if (!setUp.includes(owner)) {
      setUp.push(owner);
      firstRef.set(owner, ref);
    }
  }
  setUp.sort((a, b) => a.getStart() - b.getStart());
  for (const s of setUp) {
    if (!setsUp(s, name)) {
      return { reason: `${name} is used outside the statements that set it up` };
    }
    if (Node.isVariableStatement(s)) {
      if (s.isExported()) return { reason: `a value derived from ${name} is exported` };
      for (const d of s.getDeclarations()) {
        const bound = d.getNameNode();
        if (!Node.isIdentifier(bound)) return { reason: `a destructured value derived from ${name}` };
        const outside = referencesTo(sourceFile, bound.getText(), d).filter((r) => !setUp.some((u) => within(r, { start: u.getStart(), end: u.getEnd() })));
        if (outside.length > 0) {
          return { reason: `${bound.getText()} (set up from ${name}) is used elsewhere` };
        }
      }
    }
  }
  const factory = freshName(sourceFile, ['createServer', 'createMcpServer', 'buildServer']);
  const indent = lineIndent(text, statement.getStart());
  const unit = style.indentUnit;
  const asyncKw = [statement, ...setUp].some((s) => hasTopLevelAwait(s)) ? 'async ' : '';
  const head = statementLines(text, statement);
  let body = indentRange(sourceFile, text, head, unit);
  const edits: TextEdit[] = [];
  const removed = [head];
  for (const s of setUp) {
    body += indentRange(sourceFile, text, statementLines(text, s), unit);
    const lines = removalRange(text, s);
    edits.push({ start: lines.start, end: lines.end, text: '' });
    removed.push(lines);
  }
  const semi = style.semicolons ? ';' : '';
  const fn =
    `${indent}${asyncKw}function ${factory}() {${style.eol}` +
    body +
    `${indent}${unit}return ${name}${semi}${style.eol}` +
    `${indent}}${style.eol}`;
  edits.push({ start: head.start, end: head.end, text: fn });
  return { expression: factory, edits, removed: [] };
}

/**
 * A statement that works on the server itself: `server.registerTool(…)`, `server.server.onerror = …`,
 * `const tool = server.registerTool(…)` — its expression is rooted at the server variable.
 */
function setsUp(statement: Statement, name: string): boolean {
  const rooted = (expr: Node | undefined): boolean => {
    if (!expr) return false;
    let e = unwrapExpression(expr);
    if (Node.isAwaitExpression(e)) e = unwrapExpression(e.getExpression());
    if (Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.EqualsToken) e = e.getLeft();
    for (;;) {
      if (Node.isIdentifier(e)) return e.getText() === name;
      if (Node.isPropertyAccessExpression(e) || Node.isElementAccessExpression(e) || Node.isCallExpression(e) || Node.isNonNullExpression(e)) {
        e = unwrapExpression((e as unknown as { getExpression(): Node }).getExpression());
      } else return false;
    }
  };
  if (Node.isExpressionStatement(statement)) return rooted(statement.getExpression());
  if (Node.isVariableStatement(statement)) return statement.getDeclarations().every((d) => rooted(d.getInitializer()));
  return false;
}

/** `new StdioServerTransport(...)` / `new X.StdioServerTransport(...)`. */
export function isNewOf(node: Node, className: RegExp): boolean {
  const e = unwrapExpression(node);
  if (!Node.isNewExpression(e)) return false;
  const ctor = e.getExpression();
  const name = Node.isIdentifier(ctor) ? importedNameOf(ctor) : Node.isPropertyAccessExpression(ctor) ? ctor.getName() : '';
  return className.test(name);
}

