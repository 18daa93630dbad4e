// Who reaches the function a push site sits in, within its file, when the site is in no request
// handler: request handlers that call it (directly or through other functions), paths that provably
// run outside any request (timers, event listeners, notification handlers, HTTP routes, start-up,
// after the handler answered), the asking API it is handed to other code as (a member of a context
// object, a returned closure, a protected method for subclasses), and what the file cannot tell
// (exported functions and public methods whose callers live elsewhere, values handed on). The
// findings are built from this (site-findings.ts), so each one says what was found.
import { Node, SyntaxKind, type ClassDeclaration, type ClassExpression, type ParameterDeclaration } from '../ts-morph.js';
import { type HandlerInfo } from './handlers.js';
import { isFunctionLike, resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { isServerLike, type PushSite } from './push-sites.js';
import { outsideCallback } from './request-scope.js';
import { isDefaultExport, isExported } from '../ast/exports.js';

export interface HandlerPath {
  handler: HandlerInfo;
  /** The call in the handler that leads to the site. */
  call: Node;
  /** Somewhere on the way a call is neither awaited nor returned: it runs on after the handler answered. */
  detached: boolean;
  /** The functions between the handler and the site, outermost first (`a()`, `this.b()`). */
  via: string[];
}

export interface Reach {
  handlers: HandlerPath[];
  /** Paths that provably run outside any client request, each described. */
  outside: string[];
  /** How the asking function is handed to other code as an API (`` `elicit` of the object passed to tool.execute() ``). */
  exposed: string[];
  /** Exported functions or public methods on the way whose callers are not in this file. */
  entries: Entry[];
  /** Handed on as a value to code this file does not show calling it. */
  values: string[];
  /** Functions on the way that nothing in the file calls and that are not exported. */
  uncalled: string[];
  /**
   * The function asks through a request context it takes as its own parameter but is no handler
   * found here: a handler registered through code not followed (a definition object, a factory).
   */
  ownContext?: { fn: string; param: string; holder: string };
}

export interface Entry {
  /** `askYesNo()` or `Session.requestSampling()`. */
  name: string;
  /** The name the callers index files its uses under: the function, or `Class.method`. */
  exportName: string;
  kind: 'function' | 'method';
  /** The way from the entry to the question passes a call that is not waited for. */
  detached?: boolean;
}

type ClassLike = ClassDeclaration | ClassExpression;

const MAX_DEPTH = 8;

/** The reach of the function the site sits in; undefined fn means the site is at module level. */
export function reachOf(site: PushSite, handlers: readonly HandlerInfo[]): Reach {
  const reach: Reach = { handlers: [], outside: [], exposed: [], entries: [], values: [], uncalled: [] };
  const byFn = new Map<object, HandlerInfo>(handlers.map((h) => [h.fn.compilerNode, h]));
  const seen = new Set<object>();
  const start = enclosingFunction(site.node);
  if (!start) {
    reach.outside.push('module top level, which runs when the module is loaded');
    return reach;
  }
  const own = ownContextParameter(site, start);
  if (own) reach.ownContext = own;

  const visit = (fn: Node, via: { call?: Node; detached: boolean; chain: string[] }, depth: number): void => {
    const handler = byFn.get(fn.compilerNode);
    if (handler && via.call) {
      reach.handlers.push({ handler, call: via.call, detached: via.detached, via: via.chain });
      return;
    }
    if (seen.has(fn.compilerNode) || depth > MAX_DEPTH) return;
    seen.add(fn.compilerNode);
    const outside = outsideCallback(fn);
    if (outside) {
      reach.outside.push(outside);
      return;
    }
    // Code after `await server.connect(transport)` in the same function sets up a connection.
    if (depth === 0 && connectsBefore(fn, site.node)) {
      reach.outside.push(`${nameOf(fn) ?? 'this function'}() after it connects the server to a transport (the start of a session)`);
      return;
    }
    const name = nameOf(fn);
    const chain = name ? [`${name}()`, ...via.chain] : via.chain;
    // A function called where it is written (`(async () => { … })()`) runs there: its caller is the function around it.
    const invokedAt = invokedOnTheSpot(fn);
    if (invokedAt) {
      const caller = enclosingFunction(invokedAt);
      const detached = via.detached || !awaitedOrReturned(invokedAt);
      if (!caller) reach.outside.push('module top level, which runs when the module is loaded');
      else visit(caller, { call: invokedAt, detached, chain }, depth + 1);
      return;
    }
    // A callback written into a call runs when that call runs it: its caller is the function around the call.
    const passedTo = inlineArgumentOf(fn);
    if (passedTo) {
      const caller = enclosingFunction(passedTo);
      const detached = via.detached || !awaitedOrReturned(passedTo);
      // At module level the call only registers the callback: when it runs is the callee's business.
      if (!caller) reach.values.push(`a callback passed to ${calleeText(passedTo)}()`);
      else visit(caller, { call: passedTo, detached, chain }, depth + 1);
      return;
    }
    const uses = usesOf(fn);
    if (uses.kind === 'exposed') {
      reach.exposed.push(uses.how);
      return;
    }
    if (uses.kind === 'entry') reach.entries.push(via.detached ? { ...uses.entry, detached: true } : uses.entry);
    if (uses.refs.length === 0) {
      if (uses.kind !== 'entry' && name) reach.uncalled.push(`${name}()`);
      return;
    }
    for (const ref of uses.refs) follow(ref, { detached: via.detached, chain }, depth);
  };

  /** A reference to a function on the way: a call, or the function handed on as a value. */
  const follow = (ref: Node, via: { detached: boolean; chain: string[] }, depth: number): void => {
    const call = calledAt(ref);
    if (call) {
      const detached = via.detached || !awaitedOrReturned(call);
      const caller = enclosingFunction(call);
      if (!caller) reach.outside.push('module top level, which runs when the module is loaded');
      else visit(caller, { call, detached, chain: via.chain }, depth + 1);
      return;
    }
    const value = valueUse(ref);
    if (value.kind === 'outside') reach.outside.push(value.how);
    else if (value.kind === 'exposed') reach.exposed.push(value.how);
    else if (value.kind === 'value') reach.values.push(value.how);
  };

  visit(start, { detached: false, chain: [] }, 0);
  return reach;
}

/** The innermost function around `node` (undefined at module level). */
export function enclosingFunction(node: Node): Node | undefined {
  return node.getFirstAncestor((a) => isFunctionLike(a));
}

/** The function's own name: declaration, `const x = () => …`, method, class field or object member. */
export function nameOf(fn: Node): string | undefined {
  if ((Node.isFunctionDeclaration(fn) || Node.isFunctionExpression(fn)) && fn.getName()) return fn.getName();
  if (Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn)) {
    const owner = methodOwner(fn);
    return owner ? `${owner}.${fn.getName()}` : fn.getName();
  }
  const parent = fn.getParent();
  if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode())) return parent.getName();
  if (parent && Node.isPropertyDeclaration(parent)) {
    const owner = methodOwner(parent);
    return owner ? `${owner}.${parent.getName()}` : parent.getName();
  }
  return undefined;
}

function methodOwner(member: Node): string | undefined {
  const cls = member.getParent();
  return cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? cls.getName() : undefined;
}

type Uses =
  | { kind: 'refs'; refs: Node[] }
  | { kind: 'entry'; refs: Node[]; entry: Entry }
  | { kind: 'exposed'; how: string };

/** Where the function is referenced, or how it is handed to other code. */
function usesOf(fn: Node): Uses {
  const parent = fn.getParent();
  // Named functions and `const f = () => …`.
  if (Node.isFunctionDeclaration(fn) && fn.getName()) {
    const refs = identifierRefs(fn.getNameNode()!, fn.getName()!);
    return isExported(fn) || isDefaultExport(fn)
      ? { kind: 'entry', refs, entry: { name: `${fn.getName()}()`, exportName: fn.getName()!, kind: 'function' } }
      : { kind: 'refs', refs };
  }
  if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode())) {
    const refs = identifierRefs(parent.getNameNode(), parent.getName());
    const statement = parent.getVariableStatement();
    const exported = statement ? isExported(statement) : false;
    return exported ? { kind: 'entry', refs, entry: { name: `${parent.getName()}()`, exportName: parent.getName(), kind: 'function' } } : { kind: 'refs', refs };
  }
  // Class members: methods, getters, `handle = async () => …` fields.
  const member = Node.isMethodDeclaration(fn) || Node.isGetAccessorDeclaration(fn) ? fn : parent && Node.isPropertyDeclaration(parent) ? parent : undefined;
  if (member && (Node.isMethodDeclaration(member) || Node.isGetAccessorDeclaration(member) || Node.isPropertyDeclaration(member))) {
    const cls = member.getParent();
    if (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) return memberUses(member, cls);
    // A method of an object literal.
    if (Node.isObjectLiteralExpression(cls)) return memberOf(cls, member.getName());
  }
  if (parent && Node.isPropertyAssignment(parent) && parent.getInitializer() === fn) {
    const object = parent.getParent();
    if (Node.isObjectLiteralExpression(object)) return memberOf(object, parent.getName());
  }
  const holder = climb(fn);
  const above = holder.getParent();
  if (above && Node.isBinaryExpression(above) && above.getOperatorToken().getKind() === SyntaxKind.EqualsToken && above.getRight() === holder) {
    const target = unwrapExpression(above.getLeft());
    if (Node.isPropertyAccessExpression(target)) return { kind: 'exposed', how: `\`${target.getName()}\` set on ${target.getExpression().getText()}` };
  }
  // `return (msg) => ask(msg)`: the closure goes where the enclosing function's result goes.
  if (above && (Node.isReturnStatement(above) || (Node.isArrowFunction(above) && above.getBody() === holder))) {
    const maker = enclosingFunction(holder);
    const makerName = maker && nameOf(maker);
    if (maker && makerName) {
      const made = usesOf(maker);
      if (made.kind === 'exposed') return { kind: 'exposed', how: `the function ${makerName}() returns, ${made.how}` };
      const stored = made.refs.map((r) => calledAt(r)).filter((c): c is Node => c !== undefined).map(storedAs).find((s) => s !== undefined);
      if (stored) return { kind: 'exposed', how: `the function ${makerName}() returns, stored as ${stored}` };
      return made.kind === 'entry' ? { kind: 'exposed', how: `the function the exported ${makerName}() returns` } : made;
    }
  }
  return { kind: 'refs', refs: [] };
}

/** `the async function called where it is written in sampleLine()`, for a function expression called on the spot; else undefined. */
export function onTheSpotDescription(fn: Node): string | undefined {
  if (!invokedOnTheSpot(fn)) return undefined;
  const around = enclosingFunction(fn);
  const aroundName = around && nameOf(around);
  const isAsync = (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) && fn.isAsync();
  return `the ${isAsync ? 'async ' : ''}function called where it is written${aroundName ? ` in ${aroundName}()` : ''}`;
}

/** The call of a function expression written as its own callee (`(() => …)()`), if it is one. */
function invokedOnTheSpot(fn: Node): Node | undefined {
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const holder = climb(fn);
  const call = holder.getParent();
  return call && Node.isCallExpression(call) && call.getExpression() === holder ? call : undefined;
}

/** The call a function expression is written into as an argument (`withTimeout(() => …)`). */
function inlineArgumentOf(fn: Node): Node | undefined {
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return undefined;
  const holder = climb(fn);
  const call = holder.getParent();
  return call && (Node.isCallExpression(call) || Node.isNewExpression(call)) && (call.getArguments() as Node[]).includes(holder) ? call : undefined;
}

/** Class members: `this.x` (or `<instance>.x`) references; protected and public members of exported classes are entries. */
function memberUses(member: Node & { getName(): string }, cls: ClassLike): Uses {
  const name = member.getName();
  const refs = member.getSourceFile().getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)
    .filter((p) => p.getName() === name && !member.containsRange(p.getPos(), p.getEnd()) &&
      (!Node.isThisExpression(p.getExpression()) || sameOrSubclass(p, cls)));
  const modifiers = Node.isMethodDeclaration(member) || Node.isPropertyDeclaration(member) || Node.isGetAccessorDeclaration(member) ? member : undefined;
  const className = cls.getName() ?? 'class';
  const isPrivate = modifiers?.hasModifier(SyntaxKind.PrivateKeyword) || name.startsWith('#');
  const isProtected = modifiers?.hasModifier(SyntaxKind.ProtectedKeyword);
  const exported = Node.isClassDeclaration(cls) && (isExported(cls) || isDefaultExport(cls));
  const isAbstract = Node.isClassDeclaration(cls) && cls.isAbstract();
  // A protected method nothing in its own class calls is there for subclasses: the base class's asking API.
  if (isProtected && refs.length === 0 && (exported || isAbstract)) {
    return { kind: 'exposed', how: `the protected method ${name}() that the base class ${className} offers its subclasses` };
  }
  if (!isPrivate && exported) return { kind: 'entry', refs, entry: { name: `${className}.${name}()`, exportName: `${className}.${name}`, kind: 'method' } };
  return { kind: 'refs', refs };
}

function sameOrSubclass(node: Node, cls: ClassLike): boolean {
  for (let c = node.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a)) as ClassLike | undefined, depth = 0; c && depth < 5; depth++) {
    if (c === cls) return true;
    const base = c.getExtends()?.getExpression();
    const decl = base && Node.isIdentifier(base) ? resolveIdentifier(base) : undefined;
    c = decl && (Node.isClassDeclaration(decl) || Node.isClassExpression(decl)) ? decl : undefined;
  }
  return false;
}

/** References of a named function or const in its file (its own name and property names excluded). */
function identifierRefs(nameNode: Node, name: string): Node[] {
  return nameNode.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
    if (id === nameNode || id.getText() !== name) return false;
    const parent = id.getParent();
    if (parent && ((Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) || (Node.isPropertyAssignment(parent) && parent.getNameNode() === id))) return false;
    if (parent && (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent))) return false;
    const decl = resolveIdentifier(id);
    return decl === undefined || decl === nameNode.getParent() || decl === nameNode;
  });
}

/** Parentheses, casts and `.bind(…)` around a function value. */
export function climb(node: Node): Node {
  let value = node;
  for (let parent = value.getParent(); parent; parent = value.getParent()) {
    if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent) || Node.isNonNullExpression(parent)) value = parent;
    else if (Node.isPropertyAccessExpression(parent) && parent.getName() === 'bind' && Node.isCallExpression(parent.getParent())) value = parent.getParent()!;
    else break;
  }
  return value;
}

/** The call a reference is the callee of (`f(…)`, `this.f(…)`, `f.call(…)`), if it is one. */
export function calledAt(ref: Node): Node | undefined {
  let callee: Node = ref;
  const parent = ref.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) callee = parent;
  const holder = callee.getParent();
  if (holder && Node.isCallExpression(holder) && holder.getExpression() === callee) return holder;
  if (holder && Node.isPropertyAccessExpression(holder) && /^(call|apply)$/.test(holder.getName()) && Node.isCallExpression(holder.getParent())) return holder.getParent();
  return undefined;
}

/** Awaited, returned, or the value of an arrow's expression body: the caller waits for it. */
export function awaitedOrReturned(call: Node): boolean {
  let node = call;
  for (let parent = node.getParent(); parent; parent = node.getParent()) {
    if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isNonNullExpression(parent)) {
      node = parent;
      continue;
    }
    if (Node.isAwaitExpression(parent) || Node.isReturnStatement(parent)) return true;
    if (Node.isArrowFunction(parent) && parent.getBody() === node) return true;
    // `const p = f(); … await p` and `yield`: not followed; counted as waited for (no claim of detachment).
    if (Node.isVariableDeclaration(parent) || Node.isYieldExpression(parent)) return true;
    if (Node.isArrayLiteralExpression(parent) || Node.isCallExpression(parent)) return !Node.isExpressionStatement(parent.getParent());
    return false;
  }
  return false;
}

/** `{ elicit: askThing(x) }` / `ctx.elicit = askThing(x)`: where a call's result (a function) is stored. */
function storedAs(call: Node): string | undefined {
  const holder = climb(call);
  const parent = holder.getParent();
  if (parent && Node.isPropertyAssignment(parent)) {
    const object = parent.getParent();
    return Node.isObjectLiteralExpression(object) ? objectDestination(object, parent.getName()) : `\`${parent.getName()}\``;
  }
  if (parent && Node.isBinaryExpression(parent) && parent.getRight() === holder) {
    const target = unwrapExpression(parent.getLeft());
    if (Node.isPropertyAccessExpression(target)) return `\`${target.getName()}\` set on ${target.getExpression().getText()}`;
  }
  return undefined;
}

/**
 * A member of an object literal: exposed when the object goes to other code; when it is only held
 * in a const whose members this file calls (`helpers.ask()`), those calls are its references.
 */
function memberOf(object: Node, member: string): Uses {
  const holder = climb(object).getParent();
  if (holder && Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode())) {
    const refs = identifierRefs(holder.getNameNode(), holder.getName());
    const accesses = refs.flatMap((r) => {
      const p = r.getParent();
      return p && Node.isPropertyAccessExpression(p) && p.getExpression() === r ? [p] : [];
    });
    if (refs.length > 0 && accesses.length === refs.length) return { kind: 'refs', refs: accesses.filter((a) => a.getName() === member) };
  }
  return { kind: 'exposed', how: objectDestination(object, member) };
}

/** The asking API a function is handed to other code as, if it is one (`` `elicit` of the object passed to tool.execute() ``). */
export function exposureOf(fn: Node): string | undefined {
  const uses = usesOf(fn);
  return uses.kind === 'exposed' ? uses.how : undefined;
}

/** Where an object literal holding an asking member goes: passed to a call, returned, held in a const. */
function objectDestination(object: Node, member: string): string {
  const holder = climb(object);
  const parent = holder.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getExpression() !== holder) return `\`${member}\` of the object passed to ${calleeText(parent)}()`;
  if (parent && (Node.isReturnStatement(parent) || Node.isArrowFunction(parent))) {
    const maker = enclosingFunction(holder);
    const name = maker && nameOf(maker);
    return name ? `\`${member}\` of the object ${name}() returns` : `\`${member}\` of a returned object`;
  }
  if (parent && Node.isVariableDeclaration(parent)) return `\`${member}\` of ${parent.getName()}`;
  if (parent && Node.isPropertyAssignment(parent)) return `\`${member}\` of \`${parent.getName()}\``;
  return `\`${member}\` of an object`;
}

function calleeText(call: Node): string {
  return Node.isCallExpression(call) ? call.getExpression().getText().replace(/\s+/g, '') : call.getText();
}

/** A function reference that is not called: where it goes. */
function valueUse(ref: Node): { kind: 'outside' | 'exposed' | 'value' | 'ignored'; how: string } {
  let access: Node = ref;
  const parent = ref.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === ref) access = parent;
  const value = climb(access);
  const holder = value.getParent();
  const text = access.getText().replace(/\s+/g, '');
  if (holder && Node.isCallExpression(holder) && holder.getExpression() !== value) {
    const outside = outsideCallback(value);
    if (outside) return { kind: 'outside', how: outside };
    if (/\.(off|removeListener|removeEventListener|removeAllListeners)$/.test(calleeText(holder))) return { kind: 'ignored', how: '' };
    return { kind: 'value', how: `${text} handed to ${calleeText(holder)}() as a value` };
  }
  if (holder && Node.isPropertyAssignment(holder)) {
    const object = holder.getParent();
    return { kind: 'exposed', how: Node.isObjectLiteralExpression(object) ? objectDestination(object, holder.getName()) : `\`${holder.getName()}\`` };
  }
  if (holder && Node.isBinaryExpression(holder) && holder.getRight() === value) {
    const target = unwrapExpression(holder.getLeft());
    if (Node.isPropertyAccessExpression(target)) return { kind: 'exposed', how: `\`${target.getName()}\` set on ${target.getExpression().getText()}` };
  }
  return { kind: 'value', how: `${text} used as a value` };
}

/**
 * `await server.connect(transport)` earlier in the same function, or `serveStdio(factory)`, which
 * serve-2026 writes in its place (so a second run says the same).
 */
function connectsBefore(fn: Node, site: Node): boolean {
  return fn.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => {
    const callee = call.getExpression();
    const connects = Node.isPropertyAccessExpression(callee) ? connectsServer(callee.getExpression(), call.getArguments()[0]) : Node.isIdentifier(callee) && callee.getText() === 'serveStdio';
    return connects && call.getArguments().length === 1 && call.getEnd() <= site.getStart() && enclosingFunction(call) === fn;
  });
}

/**
 * `<receiver>.connect(<argument>)` connects a server to a transport: the receiver holds a server or
 * the argument a transport (`dbManager.connect(config)` opens a database, `socket.connect(port)` a
 * socket: neither starts a session).
 */
function connectsServer(receiver: Node, argument: Node | undefined): boolean {
  if (isServerLike(receiver)) return true;
  const value = argument && unwrapExpression(argument);
  if (!value) return false;
  if (Node.isNewExpression(value)) return /Transport$/.test(value.getExpression().getText());
  const name = Node.isIdentifier(value) ? value.getText() : Node.isPropertyAccessExpression(value) ? value.getName() : undefined;
  return name !== undefined && /transport$/i.test(name);
}

/** The request-context parameter of `fn` the push is made through (`extra` in `extra.sendRequest(…)`), if it is one. */
function ownContextParam(site: PushSite, fn: Node): ParameterDeclaration | undefined {
  let root: Node | undefined = site.call?.getExpression() ?? site.node;
  while (root && (Node.isPropertyAccessExpression(root) || Node.isCallExpression(root) || Node.isParenthesizedExpression(root) || Node.isNonNullExpression(root))) root = root.getExpression();
  if (!root || !Node.isIdentifier(root)) return undefined;
  const decl = resolveIdentifier(root);
  const param = decl && (Node.isParameterDeclaration(decl) ? decl : Node.isBindingElement(decl) ? decl.getFirstAncestorByKind(SyntaxKind.Parameter) : undefined);
  if (!param || param.getParent() !== fn) return undefined;
  return isContextParam(param) ? param : undefined;
}

/**
 * A handler-shaped function: `(args, extra)` with a request-context parameter, whatever it asks
 * through (a definition's `handler` that asks through a server captured from its factory).
 */
function contextParameterOf(fn: Node): ParameterDeclaration | undefined {
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn) && !Node.isMethodDeclaration(fn)) return undefined;
  const params = fn.getParameters();
  return params.length >= 2 ? params.find((p, i) => i > 0 && isContextParam(p)) : undefined;
}

function isContextParam(param: ParameterDeclaration): boolean {
  return /^(ctx|context|_?extra|mcpReq|req)$/.test(param.getName()) || /ServerContext|RequestHandlerExtra|mcpReq|sendRequest/.test(param.getText());
}

/** The site's closure in its handler asks through a request context it takes itself. */
export function takesOwnContext(site: PushSite): boolean {
  return site.nestedFunction !== undefined && ownContextParam(site, site.nestedFunction) !== undefined;
}

/**
 * The push is made on a request context the function takes as a parameter (`extra.sendRequest`,
 * `ctx.mcpReq.elicitInput`), as a handler would: where the function is held.
 */
function ownContextParameter(site: PushSite, fn: Node): Reach['ownContext'] {
  const param = ownContextParam(site, fn) ?? contextParameterOf(fn);
  if (!param) return undefined;
  // Only a function held where a registration could pick it up (an object member, a callback): a
  // named helper that takes the context is called with it by handlers.
  const parent = climb(fn).getParent();
  const holder = parent && Node.isPropertyAssignment(parent) ? `\`${parent.getName()}\` of an object`
    : parent && Node.isCallExpression(parent) ? `a callback passed to ${calleeText(parent)}()`
      : Node.isMethodDeclaration(fn) && Node.isObjectLiteralExpression(fn.getParent()) ? `\`${fn.getName()}\` of an object` : undefined;
  return holder ? { fn: nameOf(fn) ?? holder, param: param.getName(), holder } : undefined;
}
