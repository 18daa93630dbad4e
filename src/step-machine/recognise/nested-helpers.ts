// Helpers whose one question is not a plain statement at the top of their body: inside `if` and
// `try … catch` blocks (the capability guard `if (caps?.elicitation) { try { ask } catch {} }
// return fallback`, a question in a try whose catch carries on), or after code with side effects.
// Such a helper is split into the same two companions as any other (see helpers.ts):
//
//   <name>Params   the helper run up to its question: `{ ask: request }` where it would ask,
//                  `{ done: value }` where it returns without asking (guards, fallbacks, a catch
//                  that returns); a plain request when it always asks
//   <name>Outcome  the helper continued from its question with the answer: the code after the
//                  question in its block, inside the same try/catch, then the code after those blocks
//
// When the code on the way to the question is pure, the handler rebuilds the request on every leg
// from the same inputs. Otherwise (I/O, logging, a getter it cannot prove pure) the request is
// built once, on the leg that first reaches the question, and travels in the requestState: the
// helper's code before its question still runs once per logical call, as it did.
import { Node, SyntaxKind, type Block, type CallExpression, type CatchClause, type Expression, type IfStatement, type Statement, type TryStatement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { TextEdit } from '../../types.js';
import { applyEdits } from '../../ast/edits.js';
import { alwaysExits } from '../../ast/exits.js';
import { parentOutsideParentheses } from '../../ast/unwrap.js';
import { resolveIdentifier } from '../../ast/resolve.js';
import { statementDeclaredNames } from '../../ast/names.js';
import { statementsNeededBy, valueIdentifiers, valueNames } from './needed-statements.js';
import { isPureExpression } from '../../analysis/purity.js';
import type { StableCode } from './stable-code.js';
import { indentationAt, lineStartOf, multilineLiteralRanges } from '../../ast/text.js';

/** Why a helper's question is not lifted: a stable code and the words for it (see helperRefusalFinding). */
export interface HelperRefusal {
  code: HelperRefusalCode;
  /** What exactly, in the helper's terms (`the question sits in a for…of loop`). */
  detail: string;
}

export type HelperRefusalCode =
  | 'not-awaited'
  | 'question-in-loop'
  | 'question-in-nested-block'
  | 'question-in-catch'
  | 'finally-around-question'
  | 'answer-not-bound'
  | 'several-questions'
  | 'parameters'
  | 'calls-itself'
  | 'outcome-needs-value-with-effects'
  | 'result-type-unknown'
  | 'url-mode'
  | 'dropped-with-effects'
  | 'request-mode-unknown'
  | 'roots-guarded'
  | 'generator'
  | 'method-request-carried'
  | 'reflective-lookup'
  | 'no-name'
  | 'v1-file'
  | 'names-taken';

/** What to do about a refusal, per code (the words of the finding; `name` is the helper's). */
export function refusalSuggestion(refusal: HelperRefusal, name: string): string {
  switch (refusal.code) {
    case 'several-questions':
      return `Split ${name}() so that each helper asks once (or ask in the handler), then run the migration again.`;
    case 'reflective-lookup':
      return `Call the SDK's push method directly in ${name}() (ctx.mcpReq.elicitInput(…), server.elicitInput(…)), or ask in the handler that calls ${name}() and pass the answer in; then run the migration again.`;
    case 'outcome-needs-value-with-effects':
      return `Compute those values after the question (or in the handler, passed in as arguments), so that ${name}() only reads its arguments before asking; then run the migration again.`;
    case 'result-type-unknown':
      return `Declare the return type of ${name}(), then run the migration again.`;
    case 'finally-around-question':
      return `Move the cleanup out of the \`finally\` (the question no longer waits for the client), then run the migration again.`;
    case 'question-in-loop':
      return `Ask once per call of ${name}() (loop in the handler instead), then run the migration again.`;
    case 'dropped-with-effects':
      return `Run that code in a statement of its own before the question in ${name}() (its effects then stay; a URL-mode id can go into the URL if the out-of-band flow needs it), then run the migration again.`;
    case 'request-mode-unknown':
      return `Give ${name}()'s request the form type (ElicitRequestFormParams) or write it out as an object, then run the migration again.`;
    case 'v1-file':
      return `Move the file to @modelcontextprotocol/server 2.x (--sdk-upgrade does the v1→v2 surface upgrade first), then run the migration again.`;
    case 'names-taken':
      return `Rename what takes the names ${name}()'s companions need in its module (${name}Params, ${name}Outcome), then run the migration again.`;
    case 'no-name':
      return `Ask in the handler that calls ${name}() and pass the answer in (or make ${name}() a top-level function or a private method with a block body), then run the migration again.`;
    default:
      return `Ask the question at the top level of ${name}() (await it into a const of its own, outside loops, switch cases and catch blocks), then run the migration again.`;
  }
}

/** One block on the way from the helper's body to its question, with its statement on that way. */
export interface PathLevel {
  block: Block;
  /** The statement of `block` that holds the question (the last level's is the question's own). */
  statement: Statement;
}

export interface NestedSplit {
  path: PathLevel[];
  /** The question's own statement. */
  question: Statement;
  /** What receives the answer (`result`, `{ action }`), with its declared type; undefined for `return await …`. */
  binding?: { text: string; type?: string };
  /**
   * The code on the way to the question is pure: the handler rebuilds the request on every leg.
   * Otherwise it is built once and carried in the requestState.
   */
  rebuilt: boolean;
  /** Params may return without asking (`{ ask } | { done }`). */
  guarded: boolean;
  /** Params awaits something (before the question, or on a way out without asking). */
  paramsAsync: boolean;
  /** Outcome awaits something. */
  outcomeAsync: boolean;
  /** Declarations before the question the Outcome uses (rebuilt mode: they run again there). */
  outcomePre: Statement[];
  /** The request expression as Params returns it (`{ message, … }`, or `request.params`). */
  params: { node?: Expression; text?: string };
  /**
   * Pure declarations before the question that Params does not read (only the Outcome does, or
   * nothing): left out of Params, which would not compile under noUnusedLocals with them.
   */
  paramsDropped: Statement[];
  /** Identifier names each companion's code uses (to pick the helper parameters it takes). */
  paramsNames: Set<string>;
  outcomeNames: Set<string>;
}

/** The body of a function split at `site`, its one question; or why not. */
export function splitNested(body: Block, site: PushSite, stable: StableCode): NestedSplit | HelperRefusal {
  const call = site.call;
  if (!call || !site.awaited && !returnedDirectly(call)) return { code: 'not-awaited', detail: 'the question is not awaited where it is asked' };
  if (site.kind === 'elicitation' && site.elicitMode === 'url') return { code: 'url-mode', detail: 'the question is a URL-mode elicitation, which is lifted only when the helper awaits it in a statement at its top level (`const answer = await …`)' };
  const path = pathTo(call, body);
  if ('code' in path) return path;
  const question = path[path.length - 1].statement;
  // What runs before the question, on the way to it (conditions of the blocks included).
  const before = path.flatMap((level) => statementsBefore(level));
  const bound = bindingOf(question, call, before);
  if ('code' in bound) return bound;
  const params = paramsOf(site, call, question);
  if (!params) return { code: 'answer-not-bound', detail: 'the request it sends cannot be read where it is asked' };

  const conditions = path.flatMap((level, i) => (i > 0 ? conditionsOnTheWay(level.block, path[i - 1].block) : []));
  const rebuilt = before.every((st) => pathPure(st, stable)) && conditions.every((c) => stable.expression(c)) && stable.expression(params.node);

  const continuation = continuationStatements(path);
  const continuationNames = valueNames(continuation);
  // The `let` the answer is assigned to is the Outcome's parameter, not a value carried from before.
  const needed = [...new Set(before.filter((st) => st !== bound.declaration).flatMap(statementDeclaredNames))].filter((name) => continuationNames.has(name));
  if (!rebuilt && needed.length > 0) {
    return {
      code: 'outcome-needs-value-with-effects',
      detail: `its code after the question uses ${needed.join(', ')}, which it computes before the question in code with side effects (that code runs once, so the value would have to travel in the state)`,
    };
  }
  const outcomePre = rebuilt ? statementsNeededBy(before.filter((st) => st !== bound.declaration), continuation, 'drop') : [];
  const guarded = path.length > 1 || before.some(returnsFromHelper);
  if (guarded && site.kind === 'roots') return { code: 'roots-guarded', detail: rootsGuardedDetail(path, before) };
  // Params is the body without what only runs after the question (the rest of the question's block).
  const innermost = path[path.length - 1].block.getStatements();
  const cut = { start: question.getStart(), end: innermost[innermost.length - 1].getEnd() };
  const inParams = (n: Node) => !(n.getStart() >= cut.start && n.getEnd() <= cut.end) && !isInNestedFunction(n, body);
  const paramsDropped = unreadInParams(before, body, cut, question);
  // The `let` the answer was assigned to, when nothing Params keeps uses it (noUnusedLocals).
  const declared = bound.declaration;
  if (declared && !paramsDropped.includes(declared) && !usedOutside(declared, body, [cut, ...unreachableInParams(path)])) paramsDropped.push(declared);
  const inDropped = (n: Node) => paramsDropped.some((st) => n.getStart() >= st.getStart() && n.getEnd() <= st.getEnd());
  return {
    path,
    question,
    binding: bound.binding,
    rebuilt,
    guarded,
    // The request expression sits in the question's statement, past the cut: its awaits count too.
    paramsAsync: body.getDescendantsOfKind(SyntaxKind.AwaitExpression).some(inParams) || params.node !== undefined && awaitsOwn(params.node),
    outcomeAsync: [...continuation, ...outcomePre].some((st) => awaitsOwn(st)),
    outcomePre,
    params,
    paramsDropped,
    paramsNames: new Set([...valueIdentifiers(body).filter((id) => !(id.getStart() >= cut.start && id.getEnd() <= cut.end) && !inDropped(id)),
      ...(params.node ? valueIdentifiers(params.node) : [])].map((id) => id.getText())),
    outcomeNames: valueNames([...continuation, ...outcomePre]),
  };
}

/** Whether the variable `declaration` declares is referred to in `body` outside the declaration and the ranges Params leaves out. */
function usedOutside(declaration: Statement, body: Block, left: readonly { start: number; end: number }[]): boolean {
  const decl = (declaration as import('ts-morph').VariableStatement).getDeclarations()[0];
  return body.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id !== decl.getNameNode() &&
    !left.some((range) => id.getStart() >= range.start && id.getEnd() <= range.end) && id.getText() === decl.getName() && resolveIdentifier(id) === decl);
}

/** What keeps a roots question from the helper's top level: a roots question lifts only from there. */
function rootsGuardedDetail(path: readonly PathLevel[], before: readonly Statement[]): string {
  const where = path.slice(0, -1).map((level) => level.statement);
  const what = where.some((st) => Node.isIfStatement(st)) ? 'an if block'
    : where.some((st) => Node.isTryStatement(st)) ? 'a try block' : 'a nested block';
  const returns = before.some(returnsFromHelper);
  return where.length > 0
    ? `its roots question sits in ${what}${returns ? ', after code that can return without asking' : ''}, and a roots question is lifted only from a helper that asks it at its top level`
    : 'it can return before its roots question without asking, and a roots question is lifted only from a helper that always asks it';
}

/** `return ask(…)` in an async helper: the promise is the result, as good as awaited. */
function returnedDirectly(call: CallExpression): boolean {
  let node: Node = call;
  while (node.getParent() && Node.isParenthesizedExpression(node.getParent()!)) node = node.getParent()!;
  return Node.isReturnStatement(node.getParent());
}

/** The blocks from the body to the question, each with its statement on the way; or why the question cannot be reached into. */
function pathTo(call: CallExpression, body: Block): PathLevel[] | HelperRefusal {
  const levels: PathLevel[] = [];
  let child: Node = call;
  for (let parent = call.getParent(); parent; child = parent, parent = parent.getParent()) {
    if (Node.isBlock(parent)) {
      if (!Node.isStatement(child)) return { code: 'question-in-nested-block', detail: 'the question is not a statement of its block' };
      levels.unshift({ block: parent, statement: child });
      if (parent === body) return levels;
      const holder = parent.getParent();
      if (Node.isTryStatement(holder)) {
        if (holder.getFinallyBlock()) return { code: 'finally-around-question', detail: 'a `finally` around the question would run on the leg that asks as well as on the one that answers' };
        if (holder.getTryBlock() !== parent) return { code: 'question-in-catch', detail: 'the question is asked in a `catch` block' };
      } else if (Node.isCatchClause(holder)) {
        return { code: 'question-in-catch', detail: 'the question is asked in a `catch` block' };
      } else if (!Node.isIfStatement(holder) && !Node.isBlock(holder)) {
        return Node.isIterationStatement(holder)
          ? { code: 'question-in-loop', detail: 'the question is asked in a loop of the helper' }
          : { code: 'question-in-nested-block', detail: 'the question sits in a block the helper cannot be resumed into (a switch case, a labelled block)' };
      }
      continue;
    }
    // The holder of a block on the way (its if, try or enclosing block) was checked with the block.
    if (Node.isBlock(child)) continue;
    if (Node.isIterationStatement(parent)) return { code: 'question-in-loop', detail: 'the question is asked in a loop of the helper' };
    if (Node.isFunctionLikeDeclaration(parent) || Node.isArrowFunction(parent) || Node.isFunctionExpression(parent)) {
      return { code: 'question-in-nested-block', detail: 'the question is asked in a function nested in the helper' };
    }
    // An `else if` chain: the inner if is the else branch of the outer one.
    if (Node.isIfStatement(parent) && Node.isIfStatement(child) && parent.getElseStatement() === child) continue;
    if (Node.isStatement(parent) && !Node.isIfStatement(parent) && !Node.isVariableStatement(parent) && !Node.isReturnStatement(parent) && !Node.isExpressionStatement(parent)) {
      return { code: 'question-in-nested-block', detail: 'the question sits in a block the helper cannot be resumed into (a switch case, a labelled block, a branch without braces)' };
    }
    if (Node.isIfStatement(parent) && !Node.isBlock(child) && child !== parent.getExpression()) {
      return { code: 'question-in-nested-block', detail: 'the question sits in a branch without braces' };
    }
  }
  return { code: 'question-in-nested-block', detail: 'the question is not inside the helper body' };
}

/**
 * `const x = await ask()` (one declaration, any type), `return await ask()`, or `x = await ask()`
 * into a `let x` declared alone on the way before the question (`let r; try { r = await ask() }
 * catch { … }`: the Outcome takes the answer as `x`, and the declaration stays with Params); or why not.
 */
function bindingOf(statement: Statement, call: CallExpression, before: readonly Statement[]): { binding?: NestedSplit['binding']; declaration?: Statement } | HelperRefusal {
  const awaited = parentOutsideParentheses(call);
  const value = awaited && Node.isAwaitExpression(awaited) ? parentOutsideParentheses(awaited) : awaited;
  if (Node.isReturnStatement(statement) && value === statement) return {};
  if (Node.isVariableStatement(statement) && statement.getDeclarations().length === 1) {
    const decl = statement.getDeclarations()[0];
    if (value === decl && Node.isAwaitExpression(awaited)) return { binding: { text: decl.getNameNode().getText(), type: decl.getTypeNode()?.getText() } };
  }
  const assigned = assignedLet(statement, awaited, value, before);
  if (assigned) return assigned;
  return { code: 'answer-not-bound', detail: 'the answer is neither returned nor the initialiser of a declaration of its own' };
}

/** `x = await ask();` whose `x` is a `let` declared alone in one of `before`: that declaration and the binding. */
function assignedLet(statement: Statement, awaited: Node | undefined, value: Node | undefined, before: readonly Statement[]): { binding: NonNullable<NestedSplit['binding']>; declaration: Statement } | undefined {
  if (!Node.isExpressionStatement(statement) || !awaited || !Node.isAwaitExpression(awaited) || !value || !Node.isBinaryExpression(value)) return undefined;
  if (value.getOperatorToken().getKind() !== SyntaxKind.EqualsToken || parentOutsideParentheses(value) !== statement || value.getRight() !== awaited && parentOutsideParentheses(awaited) !== value) return undefined;
  const target = value.getLeft();
  if (!Node.isIdentifier(target)) return undefined;
  const decl = resolveIdentifier(target);
  const declaration = decl?.getParent()?.getParent();
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode()) || !declaration || !Node.isVariableStatement(declaration) ||
    declaration.getDeclarationKind() !== 'let' || declaration.getDeclarations().length !== 1 || !before.includes(declaration)) return undefined;
  return { binding: { text: target.getText(), type: decl.getTypeNode()?.getText() }, declaration };
}

/** The request: the params at the call, or `<local>.params` when the call sends a request object declared before it. */
function paramsOf(site: PushSite, call: CallExpression, question: Statement): NestedSplit['params'] | undefined {
  if (site.kind === 'roots') return {};
  const params = site.params;
  if (!params) return undefined;
  if (question.containsRange(params.getPos(), params.getEnd())) return { node: params };
  const [first] = call.getArguments();
  return first && Node.isIdentifier(first) ? { text: `${first.getText()}.params` } : undefined;
}

function statementsBefore(level: PathLevel): Statement[] {
  const statements = level.block.getStatements();
  return statements.slice(0, statements.indexOf(level.statement));
}

/** The conditions evaluated on the way from `outer` into `block`: its if, and the ifs of an else-if chain above it. */
function conditionsOnTheWay(block: Block, outer: Block): Expression[] {
  return block.getAncestors().filter((a) => outer.containsRange(a.getPos(), a.getEnd()) && a !== outer && Node.isIfStatement(a))
    .map((a) => (a as IfStatement).getExpression());
}

/**
 * Running the statement on the way to the question changes nothing: pure declarations and
 * conditions, and branches that either leave the helper (returning without asking: any code may
 * run there, once, on a leg that asks nothing) or are themselves pure.
 */
function pathPure(statement: Statement, stable: StableCode): boolean {
  if (Node.isIfStatement(statement)) {
    const branches = [statement.getThenStatement(), statement.getElseStatement()].filter((b): b is Statement => b !== undefined);
    return stable.expression(statement.getExpression()) && branches.every((b) => exitsAlways([b]) || pathPure(b, stable));
  }
  if (Node.isBlock(statement)) return statement.getStatements().every((st) => pathPure(st, stable));
  return stable.statement(statement);
}

/** Every statement the Outcome may run: after the question in its block, the catch clauses on the way, and after each block on the way. */
function continuationStatements(path: PathLevel[]): Statement[] {
  const out: Statement[] = [];
  for (const level of path) {
    const statements = level.block.getStatements();
    out.push(...statements.slice(statements.indexOf(level.statement) + 1));
    if (Node.isTryStatement(level.statement)) out.push(level.statement.getCatchClause()!.getBlock());
  }
  return out;
}

function afterInBlock(level: PathLevel): Statement[] {
  const statements = level.block.getStatements();
  return statements.slice(statements.indexOf(level.statement) + 1);
}

/**
 * Declarations on the way to the question (types, and variables whose every initialiser is pure) whose names nothing
 * else Params runs reads (the body before the cut, the question's statement, whose request Params
 * returns), dropped until none is left to drop. One the helper itself never read stays as written:
 * dropping it would leave what it reads unread instead.
 */
function unreadInParams(before: Statement[], body: Block, cut: { start: number; end: number }, request: Node | undefined): Statement[] {
  const readInHelper = new Set(valueIdentifiers(body).filter((id) => !isDeclaredName(id)).map((id) => id.getText()));
  // A type costs nothing to drop; an unread one fails noUnusedLocals like a variable.
  const candidates = before.filter((st) => (Node.isTypeAliasDeclaration(st) || Node.isInterfaceDeclaration(st) || Node.isVariableStatement(st) &&
    st.getDeclarations().every((d) => d.getInitializer() !== undefined && isPureExpression(d.getInitializer()))) &&
    statementDeclaredNames(st).some((name) => readInHelper.has(name)));
  const dropped = new Set<Statement>();
  const inside = (n: Node, st: Node) => n.getStart() >= st.getStart() && n.getEnd() <= st.getEnd();
  for (let changed = true; changed;) {
    changed = false;
    const read = new Set([...valueIdentifiers(body), ...(request ? valueIdentifiers(request) : [])]
      .filter((id) => !(id.getStart() >= cut.start && id.getEnd() <= cut.end) || (request !== undefined && inside(id, request)))
      .filter((id) => ![...dropped].some((st) => inside(id, st)))
      .filter((id) => !isDeclaredName(id))
      .map((id) => id.getText()));
    for (const st of candidates) {
      if (dropped.has(st) || statementDeclaredNames(st).some((name) => read.has(name))) continue;
      dropped.add(st);
      changed = true;
    }
  }
  return before.filter((st) => dropped.has(st));
}

/** `id` is the name a variable declaration, binding element, type alias or interface declares (not a read). */
function isDeclaredName(id: Node): boolean {
  const parent = id.getParent();
  return (Node.isVariableDeclaration(parent) || Node.isBindingElement(parent) || Node.isTypeAliasDeclaration(parent) ||
    Node.isInterfaceDeclaration(parent)) && parent.getNameNode() === id;
}

/** `node` sits in a function nested in `root` (its awaits and returns are that function's). */
function isInNestedFunction(node: Node, root: Node): boolean {
  return node.getFirstAncestor((a) => a !== root && root.containsRange(a.getPos(), a.getEnd()) &&
    (Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a))) !== undefined;
}

/** The statement or expression is or holds an `await` of the helper itself (not of a function nested in it). */
export function awaitsOwn(node: Node): boolean {
  return Node.isAwaitExpression(node) || node.getDescendantsOfKind(SyntaxKind.AwaitExpression).some((a) => !isInNestedFunction(a, node));
}

/** The statement holds a `return` of the helper itself (not of a function nested in it). */
export function returnsFromHelper(statement: Statement): boolean {
  return Node.isReturnStatement(statement) || ownReturns(statement).length > 0;
}

/** The helper's own `return` statements inside `root` (not those of functions nested in it). */
function ownReturns(root: Node): Node[] {
  return root.getDescendantsOfKind(SyntaxKind.ReturnStatement).filter((r) => !isInNestedFunction(r, root));
}

// --- text of the companions ------------------------------------------------------------------

export interface CompanionStyle {
  /** Indentation of the companion's body statements. */
  indent: string;
  unit: string;
  eol: string;
  semi: string;
  /** Edits inside the helper's statements (capability reads), applied where those statements land. */
  edits: TextEdit[];
}

/** The body statements of `<name>Params`: the helper up to its question, as text (lines joined by eol). */
export function paramsBodyText(fnBody: Block, split: NestedSplit, style: CompanionStyle): string {
  const { semi } = style;
  const statements = fnBody.getStatements();
  const first = statements[0];
  const last = statements[statements.length - 1];
  const text = fnBody.getSourceFile().getFullText();
  const innermost = split.path[split.path.length - 1];
  const blockStatements = innermost.block.getStatements();
  const lastInBlock = blockStatements[blockStatements.length - 1];
  const edits: TextEdit[] = [];
  const wrap = (inner: string) => (split.guarded ? `{ ask: ${inner} }` : inner);
  if (split.params.node) {
    // The question becomes `return { ask: <its params> };`; everything after it in its block goes.
    edits.push({ start: split.question.getStart(), end: split.params.node.getStart(), text: split.guarded ? 'return { ask: ' : 'return ' });
    edits.push({ start: split.params.node.getEnd(), end: lastInBlock.getEnd(), text: `${split.guarded ? ' }' : ''}${semi}` });
  } else {
    edits.push({ start: split.question.getStart(), end: lastInBlock.getEnd(), text: `return ${wrap(split.params.text ?? '{}')}${semi}` });
  }
  const removedRanges = [{ start: split.question.getStart(), end: lastInBlock.getEnd() }];
  for (const range of unreachableInParams(split.path)) {
    edits.push({ ...range, text: '' });
    removedRanges.push(range);
  }
  const inRemoved = (n: Node) => removedRanges.some((range) => n.getStart() >= range.start && n.getEnd() <= range.end);
  if (split.guarded) {
    for (const r of ownReturns(fnBody)) {
      if (inRemoved(r)) continue;
      const value = (r as import('ts-morph').ReturnStatement).getExpression();
      edits.push(value ? { start: value.getStart(), end: value.getEnd(), text: `{ done: ${value.getText()} }` }
        : { start: r.getStart(), end: r.getEnd(), text: `return { done: undefined }${r.getText().trimEnd().endsWith(';') ? ';' : semi}` });
    }
  }
  // A dropped declaration goes with its comments and the space up to the next statement of its block
  // (there is one: the way to the question goes on after it).
  for (const st of split.paramsDropped) {
    const siblings = (st.getParent() as Block).getStatements();
    edits.push({ start: withLeadingComments(st), end: withLeadingComments(siblings[siblings.indexOf(st) + 1]), text: '' });
  }
  for (const e of style.edits) {
    if (e.start >= first.getStart() && e.end <= last.getEnd() && !removedRanges.some((range) => e.start >= range.start && e.end <= range.end) &&
      !split.paramsDropped.some((st) => e.start < st.getEnd() && e.end > withLeadingComments(st))) edits.push(e);
  }
  let out = rebased(text, withLeadingComments(first), last.getEnd(), indentationAt(text, first.getStart()), style.indent, edits, multilineLiteralRanges(fnBody, text));
  // A helper that can run off its end returns undefined without asking.
  if (split.guarded && !exitsAfterLift(statements, split)) out += `${style.eol}${style.indent}return { done: undefined }${semi}`;
  return style.indent + out;
}

/** Whether the body, with the question's block cut at the question (which now returns), never runs off its end. */
function exitsAfterLift(statements: Statement[], split: NestedSplit): boolean {
  return statements.length > 0 && blockExitsInParams(split.path, 0);
}

/** Whether the block of path level `level`, from its statement on the way to the question, always exits in Params' form. */
function blockExitsInParams(path: readonly PathLevel[], level: number): boolean {
  const { block, statement } = path[level];
  return statementExitsInParams(path, level) || exitsAlways(block.getStatements().slice(block.getStatements().indexOf(statement) + 1));
}

/** Whether the statement of path level `level` always exits in Params' form (the question's own statement returns there). */
function statementExitsInParams(path: readonly PathLevel[], level: number): boolean {
  const { statement } = path[level];
  if (level === path.length - 1) return true;
  if (!blockExitsInParams(path, level + 1)) return false;
  // Leaving through the other branch (or the catch) goes on after the statement.
  if (Node.isIfStatement(statement)) {
    const other = statement.getThenStatement() === path[level + 1].block ? statement.getElseStatement() : statement.getThenStatement();
    return other !== undefined && exitsAlways([other]);
  }
  if (Node.isTryStatement(statement)) return exitsAlways((statement.getCatchClause() as CatchClause).getBlock().getStatements());
  return true;
}

/** Code after a block that now always returns (a try whose catch returns too): it would never run in Params, which leaves it out. */
function unreachableInParams(path: readonly PathLevel[]): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let level = path.length - 2; level >= 0; level--) {
    const { block, statement } = path[level];
    const rest = block.getStatements().slice(block.getStatements().indexOf(statement) + 1);
    if (rest.length > 0 && statementExitsInParams(path, level)) ranges.push({ start: statement.getEnd(), end: rest[rest.length - 1].getEnd() });
  }
  return ranges;
}

/** The body statements of `<name>Outcome`: the helper continued from its question, as text. */
export function outcomeBodyText(split: NestedSplit, style: CompanionStyle): string {
  const { eol, unit } = style;
  const text = split.question.getSourceFile().getFullText();
  const literals = multilineLiteralRanges(split.path[0].block, text);
  const chunks: string[] = [];
  if (split.outcomePre.length > 0) chunks.push(...split.outcomePre.map((st) => statementText(text, [st], style.indent, style.edits)));
  chunks.push(...continuation(0, style.indent).chunks);
  return chunks.join(eol);

  function statementText(full: string, statements: Statement[], indent: string, edits: TextEdit[]): string {
    const first = statements[0];
    const last = statements[statements.length - 1];
    const start = withLeadingComments(first);
    const inside = edits.filter((e) => e.start >= start && e.end <= last.getEnd());
    return indent + rebased(full, start, last.getEnd(), indentationAt(full, first.getStart()), indent, inside, literals);
  }

  /** The code that runs after the question at `level` (and out through the levels above), and whether it always exits. */
  function continuation(level: number, indent: string): { chunks: string[]; exits: boolean } {
    const { block, statement } = split.path[level];
    const rest = block.getStatements().slice(block.getStatements().indexOf(statement) + 1);
    const chunks: string[] = [];
    let exits: boolean;
    if (level === split.path.length - 1) {
      if (rest.length > 0) chunks.push(statementText(text, rest, indent, style.edits));
      return { chunks, exits: exitsAlways(rest) };
    } else if (Node.isTryStatement(statement)) {
      const inner = continuation(level + 1, indent + unit);
      const handler = (statement as TryStatement).getCatchClause()!;
      // Nothing of the try block is left after the question: nothing there can throw into the catch.
      if (inner.chunks.length > 0) chunks.push(`${indent}try {`, ...inner.chunks, `${indent}} ${rebased(text, handler.getStart(), handler.getEnd(), indentationAt(text, statement.getStart()), indent, style.edits.filter((e) => e.start >= handler.getStart() && e.end <= handler.getEnd()), literals)}`);
      exits = inner.chunks.length > 0 && inner.exits && exitsAlways(handler.getBlock().getStatements());
    } else {
      const inner = continuation(level + 1, indent);
      // The inner code's own declarations stay in a block of their own when more code follows.
      const declares = inner.chunks.length > 0 && !inner.exits && rest.length > 0 && declaresNames(split.path[level + 1]);
      if (declares) chunks.push(`${indent}{`, ...continuation(level + 1, indent + unit).chunks, `${indent}}`);
      else chunks.push(...inner.chunks);
      exits = inner.exits;
    }
    if (!exits && rest.length > 0) {
      chunks.push(statementText(text, rest, indent, style.edits));
      exits = exitsAlways(rest);
    }
    return { chunks, exits };
  }
}

/** Where a statement starts with the comments on the lines above it. */
function withLeadingComments(statement: Statement): number {
  const comments = statement.getLeadingCommentRanges();
  return comments.length > 0 ? comments[0].getPos() : statement.getStart();
}

/** The statements after the question in the level's block declare names (of their own block scope). */
function declaresNames(level: PathLevel): boolean {
  return afterInBlock(level).some((st) => Node.isVariableStatement(st) || Node.isFunctionDeclaration(st) || Node.isClassDeclaration(st));
}

/**
 * text[start, end) with `edits` applied and every line after the first moved from indentation
 * `own` to `target` (lines inside multi-line strings and templates stay as they are).
 */
function rebased(text: string, start: number, end: number, own: string, target: string, edits: TextEdit[], literals: [number, number][]): string {
  const all = [...edits];
  for (let pos = text.indexOf('\n', start) + 1; pos > 0 && pos < end; pos = text.indexOf('\n', pos) + 1) {
    if (literals.some(([s, e]) => pos >= s && pos < e) || edits.some((e) => pos > e.start && pos < e.end)) continue;
    if (text.startsWith(own, pos) && pos + own.length <= end) all.push({ start: pos, end: pos + own.length, text: target });
  }
  const local = all.filter((e) => e.start >= start && e.end <= end).map((e) => ({ ...e, start: e.start - start, end: e.end - start }));
  return applyEdits(text.slice(start, end), local);
}

/** Where a statement's line starts (for placing generated lines next to it). */
export function statementLineStart(statement: Statement): number {
  return lineStartOf(statement.getSourceFile().getFullText(), statement.getStart());
}

/** Code after the question that always exits; a `finally` would run when the outcome runs, so it counts as not exiting. */
function exitsAlways(code: Node | readonly Node[]): boolean {
  return alwaysExits(code, { refuseFinally: true });
}
