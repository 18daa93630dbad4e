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
import { parentOutsideParentheses } from '../../ast/unwrap.js';
import { referencesOf } from '../../analysis/sdk-receivers.js';
import { descendantsOfKinds, Node, SyntaxKind, ts, type ArrowFunction, type Block, type CallExpression, type FunctionDeclaration, type FunctionExpression, type MethodDeclaration, type ParameterDeclaration, type PropertyAccessExpression, type SourceFile, type Statement } from '../../ts-morph.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import { isAwaited, type PushSite } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { camelCase, snakeCase } from '../../ast/naming.js';
import { isPureExpression, isPureStatement } from '../../analysis/purity.js';
import { droppedWithEffects, droppedWithEffectsProblem, stripUrlModeFields } from './dropped-arguments.js';
import { bindingNames, statementDeclaredNames } from '../../ast/names.js';
import { guardLiftable, guardReturnEdits, guardedRequestType } from './guarded-helpers.js';
import { awaitsOwn, outcomeBodyText, paramsBodyText, returnsFromHelper, splitNested, type HelperRefusal, type NestedSplit } from './nested-helpers.js';
import { stableCode, type StableCode } from './stable-code.js';
import { oneLine } from '../../ast/text.js';
import { isPropertyName } from '../../ast/references.js';
import { statementsNeededBy, valueNames } from './needed-statements.js';
import { withoutUnreadElements } from '../plan/loops.js';
import { identifiersIn } from '../../ast/text.js';
import { isDefaultExport, isExported } from '../../ast/exports.js';

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
  /**
   * The statements of `pre` each companion repeats: those whose names it reads (a request builder
   * declaring a local only the outcome reads would not compile under noUnusedLocals).
   */
  requestPre: Statement[];
  outcomePre: Statement[];
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
  /** Set when the helper asks by calling another liftable helper (a chain): the call it makes. */
  via?: ChainLink;
  /** Helpers on the way to the question, this one included: 1 for a helper that asks itself. */
  depth: number;
  /**
   * The helper may return before the question (pure guard clauses): its request builder returns
   * `{ ask: request }` or `{ done: value }`, and callers ask only for `ask` (see guarded-helpers.ts).
   */
  guarded?: boolean;
  /**
   * Set when the question sits inside if/try blocks, after code with effects, or next to a
   * capability read: the split the companions are written from (see nested-helpers.ts).
   */
  nested?: NestedSplit;
  /** What a guarded nested helper returns without asking, as its `{ done: T }` spells it ('' in JavaScript). */
  resultType?: string;
  /**
   * The companions read the client's capabilities: they take this request's context first, under
   * `name`, where they do (`params`, `outcome`), and read its envelope before the old call.
   */
  context?: { name: string; params: boolean; outcome: boolean };
  /** Its companions are already in its module, as a run writes them (an imported helper in cross-file mode). */
  written?: boolean;
}

/** The one call a chain helper makes of the helper below it, as its companions call that one's. */
export interface ChainLink {
  inner: LiftableHelper;
  call: CallExpression;
  requestArgs: string;
  outcomeArgs: string;
  /** The outcome's answer parameter when the helper binds the inner result under another name. */
  answerName: string;
}

export interface HelperCall {
  helper: LiftableHelper;
  call: CallExpression;
  /** The call's arguments for the request builder and for the outcome function. */
  requestArgs: string;
  outcomeArgs: string;
  /**
   * The arguments the outcome function does not take: read only by the request builder, before the
   * round when the request is carried, or by neither (a parameter the helper never read is dropped).
   */
  notForOutcome: Node[];
}

/** How a helper uses a push function it does not call directly. */
export function valueTakenDetail(site: PushSite): string {
  // The site is the value handed on: the push function's member access, or its `.bind(…)` call, maybe under a cast.
  const isBind = (n: Node) => Node.isCallExpression(n) && Node.isPropertyAccessExpression(n.getExpression()) && (n.getExpression() as PropertyAccessExpression).getName() === 'bind';
  const bound = isBind(site.node) ? site.node : site.node.getDescendants().find(isBind);
  // Held in a local first (`const ask = host.elicitInput || …`): how that local is called.
  const holder = bound ? undefined : site.node.getFirstAncestorByKind(SyntaxKind.VariableDeclaration);
  const holderName = holder?.getNameNode();
  if (holder && Node.isIdentifier(holderName)) {
    for (const ref of referencesOf(holder.compilerNode as ts.VariableDeclaration & { name: ts.Identifier })) {
      const parent = ref.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === ref && ['call', 'apply'].includes(parent.name.text) && ts.isCallExpression(parent.parent)) {
        return `it looks the push function up at run time (\`${holderName.getText()}\`) and calls it through .${parent.name.text}`;
      }
    }
  }
  const shown = (bound ?? site.node).getText();
  return `it takes the push function as a value (\`${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}\`) and hands it on instead of asking, so the question is asked where that value is called, which the run does not follow`;
}

/**
 * Helpers in this file that wrap exactly one question in a shape that can be split. `refused`
 * collects, for every other function that asks, why it is not lifted (reported on its question).
 */
export function findLiftableHelpers(sites: PushSite[], taken: Set<string>, refused: Map<Node, HelperRefusal> = new Map()): Map<Node, LiftableHelper> {
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
    const refuse = (code: HelperRefusal['code'], detail: string) => void refused.set(fn, { code, detail });
    const named = helperName(fn);
    if (!named || !(Node.isFunctionDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isMethodDeclaration(fn))) {
      refuse('no-name', Node.isMethodDeclaration(fn) ? 'it is a method other code may call (public, or protected in an exported class), so its callers cannot all move to companions'
        : 'it is not a top-level function or const (a closure or a nested function)');
      continue;
    }
    // Questions in functions declared inside it count too: the outcome companion would keep them.
    const nestedSites = sites.filter((s) => !fnSites.includes(s) && !s.handler && s.kind !== 'completion-notifier' && s.kind !== 'elicitation-id' &&
      fn.containsRange(s.node.getPos(), s.node.getEnd())).length;
    // A push function taken as a value (`.bind`, `.call`): the question is asked where the value is called.
    const valueTaken = fnSites.find((s) => !s.call && ['elicitation', 'sampling', 'roots'].includes(s.kind));
    if (valueTaken) {
      refuse('reflective-lookup', valueTakenDetail(valueTaken));
      continue;
    }
    if (fnSites.length + nestedSites !== 1) {
      refuse('several-questions', `it asks ${fnSites.length + nestedSites} times${nestedSites > 0 ? ` (${nestedSites} of them in a function declared inside it)` : ''}`);
      continue;
    }
    const site = fnSites[0];
    if (!['elicitation', 'sampling', 'roots'].includes(site.kind)) continue;
    if (site.kind === 'elicitation' && site.elicitMode === 'unknown' && mayBeUrlRequest(site.params, fn)) {
      refuse('request-mode-unknown', 'its request is not written out and its type also allows a URL-mode question, so whether to return a form or a URL input request cannot be told');
      continue;
    }
    const dropped = droppedWithEffects(site);
    if (dropped) {
      refuse('dropped-with-effects', droppedWithEffectsProblem(dropped).message);
      continue;
    }
    const body = fn.getBody();
    if (!body || !Node.isBlock(body)) {
      refuse('no-name', 'its body is an expression, not a block');
      continue;
    }
    if ((fn as FunctionDeclaration).isGenerator?.()) {
      refuse('generator', 'it is a generator');
      continue;
    }
    // A default value goes into the companions with its parameter, so it must be safe to evaluate there too.
    if (!fn.getParameters().every(plainParameter)) {
      refuse('parameters', 'its parameters include a rest parameter or a default value with side effects');
      continue;
    }
    // A helper that calls itself asks an unknown number of times: its companions cannot say that.
    if (callsItself(fn, named.name)) {
      refuse('calls-itself', 'it calls itself, so how many questions it asks is not known');
      continue;
    }
    const simple = simpleHelper(fn, named, site, body, taken);
    if (simple) {
      helpers.set(fn, simple);
      continue;
    }
    const nested = nestedHelper(fn, named, site, body, taken);
    if ('code' in nested) refuse(nested.code, nested.detail);
    else helpers.set(fn, nested);
  }
  return helpers;
}

/** A parameter the companions can repeat: a plain name or a destructuring, without a rest or a default with effects. */
function plainParameter(p: ParameterDeclaration): boolean {
  const name = p.getNameNode();
  if (p.getDotDotDotToken() || !isPureExpression(p.getInitializer())) return false;
  if (Node.isIdentifier(name)) return true;
  return Node.isObjectBindingPattern(name) && name.getElements().every((e) => !e.getDotDotDotToken() && Node.isIdentifier(e.getNameNode()) && isPureExpression(e.getInitializer()));
}

/**
 * The request passed in may be a URL-mode one: a parameter declared with the SDK's type of either
 * (`ElicitRequestParams`, `Parameters<…elicitInput>[0]`), or a type with a `url` member where types
 * are resolved. A companion typed as a form request would not take it.
 */
function mayBeUrlRequest(params: Node | undefined, fn: HelperFunction): boolean {
  if (!params) return false;
  const declared = Node.isIdentifier(params) ? fn.getParameters().find((p) => p.getName() === params.getText())?.getTypeNode()?.getText() : undefined;
  if (declared !== undefined && /\bElicitRequest(URL)?Params\b|\belicitInput\b/.test(declared)) return true;
  const type = params.getType();
  return (type.isUnion() ? type.getUnionTypes() : [type]).some((t) => t.getProperty('url') !== undefined);
}

/** `x.getClientCapabilities()` calls in `node`. */
function capabilityReads(node: Node): CallExpression[] {
  return node.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => {
    const callee = call.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities';
  });
}

/** A question at the top of the helper's body with pure code before it (and pure guard clauses): the first form lifted. */
function simpleHelper(fn: HelperFunction, named: { name: string; declaration: Statement | MethodDeclaration }, site: PushSite, body: Block, taken: Set<string>): LiftableHelper | undefined {
  if (!site.awaited || site.inLoop || site.inTry) return undefined;
  // A capability read goes through the nested form, which reads this request's capabilities; so
  // does a request object declared before the call (its params are returned as `request.params`).
  if (capabilityReads(fn).length > 0 || !fn.getParameters().every((p) => Node.isIdentifier(p.getNameNode()))) return undefined;
  if (site.params && site.call && !site.call.containsRange(site.params.getPos(), site.params.getEnd())) return undefined;
  // A request that awaits something (`enum: await listBranches(repo)`) is built once and carried: the nested form.
  if (site.params && awaitsOwn(site.params)) return undefined;
  const split = splitAt(body, site);
  if (!split) return undefined;
  if (split.guarded && !guardLiftable(fn, site)) return undefined;
  const halves = halvesOf(fn, split.pre, site.params ? [site.params] : [], split.post);
  // The outcome would repeat the guards to get at a local: such a helper goes through the nested form.
  if (split.guarded && halves.outcomeNeedsPre) return undefined;
  const { requestPre, outcomePre, outcomeNeedsPre, requestParams, outcomeParams } = halves;
  return {
    ...helperBase(fn, named, site, taken, split.post.length > 0),
    pre: split.pre,
    requestPre,
    outcomePre,
    post: split.post,
    binding: split.binding,
    resultAsync: split.post.some((st) => st.getDescendantsOfKind(SyntaxKind.AwaitExpression).length > 0),
    requestParams,
    outcomeParams,
    outcomeNeedsPre,
    guarded: split.guarded,
  };
}

/** The question inside if/try blocks, after code with effects, or next to a capability read (see nested-helpers.ts); or why not. */
function nestedHelper(fn: HelperFunction, named: { name: string; declaration: Statement | MethodDeclaration }, site: PushSite, body: Block, taken: Set<string>): LiftableHelper | HelperRefusal {
  const split = splitNested(body, site, stableCode(fn));
  if ('code' in split) return split;
  const resultType = split.guarded ? doneType(fn, named.declaration) : undefined;
  if (split.guarded && resultType === undefined) {
    return { code: 'result-type-unknown', detail: 'it can return without asking, and the type of what it returns cannot be written down (declare its return type)' };
  }
  if (!split.rebuilt && split.guarded && Node.isMethodDeclaration(fn)) {
    return { code: 'method-request-carried', detail: 'its code before the question has side effects, so its request would travel in the state, and a method\'s request builder cannot be named in the state type' };
  }
  const used = (names: Set<string>) => fn.getParameters().flatMap((p, i) => (bindingNames(p.getNameNode()).some((n) => names.has(n)) ? [i] : []));
  const reads = capabilityReads(fn);
  const inOutcome = (call: Node) => split.outcomeNames.size > 0 && [...continuationRanges(split)].some(([s, e]) => call.getStart() >= s && call.getEnd() <= e);
  const helperNames = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const contextName = reads.length > 0 ? uniqueIn('ctx', helperNames) : undefined;
  return {
    ...helperBase(fn, named, site, taken, split.binding !== undefined),
    pre: [],
    requestPre: [],
    outcomePre: [],
    post: [],
    binding: split.binding?.text,
    resultAsync: split.outcomeAsync,
    requestParams: used(split.paramsNames),
    outcomeParams: used(split.outcomeNames),
    outcomeNeedsPre: false,
    guarded: split.guarded,
    nested: split,
    resultType,
    context: contextName ? { name: contextName, params: reads.some((r) => !inOutcome(r)), outcome: reads.some(inOutcome) } : undefined,
  };
}

/** Source ranges of the code the Outcome runs (to tell which capability reads land there). */
function continuationRanges(split: NestedSplit): [number, number][] {
  const out: [number, number][] = [];
  for (const level of split.path) {
    const statements = level.block.getStatements();
    const after = statements.slice(statements.indexOf(level.statement) + 1);
    if (after.length > 0) out.push([after[0].getStart(), after[after.length - 1].getEnd()]);
    if (Node.isTryStatement(level.statement)) {
      const handler = level.statement.getCatchClause()!;
      out.push([handler.getStart(), handler.getEnd()]);
    }
  }
  return out;
}

/**
 * The type of what a guarded helper returns without asking, as the companion's `{ done: T }` spells
 * it: the declared result type; in JavaScript, nothing to spell; else the type of its literal
 * returns (`return true` → boolean), else, for a helper that stays (exported), its own result type.
 */
function doneType(fn: HelperFunction, declaration: Statement | MethodDeclaration): string | undefined {
  if (/\.[cm]?jsx?$/.test(fn.getSourceFile().getFilePath())) return '';
  const declared = fn.getReturnTypeNode()?.getText();
  if (declared) return declared.replace(/^Promise<([\s\S]*)>$/, '$1');
  const body = fn.getBody();
  const values = body ? body.getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a)) === fn)
    .map((r) => r.getExpression()) : [];
  const literal = (e: Node | undefined) => e === undefined ? 'undefined' : Node.isTrueLiteral(e) || Node.isFalseLiteral(e) ? 'boolean' : Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e) ? 'string' :
    Node.isNumericLiteral(e) ? 'number' : Node.isNullLiteral(e) ? 'null' : undefined;
  const types = values.map(literal);
  // The answer's own returns count too: a boolean comparison is a boolean.
  if (types.every((t) => t !== undefined) || types.filter((t) => t !== undefined).length > 0 && values.every((e, i) => types[i] !== undefined || isBooleanExpression(e))) {
    const all = new Set(values.map((_, i) => types[i] ?? 'boolean'));
    return [...all].join(' | ');
  }
  const exported = Node.isFunctionDeclaration(declaration) ? isExported(declaration) : Node.isVariableStatement(declaration) && isExported(declaration);
  return exported && !Node.isMethodDeclaration(fn) ? `Awaited<ReturnType<typeof ${helperNameOf(declaration)}>>` : undefined;
}

function helperNameOf(declaration: Statement | MethodDeclaration): string {
  if (Node.isFunctionDeclaration(declaration) || Node.isMethodDeclaration(declaration)) return declaration.getName()!;
  return (declaration as import('ts-morph').VariableStatement).getDeclarations()[0].getName();
}

/** `a === b`, `!x`, `a && b` of comparisons: an expression whose value is a boolean. */
function isBooleanExpression(e: Node | undefined): boolean {
  if (!e) return false;
  if (Node.isParenthesizedExpression(e)) return isBooleanExpression(e.getExpression());
  if (Node.isPrefixUnaryExpression(e)) return e.getOperatorToken() === SyntaxKind.ExclamationToken;
  if (!Node.isBinaryExpression(e)) return Node.isTrueLiteral(e) || Node.isFalseLiteral(e);
  const op = e.getOperatorToken().getKind();
  if ([SyntaxKind.EqualsEqualsEqualsToken, SyntaxKind.ExclamationEqualsEqualsToken, SyntaxKind.EqualsEqualsToken, SyntaxKind.ExclamationEqualsToken,
    SyntaxKind.LessThanToken, SyntaxKind.GreaterThanToken, SyntaxKind.LessThanEqualsToken, SyntaxKind.GreaterThanEqualsToken, SyntaxKind.InstanceOfKeyword, SyntaxKind.InKeyword].includes(op)) return true;
  if (op === SyntaxKind.AmpersandAmpersandToken || op === SyntaxKind.BarBarToken) return isBooleanExpression(e.getLeft()) && isBooleanExpression(e.getRight());
  return false;
}

/** How callers reach a helper's companions: on `this` with the method's modifiers, or as functions. */
function callShape(fn: HelperFunction): { receiver: string; modifiers: string } {
  if (!Node.isMethodDeclaration(fn)) return { receiver: '', modifiers: '' };
  return { receiver: 'this.', modifiers: fn.getModifiers().filter((m) => m.getKind() === SyntaxKind.PrivateKeyword || m.getKind() === SyntaxKind.ProtectedKeyword).map((m) => `${m.getText()} `).join('') };
}

/** The fields every lifted helper has, whatever its form. */
function helperBase(fn: HelperFunction, named: { name: string; declaration: Statement | MethodDeclaration }, site: PushSite, taken: Set<string>, hasOutcome: boolean) {
  const base = camelCase(named.name);
  return {
    name: named.name,
    fn,
    declaration: named.declaration,
    ...callShape(fn),
    site,
    params: fn.getParameters(),
    requestFn: uniqueIn(`${base}Params`, taken),
    resultFn: hasOutcome ? uniqueIn(`${base}Outcome`, taken) : undefined,
    keyHint: keyHintOf(named.name),
    depth: 1,
  };
}

function keyHintOf(name: string): string {
  return snakeCase(name.replace(/^(ask|prompt|elicit|request|get|fetch|choose|pick|select)(For)?(?=[A-Z])/, '')) || snakeCase(name);
}

function uniqueIn(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let i = 2; taken.has(candidate); i++) candidate = `${name}${i}`;
  taken.add(candidate);
  return candidate;
}

function helperName(fn: Node): { name: string; declaration: Statement | MethodDeclaration } | undefined {
  if (Node.isMethodDeclaration(fn)) return ownMethod(fn) ? { name: fn.getName(), declaration: fn } : undefined;
  if (Node.isFunctionDeclaration(fn) && fn.getName() && (Node.isSourceFile(fn.getParent()) || setupScope(fn))) {
    return { name: fn.getName()!, declaration: fn };
  }
  const decl = fn.getParent();
  if (decl && Node.isVariableDeclaration(decl) && Node.isIdentifier(decl.getNameNode())) {
    const statement = decl.getParent()?.getParent();
    if (statement && Node.isVariableStatement(statement) && statement.getDeclarations().length === 1 &&
      (Node.isSourceFile(statement.getParent()) || (statement.getDeclarationKind() === 'const' && setupScope(statement)))) {
      return { name: decl.getName(), declaration: statement };
    }
  }
  return undefined;
}

/**
 * The function body a closure helper is declared in (`const ask = async (…) => …` inside
 * `createServer()`, beside the handlers it serves): its companions are written there too, and only
 * calls in that body reach it. Undefined for a module-level declaration.
 */
export function setupScope(declaration: Node): Node | undefined {
  const block = declaration.getParent();
  const owner = block?.getParent();
  return block && Node.isBlock(block) && owner && (Node.isFunctionLikeDeclaration(owner) || Node.isArrowFunction(owner) || Node.isFunctionExpression(owner)) ? block : undefined;
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
  if (!method.hasModifier(SyntaxKind.ProtectedKeyword) || (Node.isClassDeclaration(cls) && (isExported(cls) || isDefaultExport(cls)))) return false;
  const others = descendantsOfKinds(method.getSourceFile(), [SyntaxKind.ClassDeclaration, SyntaxKind.ClassExpression]).filter((n) => n !== cls);
  return !others.some((c) => (c as import('ts-morph').ClassDeclaration).getMembers().some((m) => Node.isMethodDeclaration(m) && m.getName() === method.getName()));
}

/** Pure code before the question, the question as `const x = await …` or `return await …`, anything after. */
function splitAt(body: Block, site: PushSite): Split | undefined {
  if (!site.call) return undefined;
  const split = splitAround(body, site.call, false, true);
  return 'reason' in split ? undefined : split;
}

interface Split { pre: Statement[]; post: Statement[]; binding?: string; guarded?: boolean }

/**
 * The body around one call: pure code before it, the call as `const x = await …` or
 * `return await …` (or a bare `return …` when `returnUnawaited`), anything after; or why not.
 */
function splitAround(body: Block, call: CallExpression, returnUnawaited: boolean, allowGuards = false): Split | { reason: string } {
  const statements = body.getStatements();
  const index = statements.findIndex((st) => st.containsRange(call.getPos(), call.getEnd()));
  if (index < 0) return { reason: 'the call is not a statement of its body' };
  const statement = statements[index];
  const pre = statements.slice(0, index);
  if (!pre.every((st) => isPureStatement(st))) return { reason: 'code before the call has side effects, which would run again when the client retries' };
  // A return before the question means some calls finish without asking: the companions cannot say that.
  // (A helper that asks itself may: its Params companion then says `done` instead of a request.)
  const guarded = pre.some(returnsFromHelper);
  if (guarded && !allowGuards) return { reason: 'it can return before the call, so some calls finish without asking' };
  const awaited = parentOutsideParentheses(call);
  if (Node.isReturnStatement(statement) && returnUnawaited && awaited === statement) return { pre, post: [], guarded };
  if (!awaited || !Node.isAwaitExpression(awaited)) return { reason: 'the call is not awaited where it stands' };
  const holder = parentOutsideParentheses(awaited);
  if (Node.isReturnStatement(statement) && holder === statement) return { pre, post: [], guarded };
  if (Node.isVariableStatement(statement) && statement.getDeclarations().length === 1) {
    const decl = statement.getDeclarations()[0];
    if (holder === decl && !statement.getDeclarations()[0].getTypeNode()) {
      return { pre, post: statements.slice(index + 1), binding: decl.getNameNode().getText(), guarded };
    }
  }
  return { reason: 'the call is neither returned nor the initialiser of a `const` of its own' };
}

/** The function refers to itself by name (`ask()` in `ask`, `this.ask()` in method `ask`). */
function callsItself(fn: HelperFunction, name: string): boolean {
  const body = fn.getBody();
  if (!body) return false;
  return Node.isMethodDeclaration(fn)
    ? body.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).some((p) => Node.isThisExpression(p.getExpression()) && p.getName() === name)
    : body.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name && !isPropertyName(id) && !localBinding(id, fn));
}

/** `const { confirm } = …` in `confirm()`: the name is a local of the helper, not the helper. */
function localBinding(id: Node, fn: HelperFunction): boolean {
  const declarations = id.getSymbol()?.getDeclarations();
  // Without a symbol the name is taken for the helper: refusing is the safe side.
  if (!declarations || declarations.length === 0) return false;
  return declarations.every((d) => fn.containsRange(d.getPos(), d.getEnd()) && d !== fn);
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
  const helperOf = helperLookup(helpers, imported);
  const sites: PushSite[] = [];
  const calls = new Map<Node, HelperCall>();
  const refusals: FindingInput[] = [];
  if (helpers.size === 0 && imported.size === 0) return { sites, calls, refusals };
  const stableByHandler = new Map<Node, StableCode>();
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const helper = helperOf(call);
    if (!helper) continue;
    const handler = handlers.find((h) => h.fn.getStart() <= call.getStart() && call.getEnd() <= h.fn.getEnd());
    if (!handler) continue;
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
      // Awaited directly or in an awaited Promise.all(…) array (a batch of questions; a race of
      // questions, or of a question and a timer, is not taken through a helper).
      awaited: isAwaited(call, ['all', 'allSettled']),
      inLoop,
      inTry,
      viaThis: false,
      helperArgs: args,
    };
    // Arguments are evaluated again on the retry: pure, or calls of the module's own pure functions (a prompt template).
    const stable = stableByHandler.get(handler.fn) ?? stableCode(handler.fn);
    stableByHandler.set(handler.fn, stable);
    const effectful = args.find((a) => !stable.effectFree(a));
    if (effectful) {
      refusals.push({
        rule: 'push-in-helper', severity: 'warning', pos: call.getStart(),
        message: `${helper.name}() asks the client (${helper.site.api}), and its argument \`${oneLine(effectful)}\` here may have side effects, so it cannot be evaluated again on the retry`,
        suggestion: `Compute the arguments into locals before calling ${helper.name}(), then run the migration again.`,
      });
      continue;
    }
    sites.push(site);
    const { requestArgs, outcomeArgs, outcomeNodes } = argumentsFor(call, helper);
    calls.set(call, { helper, call, requestArgs, outcomeArgs, notForOutcome: call.getArguments().filter((a) => !outcomeNodes.includes(a)) });
  }
  return { sites, calls, refusals };
}

/**
 * The helper a call calls: `helper(…)` (this file's function helpers, then `imported` ones by their
 * local name), or `this.helper(…)` in the helper's own class.
 */
function helperLookup(helpers: Map<Node, LiftableHelper>, imported: ReadonlyMap<string, LiftableHelper> = new Map()): (call: CallExpression) => LiftableHelper | undefined {
  const byName = new Map([...[...helpers.values()].filter((h) => h.receiver === '').map((h) => [h.name, h] as const), ...imported]);
  const methods = [...helpers.values()].filter((h) => h.receiver === 'this.');
  return (call) => calledHelper(call, byName, methods);
}

function calledHelper(call: CallExpression, byName: Map<string, LiftableHelper>, methods: LiftableHelper[]): LiftableHelper | undefined {
  const callee = call.getExpression();
  if (Node.isIdentifier(callee)) {
    const helper = byName.get(callee.getText());
    // A closure helper is reached only from the body it is declared in.
    const scope = helper && !Node.isMethodDeclaration(helper.declaration) ? setupScope(helper.declaration) : undefined;
    return scope && !scope.containsRange(call.getPos(), call.getEnd()) ? undefined : helper;
  }
  if (!Node.isPropertyAccessExpression(callee) || !Node.isThisExpression(callee.getExpression())) return undefined;
  const cls = call.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  return methods.find((h) => h.name === callee.getName() && h.fn.getParent() === cls);
}

export interface CompanionTypes {
  request?: string;
  answer?: string;
  /** The helper's declared result type, without Promise<…>. */
  result?: string;
  /** The request context's type, for companions that read the client's capabilities. */
  context?: string;
}

/** The request builder and the result function, as text placed after the helper. */
export function companionText(helper: LiftableHelper, indent: string, unit: string, eol: string, semi: string, types: CompanionTypes, exported = false, edits: TextEdit[] = []): string {
  // Only module functions are exported (cross-file mode); method companions stay on their class.
  const exportKeyword = exported && !helper.receiver ? 'export ' : '';
  if (helper.nested) return nestedCompanionText(helper, helper.nested, { indent, unit, eol, semi, types, exportKeyword, edits });
  const paramsOf = (indices: number[], body: string) => indices.map((i) => companionParam(helper.params, i, body));
  const preText = helper.outcomePre.map((st) => reindent(st, indent + unit)).join(eol);
  // A guarded helper's early returns say `done` in its request builder.
  const requestPreText = helper.requestPre.map((st) => reindent(st, indent + unit, ...(helper.guarded ? guardReturnEdits(st) : []))).join(eol);
  const params0 = helper.site.params;
  const via = helper.via;
  // A chain helper's request is its inner helper's, built from the arguments it passes.
  const paramsExpr = via ? `${via.inner.receiver}${via.inner.requestFn}(${via.requestArgs})`
    : params0 ? (helper.site.elicitMode === 'url' ? stripUrlModeFields(params0) : params0.getText()) : '{}';
  const lines: string[] = [];
  const requestType = helper.guarded
    ? (types.request ? `: ${guardedRequestType(types.request, types.result ?? 'unknown')}` : '')
    : types.request ? `: ${types.request}` : '';
  // A method's companions are methods with its modifiers; a function's are functions.
  const declare = (name: string, isAsync: boolean) =>
    helper.receiver ? `${helper.modifiers}${isAsync ? 'async ' : ''}${name}` : `${isAsync ? 'async ' : ''}function ${name}`;
  lines.push(helper.guarded
    ? `${indent}/** The request ${helper.name}() asks with, or its result when it returns without asking (its code before the question). */`
    : `${indent}/** The request ${helper.name}() asks with (its code before the question). */`);
  const requestBody = [...(requestPreText ? [requestPreText] : []), `${indent}${unit}return ${helper.guarded ? `{ ask: ${paramsExpr} }` : paramsExpr}${semi}`];
  lines.push(`${indent}${exportKeyword}${declare(helper.requestFn, false)}(${paramsOf(helper.requestParams, requestBody.join(eol)).join(', ')})${requestType} {`);
  lines.push(...requestBody);
  lines.push(`${indent}}`);
  if (helper.resultFn) {
    // A chain helper hands the answer to its inner outcome first, unless the inner helper has none.
    const innerOutcome = via?.inner.resultFn
      ? `${via.inner.resultAsync ? 'await ' : ''}${via.inner.receiver}${via.inner.resultFn}(${[via.outcomeArgs, via.answerName].filter(Boolean).join(', ')})`
      : undefined;
    const answerParam = `${innerOutcome ? via!.answerName : helper.binding}${types.answer ? `: ${types.answer}` : ''}`;
    const resultType = types.result ? `: ${helper.resultAsync ? `Promise<${types.result}>` : types.result}` : '';
    const outcomeBody: string[] = [];
    if (preText && helper.outcomeNeedsPre) outcomeBody.push(preText);
    if (innerOutcome && via) {
      const statement = via.call.getFirstAncestor((a) => Node.isStatement(a) && a.getParent() === helper.fn.getBody()) as Statement;
      // `return inner(…)` returns the inner outcome; `const x = await inner(…)` binds it.
      const awaited = parentOutsideParentheses(via.call)!;
      outcomeBody.push(helper.binding === undefined ? `${indent}${unit}return ${innerOutcome}${semi}` : reindent(statement, indent + unit, { node: awaited, text: innerOutcome }));
    }
    for (const st of helper.post) outcomeBody.push(reindent(st, indent + unit));
    lines.push('');
    lines.push(`${indent}/** What ${helper.name}() does with the answer (its code after the question). */`);
    lines.push(`${indent}${exportKeyword}${declare(helper.resultFn, helper.resultAsync)}(${[...paramsOf(helper.outcomeParams, outcomeBody.join(eol)), answerParam].join(', ')})${resultType} {`);
    lines.push(...outcomeBody);
    lines.push(`${indent}}`);
  }
  return lines.join(eol);
}

/** The companions of a helper split by nested-helpers.ts: bodies from there, signatures from here. */
function nestedCompanionText(helper: LiftableHelper, split: NestedSplit, o: { indent: string; unit: string; eol: string; semi: string; types: CompanionTypes; exportKeyword: string; edits: TextEdit[] }): string {
  const { indent, unit, eol, semi, types } = o;
  const style = { indent: indent + unit, unit, eol, semi, edits: o.edits };
  const paramsOf = (indices: number[], withContext: boolean | undefined, body: string) => [
    ...(withContext && helper.context ? [`${helper.context.name}${types.context ? `: ${types.context}` : ''}`] : []),
    ...indices.map((i) => companionParam(helper.params, i, body)),
  ];
  const declare = (name: string, isAsync: boolean) =>
    helper.receiver ? `${helper.modifiers}${isAsync ? 'async ' : ''}${name}` : `${o.exportKeyword}${isAsync ? 'async ' : ''}function ${name}`;
  const request = types.request && (split.guarded ? guardedRequestType(types.request, helper.resultType || 'unknown') : types.request);
  const requestType = request ? `: ${split.paramsAsync ? `Promise<${request}>` : request}` : '';
  const requestBody = paramsBodyText(helper.fn.getBody() as Block, split, style);
  const lines = [
    split.guarded
      ? `${indent}/** The request ${helper.name}() asks with, or its result when it returns without asking (its code before the question). */`
      : `${indent}/** The request ${helper.name}() asks with (its code before the question). */`,
    `${indent}${declare(helper.requestFn, split.paramsAsync)}(${paramsOf(helper.requestParams, helper.context?.params, requestBody).join(', ')})${requestType} {`,
    requestBody,
    `${indent}}`,
  ];
  if (helper.resultFn) {
    const answer = `${split.binding!.text}${types.answer || split.binding!.type ? `: ${split.binding!.type ?? types.answer}` : ''}`;
    const resultType = types.result ? `: ${helper.resultAsync ? `Promise<${types.result}>` : types.result}` : '';
    const outcomeBody = outcomeBodyText(split, style);
    lines.push('', `${indent}/** What ${helper.name}() does with the answer (its code after the question). */`,
      `${indent}${declare(helper.resultFn, helper.resultAsync)}(${[...paramsOf(helper.outcomeParams, helper.context?.outcome, outcomeBody), answer].join(', ')})${resultType} {`,
      outcomeBody,
      `${indent}}`);
  }
  return lines.join(eol);
}

/**
 * The helper's parameter `index` as a companion repeats it. A destructured options parameter binds
 * only the elements the companion's `body` (or another parameter) reads: the request builder and
 * the outcome function each read some of them, and an element one of them does not read would be
 * unused there. Its type annotation stays whole, so callers pass the same object to both.
 */
function companionParam(params: ParameterDeclaration[], index: number, body: string): string {
  const param = params[index];
  const pattern = param.getNameNode();
  const text = param.getText();
  if (!Node.isObjectBindingPattern(pattern)) return text;
  const reads = identifiersIn(body);
  for (const other of params) if (other !== param) for (const id of other.getDescendantsOfKind(SyntaxKind.Identifier)) reads.add(id.getText());
  const kept = withoutUnreadElements(pattern, reads);
  if (kept === undefined) return text;
  const at = pattern.getStart() - param.getStart();
  return text.slice(0, at) + kept + text.slice(at + pattern.getText().length);
}

/**
 * How many helpers a question may be lifted through, the one that asks included: a handler awaiting
 * `confirmRemoval()`, which returns `confirm()`, which asks, is a chain of 2; 3 is the most.
 */
export const MAX_CHAIN_DEPTH = 3;

/**
 * Helpers that ask only by calling one liftable helper (a chain), added to `helpers` with companions
 * that compose the inner helper's: their code before the call and the inner request in `<name>Params`,
 * the inner outcome and their own code after it in `<name>Outcome`. Returns the chains refused, each
 * reported on the call that would have been lifted.
 */
export function findHelperChains(
  sourceFile: SourceFile,
  sites: PushSite[],
  helpers: Map<Node, LiftableHelper>,
  handlers: HandlerInfo[],
  taken: Set<string>,
): FindingInput[] {
  if (helpers.size === 0) return [];
  const handlerFns = new Set<Node>(handlers.map((h) => h.fn));
  // A function that asks anything itself (or in a closure) is not a chain: its own sites decide.
  const asking = sites.map((s) => s.node);
  const functions = [SyntaxKind.FunctionDeclaration, SyntaxKind.ArrowFunction, SyntaxKind.FunctionExpression, SyntaxKind.MethodDeclaration];
  const candidates = descendantsOfKinds<HelperFunction>(sourceFile, functions).filter((n) =>
    !handlerFns.has(n) && helperName(n) !== undefined && !asking.some((a) => n.containsRange(a.getPos(), a.getEnd())) &&
    // A function that registers handlers (`createServer()`) is set-up code, not a helper.
    !handlers.some((h) => n.containsRange(h.fn.getPos(), h.fn.getEnd())));
  // Functions that ask and are not liftable, and the functions around them (a question in a closure
  // the function calls is its question too): a chain that also calls one is not lifted.
  const askingNames = new Set(sites.flatMap((s) => s.node.getAncestors().flatMap((fn) => {
    if (!Node.isFunctionLikeDeclaration(fn) || handlerFns.has(fn) || helpers.has(fn)) return [];
    const named = helperName(fn);
    return named ? [named.name] : [];
  })));
  // Each round can only lengthen chains by one, so this ends after MAX_CHAIN_DEPTH rounds at most.
  for (let added = true; added;) {
    added = false;
    for (const fn of candidates) {
      if (helpers.has(fn)) continue;
      const tried = chainHelper(fn, helpers, taken, askingNames);
      if (tried && 'helper' in tried) {
        helpers.set(fn, tried.helper);
        added = true;
      }
    }
  }
  return candidates.flatMap((fn) => {
    if (helpers.has(fn)) return [];
    const tried = chainHelper(fn, helpers, taken, askingNames);
    return tried && 'refusal' in tried ? [tried.refusal] : [];
  });
}

function chainHelper(fn: HelperFunction, helpers: Map<Node, LiftableHelper>, taken: Set<string>, askingNames: ReadonlySet<string>): { helper: LiftableHelper } | { refusal: FindingInput } | undefined {
  const named = helperName(fn);
  const body = fn.getBody();
  if (!named || !body || !Node.isBlock(body)) return undefined;
  const helperOf = helperLookup(helpers);
  // Calls in closures it creates (callbacks, timers) are not its own questions.
  const calls = body.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((c) => {
    const inner = helperOf(c);
    return inner && enclosingFunction(c) === fn ? [{ call: c, inner }] : [];
  });
  if (calls.length === 0) return undefined;
  const { call, inner } = calls[0];
  const refuse = (why: string, suggestion: string) => ({
    refusal: {
      rule: 'push-in-helper' as const, severity: 'warning' as const, pos: call.getStart(),
      message: `${named.name}() asks through ${inner.name}() (${baseApi(inner)}) and is not lifted: ${why}`,
      suggestion,
    },
  });
  const refused = chainRefusal(fn, named.name, body, calls.length, call, inner, askingNames);
  if (refused) return refuse(...refused);
  const split = splitAround(body, call, true);
  if ('reason' in split) return refuse(split.reason, `Make ${named.name}() compute pure values and then ask through ${inner.name}() (nothing with effects before it), then run the migration again.`);
  return { helper: chainedHelper(fn, named, body, call, inner, split, taken) };
}

/** Why a helper that asks through `inner` by `call` cannot be lifted as a chain, and what to do; undefined when it can be. */
function chainRefusal(
  fn: HelperFunction,
  name: string,
  body: Block,
  callCount: number,
  call: CallExpression,
  inner: LiftableHelper,
  askingNames: ReadonlySet<string>,
): [why: string, suggestion: string] | undefined {
  const chainNames = [name];
  for (let link: LiftableHelper | undefined = inner; link; link = link.via?.inner) chainNames.push(link.name);
  if (callsItself(fn, name)) {
    return ['it calls itself, so how many questions it asks is not known', `Ask once in the handler (or in a helper that does not call itself), then run the migration again.`];
  }
  for (let link: LiftableHelper | undefined = inner; link; link = link.via?.inner) {
    if (callsItself(link.fn, name)) {
      return [`${link.name}() calls ${name}() back, so how many questions they ask is not known`, 'Break the cycle so that each helper asks at most once, then run the migration again.'];
    }
  }
  const otherAsking = body.getDescendantsOfKind(SyntaxKind.CallExpression).map((c) => c.getExpression())
    .map((callee) => (Node.isPropertyAccessExpression(callee) && Node.isThisExpression(callee.getExpression()) ? callee.getName() : callee.getText()))
    .find((called) => askingNames.has(called));
  if (otherAsking !== undefined) {
    return [`it also calls ${otherAsking}(), which asks the client and is not lifted`, `Ask that question in the handler as well (or make ${otherAsking}() liftable), then run the migration again.`];
  }
  if (callCount > 1) {
    return [`it calls helpers that ask ${callCount} times`, 'Ask each question in the handler (or a helper of its own), then run the migration again.'];
  }
  if (inner.guarded) {
    return [`${inner.name}() can return without asking, and a chain over such a helper is not lifted`, `Call ${inner.name}() from the handler directly, then run the migration again.`];
  }
  if (inner.depth >= MAX_CHAIN_DEPTH) {
    return [`the question is ${inner.depth + 1} helpers deep (${chainNames.map((n) => `${n}()`).join(' → ')}), and chains of at most ${MAX_CHAIN_DEPTH} are lifted`,
      `Call a helper closer to the question from the handler (at most ${MAX_CHAIN_DEPTH} helpers on the way), then run the migration again.`];
  }
  if (!fn.getParameters().every((p) => Node.isIdentifier(p.getNameNode()) && isPureExpression(p.getInitializer()) && !p.getDotDotDotToken())) {
    return ['its parameters are destructured, rest parameters or have defaults with side effects', 'Take plain parameters, then run the migration again.'];
  }
  if (!call.getArguments().every((a) => isPureExpression(a))) {
    return [`the arguments of ${inner.name}() have side effects, which would run again when the client retries`, `Compute them into locals before the call, then run the migration again.`];
  }
  return undefined;
}

/** The chain helper `fn`, split around its call of `inner`, with its companions' names taken from `taken`. */
function chainedHelper(
  fn: HelperFunction,
  named: { name: string; declaration: Statement | MethodDeclaration },
  body: Block,
  call: CallExpression,
  inner: LiftableHelper,
  split: Split,
  taken: Set<string>,
): LiftableHelper {
  const args = argumentsFor(call, inner);
  const paramNames = fn.getParameters().map((p) => p.getName());
  const { requestPre, outcomePre, outcomeNeedsPre, requestParams, outcomeParams } = halvesOf(fn, split.pre, args.requestNodes, [...split.post, ...args.outcomeNodes]);
  const base = camelCase(named.name);
  const requestFn = uniqueIn(`${base}Params`, taken);
  const resultFn = split.post.length > 0 || inner.resultFn ? uniqueIn(`${base}Outcome`, taken) : undefined;
  // The answer goes to the inner outcome under a name the helper's code does not use.
  const bodyNames = valueNames([body]);
  let answerName = 'answer';
  for (let i = 2; bodyNames.has(answerName) || paramNames.includes(answerName); i++) answerName = `answer${i}`;
  const awaitedInner = inner.resultFn !== undefined && inner.resultAsync;
  return {
    name: named.name,
    fn,
    declaration: named.declaration,
    ...callShape(fn),
    // The question is the inner helper's; findings about this helper point at its call.
    site: { ...inner.site, node: call, call, handler: undefined, nestedFunction: undefined, api: baseApi(inner) },
    params: fn.getParameters(),
    pre: split.pre,
    requestPre,
    outcomePre,
    post: split.post,
    binding: split.binding,
    requestFn,
    resultFn,
    resultAsync: split.post.some((st) => st.getDescendantsOfKind(SyntaxKind.AwaitExpression).length > 0) || awaitedInner,
    requestParams,
    outcomeParams,
    outcomeNeedsPre,
    keyHint: keyHintOf(named.name),
    via: { inner, call, requestArgs: args.requestArgs, outcomeArgs: args.outcomeArgs, answerName },
    depth: inner.depth + 1,
  };
}

function enclosingFunction(node: Node): Node | undefined {
  return node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a));
}

/** The SDK call a helper's question finally goes through. */
function baseApi(helper: LiftableHelper): string {
  return helper.site.api;
}

/**
 * The two halves of a lifted helper: what of its pure code before the question (`pre`) the request
 * builder and the outcome each repeat (only the declarations they read, and every guard), and which
 * of the helper's parameters each half reads (by index).
 */
function halvesOf(fn: HelperFunction, pre: Statement[], requestRoots: Node[], outcomeRoots: Node[]) {
  const preDeclared = new Set(pre.flatMap(statementDeclaredNames));
  const outcomeRead = valueNames(outcomeRoots);
  const outcomeNeedsPre = [...preDeclared].some((n) => outcomeRead.has(n));
  const requestPre = statementsNeededBy(pre, requestRoots, 'keep');
  const outcomePre = outcomeNeedsPre ? statementsNeededBy(pre, outcomeRoots, 'keep') : [];
  const paramNames = fn.getParameters().map((p) => p.getName());
  const readBy = (nodes: Node[]) => {
    const read = valueNames(nodes);
    return paramNames.flatMap((p, i) => (read.has(p) ? [i] : []));
  };
  return { outcomeNeedsPre, requestPre, outcomePre, requestParams: readBy([...requestPre, ...requestRoots]), outcomeParams: readBy([...outcomePre, ...outcomeRoots]) };
}

/**
 * A helper call's arguments for the request builder and for the outcome function. An argument the
 * call leaves out (a parameter with a default) is passed as undefined where a later one follows:
 * the outcome function takes the answer after them.
 */
function argumentsFor(call: CallExpression, helper: LiftableHelper): { requestArgs: string; outcomeArgs: string; requestNodes: Node[]; outcomeNodes: Node[] } {
  const args = call.getArguments();
  const pickIndices = (indices: number[], more: boolean) => {
    const last = more ? Infinity : Math.max(-1, ...indices.filter((i) => i < args.length));
    return indices.filter((i) => i <= last);
  };
  const text = (indices: number[]) => indices.map((i) => args[i]?.getText() ?? 'undefined').join(', ');
  const request = pickIndices(helper.requestParams, false);
  const outcome = pickIndices(helper.outcomeParams, true);
  const nodes = (indices: number[]) => indices.flatMap((i) => (args[i] ? [args[i]] : []));
  return { requestArgs: text(request), outcomeArgs: text(outcome), requestNodes: nodes(request), outcomeNodes: nodes(outcome) };
}

/** A statement's text with its leading comments, re-based from its own indentation to `indent`. */
function reindent(statement: Statement, indent: string, ...replacements: { node: Node; text: string }[]): string {
  const text = statement.getSourceFile().getFullText();
  const lineStart = text.lastIndexOf('\n', statement.getStart() - 1) + 1;
  const own = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  let body = '';
  let cursor = statement.getStart();
  for (const r of [...replacements].sort((a, b) => a.node.getStart() - b.node.getStart())) {
    body += text.slice(cursor, r.node.getStart()) + r.text;
    cursor = r.node.getEnd();
  }
  body += text.slice(cursor, statement.getEnd());
  return indent + body.split('\n').map((line, i) => (i === 0 ? line : line.startsWith(own) ? indent + line.slice(own.length) : line)).join('\n');
}
