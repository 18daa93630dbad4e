// A handler registered through a registrar and a curried wrapper that drop the request context:
//
//   const tool = (name, description, schema, cb) =>
//     server.registerTool(name, { description, inputSchema: schema }, (args) => wrap(name, cb)(args));
//   function wrap(name, cb) { return async (args) => { …rate limit…; const result = await cb(args); …count…; return result; }; }
//   tool('refund_invoice', 'Refund an invoice', { invoice: z.string() }, async ({ invoice }) => { … ask … });
//
// (also without the registrar: `server.registerTool('x', config, (args) => wrap('x', async (a) => …)(args))`).
// The chain is the registration's callback, then the function the wrapper returns, then the
// handler. Each link is described as a dispatch route (dispatch-routes.ts) so that the same edits
// adapt it: take the context and pass it on, hand an InputRequiredResult back before the wrapper
// works on the result, and let the declared handler types admit both.
import { Node, SyntaxKind, type CallExpression, type SourceFile, type TypeNode } from '../ts-morph.js';
import type { DispatchRoute } from './dispatch-routes.js';
import { calleeFunction, returnedFunction, widenable } from './handler-routes.js';
import {
  describeHandler,
  insideFunction,
  registrationForm,
  registrationHandler,
  type HandlerFunction,
  type HandlerInfo,
} from './handlers.js';
import { isFunctionLike, referencesTo, resolveFunction, resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { callsOf } from './pass-through.js';
import { registeredName, type RegisteredName } from './subject.js';

export interface WrapperChain {
  /** The registration call (in the registrar, or the call itself without one). */
  registration: CallExpression;
  /** The call that names the handler: the registrar call, or the registration. */
  site: CallExpression;
  handler: HandlerFunction;
  /** The handler's name as the registrar call or the registration gives it. */
  name: RegisteredName;
  /** The position the handler gets the context at, once the chain passes it. */
  ctxIndex: number;
  /** The links, outermost first: each must pass the context on and let an InputRequiredResult through. */
  hops: DispatchRoute[];
  problem?: string;
}

/** Every handler of the file registered through a wrapper its registration's callback invokes. */
export function wrapperChains(file: SourceFile): WrapperChain[] {
  const chains: WrapperChain[] = [];
  const calls = file.getDescendantsOfKind(SyntaxKind.CallExpression);
  const registered = new Set(calls.filter((call) => registrationForm(call)));
  // A registrar holds a registration: when every registration is outside any function, no call
  // can be a registrar's, and resolving each callee would find nothing.
  const mayHaveRegistrars = [...registered].some((r) => insideFunction(r));
  for (const call of calls) {
    if (registered.has(call)) {
      // Registered directly: the wrapper is given the handler itself.
      const chain = chainOf(call, call, undefined);
      if (chain) chains.push(chain);
      continue;
    }
    if (!mayHaveRegistrars) continue;
    // A registrar: a same-file function whose one registration takes the name and a callback from its parameters.
    const registrar = calleeFunction(call);
    if (!registrar || registrar.getSourceFile() !== file || !registrar.getBody()) continue;
    const registrations = registrar.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => registrationForm(c));
    if (registrations.length !== 1) continue;
    const chain = chainOf(registrations[0], call, registrar);
    if (chain) chains.push(chain);
  }
  return chains;
}

/**
 * The chain of one registration, reached from `site` (the registrar call, or the registration
 * itself when `registrar` is undefined); undefined when its callback invokes no wrapper.
 */
function chainOf(registration: CallExpression, site: CallExpression, registrar: HandlerFunction | undefined): WrapperChain | undefined {
  const regArgs = registration.getArguments();
  const callback = regArgs.length >= 2 ? unwrapExpression(regArgs[regArgs.length - 1]) : undefined;
  if (!callback || !(Node.isArrowFunction(callback) || Node.isFunctionExpression(callback))) return undefined;
  const outer = invokedCall(callback);
  const wrapperCall = outer && unwrapExpression(outer.getExpression());
  if (!outer || !wrapperCall || !Node.isCallExpression(wrapperCall)) return undefined;
  const wrapper = calleeFunction(wrapperCall);
  const returned = wrapper && returnedFunction(wrapper);
  if (!wrapper || !returned) return opaqueWrapper(registration, site, registrar, wrapperCall);
  const params = wrapper.getParameters();
  const cbIndex = params.findIndex((p) => Node.isIdentifier(p.getNameNode()) && callsOf(returned, p.getName()).length > 0);
  const given = cbIndex >= 0 ? wrapperCall.getArguments()[cbIndex] : undefined;
  if (!given) return undefined;
  // The handler: the registrar's parameter bound at the registrar call, or a function given right here.
  let handler: HandlerFunction | undefined;
  let handlerParamType: TypeNode | undefined;
  let nameArg: Node | undefined = regArgs[0];
  if (registrar) {
    const g = unwrapExpression(given);
    const decl = Node.isIdentifier(g) ? resolveIdentifier(g) : undefined;
    const index = registrar.getParameters().findIndex((p) => p === decl);
    const nameDecl = Node.isIdentifier(unwrapExpression(regArgs[0])) ? resolveIdentifier(unwrapExpression(regArgs[0]) as import('ts-morph').Identifier) : undefined;
    const nameIndex = registrar.getParameters().findIndex((p) => p === nameDecl);
    if (index < 0 || nameIndex < 0) return undefined;
    const siteArgs = site.getArguments();
    if (siteArgs.some((a) => Node.isSpreadElement(a))) return undefined;
    handler = siteArgs[index] ? resolveFunction(siteArgs[index]) : undefined;
    handlerParamType = registrar.getParameters()[index].getTypeNode();
    nameArg = siteArgs[nameIndex];
  } else {
    handler = resolveFunction(given);
  }
  if (!handler) return undefined;
  const base = registrationHandler(registration, callback);
  if (!base) return undefined;
  const name = registeredName(nameArg, handler);
  const chain: WrapperChain = { registration, site, handler, name, ctxIndex: base.ctxIndex, hops: [] };
  const refuse = (problem: string) => ({ ...chain, problem });
  if (wrapper.getSourceFile() !== registration.getSourceFile()) return refuse(`the wrapper ${wrapperName(wrapperCall)}() is declared in another module`);
  // Link 1: the registration's callback invokes what the wrapper returns.
  const first = link(registration, base, outer, [], [], 'the registration\'s callback');
  if ('refusal' in first) return refuse(first.refusal);
  // Link 2: the returned function calls the handler.
  const calls = callsOf(returned, params[cbIndex].getName());
  if (calls.length !== 1) return refuse(`${wrapperName(wrapperCall)}() calls the handler more than once`);
  const inner: HandlerInfo = {
    ...base, fn: returned, params: returned.getParameters(), inline: true, ctxIndex: first.ctxAt!, ctxIndexGuessed: false,
    // A context parameter added to it needs a type unless the wrapper's declared result types it.
    route: { kind: 'dispatch', widen: [], ...(wrapper.getReturnTypeNode() ? {} : { ctxType: 'ServerContext' }) },
  };
  delete inner.ctxParam;
  delete inner.argsParam;
  if (returned.getParameters()[first.ctxAt!]) inner.ctxParam = returned.getParameters()[first.ctxAt!];
  const argsParam = returned.getParameters()[0];
  if (argsParam) inner.argsParam = argsParam;
  // The handler's declared types on the way (a same-file alias once, however often it is named).
  const types = [...new Set([params[cbIndex].getTypeNode(), handlerParamType, wrapper.getReturnTypeNode()].flatMap((t) => (t ? declaredFunctionType(t) ?? [] : [])))];
  const second = link(registration, inner, calls[0], [returned.getReturnTypeNode()], types, `the function ${wrapperName(wrapperCall)}() returns`);
  if ('refusal' in second) return refuse(second.refusal);
  chain.ctxIndex = second.ctxAt!;
  chain.hops = [first, second];
  return chain;
}

/**
 * A wrapper that cannot be followed (imported, or not simply returning a function): the handler
 * it is given is still known, and is reported with that reason instead of as asking outside a request.
 */
function opaqueWrapper(registration: CallExpression, site: CallExpression, registrar: HandlerFunction | undefined, wrapperCall: CallExpression): WrapperChain | undefined {
  const regArgs = registration.getArguments();
  for (const arg of wrapperCall.getArguments()) {
    const a = unwrapExpression(arg);
    let handler: HandlerFunction | undefined;
    let nameArg: Node | undefined = regArgs[0];
    if (registrar) {
      const decl = Node.isIdentifier(a) ? resolveIdentifier(a) : undefined;
      const index = registrar.getParameters().findIndex((p) => p === decl);
      const siteArg = index >= 0 ? site.getArguments()[index] : undefined;
      handler = siteArg ? resolveFunction(siteArg) : undefined;
      const nameDecl = Node.isIdentifier(unwrapExpression(regArgs[0])) ? resolveIdentifier(unwrapExpression(regArgs[0]) as import('ts-morph').Identifier) : undefined;
      nameArg = site.getArguments()[registrar.getParameters().findIndex((p) => p === nameDecl)];
    } else if (Node.isArrowFunction(a) || Node.isFunctionExpression(a)) handler = a;
    if (handler) {
      return {
        registration, site, handler, name: registeredName(nameArg, handler), ctxIndex: 1, hops: [],
        problem: `the wrapper ${wrapperName(wrapperCall)}() it goes through is not a function of this file that returns a function, so whether it hands the handler's answer back unchanged cannot be checked`,
      };
    }
  }
  return undefined;
}

/** `(args) => wrap(name, cb)(args)`, `async (args) => { return await wrap(…)(args); }`: the outer call. */
function invokedCall(fn: HandlerFunction): CallExpression | undefined {
  const call = returnedCall(fn);
  return call && Node.isCallExpression(unwrapExpression(call.getExpression())) ? call : undefined;
}

/** The call a function's whole body returns (`=> f(…)`, `{ return await f(…); }`). */
function returnedCall(fn: HandlerFunction): CallExpression | undefined {
  const body = fn.getBody();
  let expr: Node | undefined = body;
  if (body && Node.isBlock(body)) {
    const statements = body.getStatements();
    if (statements.length !== 1 || !Node.isReturnStatement(statements[0])) return undefined;
    expr = statements[0].getExpression();
  }
  let e = expr && unwrapExpression(expr);
  if (e && Node.isAwaitExpression(e)) e = unwrapExpression(e.getExpression());
  return e && Node.isCallExpression(e) ? e : undefined;
}

/**
 * One link: `via` calls the next function with `call`. Where it passes the arguments and the
 * context, whether it must pass the context, and what it does with the result (see dispatch-routes.ts).
 */
function link(registration: CallExpression, via: HandlerInfo, call: CallExpression, declared: (TypeNode | undefined)[], memberTypes: Node[], what: string): DispatchRoute | { refusal: string } {
  for (let node: Node | undefined = call.getParent(); node && node !== via.fn; node = node.getParent()) {
    if (isFunctionLike(node)) return { refusal: `${what} calls the handler from a nested function` };
    if (Node.isIterationStatement(node)) return { refusal: `${what} calls the handler in a loop` };
  }
  const params = via.fn.getParameters();
  if (!params.every((p) => Node.isIdentifier(p.getNameNode()) && !p.getDotDotDotToken())) return { refusal: `${what} does not take its arguments by name` };
  const args = call.getArguments().map((a) => unwrapExpression(a).getText());
  const argsName = params[0]?.getName();
  const ctxName = params[via.ctxIndex]?.getName();
  if (args.length === 0 || args[0] !== argsName) return { refusal: `${what} does not pass its arguments on first` };
  const route: DispatchRoute = {
    key: -1, member: '', registration, via, call, targets: [], byInheritance: false, passContext: false, widen: [], memberTypes,
    subjectOf: (): RegisteredName => ({}),
  };
  if (args.length > 2 || (args.length === 2 && args[1] !== ctxName)) return { refusal: `${what} passes the handler something other than its arguments and context` };
  if (args.length === 2) route.ctxAt = 1;
  else {
    if (via.ctxIndex !== 1 || params.length > 1) return { refusal: `${what} has no context parameter at the place the handler takes it` };
    route.passContext = true;
    route.ctxAt = 1;
  }
  route.argsAt = 0;
  // The value: returned, or held in a variable the link works on.
  let value: Node = call;
  while (value.getParent() && (Node.isAwaitExpression(value.getParent()!) || Node.isParenthesizedExpression(value.getParent()!))) value = value.getParent()!;
  const parent = value.getParent();
  if (!(parent && Node.isReturnStatement(parent)) && !(Node.isArrowFunction(via.fn) && parent === via.fn)) {
    const holder = parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode()) ? parent.getVariableStatement() : undefined;
    const block = holder?.getParent();
    if (!holder || holder.getDeclarations().length !== 1 || !block || !(Node.isBlock(block) || Node.isCaseClause(block))) {
      return { refusal: `${what} does something with the handler's result other than returning it or holding it in a variable` };
    }
    route.holder = { statement: holder, name: (parent as import('ts-morph').VariableDeclaration).getName() };
  }
  const widen = widenable(declared);
  if ('problem' in widen) return { refusal: `${what} ${widen.problem}` };
  route.widen = widen.nodes;
  return route;
}

/** A function type node, or the one a same-file type alias names. */
function declaredFunctionType(type: TypeNode, depth = 0): Node | undefined {
  if (Node.isParenthesizedTypeNode(type)) return declaredFunctionType(type.getTypeNode(), depth + 1);
  if (Node.isFunctionTypeNode(type)) return type;
  if (Node.isTypeReference(type) && depth < 5) {
    const alias = type.getSourceFile().getTypeAlias(type.getTypeName().getText());
    const inner = alias?.getTypeNode();
    return inner ? declaredFunctionType(inner, depth + 1) : undefined;
  }
  return undefined;
}

function wrapperName(call: CallExpression): string {
  return call.getExpression().getText().replace(/\s+/g, '');
}


/**
 * A handler that runs another function inside a closure it hands to a wrapper (a tracer, a timer):
 *
 *   let run: (args, ctx) => Promise<…>;
 *   if (fast) run = async (args, ctx) => …; else run = async (args, ctx) => …;
 *   const traced = async (args, ctx) => trace(async () => run(args, ctx), { tool: name });
 *   server.tool(name, description, shape, traced);
 *
 * The functions `run` holds get the request context, so they are where the handler's questions
 * are; but the answer goes back through the wrapper, whose handling of it is not adapted here. They
 * are reported with the wrapper named (never migrated): `message` says it of the function ("… runs it").
 */
export interface ThunkRun {
  fn: HandlerFunction;
  handler: HandlerInfo;
  /** The wrapper call the closure is handed to. */
  wrapperCall: CallExpression;
  /** The variable the function is held in (`run`), when it is one. */
  holder?: string;
  message: string;
}

/** The functions the file's handlers run inside a closure handed to a wrapper, each with why it is not migrated. */
export function thunkRuns(file: SourceFile, handlers: readonly HandlerInfo[]): ThunkRun[] {
  const runs: ThunkRun[] = [];
  const known = new Set<Node>(handlers.map((h) => h.fn));
  for (const handler of handlers) {
    const ctxParam = handler.ctxParam;
    if (!ctxParam || !Node.isIdentifier(ctxParam.getNameNode())) continue;
    for (const call of handler.fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
      if (call.getFirstAncestor(isFunctionLike) !== handler.fn || !wrapperLike(call)) continue;
      for (const arg of call.getArguments()) {
        const thunk = unwrapExpression(arg);
        if (!(Node.isArrowFunction(thunk) || Node.isFunctionExpression(thunk)) || thunk.getParameters().length > 0) continue;
        // `async () => run(args, ctx)`, `async () => { return await run(args, ctx); }`: the call.
        const inner = returnedCall(thunk);
        if (!inner) continue;
        // The closure hands the handler's own context on: what it calls is where the request is handled.
        const passesContext = inner.getArguments().some((a) => {
          const e = unwrapExpression(a);
          return Node.isIdentifier(e) && resolveIdentifier(e) === ctxParam;
        });
        if (!passesContext) continue;
        const held = heldFunctions(inner.getExpression());
        if (!held) continue;
        const message = thunkMessage(handler, call);
        for (const fn of held.fns) {
          if (fn.getSourceFile() !== file || known.has(fn)) continue;
          known.add(fn);
          runs.push({ fn, handler, wrapperCall: call, ...(held.holder ? { holder: held.holder } : {}), message });
        }
      }
    }
  }
  return runs;
}

/** Array, promise and timer methods take callbacks too, but are no wrappers of the handler. */
const NOT_WRAPPERS = new Set(['map', 'forEach', 'filter', 'flatMap', 'reduce', 'some', 'every', 'find', 'then', 'catch', 'finally', 'all', 'allSettled', 'race', 'any', 'setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick']);

/**
 * A call the handler hands its answer through: `trace(…)` or `this.tracer.run(…)` (no array,
 * promise or timer method) whose result the handler returns or awaits into a variable.
 */
function wrapperLike(call: CallExpression): boolean {
  const callee = unwrapExpression(call.getExpression());
  const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
  if (name === undefined || NOT_WRAPPERS.has(name)) return false;
  let node: Node = climbed(call);
  let parent = node.getParent();
  if (parent && Node.isAwaitExpression(parent)) {
    node = climbed(parent);
    parent = node.getParent();
  }
  if (!parent) return false;
  return Node.isReturnStatement(parent) || (Node.isVariableDeclaration(parent) && parent.getInitializer() === node) || (Node.isArrowFunction(parent) && parent.getBody() === node);
}


/**
 * The functions a callee can be: a declared function, or every function a variable is given (its
 * initializer and its plain assignments). Undefined when a write gives it anything else.
 */
function heldFunctions(callee: Node): { fns: HandlerFunction[]; holder?: string } | undefined {
  const e = unwrapExpression(callee);
  if (!Node.isIdentifier(e)) return undefined;
  const decl = resolveIdentifier(e);
  if (!decl) return undefined;
  if (Node.isFunctionDeclaration(decl)) return decl.hasBody() ? { fns: [decl] } : undefined;
  if (!Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return undefined;
  const name = decl.getName();
  const fns: HandlerFunction[] = [];
  const init = decl.getInitializer();
  if (init) {
    const fn = unwrapExpression(init);
    if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return undefined;
    fns.push(fn);
  }
  const scope = decl.getVariableStatement()?.getParent() ?? decl.getParent()?.getParent();
  if (!scope) return undefined;
  for (const id of referencesTo(scope, name, decl)) {
    const parent = climbed(id).getParent();
    if (parent && Node.isBinaryExpression(parent) && climbed(id) === parent.getLeft()) {
      if (parent.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return undefined;
      const fn = unwrapExpression(parent.getRight());
      if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn))) return undefined;
      fns.push(fn);
      continue;
    }
    // Any other write (`++`, a destructuring target) gives it a value not seen here.
    if (parent && (Node.isPrefixUnaryExpression(parent) || Node.isPostfixUnaryExpression(parent) || Node.isArrayLiteralExpression(parent) || Node.isShorthandPropertyAssignment(parent))) return undefined;
  }
  return fns.length > 0 ? { fns, holder: name } : undefined;
}

function climbed(node: Node): Node {
  let n = node;
  while (n.getParent() && Node.isParenthesizedExpression(n.getParent()!)) n = n.getParent()!;
  return n;
}

/** Why a function run through `call`'s closure is not migrated, said of the function ("… runs it"). */
function thunkMessage(handler: HandlerInfo, call: CallExpression): string {
  const wrapper = wrapperName(call);
  const runs = `${describeHandler(handler)} runs it inside a function it hands to ${wrapper}()`;
  const unchanged = 'hands an input request back unchanged (neither changed nor recorded as a finished call)';
  if (declaredHere(call)) {
    return `${runs}${wrapperOrigin(call)}, and a wrapper that runs the handler through a function it is given is not followed by this run, so whether ${wrapper}() ${unchanged} is not checked`;
  }
  return `${runs}${wrapperOrigin(call)}, which is not declared in the handler's file, so whether it ${unchanged} cannot be checked`;
}

/** The wrapper is a function of this file, or one a function of this file makes (`const trace = tracerFor(name)`). */
function declaredHere(call: CallExpression): boolean {
  const here = (fn: Node | undefined) => fn !== undefined && fn.getSourceFile() === call.getSourceFile();
  const maker = wrapperMaker(call);
  return here(calleeFunction(call)) || (maker !== undefined && here(calleeFunction(maker)));
}

/** `, the function this.tracing.tracerFor() returns,` / `, imported from './trace.js',`: where a wrapper comes from. */
function wrapperOrigin(call: CallExpression): string {
  const maker = wrapperMaker(call);
  if (maker) return ` (the function ${maker.getExpression().getText().replace(/\s+/g, '')}() returns)`;
  const imported = wrapperDeclaration(call)?.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
  if (imported) return ` (imported from '${imported.getModuleSpecifierValue()}')`;
  return '';
}

/** What the wrapper's name is declared as, when the callee is a plain name. */
function wrapperDeclaration(call: CallExpression): Node | undefined {
  const callee = unwrapExpression(call.getExpression());
  return Node.isIdentifier(callee) ? resolveIdentifier(callee) : undefined;
}

/** `const trace = tracerFor(name)` (or `await tracerFor(name)`): the call that made the wrapper. */
function wrapperMaker(call: CallExpression): CallExpression | undefined {
  const decl = wrapperDeclaration(call);
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  let made = init && unwrapExpression(init);
  if (made && Node.isAwaitExpression(made)) made = unwrapExpression(made.getExpression());
  return made && Node.isCallExpression(made) ? made : undefined;
}
