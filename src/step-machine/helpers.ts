// Questions asked inside a helper the handler awaits (`const ok = await confirm(ctx, msg)`).
// A liftable helper is split into two companions written next to it:
//
//   confirmParams(ctx, msg)           → the request params (the helper's code before the question)
//   confirmOutcome(ctx, msg, answer)  → what the helper did with the answer (its code after it)
//
// and every awaited call in a handler becomes a question of that handler: the request goes out as an
// input request, and on the retry `confirmOutcome(…, answer)` runs at the resume step. The helper
// itself stays while anything else still calls it; a helper nothing calls any more is removed.
// A private method (`this.confirm(ctx, msg)`) gets its companions as methods beside it, called on `this`.
import { Node, SyntaxKind, type ArrowFunction, type Block, type CallExpression, type FunctionDeclaration, type FunctionExpression, type MethodDeclaration, type ParameterDeclaration, type SourceFile, type Statement } from 'ts-morph';
import type { HandlerInfo } from '../analysis/handlers.js';
import type { PushSite } from '../analysis/push-sites.js';
import type { FindingInput } from '../types.js';
import { camelCase, snakeCase } from './naming.js';
import { isPureExpression, isPureStatement } from './purity.js';
import { stripUrlModeFields } from './plan.js';

type HelperFunction = FunctionDeclaration | ArrowFunction | FunctionExpression | MethodDeclaration;

export interface LiftableHelper {
  name: string;
  fn: HelperFunction;
  /** The statement that declares the helper (function declaration or `const x = …`), or the method. */
  declaration: Statement | MethodDeclaration;
  /** How callers reach the helper and its companions: '' for a function, 'this.' for a method. */
  receiver: string;
  /** A method's modifiers, repeated on its companions (`private `). */
  modifiers: string;
  site: PushSite;
  params: ParameterDeclaration[];
  pre: Statement[];
  /** Code after the question; empty when the helper returns the answer itself. */
  post: Statement[];
  /** The binding that receives the answer (`r`, `{ action, content }`); undefined for `return await …`. */
  binding?: string;
  requestFn: string;
  resultFn?: string;
  resultAsync: boolean;
  /** Indices of the helper's parameters each companion uses (the others are left out). */
  requestParams: number[];
  outcomeParams: number[];
  /** The outcome function needs the helper's code before the question (it uses a local from it). */
  outcomeNeedsPre: boolean;
  /** A key hint from the helper's name (`askForProject` → `project`). */
  keyHint: string;
}

export interface HelperCall {
  helper: LiftableHelper;
  call: CallExpression;
  /** The call's arguments for the request builder and for the outcome function. */
  requestArgs: string;
  outcomeArgs: string;
}

/** Helpers in this file that wrap exactly one question in a shape that can be split. */
export function findLiftableHelpers(sites: PushSite[], taken: Set<string>): Map<Node, LiftableHelper> {
  const helpers = new Map<Node, LiftableHelper>();
  const byFunction = new Map<Node, PushSite[]>();
  for (const site of sites) {
    if (site.handler || site.kind === 'completion-notifier' || site.kind === 'elicitation-id') continue;
    const fn = site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
    if (!fn) continue;
    const list = byFunction.get(fn) ?? [];
    list.push(site);
    byFunction.set(fn, list);
  }
  for (const [fn, fnSites] of byFunction) {
    if (fnSites.length !== 1) continue;
    const site = fnSites[0];
    if (!['elicitation', 'sampling', 'roots'].includes(site.kind) || !site.awaited || site.inLoop || site.inTry) continue;
    const named = helperName(fn);
    if (!named || !(Node.isFunctionDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn))) continue;
    const body = fn.getBody();
    if (!body || !Node.isBlock(body)) continue;
    // A default value goes into the companions with its parameter, so it must be safe to evaluate there too.
    if (!fn.getParameters().every((p) => Node.isIdentifier(p.getNameNode()) && isPureExpression(p.getInitializer()) && !p.getDotDotDotToken())) continue;
    const split = splitAt(body, site);
    if (!split) continue;
    const base = camelCase(named.name);
    const paramNames = fn.getParameters().map((p) => p.getName());
    const names = (nodes: Node[]) => new Set(nodes.flatMap((n) => [n, ...n.getDescendantsOfKind(SyntaxKind.Identifier)]).filter((n) => Node.isIdentifier(n)).map((n) => n.getText()));
    const preDeclared = new Set(split.pre.flatMap((st) => Node.isVariableStatement(st) ? st.getDeclarations().map((d) => d.getName()) : []));
    const postNames = names(split.post);
    const outcomeNeedsPre = [...preDeclared].some((n) => postNames.has(n));
    const requestNames = names([...split.pre, ...(site.params ? [site.params] : [])]);
    const outcomeNames = names([...(outcomeNeedsPre ? split.pre : []), ...split.post]);
    const used = (set: Set<string>) => paramNames.flatMap((p, i) => (set.has(p) ? [i] : []));
    const requestFn = uniqueIn(`${base}Params`, taken);
    const resultFn = split.post.length > 0 ? uniqueIn(`${base}Outcome`, taken) : undefined;
    helpers.set(fn, {
      name: named.name,
      fn,
      declaration: named.declaration,
      receiver: Node.isMethodDeclaration(fn) ? 'this.' : '',
      modifiers: Node.isMethodDeclaration(fn) ? fn.getModifiers().filter((m) => m.getKind() === SyntaxKind.PrivateKeyword || m.getKind() === SyntaxKind.ProtectedKeyword).map((m) => `${m.getText()} `).join('') : '',
      site,
      params: fn.getParameters(),
      pre: split.pre,
      post: split.post,
      binding: split.binding,
      requestFn,
      resultFn,
      resultAsync: split.post.some((st) => st.getDescendantsOfKind(SyntaxKind.AwaitExpression).length > 0),
      requestParams: used(requestNames),
      outcomeParams: used(outcomeNames),
      outcomeNeedsPre,
      keyHint: snakeCase(named.name.replace(/^(ask|prompt|elicit|request|get|fetch|choose|pick|select)(For)?(?=[A-Z])/, '')) || snakeCase(named.name),
    });
  }
  return helpers;
}

function uniqueIn(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name}${i}`;
  taken.add(candidate);
  return candidate;
}

function helperName(fn: Node): { name: string; declaration: Statement | MethodDeclaration } | undefined {
  if (Node.isMethodDeclaration(fn)) return ownMethod(fn) ? { name: fn.getName(), declaration: fn } : undefined;
  if (Node.isFunctionDeclaration(fn) && fn.getName() && Node.isSourceFile(fn.getParent())) {
    return { name: fn.getName()!, declaration: fn };
  }
  const decl = fn.getParent();
  if (decl && Node.isVariableDeclaration(decl) && Node.isIdentifier(decl.getNameNode())) {
    const statement = decl.getParent()?.getParent();
    if (statement && Node.isVariableStatement(statement) && Node.isSourceFile(statement.getParent()) && statement.getDeclarations().length === 1) {
      return { name: decl.getName(), declaration: statement };
    }
  }
  return undefined;
}

/**
 * An instance method only this class's code calls, so callers can move to its companions: private,
 * or protected in a class that is not exported and that no other class in the file redeclares.
 */
function ownMethod(method: MethodDeclaration): boolean {
  if (method.isStatic() || method.isAbstract() || !Node.isIdentifier(method.getNameNode())) return false;
  const cls = method.getParent();
  if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) return false;
  if (method.hasModifier(SyntaxKind.PrivateKeyword)) return true;
  if (!method.hasModifier(SyntaxKind.ProtectedKeyword) || (Node.isClassDeclaration(cls) && (cls.isExported() || cls.isDefaultExport()))) return false;
  const others = method.getSourceFile().getDescendants().filter((n) => (Node.isClassDeclaration(n) || Node.isClassExpression(n)) && n !== cls);
  return !others.some((c) => (c as import('ts-morph').ClassDeclaration).getMembers().some((m) => Node.isMethodDeclaration(m) && m.getName() === method.getName()));
}

/** Pure code before the question, the question as `const x = await …` or `return await …`, anything after. */
function splitAt(body: Block, site: PushSite): { pre: Statement[]; post: Statement[]; binding?: string } | undefined {
  const statements = body.getStatements();
  const index = statements.findIndex((st) => st.containsRange(site.node.getPos(), site.node.getEnd()));
  if (index < 0) return undefined;
  const statement = statements[index];
  const pre = statements.slice(0, index);
  if (!pre.every(isPureStatement)) return undefined;
  // A return before the question means some calls finish without asking: the companions cannot say that.
  if (pre.some(returnsFromHelper)) return undefined;
  const call = site.call;
  if (!call) return undefined;
  const awaited = skipParens(call.getParent());
  if (!awaited || !Node.isAwaitExpression(awaited)) return undefined;
  const holder = skipParens(awaited.getParent());
  if (Node.isReturnStatement(statement) && holder === statement) return { pre, post: [] };
  if (Node.isVariableStatement(statement) && statement.getDeclarations().length === 1) {
    const decl = statement.getDeclarations()[0];
    if (holder === decl && !statement.getDeclarations()[0].getTypeNode()) {
      return { pre, post: statements.slice(index + 1), binding: decl.getNameNode().getText() };
    }
  }
  return undefined;
}

/** The statement holds a `return` of the helper itself (not of a function nested in it). */
function returnsFromHelper(statement: Statement): boolean {
  if (Node.isReturnStatement(statement)) return true;
  return statement.getDescendantsOfKind(SyntaxKind.ReturnStatement).some((r) => !r.getFirstAncestor((a) => a !== statement && Node.isFunctionLikeDeclaration(a) && statement.containsRange(a.getPos(), a.getEnd())));
}

function skipParens(node: Node | undefined): Node | undefined {
  while (node && Node.isParenthesizedExpression(node)) node = node.getParent();
  return node;
}

/**
 * Awaited calls of liftable helpers inside handlers, as push sites of their handler. A call whose
 * arguments are not pure cannot be re-evaluated on the retry and is refused.
 */
export function helperCallSites(
  sourceFile: SourceFile,
  helpers: Map<Node, LiftableHelper>,
  handlers: HandlerInfo[],
  /** Helpers of other modules, by the local name this file imports them under. */
  imported: ReadonlyMap<string, LiftableHelper> = new Map(),
): { sites: PushSite[]; calls: Map<Node, HelperCall>; refusals: FindingInput[] } {
  const byName = new Map([...[...helpers.values()].filter((h) => h.receiver === '').map((h) => [h.name, h] as const), ...imported]);
  const methods = [...helpers.values()].filter((h) => h.receiver === 'this.');
  const sites: PushSite[] = [];
  const calls = new Map<Node, HelperCall>();
  const refusals: FindingInput[] = [];
  if (byName.size === 0 && methods.length === 0) return { sites, calls, refusals };
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const helper = calledHelper(call, byName, methods);
    if (!helper) continue;
    const handler = handlers.find((h) => h.fn.getStart() <= call.getStart() && call.getEnd() <= h.fn.getEnd());
    if (!handler) continue;
    const awaited = skipParens(call.getParent());
    let nestedFunction: Node | undefined;
    let inLoop = false;
    let inTry = false;
    for (let node: Node | undefined = call.getParent(); node && node !== handler.fn; node = node.getParent()) {
      if (Node.isFunctionLikeDeclaration(node) && !nestedFunction) nestedFunction = node;
      if (Node.isIterationStatement(node)) inLoop = true;
      if (Node.isTryStatement(node)) inTry = true;
    }
    const args = call.getArguments();
    const site: PushSite = {
      kind: helper.site.kind,
      api: `${helper.name}() (asks through ${helper.site.api})`,
      node: call,
      call,
      elicitMode: helper.site.elicitMode,
      handler,
      nestedFunction,
      awaited: awaited !== undefined && Node.isAwaitExpression(awaited),
      inLoop,
      inTry,
      viaThis: false,
    };
    if (!args.every((a) => isPureExpression(a))) {
      refusals.push({
        rule: 'push-in-helper', severity: 'warning', pos: call.getStart(),
        message: `${helper.name}() asks the client (${helper.site.api}), and its arguments here have side effects, so they cannot be evaluated again on the retry`,
        suggestion: `Compute the arguments into locals before calling ${helper.name}(), then run the migration again.`,
      });
      continue;
    }
    sites.push(site);
    // An argument the call leaves out (a parameter with a default) is passed as undefined where a
    // later one follows: the outcome function takes the answer after them.
    const pick = (indices: number[], more: boolean) => {
      const last = more ? Infinity : Math.max(-1, ...indices.filter((i) => i < args.length));
      return indices.filter((i) => i <= last).map((i) => args[i]?.getText() ?? 'undefined').join(', ');
    };
    calls.set(call, { helper, call, requestArgs: pick(helper.requestParams, false), outcomeArgs: pick(helper.outcomeParams, true) });
  }
  return { sites, calls, refusals };
}

/** The helper a call calls: `helper(…)`, or `this.helper(…)` in the helper's own class. */
function calledHelper(call: CallExpression, byName: Map<string, LiftableHelper>, methods: LiftableHelper[]): LiftableHelper | undefined {
  const callee = call.getExpression();
  if (Node.isIdentifier(callee)) return byName.get(callee.getText());
  if (!Node.isPropertyAccessExpression(callee) || !Node.isThisExpression(callee.getExpression())) return undefined;
  const cls = call.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  return methods.find((h) => h.name === callee.getName() && h.fn.getParent() === cls);
}

export interface CompanionTypes {
  request?: string;
  answer?: string;
  /** The helper's declared result type, without Promise<…>. */
  result?: string;
}

/** The request builder and the result function, as text placed after the helper. */
export function companionText(helper: LiftableHelper, indent: string, unit: string, eol: string, semi: string, types: CompanionTypes, exported = false): string {
  // Only module functions are exported (cross-file mode); method companions stay on their class.
  const exportKeyword = exported && !helper.receiver ? 'export ' : '';
  const paramsOf = (indices: number[]) => indices.map((i) => helper.params[i].getText());
  const preText = helper.pre.map((st) => reindent(st, indent + unit)).join(eol);
  const params0 = helper.site.params;
  const paramsExpr = params0 ? (helper.site.elicitMode === 'url' ? stripUrlModeFields(params0) : params0.getText()) : '{}';
  const lines: string[] = [];
  const requestType = types.request ? `: ${types.request}` : '';
  // A method's companions are methods with its modifiers; a function's are functions.
  const declare = (name: string, isAsync: boolean) =>
    helper.receiver ? `${helper.modifiers}${isAsync ? 'async ' : ''}${name}` : `${isAsync ? 'async ' : ''}function ${name}`;
  lines.push(`${indent}/** The request ${helper.name}() asks with (its code before the question). */`);
  lines.push(`${indent}${exportKeyword}${declare(helper.requestFn, false)}(${paramsOf(helper.requestParams).join(', ')})${requestType} {`);
  if (preText) lines.push(preText);
  lines.push(`${indent}${unit}return ${paramsExpr}${semi}`);
  lines.push(`${indent}}`);
  if (helper.resultFn) {
    const answerParam = `${helper.binding}${types.answer ? `: ${types.answer}` : ''}`;
    const resultType = types.result ? `: ${helper.resultAsync ? `Promise<${types.result}>` : types.result}` : '';
    lines.push('');
    lines.push(`${indent}/** What ${helper.name}() does with the answer (its code after the question). */`);
    lines.push(`${indent}${exportKeyword}${declare(helper.resultFn, helper.resultAsync)}(${[...paramsOf(helper.outcomeParams), answerParam].join(', ')})${resultType} {`);
    if (preText && helper.outcomeNeedsPre) lines.push(preText);
    for (const st of helper.post) lines.push(reindent(st, indent + unit));
    lines.push(`${indent}}`);
  }
  return lines.join(eol);
}

/** A statement's text with its leading comments, re-based from its own indentation to `indent`. */
function reindent(statement: Statement, indent: string): string {
  const text = statement.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const own = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  const body = text.slice(statement.getStart(), statement.getEnd());
  return indent + body.split('\n').map((line, i) => (i === 0 ? line : line.startsWith(own) ? indent + line.slice(own.length) : line)).join('\n');
}
