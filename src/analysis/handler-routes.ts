// Handlers the registration reaches through other code of the same file:
//
//   delegate   `async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx)`: the callback's
//              whole job is to return another function's result; that function is the handler.
//   wrapper    `withErrorHandling('name', async (args, ctx) => { … })`: a function that returns a
//              function passing the handler's result through unchanged.
//   registrar  `this.tool('name', description, schema, this.sendEmail)` / `addTool(server, 'name', fn)`:
//              a function or (base-class) method that registers its handler argument.
//
// A route is only taken when it provably hands the handler's result back unchanged and passes the
// arguments and context through; anything else is refused with the reason, so the push sites in
// the handler can say why they were left alone.
import { Node, SyntaxKind, type CallExpression, type Expression, type TypeNode } from '../ts-morph.js';
import { isFunctionLike, propertyName, resolveFunction, resolveIdentifier, type FunctionNode } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { callsOf, identifierUses, passThroughProblem } from './pass-through.js';
import { isDefaultExport, isExported } from '../ast/exports.js';

export interface HandlerRoute {
  /** `dispatch`: a tool definition's function a registration hands the call to (dispatch-routes.ts). */
  kind: 'delegate' | 'wrapper' | 'registrar' | 'dispatch';
  /** Declared `Promise<…Result>` types on the way that must also admit InputRequiredResult once the handler can return it. */
  widen: TypeNode[];
  /** The type to declare on a context parameter added to the handler (it is not typed by its registration). */
  ctxType?: string;
}

export interface RouteRefusal {
  /** The function that would have been the handler. */
  fn: Node;
  message: string;
}

/** A function the registration's callback argument passes through: the wrapper and the handler argument. */
export interface WrappedHandler {
  handlerArg: Expression;
  route: HandlerRoute;
}

const RESULT_TYPES = /\b(CallToolResult|GetPromptResult|ReadResourceResult)\b/;

/**
 * A declared result (or one arm of it) that an InputRequiredResult is already assignable to:
 * `any`, `unknown`, `object`, `ServerResult`, or one that names InputRequiredResult.
 */
export function admitsInputRequired(type: TypeNode): boolean {
  const arms = Node.isUnionTypeNode(type) ? type.getTypeNodes() : [type];
  return arms.some((arm) => /\bInputRequiredResult\b/.test(arm.getText()) || /^(Promise\s*<\s*)?(any|unknown|object|ServerResult)(\s*>)?$/.test(arm.getText()));
}

/**
 * `wrapper(…, handler)` as a registration callback: the handler argument when `wrapper` is a
 * same-file function returning a pass-through function; a refusal when it is not one.
 */
export function wrappedHandler(callback: Expression, refusals: RouteRefusal[]): WrappedHandler | undefined {
  const call = unwrapExpression(callback);
  if (!Node.isCallExpression(call)) return undefined;
  const wrapper = resolveFunction(call.getExpression());
  const name = calleeName(call);
  if (!wrapper || !Node.isFunctionDeclaration(wrapper) && !Node.isArrowFunction(wrapper) && !Node.isFunctionExpression(wrapper)) {
    // An imported or curried wrapper around an inline handler: the handler is known, the wrapper is not.
    const inline = call.getArguments().map((a) => unwrapExpression(a)).find((a) => Node.isArrowFunction(a) || Node.isFunctionExpression(a));
    if (inline) refusals.push({ fn: inline, message: `the handler is registered through ${name}(), which does not lead to a function declared in this file, so whether it passes the handler's result through cannot be checked` });
    return undefined;
  }
  const returned = returnedFunction(wrapper);
  const params = wrapper.getParameters();
  // The wrapper's parameter the returned function calls is the handler.
  const index = returned ? params.findIndex((p) => Node.isIdentifier(p.getNameNode()) && callsOf(returned, p.getName()).length > 0) : -1;
  const args = call.getArguments() as Expression[];
  const handlerArg = index >= 0 ? args[index] : args.find((a) => resolveFunction(a) !== undefined);
  const handler = handlerArg && resolveFunction(handlerArg);
  if (!handler) return undefined;
  const refuse = (why: string) => {
    refusals.push({ fn: handler, message: `the handler is registered through ${name}(), which ${why}` });
    return undefined;
  };
  if (!returned) return refuse('does not simply return a function that calls it');
  if (index < 0 || index >= args.length || args.slice(0, index + 1).some((a) => Node.isSpreadElement(a))) return refuse('does not call the handler it is given');
  const problem = passThroughProblem(returned, params[index].getName(), wrapper);
  if (problem) return refuse(problem);
  const widen = widenable([params[index].getTypeNode(), wrapper.getReturnTypeNode(), returned.getReturnTypeNode()]);
  if ('problem' in widen) return refuse(widen.problem);
  return { handlerArg, route: { kind: 'wrapper', widen: widen.nodes } };
}

/** What a registrar call registers: its registration call, the name and handler arguments. */
export interface RegistrarCall {
  registration: CallExpression;
  nameArg: Expression;
  handlerArg: Expression;
  route: HandlerRoute;
}

/**
 * `this.tool('name', …, this.sendEmail)` / `addTool(server, 'name', handler)`: a call of a same-file
 * function or method (of the class or a base class in the file) whose one registration takes the
 * name from a parameter and registers the handler parameter directly or through a pass-through
 * callback. `isRegistration` tells the registration calls apart.
 */
export function registrarCall(call: CallExpression, isRegistration: (c: CallExpression) => boolean, refusals: RouteRefusal[]): RegistrarCall | undefined {
  const registrar = calleeFunction(call);
  if (!registrar || !registrar.getBody()) return undefined;
  const registrations = registrationsIn(registrar, isRegistration);
  if (registrations.length !== 1) return undefined;
  const registration = registrations[0];
  const regArgs = registration.getArguments();
  const params = registrar.getParameters();
  const paramIndex = (expr: Node | undefined) => {
    const e = expr && unwrapExpression(expr);
    if (!e || !Node.isIdentifier(e)) return -1;
    const decl = resolveIdentifier(e);
    return params.findIndex((p) => p === decl);
  };
  const nameIndex = paramIndex(regArgs[0]);
  if (nameIndex < 0) return undefined;
  const callback = regArgs[regArgs.length - 1];
  let handlerIndex = paramIndex(callback);
  const args = call.getArguments() as Expression[];
  if (args.some((a) => Node.isSpreadElement(a))) return undefined;
  const nameArg = args[nameIndex];
  const name = calleeName(call);
  let passThrough: FunctionNode | undefined;
  if (handlerIndex < 0) {
    // Registered through a callback that calls the handler parameter.
    const fn = resolveFunction(callback);
    if (!fn || fn.getPos() < callback.getPos() || fn.getEnd() > callback.getEnd()) return undefined;
    handlerIndex = params.findIndex((p) => Node.isIdentifier(p.getNameNode()) && callsOf(fn, p.getName()).length > 0);
    if (handlerIndex < 0) return undefined;
    passThrough = fn;
  }
  const handlerArg = args[handlerIndex];
  const handler = handlerArg && resolveFunction(handlerArg);
  if (!nameArg || !handler) return undefined;
  const refuse = (why: string) => {
    refusals.push({ fn: handler, message: `the handler is registered through ${name}(), which ${why}` });
    return undefined;
  };
  const handlerParam = params[handlerIndex];
  if (!Node.isIdentifier(handlerParam.getNameNode())) return undefined;
  const uses = identifierUses(registrar, handlerParam.getName());
  if (passThrough) {
    const problem = passThroughProblem(passThrough, handlerParam.getName(), registrar);
    if (problem) return refuse(problem);
  } else if (uses.length !== 1) {
    return refuse('also uses the handler elsewhere');
  }
  const widen = widenable([handlerParam.getTypeNode(), passThrough?.getReturnTypeNode()]);
  if ('problem' in widen) return refuse(widen.problem);
  return { registration, nameArg, handlerArg, route: { kind: 'registrar', widen: widen.nodes } };
}

/** Registration calls inside each function, found once per function (a registrar is called many times). */
const registrationCache = new WeakMap<object, CallExpression[]>();

function registrationsIn(fn: FunctionNode, isRegistration: (c: CallExpression) => boolean): CallExpression[] {
  let found = registrationCache.get(fn.compilerNode);
  if (!found) {
    found = fn.getDescendantsOfKind(SyntaxKind.CallExpression).filter(isRegistration);
    registrationCache.set(fn.compilerNode, found);
  }
  return found;
}

/**
 * The function a delegating callback returns the result of, with where each of its parameters
 * comes from: `index` of the callback parameter passed whole, or the name bound from it.
 */
export interface Delegation {
  delegate: FunctionNode;
  /** For each argument of the call: the callback parameter index passed whole, or -1 for a name bound by destructuring. */
  argSources: number[];
}

/**
 * `(args, ctx) => handle(args, ctx)`, `async ({ a }, ctx) => this.m(a, ctx)`, `{ return await this.m(args, ctx); }`:
 * the callee when every argument is a parameter (or a name destructured from one) of the callback,
 * and the callee is a function or private/protected method nothing else in the file refers to.
 */
export function delegationOf(callback: FunctionNode): Delegation | undefined {
  if (!Node.isArrowFunction(callback) && !Node.isFunctionExpression(callback)) return undefined;
  const body = callback.getBody();
  let expr: Node | undefined = body;
  if (Node.isBlock(body)) {
    const statements = body.getStatements();
    if (statements.length !== 1 || !Node.isReturnStatement(statements[0])) return undefined;
    expr = statements[0].getExpression();
  }
  if (!expr) return undefined;
  let e = unwrapExpression(expr);
  if (Node.isAwaitExpression(e)) e = unwrapExpression(e.getExpression());
  if (!Node.isCallExpression(e)) return undefined;
  const callee = unwrapExpression(e.getExpression());
  const delegate = resolveFunction(callee);
  if (!delegate || delegate === callback || !delegate.getBody() || !Node.isBlock(delegate.getBody())) return undefined;
  if (!referencedOnlyHere(delegate, callee)) return undefined;
  const params = callback.getParameters();
  const argSources: number[] = [];
  for (const arg of e.getArguments()) {
    const a = unwrapExpression(arg);
    if (!Node.isIdentifier(a)) return undefined;
    const decl = resolveIdentifier(a);
    const whole = params.findIndex((p) => p === decl);
    if (whole >= 0) argSources.push(whole);
    else if (decl && Node.isBindingElement(decl) && params.some((p) => p.containsRange(decl.getPos(), decl.getEnd()))) argSources.push(-1);
    else return undefined;
  }
  const delegateParams = delegate.getParameters();
  if (delegateParams.length !== argSources.length || delegateParams.some((p) => p.getDotDotDotToken())) return undefined;
  return { delegate, argSources };
}

/** The delegate is private (a `#name`, a private/protected method, a file-local function) and called only here. */
function referencedOnlyHere(delegate: FunctionNode, callee: Node): boolean {
  let name: string | undefined;
  if (Node.isMethodDeclaration(delegate)) {
    const privateName = Node.isPrivateIdentifier(delegate.getNameNode());
    if (!privateName && !delegate.hasModifier(SyntaxKind.PrivateKeyword) && !delegate.hasModifier(SyntaxKind.ProtectedKeyword)) return false;
    name = propertyName(delegate);
  } else if (Node.isFunctionDeclaration(delegate)) {
    if (isExported(delegate) || isDefaultExport(delegate)) return false;
    name = delegate.getName();
  } else if (Node.isPropertyDeclaration(delegate.getParent())) {
    // `private handle = async (args, ctx) => { … }`
    const prop = delegate.getParent() as import('ts-morph').PropertyDeclaration;
    if (!Node.isPrivateIdentifier(prop.getNameNode()) && !prop.hasModifier(SyntaxKind.PrivateKeyword) && !prop.hasModifier(SyntaxKind.ProtectedKeyword)) return false;
    name = prop.getName();
  } else {
    const decl = delegate.getParent();
    if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return false;
    const statement = decl.getParent()?.getParent();
    if (!statement || !Node.isVariableStatement(statement) || isExported(statement)) return false;
    name = decl.getName();
  }
  if (!name) return false;
  const file = delegate.getSourceFile();
  const names = [...file.getDescendantsOfKind(SyntaxKind.Identifier), ...file.getDescendantsOfKind(SyntaxKind.PrivateIdentifier)]
    .filter((id) => id.getText() === name && !isDeclarationName(id, delegate) && !(!Node.isFunctionDeclaration(delegate) && memberOfAnotherObject(id)));
  return names.length === 1 && callee.containsRange(names[0].getPos(), names[0].getEnd());
}

/** `this.kube.deleteNamespace`, `client().x`: a member of some other object, not of this class. */
function memberOfAnotherObject(id: Node): boolean {
  const parent = id.getParent();
  // A member of an interface or type literal only shares the name.
  if (parent && (Node.isMethodSignature(parent) || Node.isPropertySignature(parent)) && parent.getNameNode() === id) return true;
  if (!parent || !Node.isPropertyAccessExpression(parent) || parent.getNameNode() !== id) return false;
  const receiver = unwrapExpression(parent.getExpression());
  return !Node.isThisExpression(receiver) && !Node.isIdentifier(receiver);
}

function isDeclarationName(id: Node, delegate: FunctionNode): boolean {
  if (Node.isMethodDeclaration(delegate) || Node.isFunctionDeclaration(delegate)) return id === delegate.getNameNode();
  const decl = delegate.getParent();
  return decl !== undefined && (Node.isVariableDeclaration(decl) || Node.isPropertyDeclaration(decl)) && id === decl.getNameNode();
}

/** `return <function>` as the wrapper's body (or its arrow expression body). */
export function returnedFunction(wrapper: FunctionNode): FunctionNode | undefined {
  const body = wrapper.getBody();
  let expr: Node | undefined;
  if (body && Node.isBlock(body)) {
    const statements = body.getStatements();
    const last = statements[statements.length - 1];
    if (!last || !Node.isReturnStatement(last)) return undefined;
    if (body.getDescendantsOfKind(SyntaxKind.ReturnStatement).some((r) => r !== last && r.getFirstAncestor(isFunctionLike) === wrapper)) return undefined;
    expr = last.getExpression();
  } else expr = body;
  if (!expr) return undefined;
  const e = unwrapExpression(expr);
  return Node.isArrowFunction(e) || Node.isFunctionExpression(e) ? e : undefined;
}

/** The same-file function or method a call calls: `fn(…)`, `this.m(…)` (also a base class's), `Class.m(…)`. */
export function calleeFunction(call: CallExpression): FunctionNode | undefined {
  const callee = unwrapExpression(call.getExpression());
  if (Node.isPropertyAccessExpression(callee) && Node.isThisExpression(unwrapExpression(callee.getExpression()))) {
    const cls = callee.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
    return cls ? inheritedMethod(cls, callee.getName(), 0) : undefined;
  }
  const fn = resolveFunction(callee);
  return fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) || Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) ? fn : undefined;
}

/** A method of the class or of a base class declared in the same file. */
function inheritedMethod(cls: Node, name: string, depth: number): FunctionNode | undefined {
  if (depth > 5 || (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls))) return undefined;
  const own = cls.getMethods().find((m) => m.getName() === name && !m.isStatic() && m.hasBody());
  if (own) return own;
  const base = cls.getExtends()?.getExpression();
  if (!base || !Node.isIdentifier(base)) return undefined;
  const decl = resolveIdentifier(base);
  return decl ? inheritedMethod(decl, name, depth + 1) : undefined;
}

function calleeName(call: CallExpression): string {
  const callee = unwrapExpression(call.getExpression());
  return Node.isPropertyAccessExpression(callee) ? `${callee.getExpression().getText()}.${callee.getName()}` : callee.getText();
}

/**
 * The `Promise<…Result>` return types among these declared types (function types, or same-file
 * aliases of them) that lack InputRequiredResult; a problem when a result type is declared in a
 * way that cannot be widened here (another file's alias, a non-Promise result).
 */
export function widenable(types: (TypeNode | undefined)[]): { nodes: TypeNode[] } | { problem: string } {
  const nodes: TypeNode[] = [];
  for (const type of types) {
    if (!type) continue;
    const fnType = functionTypeOf(type);
    if (fnType === 'foreign') {
      if (RESULT_TYPES.test(type.getText()) || /^[A-Z]/.test(type.getText())) return { problem: `declares the handler's type (${type.getText()}) in another file, so it cannot admit InputRequiredResult` };
      continue;
    }
    const returned = fnType ? fnType.getReturnTypeNode() : type;
    if (!returned) continue;
    const text = returned.getText();
    if (!RESULT_TYPES.test(text) || /\bInputRequiredResult\b/.test(text)) continue;
    if (!/^Promise\s*<[\s\S]*>$/.test(text)) return { problem: `declares the handler's result as ${text}, which cannot admit InputRequiredResult` };
    if (!nodes.some((n) => n.getStart() === returned.getStart())) nodes.push(returned);
  }
  return { nodes };
}

/** The function type a type node is or names (a same-file alias); 'foreign' for a name declared elsewhere. */
function functionTypeOf(type: TypeNode, depth = 0): import('ts-morph').FunctionTypeNode | undefined | 'foreign' {
  const t = Node.isParenthesizedTypeNode(type) ? type.getTypeNode() : type;
  if (Node.isFunctionTypeNode(t)) return t;
  if (Node.isTypeReference(t) && depth < 5) {
    const nameNode = t.getTypeName();
    if (!Node.isIdentifier(nameNode)) return 'foreign';
    if (/^(Promise|Awaited|ReturnType)$/.test(nameNode.getText())) return undefined;
    const alias = type.getSourceFile().getTypeAlias(nameNode.getText());
    if (!alias) return 'foreign';
    const inner = alias.getTypeNode();
    return inner ? functionTypeOf(inner, depth + 1) : 'foreign';
  }
  return undefined;
}
