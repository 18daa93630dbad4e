// Deferred awaits: a question started into a local and awaited a few statements later,
//
//   const pending = ctx.mcpReq.elicitInput(params);
//   const page = await pager.post(…);
//   const answer = await pending;
//
// Under 2026-07-28 a question can only be asked by returning inputRequired, so it is asked at the
// await instead: the declaration goes, and `await pending` is treated as `await elicitInput(params)`.
// That is the same question only when the params read nothing the statements in between can
// change (checked here syntactically, and for the types of the values read in readsMutable), and
// when the promise is used by that one await alone. The question then comes after the statements
// in between: an info finding says so.
//
// The same holds for a request built into a local and sent later (`const request = { method:
// 'sampling/createMessage', params: {…} }; … await ctx.mcpReq.send(request, Schema)`): the
// question's params are that local's `params`, rebuilt where it is asked, and the declaration goes
// when the send is its one use (it is not carried besides what its params read).
import { descendantsOfKinds, Node, SyntaxKind, type Statement, type Type } from '../../ts-morph.js';
import { unwrapExpression } from '../../ast/unwrap.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { TextEdit } from '../../types.js';
import { isPureExpression } from '../../analysis/purity.js';
import { lineEndAfter, lineStartOf } from '../../ast/text.js';

export interface DeferredAwait {
  site: PushSite;
  /** A started question (`const pending = ask(…)`) or a request built into a local (`const request = { method, params }`). */
  kind: 'promise' | 'request';
  /** That declaration, deleted. */
  declaration: Statement;
  /** `await pending` or `await send(request)`: where the question is asked now. */
  awaitNode: Node;
  /** The local's name (`pending`, `request`). */
  promiseName: string;
  /** Statements run between the declaration and the question (not the question's own). */
  between: number;
  /** Identifiers of values the params read (not the functions they call): each must hold a primitive. */
  reads: Node[];
  /** Names read that the handler does not declare: they must stay the same (module consts, imports). */
  outside: string[];
  deletion: TextEdit;
}

/** The deferred-await shape around `site`, or undefined when it is not exactly that shape. */
export function deferredAwait(site: PushSite, fn: Node): DeferredAwait | undefined {
  if (site.awaited || !site.call || site.nestedFunction || site.inLoop || !site.params) return undefined;
  let node: Node = site.call;
  while (Node.isParenthesizedExpression(node.getParent()!)) node = node.getParent()!;
  const decl = node.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getInitializer() !== node || !Node.isIdentifier(decl.getNameNode())) return undefined;
  const list = decl.getParent();
  const declaration = list?.getParent();
  if (!list || !Node.isVariableDeclarationList(list) || list.getDeclarations().length !== 1 ||
    !declaration || !Node.isVariableStatement(declaration)) return undefined;
  const block = declaration.getParent();
  if (!block || !Node.isBlock(block)) return undefined;
  const promiseName = decl.getName();

  // The promise is used once, by an await that is a top-level statement's own part, later in the block.
  const uses = fn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === promiseName && id !== decl.getNameNode());
  if (uses.length !== 1) return undefined;
  let used: Node = uses[0];
  while (Node.isParenthesizedExpression(used.getParent()!)) used = used.getParent()!;
  const awaitNode = used.getParent();
  if (!awaitNode || !Node.isAwaitExpression(awaitNode)) return undefined;
  const statements = block.getStatements();
  const at = statements.findIndex((st) => st.containsRange(awaitNode.getPos(), awaitNode.getEnd()));
  const from = statements.indexOf(declaration);
  if (at <= from) return undefined;
  if (!inStatementItself(awaitNode, statements[at])) return undefined;

  return rebuiltAt(site, fn, 'promise', declaration, awaitNode, promiseName, statements.slice(from + 1, at + 1));
}

/**
 * The request-in-a-local shape around `site`: `send(request, …)` whose `request` is a `const`
 * declared earlier in the same block, initialised with the `{ method, params }` literal itself,
 * and read by that send alone; undefined otherwise.
 */
export function requestConst(site: PushSite, fn: Node): DeferredAwait | undefined {
  if (!site.call || !site.params || site.nestedFunction || site.inLoop) return undefined;
  const argument = site.call.getArguments()[0];
  const inner = argument && unwrapExpression(argument);
  if (!inner || !Node.isIdentifier(inner)) return undefined;
  const decl = site.params.getFirstAncestor((a) => Node.isVariableDeclaration(a));
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode()) || decl.getName() !== inner.getText()) return undefined;
  const init = decl.getInitializer();
  if (!init || !Node.isObjectLiteralExpression(unwrapExpression(init))) return undefined;
  const list = decl.getParent();
  const declaration = list?.getParent();
  if (!list || !Node.isVariableDeclarationList(list) || list.getDeclarations().length !== 1 ||
    !declaration || !Node.isVariableStatement(declaration) || declaration.getDeclarationKind() !== 'const') return undefined;
  const block = declaration.getParent();
  if (!block || !Node.isBlock(block)) return undefined;
  let awaited: Node = site.call;
  while (Node.isParenthesizedExpression(awaited.getParent()!)) awaited = awaited.getParent()!;
  const awaitNode = awaited.getParent();
  if (!awaitNode || !Node.isAwaitExpression(awaitNode)) return undefined;
  const uses = fn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === decl.getName() && id !== decl.getNameNode());
  if (uses.length !== 1 || uses[0] !== inner) return undefined;
  const statements = block.getStatements();
  const at = statements.findIndex((st) => st.containsRange(awaitNode.getPos(), awaitNode.getEnd()));
  const from = statements.indexOf(declaration);
  if (at <= from) return undefined;
  return rebuiltAt(site, fn, 'request', declaration, awaitNode, decl.getName(), statements.slice(from + 1, at + 1));
}

/** The params are rebuilt at the question: they must compute the same value there. */
function rebuiltAt(site: PushSite, fn: Node, kind: DeferredAwait['kind'], declaration: Statement, awaitNode: Node, promiseName: string, between: Statement[]): DeferredAwait | undefined {
  if (!site.params || !isPureExpression(site.params) || (site.options && !isPureExpression(site.options))) return undefined;
  const own = ownNames(fn);
  // A function called is not a value read; a local whose method is called is (`lines.join('\n')`).
  const reads = [site.params, ...(site.options ? [site.options] : [])].flatMap((n) => valueIdentifiers(n))
    .filter((id) => !isCallee(id) || (id.getParent() !== undefined && Node.isPropertyAccessExpression(id.getParent()!) && own.has(id.getText())));
  const outside = [...new Set(reads.map((id) => id.getText()).filter((n) => !own.has(n)))];
  if (reads.some((id) => between.some((st) => assigns(st, id.getText())))) return undefined;

  const text = fn.getSourceFile().getFullText();
  const start = lineStartOf(text, declaration.getStart());
  const end = lineEndAfter(text, declaration.getEnd());
  const alone = text.slice(start, declaration.getStart()).trim() === '' && text.slice(declaration.getEnd(), end).trim() === '';
  if (!alone) return undefined;
  return { site, kind, declaration, awaitNode, promiseName, between: between.length - 1, reads, outside, deletion: { start: commentLinesAbove(declaration, text, start), end, text: '' } };
}

/** The start of the comment lines right above `declaration` (they say what it does, and go with it); `start` when none. */
function commentLinesAbove(declaration: Statement, text: string, start: number): number {
  let from = start;
  for (const comment of [...declaration.getLeadingCommentRanges()].reverse()) {
    const line = lineStartOf(text, comment.getPos());
    const after = text.slice(comment.getEnd(), from);
    // Only whole lines, with no blank line between the comment and what follows it.
    if (text.slice(line, comment.getPos()).trim() !== '' || after.trim() !== '' || (after.match(/\n/g) ?? []).length !== 1) break;
    from = line;
  }
  return from;
}

/**
 * A value read by the params whose type is not a primitive: the statements in between could change
 * it in place (a property set, a push) without naming it, so the later question could differ.
 */
export function readsMutable(deferred: DeferredAwait, typeAt: (node: Node) => Type | undefined): Node | undefined {
  return deferred.reads.find((id) => {
    const type = typeAt(id);
    return type === undefined || !isPrimitive(type);
  });
}

function isPrimitive(type: Type): boolean {
  if (type.isUnion()) return type.getUnionTypes().every(isPrimitive);
  return type.isString() || type.isNumber() || type.isBoolean() || type.isLiteral() || type.isBooleanLiteral() ||
    type.isNull() || type.isUndefined() || type.isEnumLiteral() || (type.getFlags() & 16384) !== 0 /* void */;
}

/** Nothing but the await's own expression chain lies between it and the statement (no callback, no branch). */
function inStatementItself(awaitNode: Node, statement: Statement): boolean {
  for (let n: Node | undefined = awaitNode.getParent(); n && n !== statement; n = n.getParent()) {
    if (Node.isFunctionLikeDeclaration(n) || Node.isBlock(n) || Node.isConditionalExpression(n)) return false;
    if (Node.isBinaryExpression(n) && ['&&', '||', '??'].includes(n.getOperatorToken().getText())) return false;
  }
  return true;
}

/** `id` names (the start of) the function a call calls: `String(x)`, `Math.max(…)`. */
function isCallee(id: Node): boolean {
  let top: Node = id;
  while (Node.isPropertyAccessExpression(top.getParent()!) && (top.getParent() as import('ts-morph').PropertyAccessExpression).getExpression() === top) top = top.getParent()!;
  const parent = top.getParent();
  return parent !== undefined && Node.isCallExpression(parent) && parent.getExpression() === top;
}

/** Names the handler binds itself: its parameters and every local declared in it. */
function ownNames(fn: Node): Set<string> {
  const names = new Set<string>();
  for (const d of descendantsOfKinds(fn, [SyntaxKind.VariableDeclaration, SyntaxKind.Parameter, SyntaxKind.BindingElement])) {
    if ((Node.isVariableDeclaration(d) || Node.isParameterDeclaration(d) || Node.isBindingElement(d)) && Node.isIdentifier(d.getNameNode())) {
      names.add(d.getNameNode().getText());
    }
  }
  return names;
}

function valueIdentifiers(node: Node): Node[] {
  const all = [node, ...descendantsOfKinds(node, [SyntaxKind.Identifier])].filter((n) => Node.isIdentifier(n));
  return all.filter((id) => {
    const parent = id.getParent();
    if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if (parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return false;
    return true;
  });
}

/** `statement` assigns `name` (=, op=, ++, --) anywhere inside. */
function assigns(statement: Node, name: string): boolean {
  return descendantsOfKinds(statement, [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression]).some((d) => {
    if (Node.isBinaryExpression(d)) {
      const kind = d.getOperatorToken().getKind();
      if (kind < SyntaxKind.FirstAssignment || kind > SyntaxKind.LastAssignment) return false;
      const left = d.getLeft();
      // `({ a } = x)`, `[a] = x` assign every name inside the pattern.
      const pattern = Node.isObjectLiteralExpression(left) || Node.isArrayLiteralExpression(left);
      return left.getText() === name || (pattern && left.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name));
    }
    if (Node.isPrefixUnaryExpression(d) || Node.isPostfixUnaryExpression(d)) {
      const op = d.getOperatorToken();
      return (op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken) && d.getOperand().getText() === name;
    }
    return false;
  });
}
