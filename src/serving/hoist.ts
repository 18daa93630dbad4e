// A route that builds its server inline — `const server = new McpServer(…)`, the registrations
// after it, then `server.connect(transport)` — has no function both eras can call. When that code
// uses nothing of the request (only imports and names visible where the route is registered), it
// moves, as written, into a function declared before the route, and the route calls it where the
// code was: the 2025 wiring builds the same server at the same point, and createMcpHandler gets the
// function as its factory.
import { isMemberName } from '../ast/references.js';
import { Node, SyntaxKind, type CallExpression, type Statement, type VariableDeclaration } from '../ts-morph.js';
import { resolveIdentifier } from '../ast/resolve.js';
import { removalRange } from '../ast/removal.js';
import { indentationAt } from '../ast/text.js';
import type { TextStyle } from '../ast/text-style.js';
import type { TextEdit } from '../types.js';
import { referencesTo, within } from './common.js';

export interface HoistPlan {
  /** The function the server is now built by. */
  name: string;
  /** Its declaration, to insert at `indent` before the route. */
  declaration(indent: string): string;
  /** Replaces the moved code with `const server = <name>()`. */
  edits: TextEdit[];
}

type Range = { start: number; end: number };

/**
 * `decl` (the server, built with `new`) and the statements after it up to the one holding
 * `connect`, moved into a function named `name`; `route` is the route handler's range, `visible`
 * tells whether a declaration outside it can be seen where the function goes.
 */
export function hoistServer(
  text: string,
  style: TextStyle,
  decl: VariableDeclaration,
  connect: CallExpression,
  route: Range,
  visible: (declaration: Node) => boolean,
  name: string,
  markedAt: () => number[] = () => [],
): HoistPlan | { reason: string } {
  const server = decl.getName();
  const inline = { reason: `${server} is built inside the route; move its construction into a function (for example createServer()) that both eras can call` };
  const statement = decl.getVariableStatement();
  const block = statement?.getParent();
  if (!statement || !block || !Node.isBlock(block) || statement.getDeclarations().length !== 1) return inline;
  const statements = block.getStatements();
  const first = statements.indexOf(statement);
  const last = statements.findIndex((s) => within(connect, { start: s.getStart(), end: s.getEnd() })) - 1;
  if (last < first) return inline;
  const moved = statements.slice(first, last + 1);
  const movedRange = { start: statement.getStart(), end: moved[moved.length - 1]!.getEnd() };

  // Only the server's own set-up moves: every statement after the construction uses the server,
  // or is a type only that code uses (the step machine declares a handler's state type before it).
  const usesServer = (s: Statement) => s.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => resolveIdentifier(id)?.compilerNode === decl.compilerNode);
  const usedOnlyThere = (declared: Node & { getName(): string | undefined }) =>
    referencesTo(declared.getSourceFile(), declared.getName() ?? '', declared).every((r) => within(r, movedRange));
  const localType = (s: Statement) => (Node.isTypeAliasDeclaration(s) || Node.isInterfaceDeclaration(s)) && usedOnlyThere(s);
  const unrelated = moved.slice(1).find((s) => !usesServer(s) && !localType(s));
  // Named by its text, not its line: a marker written above it would change the line, and the message with it.
  if (unrelated) return { reason: `${inline.reason}; code that is not its set-up (\`${firstLine(unrelated)}\`) runs between its construction and connect` };
  // A name the set-up declares and the route uses after it would be left behind.
  type Declared = Node & { getName(): string | undefined };
  const declared = moved.slice(1).flatMap((s): Declared[] => (Node.isVariableStatement(s) ? s.getDeclarations() : Node.isFunctionDeclaration(s) || Node.isClassDeclaration(s) ? [s] : []));
  const leaking = declared.find((d) => (Node.isVariableDeclaration(d) && !Node.isIdentifier(d.getNameNode())) || !usedOnlyThere(d));
  if (leaking) return { reason: `${inline.reason}; the route uses ${leaking.getName()}, which its set-up declares, after connect` };
  // A finding of the migration in the set-up keeps its marker where the code is now: the code stays.
  if (markedAt().some((pos) => pos >= movedRange.start && pos < movedRange.end)) {
    return { reason: `${inline.reason}; the migration reported code of its set-up (see the comments there), which would not move with it` };
  }
  const blocker = requestDependency(moved, movedRange, route, visible);
  if (blocker) return { reason: `${server} is built inside the route from ${blocker}; move its construction into a function (for example createServer()) that both eras can call` };

  const from = removalRange(text, statement).start;
  const to = removalRange(text, moved[moved.length - 1]!).end;
  const base = indentationAt(text, statement.getStart());
  const lineStart = statement.getStart() - base.length;
  // Whole lines only: the construction starts its line and the set-up ends its line.
  if ((lineStart > 0 && text[lineStart - 1] !== '\n') || text.slice(lineStart, statement.getStart()) !== base || text[to - 1] !== '\n') return inline;
  const { eol, indentUnit } = style;
  const semi = style.semicolons ? ';' : '';
  const init = decl.getInitializer()!;
  const call = `${text.slice(statement.getStart(), init.getStart())}${name}()${text.slice(init.getEnd(), statement.getEnd())}`;
  const templates = templateSpans(moved);
  const declaration = (indent: string) => {
    const body = reindent(text, { start: from, end: to }, base, indent + indentUnit, templates);
    return `${indent}function ${name}() {${eol}${body}${indent}${indentUnit}return ${server}${semi}${eol}${indent}}${eol}${eol}`;
  };
  return { name, declaration, edits: [{ start: from, end: to, text: `${base}${call}${eol}` }] };
}

/**
 * What in the moved code the function could not see: a name declared in the route outside the
 * moved code (the request, the transport, a session id), one not visible where the route is
 * registered, `this` / `arguments` of the route, or an `await` / `return` of the route itself.
 */
function requestDependency(moved: Statement[], movedRange: Range, route: Range, visible: (declaration: Node) => boolean): string | undefined {
  for (const node of moved.flatMap((s) => [s, ...s.getDescendants()])) {
    const ownFunction = node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a));
    const routeLevel = !ownFunction || !within(ownFunction, movedRange);
    if (routeLevel && (Node.isAwaitExpression(node) || Node.isReturnStatement(node) || Node.isYieldExpression(node))) return `${node.getText().split(/\s/)[0]}, which the route itself does`;
    if (Node.isThisExpression(node) || (Node.isIdentifier(node) && node.getText() === 'arguments')) {
      const arrowsOnly = !ownFunction || Node.isArrowFunction(ownFunction) || !within(ownFunction, movedRange);
      if (arrowsOnly) return `${node.getText()} of the route`;
      continue;
    }
    if (!Node.isIdentifier(node) || isMemberName(node)) continue;
    const target = resolveIdentifier(node);
    if (!target || target.getSourceFile() !== node.getSourceFile() || within(target, movedRange)) continue;
    if (within(target, route)) return `${node.getText()}, a value of this request`;
    if (!visible(target)) return `${node.getText()}, which is not in scope where the route is registered`;
  }
  return undefined;
}

/** The statement's first line, shortened. */
function firstLine(statement: Statement): string {
  const line = statement.getText().split('\n')[0]!.trim();
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}

/** Template literals of the moved code: their inner lines keep their text. */
function templateSpans(moved: Statement[]): Range[] {
  return moved.flatMap((s) =>
    [s, ...s.getDescendants()]
      .filter((n) => Node.isNoSubstitutionTemplateLiteral(n) || Node.isTemplateExpression(n))
      .map((n) => ({ start: n.getStart(), end: n.getEnd() })),
  );
}

/** The lines of `range`, `from` indentation replaced by `to` (lines inside a template literal kept as they are). */
function reindent(text: string, range: Range, from: string, to: string, templates: Range[]): string {
  let out = '';
  for (let at = range.start; at < range.end; ) {
    const nl = text.indexOf('\n', at);
    const end = nl === -1 || nl >= range.end ? range.end : nl + 1;
    const line = text.slice(at, end);
    const inTemplate = templates.some((t) => at > t.start && at < t.end);
    if (inTemplate) out += line;
    else if (line.trim() === '') out += line.replace(/^[ \t]+/, '');
    else if (!line.startsWith(from)) out += line;
    else out += to + line.slice(from.length);
    at = end;
  }
  return out;
}
