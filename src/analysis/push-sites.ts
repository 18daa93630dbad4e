// The push-site inventory: every place a file asks the client mid-request (elicitation/create,
// sampling/createMessage, roots/list) through the v1 or v2 push APIs, plus the URL-elicitation
// throw, the completion notifier, `elicitationId` properties and task-augmented requests. Pure
// syntax: receivers are recognised by shape (ctx.mcpReq, `<x>.server`, variables holding a
// server, destructured context members) and references are followed within the file only.
import { descendantsOfKindWhere, Node, SyntaxKind, ts, type CallExpression, type Expression, type Identifier, type ObjectLiteralExpression, type SourceFile } from '../ts-morph.js';
import {
  findHandlers,
  type HandlerInfo,
} from './handlers.js';
import { findProperty, importedNameOf, isFunctionLike, propertyName, resolveIdentifier, resolveObjectLiteral, stringValue } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { provablyNotSdk } from './sdk-receivers.js';
import { PushTypes, type PushOwner } from './push-types.js';
import type { PushAlias } from '../discover/config.js';

export type PushKind =
  | 'elicitation'
  | 'sampling'
  | 'roots'
  | 'url-elicitation-throw'
  | 'completion-notifier'
  | 'elicitation-id'
  | 'task';

export interface PushSite {
  kind: PushKind;
  /** How it was called, for messages: 'ctx.mcpReq.elicitInput', 'extra.sendRequest', 'new UrlElicitationRequiredError', … */
  api: string;
  /**
   * The CallExpression, the NewExpression (or the ThrowStatement around it), the
   * PropertyAssignment / ShorthandPropertyAssignment of `elicitationId`, or — for a push function
   * passed on or stored as a value — the PropertyAccessExpression (or its `.bind(...)` call).
   */
  node: Node;
  call?: CallExpression;
  /** The request params (first argument, or the `params` property of `{ method, params }`); undefined for roots. */
  params?: Expression;
  /** The RequestOptions argument (timeout, signal, …) when present. */
  options?: Expression;
  /** A call of a lifted helper: its arguments, which build its request as params do a direct question's. */
  helperArgs?: Node[];
  elicitMode?: 'form' | 'url' | 'unknown';
  /** The handler whose function lexically contains the site. */
  handler?: HandlerInfo;
  /** The innermost function between the site and the handler function; undefined directly in the handler. */
  nestedFunction?: Node;
  awaited: boolean;
  inLoop: boolean;
  inTry: boolean;
  viaThis: boolean;
  /** Set when the call matched a configured alias (framework glue) rather than an SDK method. */
  alias?: PushAlias;
}

/** Push method strings (the requests a server sends its client) and the kind of request each one is. */
export const PUSH_METHODS: Readonly<Record<string, PushKind>> = {
  'elicitation/create': 'elicitation',
  'sampling/createMessage': 'sampling',
  'roots/list': 'roots',
};

/**
 * Cheap text test: a file that does not match cannot contain a push site, a handler registration,
 * `elicitationId`, a capability read or an MCP SDK import.
 */
export const PREFILTER =
  /elicitInput|requestSampling|createMessage|listRoots|elicitation\/create|sampling\/createMessage|roots\/list|tasks\/|UrlElicitationRequiredError|createElicitationCompletionNotifier|elicitationId|getClientCapabilities|registerTool|registerPrompt|registerResource|setRequestHandler|@modelcontextprotocol\/|\.\s*(?:tool|prompt|resource)\s*[(<]/;

export function mightNeedMigration(text: string, aliases: readonly PushAlias[] = []): boolean {
  return PREFILTER.test(text) || aliases.some((a) => text.includes(aliasName(a)));
}

/** The last name of an alias's callee (`ctx.elicit` → `elicit`): what the prefilter looks for. */
function aliasName(alias: PushAlias): string {
  return alias.call.slice(alias.call.lastIndexOf('.') + 1);
}

/** `<x>.getClientCapabilities()` calls, in source order. */
export function findCapabilityReads(root: Node): CallExpression[] {
  return root.getDescendantsOfKind(SyntaxKind.CallExpression).filter((call) => {
    const callee = call.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities';
  });
}

export function findPushSites(sourceFile: SourceFile, handlers?: HandlerInfo[], aliases: readonly PushAlias[] = []): PushSite[] {
  // Keyed by compiler node: the identity that survives ts-morph re-wrapping.
  const byFn = new Map<object, HandlerInfo>();
  for (const handler of handlers ?? findHandlers(sourceFile)) {
    if (!byFn.has(handler.fn.compilerNode)) byFn.set(handler.fn.compilerNode, handler);
  }
  const types = new PushTypes(sourceFile);
  const names = localNames(sourceFile, types);
  const drafts: (Draft | undefined)[] = [];
  // Only the node kinds that can be sites are wrapped (walking every node through ts-morph is slow
  // on large files).
  const byCall = new Map(aliases.map((a) => [a.call, a]));
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) drafts.push(aliasSite(call, byCall) ?? callSite(call, names));
  for (const expr of sourceFile.getDescendantsOfKind(SyntaxKind.NewExpression)) drafts.push(urlErrorSite(expr, names));
  const text = sourceFile.getFullText();
  // Aliases handed on or stored as values: found from their last name in the text, like push functions.
  for (const alias of aliases) {
    const last = aliasName(alias).replace(/\$/g, '\\$');
    for (const match of text.matchAll(new RegExp(`(?<![\\w$])${last}(?![\\w$])`, 'g'))) {
      drafts.push(aliasValueSite(sourceFile.getDescendantAtPos(match.index), alias));
    }
  }
  if (text.includes('elicitationId')) {
    for (const prop of sourceFile.getDescendantsOfKind(SyntaxKind.PropertyAssignment)) drafts.push(elicitationIdSite(prop, names));
    for (const prop of sourceFile.getDescendantsOfKind(SyntaxKind.ShorthandPropertyAssignment)) drafts.push(elicitationIdSite(prop, names));
  }
  // Push functions used as values: the member accesses of their names (only those are wrapped).
  const valueAccesses = descendantsOfKindWhere(sourceFile, SyntaxKind.PropertyAccessExpression, (access: ts.PropertyAccessExpression) =>
    ts.isIdentifier(access.name) && PUSH_VALUE_NAMES.has(access.name.text));
  for (const access of valueAccesses) drafts.push(valueSite(access));
  types.dispose();
  const sites: PushSite[] = [];
  for (const draft of drafts) if (draft) sites.push(complete(draft, byFn));
  return sites.sort((a, b) => a.node.getStart() - b.node.getStart());
}

// ---------------------------------------------------------------------------------------------

type Draft = Omit<PushSite, 'handler' | 'nestedFunction' | 'awaited' | 'inLoop' | 'inTry' | 'viaThis'> & {
  /** The expression whose root decides viaThis (the callee). */
  receiver?: Node;
};

function complete(draft: Draft, byFn: Map<object, HandlerInfo>): PushSite {
  const { receiver, ...rest } = draft;
  const site: PushSite = {
    ...rest,
    awaited: draft.call ? isAwaited(draft.call) : false,
    inLoop: false,
    inTry: false,
    viaThis: receiver ? rootIsThis(receiver) : false,
  };
  // Walk up to the nearest function for inLoop / inTry, then on to the handler.
  let child: Node = draft.node;
  let parent = child.getParent();
  let innermost: Node | undefined;
  while (parent) {
    if (isFunctionLike(parent)) {
      innermost ??= parent;
      const handler = byFn.get(parent.compilerNode);
      if (handler) {
        site.handler = handler;
        if (innermost !== parent) site.nestedFunction = innermost;
        break;
      }
    } else if (!innermost) {
      if (repeats(parent, child)) site.inLoop = true;
      if (Node.isTryStatement(parent) || Node.isCatchClause(parent)) site.inTry = true;
    }
    child = parent;
    parent = parent.getParent();
  }
  if (site.params === undefined) delete site.params;
  if (site.options === undefined) delete site.options;
  if (site.elicitMode === undefined) delete site.elicitMode;
  if (site.call === undefined) delete site.call;
  if (site.alias === undefined) delete site.alias;
  return site;
}

/** `child` is a part of the loop `parent` that runs once per iteration. */
function repeats(parent: Node, child: Node): boolean {
  if (Node.isForOfStatement(parent) || Node.isForInStatement(parent)) return child === parent.getStatement();
  if (Node.isForStatement(parent)) return child !== parent.getInitializer();
  return Node.isWhileStatement(parent) || Node.isDoStatement(parent);
}

const TRANSPARENT = (n: Node): boolean =>
  Node.isParenthesizedExpression(n) || Node.isAsExpression(n) || Node.isSatisfiesExpression(n) || Node.isNonNullExpression(n) || Node.isTypeAssertion(n);

/**
 * The call is awaited directly, or as an element of an awaited array of one of `combinators`
 * (Promise.all/allSettled/race/any).
 */
export function isAwaited(call: Node, combinators: readonly string[] = ['all', 'allSettled', 'race', 'any']): boolean {
  let node = call;
  let parent = node.getParent();
  while (parent && TRANSPARENT(parent)) {
    node = parent;
    parent = parent.getParent();
  }
  if (!parent) return false;
  if (Node.isAwaitExpression(parent)) return true;
  if (Node.isArrayLiteralExpression(parent)) {
    const combinator = parent.getParent();
    if (combinator && Node.isCallExpression(combinator) && combinator.getArguments()[0] === parent) {
      const callee = combinator.getExpression();
      if (
        Node.isPropertyAccessExpression(callee) &&
        callee.getExpression().getText() === 'Promise' &&
        combinators.includes(callee.getName())
      ) {
        return isAwaited(combinator, combinators);
      }
    }
  }
  return false;
}

function rootIsThis(expr: Node): boolean {
  let e = expr;
  for (;;) {
    if (Node.isThisExpression(e)) return true;
    if (
      Node.isPropertyAccessExpression(e) ||
      Node.isElementAccessExpression(e) ||
      Node.isCallExpression(e) ||
      TRANSPARENT(e)
    ) {
      e = (e as Node & { getExpression(): Node }).getExpression();
    } else return false;
  }
}

function apiText(node: Node): string {
  return node.getText().replace(/\s+/g, '');
}

// --- calls -------------------------------------------------------------------------------------

/** Push function names and what they ask. */
type PushFunction = 'elicitInput' | 'requestSampling' | 'createMessage' | 'listRoots' | 'send' | 'request' | 'sendRequest' | 'createElicitationCompletionNotifier';

/**
 * Local names that may stand for a push function or the URL-elicitation error, collected in one
 * pass so that only those identifiers are resolved (resolving every call would be quadratic).
 */
interface LocalNames {
  pushAliases: Set<string>;
  urlError: Set<string>;
  /** The checker's view of the file's push calls (unavailable without installed SDK types). */
  types: PushTypes;
}

const PUSH_NAME = /\b(elicitInput|requestSampling|send|sendRequest|request|createMessage|listRoots|createElicitationCompletionNotifier)\b/;

function localNames(sourceFile: SourceFile, types: PushTypes): LocalNames {
  const names: LocalNames = {
    types,
    pushAliases: new Set(['createElicitationCompletionNotifier']),
    urlError: new Set(['UrlElicitationRequiredError']),
  };
  const plainAliases: [string, string][] = [];
  const candidates: Node[] = [
    ...sourceFile.getDescendantsOfKind(SyntaxKind.BindingElement),
    ...sourceFile.getDescendantsOfKind(SyntaxKind.VariableDeclaration),
    ...sourceFile.getDescendantsOfKind(SyntaxKind.ImportSpecifier),
  ];
  for (const node of candidates) {
    if (Node.isBindingElement(node)) {
      const prop = node.getPropertyNameNode()?.getText() ?? node.getName();
      if (PUSH_NAME.test(prop) && Node.isIdentifier(node.getNameNode())) names.pushAliases.add(node.getName());
    } else if (Node.isVariableDeclaration(node) && Node.isIdentifier(node.getNameNode())) {
      const init = node.getInitializer();
      if (!init) continue;
      const value = unwrapExpression(init);
      if (Node.isIdentifier(value)) plainAliases.push([node.getName(), value.getText()]);
      else if (PUSH_NAME.test(value.getText()) && (Node.isPropertyAccessExpression(value) || Node.isCallExpression(value))) {
        names.pushAliases.add(node.getName());
      }
    } else if (Node.isImportSpecifier(node)) {
      const local = (node.getAliasNode() ?? node.getNameNode()).getText();
      if (node.getName() === 'createElicitationCompletionNotifier') names.pushAliases.add(local);
      if (node.getName() === 'UrlElicitationRequiredError') names.urlError.add(local);
    }
  }
  // `const a = ask` chains.
  for (let changed = true; changed; ) {
    changed = false;
    for (const [local, target] of plainAliases) {
      if (names.pushAliases.has(target) && !names.pushAliases.has(local)) {
        names.pushAliases.add(local);
        changed = true;
      }
    }
  }
  return names;
}

/** `name` is a parameter of a function around it (a request function handed in). */
function isParameterOfEnclosingFunction(id: Node): boolean {
  const name = id.getText();
  for (let fn = id.getFirstAncestor((a) => isFunctionLike(a)); fn; fn = fn.getFirstAncestor((a) => isFunctionLike(a))) {
    if ((fn as unknown as { getParameters(): { getName(): string }[] }).getParameters().some((p) => p.getName() === name)) return true;
  }
  return false;
}

function callSite(call: CallExpression, names: LocalNames): Draft | undefined {
  const callee = unwrapExpression(call.getExpression());
  let fn: PushFunction | undefined;
  if (Node.isPropertyAccessExpression(callee)) {
    if (isOwnMember(callee)) return undefined;
    const name = callee.getName();
    const owner: PushOwner = TYPED_PUSH_NAMES.has(name) ? names.types.owner(callee.compilerNode) : 'unknown';
    if (owner === 'asks-nobody') return undefined;
    fn = owner === 'asks' ? (name as PushFunction) : pushFunctionOnReceiver(name, callee.getExpression());
  } else if (Node.isIdentifier(callee) && names.pushAliases.has(callee.getText())) {
    fn = pushFunctionAlias(callee);
  } else if (Node.isIdentifier(callee) && (callee.getText() === 'send' || callee.getText() === 'sendRequest') && isParameterOfEnclosingFunction(callee)) {
    // A request function handed in as a parameter (`send({ method: 'elicitation/create', … })`):
    // the method string below decides whether it is a push request at all.
    fn = callee.getText() as PushFunction;
  }
  if (!fn) return undefined;
  const args = call.getArguments() as Expression[];
  const base = { node: call, call, api: apiText(call.getExpression()), receiver: call.getExpression() };
  switch (fn) {
    case 'elicitInput':
      return withTask({ ...base, kind: 'elicitation', params: args[0], options: args[1], elicitMode: elicitMode(args[0]) });
    case 'requestSampling':
    case 'createMessage':
      return withTask({ ...base, kind: 'sampling', params: args[0], options: args[1] });
    case 'listRoots':
      return withTask({ ...base, kind: 'roots', options: args[1] });
    case 'createElicitationCompletionNotifier':
      return { ...base, kind: 'completion-notifier', params: args[0], options: args[1] };
    case 'send':
    case 'request':
    case 'sendRequest': {
      const request = resolveObjectLiteral(args[0]);
      if (!request) return undefined;
      const methodProp = findProperty(request, 'method');
      const method = methodProp ? propertyValue(methodProp) : undefined;
      const methodName = method ? stringValue(method) : undefined;
      if (methodName === undefined) return undefined;
      const paramsProp = findProperty(request, 'params');
      const params = paramsProp ? propertyValue(paramsProp) : undefined;
      let options: Expression | undefined;
      if (fn === 'send' && args.length === 2) options = isSchemaLike(args[1]) ? undefined : args[1];
      else options = args[2];
      if (methodName.startsWith('tasks/')) return { ...base, kind: 'task', params, options };
      const kind = PUSH_METHODS[methodName];
      if (!kind) return undefined;
      if (kind === 'roots') return withTask({ ...base, kind, options });
      return withTask({ ...base, kind, params, options, ...(kind === 'elicitation' ? { elicitMode: elicitMode(params) } : {}) });
    }
  }
}

/**
 * A call of a configured alias, matched on the callee as written (`ctx.elicit(…)`,
 * `this.sample(…)`): its arguments are taken to be the SDK method's ("params": "same"); the
 * transform checks that they look like it before migrating.
 */
function aliasSite(call: CallExpression, byCall: ReadonlyMap<string, PushAlias>): Draft | undefined {
  if (byCall.size === 0) return undefined;
  const callee = unwrapExpression(call.getExpression());
  if (!Node.isPropertyAccessExpression(callee) && !Node.isIdentifier(callee)) return undefined;
  // `ctx?.elicit(…)` is the alias too (matched, then refused: see alias-arguments.ts).
  const alias = byCall.get(apiText(callee).replace(/\?\./g, '.'));
  if (!alias) return undefined;
  const args = call.getArguments() as Expression[];
  const base = { node: call, call, api: alias.call, receiver: callee, alias };
  if (alias.kind === 'roots') return withTask({ ...base, kind: 'roots', options: args[1] });
  if (alias.kind === 'sampling') return withTask({ ...base, kind: 'sampling', params: args[0], options: args[1] });
  return withTask({ ...base, kind: 'elicitation', params: args[0], options: args[1], elicitMode: elicitMode(args[0]) });
}

/**
 * A configured alias handed on or stored as a value (`withRetry(askModel, params)`,
 * `const ask = ctx.elicit`, `{ askUser }`): whoever calls it later asks the client where no
 * handler can return an input request, so it is a site to report, never to rewrite.
 */
function aliasValueSite(id: Node | undefined, alias: PushAlias): Draft | undefined {
  if (!id || !Node.isIdentifier(id)) return undefined;
  const parent = id.getParent();
  const dotted = alias.call.includes('.');
  const access = parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id ? parent : undefined;
  // `x.askUser` is another function than the bare alias `askUser`; `ctx.elicit` must be the whole access.
  if (dotted ? !access || apiText(access).replace(/\?\./g, '.') !== alias.call : access) return undefined;
  const handed = handedOn(access ?? id, (holder, value) =>
    (Node.isShorthandPropertyAssignment(holder) && !dotted) || (Node.isVariableDeclaration(holder) && holder.getInitializer() === value));
  if (!handed) return undefined;
  return { kind: alias.kind, api: alias.call, node: handed, receiver: access ?? id, alias };
}

/**
 * `value` (a function reference) climbed out of parentheses and casts, when it is handed on as a
 * value: passed as an argument, put in an object or array, returned, or assigned — or held where
 * `also` says so. Undefined when it is only called or read.
 */
function handedOn(start: Node, also: (holder: Node, value: Node) => boolean = () => false): Node | undefined {
  let value = start;
  let holder = value.getParent();
  while (holder && TRANSPARENT(holder)) {
    value = holder;
    holder = holder.getParent();
  }
  if (!holder) return undefined;
  const passedOn =
    (Node.isCallExpression(holder) && holder.getExpression() !== value && (holder.getArguments() as Node[]).includes(value) && !isTestAssertion(holder)) ||
    (Node.isNewExpression(holder) && (holder.getArguments() as Node[]).includes(value)) ||
    (Node.isPropertyAssignment(holder) && holder.getInitializer() === value) ||
    Node.isReturnStatement(holder) ||
    (Node.isArrowFunction(holder) && holder.getBody() === value) ||
    Node.isArrayLiteralExpression(holder) ||
    (Node.isBinaryExpression(holder) && holder.getOperatorToken().getText() === '=' && holder.getRight() === value) ||
    also(holder, value);
  return passedOn ? value : undefined;
}

/**
 * `this.requestSampling(…)` where the class around it declares `requestSampling` itself: a call of
 * the class's own wrapper, whose body is analysed where it asks (frameworks name their wrappers
 * after the SDK method they wrap).
 */
function isOwnMember(access: Node): boolean {
  if (!Node.isPropertyAccessExpression(access) || !Node.isThisExpression(unwrapExpression(access.getExpression()))) return false;
  const cls = access.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
  if (!cls || !(Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return false;
  const name = access.getName();
  return cls.getMembers().some((m) => (Node.isMethodDeclaration(m) || Node.isPropertyDeclaration(m) || Node.isGetAccessorDeclaration(m)) && m.getName() === name);
}

/** `expect(server.elicitInput)`, `vi.mocked(…)`: a test looking at a mock, which asks nothing. */
function isTestAssertion(call: CallExpression): boolean {
  return /^(expect(\.\w+)?|assert(\.\w+)?|(vi|jest)\.(mocked|spyOn)|mocked)$/.test(apiText(call.getExpression()));
}

/**
 * The push methods whose receiver the checker is asked about (where types are installed): the SDK
 * declares them on its server and request context only. Raw sends (`send`, `request`,
 * `sendRequest`) are decided by their method string.
 */
const TYPED_PUSH_NAMES: ReadonlySet<string> = new Set(['elicitInput', 'requestSampling', 'createMessage', 'listRoots']);

/** Which push function `<receiver>.<name>(…)` is, if any, by the receiver's shape and name. */
function pushFunctionOnReceiver(name: string, receiver: Node): PushFunction | undefined {
  // An object of the file's own with a method of that name (`ledger.elicitInput(…)`) asks nobody.
  if (PUSH_NAME.test(name) && provablyNotSdk(receiver.compilerNode as ts.Expression, name)) return undefined;
  switch (name) {
    case 'elicitInput':
    case 'requestSampling':
    case 'createElicitationCompletionNotifier':
    case 'send':
    case 'request':
    case 'sendRequest':
      // Unmistakable names, or raw sends that only count with a push method string.
      return name;
    case 'createMessage':
    case 'listRoots':
      return isServerLike(receiver) || isContextLike(receiver) ? name : undefined;
    default:
      return undefined;
  }
}

/**
 * A bare call through a local name: a member destructured from the context
 * (`{ mcpReq: { elicitInput } }`, `{ sendRequest }`), a const alias of a push function
 * (`const ask = ctx.mcpReq.elicitInput.bind(ctx.mcpReq)`), or the imported notifier.
 */
function pushFunctionAlias(id: Identifier, depth = 0): PushFunction | undefined {
  const decl = resolveIdentifier(id);
  if (!decl) return id.getText() === 'createElicitationCompletionNotifier' ? 'createElicitationCompletionNotifier' : undefined;
  if (Node.isBindingElement(decl)) {
    const name = decl.getPropertyNameNode()?.getText() ?? decl.getName();
    if (['elicitInput', 'requestSampling', 'send', 'sendRequest', 'createElicitationCompletionNotifier'].includes(name)) {
      return name as PushFunction;
    }
    return undefined;
  }
  if (Node.isImportSpecifier(decl)) {
    return decl.getName() === 'createElicitationCompletionNotifier' ? 'createElicitationCompletionNotifier' : undefined;
  }
  if (Node.isVariableDeclaration(decl) && depth < 5) {
    const init = decl.getInitializer();
    if (!init) return undefined;
    let e = unwrapExpression(init);
    if (Node.isCallExpression(e)) {
      const callee = e.getExpression();
      if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'bind') return undefined;
      e = unwrapExpression(callee.getExpression());
    }
    if (Node.isPropertyAccessExpression(e)) return pushFunctionOnReceiver(e.getName(), e.getExpression());
    if (Node.isIdentifier(e)) return pushFunctionAlias(e, depth + 1);
  }
  return undefined;
}

/** The second argument of `send(req, X)`: a result schema rather than RequestOptions? */
function isSchemaLike(expr: Expression): boolean {
  const e = unwrapExpression(expr);
  if (Node.isObjectLiteralExpression(e)) return false;
  if (Node.isIdentifier(e)) {
    if (/Schema$/.test(e.getText())) return true;
    return !resolveObjectLiteral(e);
  }
  return Node.isCallExpression(e) || Node.isPropertyAccessExpression(e);
}

function propertyValue(prop: Node): Expression | undefined {
  if (Node.isPropertyAssignment(prop)) return prop.getInitializer();
  if (Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  return undefined;
}

function elicitMode(params: Node | undefined): 'form' | 'url' | 'unknown' {
  const obj = resolveObjectLiteral(params);
  if (!obj) return 'unknown';
  const mode = findProperty(obj, 'mode');
  if (!mode) return obj.getProperties().some((p) => Node.isSpreadAssignment(p)) ? 'unknown' : 'form';
  const value = stringValue(propertyValue(mode));
  return value === 'url' ? 'url' : value === 'form' ? 'form' : 'unknown';
}

/**
 * Task-augmented: a `task` property in the request options or params, or `relatedTask` in the options
 * (a request sent for a task, delivered through its message queue), makes the site a 'task' site; so
 * does any request made in a callback of a tasks API registration (`registerToolTask`).
 */
function withTask(draft: Draft): Draft {
  const has = (expr: Node | undefined, name: string): boolean => {
    const obj = resolveObjectLiteral(expr);
    return !!obj && !!findProperty(obj, name);
  };
  if (has(draft.options, 'task') || has(draft.params, 'task') || has(draft.options, 'relatedTask') || inTaskRegistration(draft.node)) {
    return { ...draft, kind: 'task' };
  }
  return draft;
}

/** Inside the arguments of `<x>.registerToolTask(…)` (the experimental tasks API of the SDK). */
function inTaskRegistration(node: Node): boolean {
  return node.getAncestors().some((a) => {
    if (!Node.isCallExpression(a)) return false;
    const callee = a.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'registerToolTask' && a.getArguments().some((arg) => arg.containsRange(node.getPos(), node.getEnd()));
  });
}

/**
 * Receivers that hold a server: `<x>.server`, `this.server` / `this.mcp` / `this.mcpServer`,
 * variables initialised with `new McpServer(…)` / `new Server(…)` or typed as one, and
 * parameters or unresolved names that are called like a server (`server`, `mcpServer`, `mcp`).
 */
export function isServerLike(receiver: Node, depth = 0): boolean {
  const e = unwrapExpression(receiver);
  if (Node.isPropertyAccessExpression(e)) {
    const name = e.getName();
    if (name === 'server') return true;
    const target = unwrapExpression(e.getExpression());
    // `this.#server` is named like a server as much as `this.server`.
    return Node.isThisExpression(target) && SERVER_NAME.test(name.replace(/^#/, ''));
  }
  if (!Node.isIdentifier(e)) return false;
  const decl = resolveIdentifier(e);
  if (!decl) return SERVER_NAME.test(e.getText());
  if (Node.isVariableDeclaration(decl) || Node.isParameterDeclaration(decl)) {
    const typeText = decl.getTypeNode()?.getText();
    if (typeText !== undefined && /\b(McpServer|Server)\b/.test(typeText)) return true;
    const init = decl.getInitializer();
    if (init && depth < 5) {
      const value = unwrapExpression(init);
      if (Node.isNewExpression(value)) {
        const ctor = value.getExpression();
        const ctorName = Node.isIdentifier(ctor)
          ? importedNameOf(ctor)
          : Node.isPropertyAccessExpression(ctor)
            ? ctor.getName()
            : undefined;
        return ctorName === 'McpServer' || ctorName === 'Server';
      }
      if (Node.isPropertyAccessExpression(value) || Node.isIdentifier(value)) {
        if (isServerLike(value, depth + 1)) return true;
      }
    }
    return SERVER_NAME.test(e.getText());
  }
  if (Node.isImportSpecifier(decl) || Node.isBindingElement(decl)) return SERVER_NAME.test(e.getText());
  return false;
}

/**
 * A receiver named like a request context (`ctx`, `extra`, `sdkContext`): frameworks that copy the
 * push functions onto their own context objects (`sdkContext.createMessage`) name them so.
 */
function isContextLike(receiver: Node): boolean {
  const e = unwrapExpression(receiver);
  const name = Node.isPropertyAccessExpression(e) ? e.getName() : Node.isIdentifier(e) ? e.getText() : undefined;
  return name !== undefined && /^(ctx|context|extra|[\w$]*Context)$/.test(name);
}

/** Names (of variables, parameters and `this.` members) taken to hold a server. */
const SERVER_NAME = /^(_?server|[A-Za-z_$][\w$]*Server|[\w$]*_server|_?mcp|_?srv)$/;

// --- other site shapes ---------------------------------------------------------------------------

function urlErrorSite(node: Node, names: LocalNames): Draft | undefined {
  if (!Node.isNewExpression(node)) return undefined;
  const ctor = unwrapExpression(node.getExpression());
  const name = Node.isIdentifier(ctor)
    ? names.urlError.has(ctor.getText())
      ? importedNameOf(ctor)
      : undefined
    : Node.isPropertyAccessExpression(ctor)
      ? ctor.getName()
      : undefined;
  if (name !== 'UrlElicitationRequiredError') return undefined;
  let parent: Node | undefined = node.getParent();
  while (parent && TRANSPARENT(parent)) parent = parent.getParent();
  const thrown = parent && Node.isThrowStatement(parent) ? parent : undefined;
  const args = (node.getArguments() ?? []) as Expression[];
  return {
    kind: 'url-elicitation-throw',
    api: `new ${apiText(ctor)}`,
    node: thrown ?? node,
    params: args[0],
    elicitMode: 'url',
  };
}

function elicitationIdSite(node: Node, names: LocalNames): Draft | undefined {
  const parent = node.getParent();
  if (!parent || !Node.isObjectLiteralExpression(parent)) return undefined;
  if (propertyName(node) !== 'elicitationId' || !speaksElicitationProtocol(parent, names)) return undefined;
  return { kind: 'elicitation-id', api: 'elicitationId', node };
}

/**
 * Whether an object's `elicitationId` is the 2025 protocol's: beside `mode` or `url` (URL elicitation
 * params, also in UrlElicitationRequiredError's list), as a push call's params, or as the params of
 * notifications/elicitation/complete. Elsewhere (a step state, as in our own output; a database
 * row) it is the user's name for their own value, and saying it has no meaning would be false.
 */
function speaksElicitationProtocol(object: ObjectLiteralExpression, names: LocalNames): boolean {
  // A test's expectations ask nothing.
  if (object.getAncestors().some((a) => Node.isCallExpression(a) && isTestAssertion(a))) return false;
  const holder = object.getParent();
  // An argument of a call is the protocol's only as the push call's own params: not when a logger,
  // a schema builder (`z.object({ url, elicitationId })`), a helper or a test's handler call takes it.
  if (Node.isCallExpression(holder)) return holder.getArguments()[0] === object && callSite(holder, names) !== undefined;
  if (findProperty(object, 'mode') || findProperty(object, 'url')) return true;
  if (!Node.isPropertyAssignment(holder) || propertyName(holder) !== 'params') return false;
  const message = holder.getParent();
  const method = Node.isObjectLiteralExpression(message) ? findProperty(message, 'method') : undefined;
  return !!method && stringValue(propertyValue(method)) === 'notifications/elicitation/complete';
}

/** A push function passed on or stored as a value: `helper(ctx.mcpReq.elicitInput)`, `{ ask: server.server.createMessage.bind(…) }`. */
/** The member names valueSite takes. */
const PUSH_VALUE_NAMES: ReadonlySet<string> = new Set(['elicitInput', 'requestSampling', 'createMessage', 'listRoots', 'send', 'sendRequest']);

function valueSite(access: Node): Draft | undefined {
  if (!Node.isPropertyAccessExpression(access) || isOwnMember(access)) return undefined;
  const name = access.getName();
  if (provablyNotSdk(access.getExpression().compilerNode, name)) return undefined;
  let kind: PushKind;
  if (name === 'elicitInput' || name === 'requestSampling') kind = name === 'elicitInput' ? 'elicitation' : 'sampling';
  else if ((name === 'createMessage' || name === 'listRoots') && isServerLike(access.getExpression())) kind = name === 'createMessage' ? 'sampling' : 'roots';
  // The generic request functions handed on as values (`runWatcher(ctx.mcpReq.send)`): what they
  // will send is unknown here, so they count as an elicitation for the report.
  else if ((name === 'send' && /\bmcpReq$/.test(access.getExpression().getText())) || (name === 'sendRequest' && /^(extra|ctx|context)$/.test(access.getExpression().getText()))) kind = 'elicitation';
  else return undefined;
  let value: Node = access;
  const parent = access.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getName() === 'bind') {
    const bindCall = parent.getParent();
    if (!bindCall || !Node.isCallExpression(bindCall) || bindCall.getExpression() !== parent) return undefined;
    value = bindCall;
  }
  const handed = handedOn(value) ?? reflectiveLookup(access);
  if (!handed) return undefined;
  return { kind: inTaskRegistration(handed) ? 'task' : kind, api: apiText(access), node: handed, receiver: access };
}

/**
 * `const fn = (server as any)?.elicitInput || server?.server?.elicitInput;` … `fn.call(server, params)`:
 * the push function looked up at run time into a local and called through `.call` / `.apply`, so
 * no call names it. The first lookup of the declaration stands for the site.
 */
function reflectiveLookup(access: Node): Node | undefined {
  let value = access;
  let holder = value.getParent();
  while (holder && (TRANSPARENT(holder) || Node.isBinaryExpression(holder) && ['||', '??'].includes(holder.getOperatorToken().getText()) ||
    Node.isConditionalExpression(holder) && holder.getCondition() !== value)) {
    value = holder;
    holder = holder.getParent();
  }
  if (!holder || !Node.isVariableDeclaration(holder) || holder.getInitializer() !== value || !Node.isIdentifier(holder.getNameNode())) return undefined;
  const first = value.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).find((a) => /^(elicitInput|requestSampling|createMessage|listRoots)$/.test(a.getName()));
  if (first && first !== access) return undefined;
  const name = holder.getName();
  const scope = holder.getFirstAncestor((a) => isFunctionLike(a)) ?? holder.getSourceFile();
  const calledIndirectly = scope.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => {
    if (id.getText() !== name || id === holder.getNameNode()) return false;
    let outer: Node = id;
    while (outer.getParent() && TRANSPARENT(outer.getParent()!)) outer = outer.getParent()!;
    const member = outer.getParent();
    return member !== undefined && Node.isPropertyAccessExpression(member) && member.getExpression() === outer &&
      ['call', 'apply'].includes(member.getName()) && Node.isCallExpression(member.getParent()) && (member.getParent() as CallExpression).getExpression() === member;
  });
  return calledIndirectly ? access : undefined;
}

/** v1 SDK names that make what uses them v1: the server and transport classes and the handler context type. */
const V1_SERVER_NAMES: ReadonlySet<string> = new Set([
  'McpServer',
  'Server',
  'RequestHandlerExtra',
  'StdioServerTransport',
  'StreamableHTTPServerTransport',
  'WebStandardStreamableHTTPServerTransport',
  'SSEServerTransport',
]);

/** The v1 handler context keys v2 moved (`extra.sendRequest` is `ctx.mcpReq.send` in v2). */
const V1_CONTEXT_ACCESS = /^(sendRequest|sendNotification|requestId|authInfo|requestInfo|closeSSEStream|closeStandaloneSSEStream)$/;

/** What of a file is still on the v1 SDK, as far as migrating its handlers goes. */
export interface V1Surface {
  /** The file's server or transport class, or its handler context type, still comes from @modelcontextprotocol/sdk. */
  server: boolean;
  /**
   * One handler is still v1: registered the v1 way (`.tool()`, a schema as key), on a v1
   * server, or reading its context the v1 way. A leftover v1 import (a utility the upgrade had
   * no v2 home for) does not make it v1: it asks through the v2 server and context.
   */
  handler(handler: HandlerInfo): boolean;
  /**
   * Where a handler that is v1 only by reading its context the v1 way (`extra.sendRequest`) does
   * so; undefined for the others. In a file the v1→v2 upgrade moves to v2 such a read is left
   * behind: the handler gets v2's context there.
   */
  contextRead(handler: HandlerInfo): Node | undefined;
}

export function v1Surface(sourceFile: SourceFile): V1Surface {
  let server = /\brequire\(\s*['"]@modelcontextprotocol\/sdk/.test(sourceFile.getFullText());
  for (const decl of sourceFile.getImportDeclarations()) {
    const spec = decl.getModuleSpecifierValue();
    if (spec !== '@modelcontextprotocol/sdk' && !spec.startsWith('@modelcontextprotocol/sdk/')) continue;
    if (decl.getNamespaceImport() || decl.getDefaultImport()) server = true;
    if (decl.getNamedImports().some((named) => V1_SERVER_NAMES.has(named.getName()))) server = true;
  }
  const v1Registration = (h: HandlerInfo) => server || h.form === 'tool' || h.form === 'prompt' || h.form === 'resource' || (h.form === 'setRequestHandler' && h.sdk === 'v1');
  return {
    server,
    handler: (h) => v1Registration(h) || v1ContextRead(h) !== undefined,
    contextRead: (h) => (v1Registration(h) ? undefined : v1ContextRead(h)),
  };
}

/** The first v1-only key the handler reads from its context: a destructured key, or `extra.<key>`. */
function v1ContextRead(handler: HandlerInfo): Node | undefined {
  const name = handler.ctxParam?.getNameNode();
  if (!name) return undefined;
  if (Node.isObjectBindingPattern(name)) return name.getElements().find((e) => V1_CONTEXT_ACCESS.test((e.getPropertyNameNode() ?? e.getNameNode()).getText()));
  const ctx = name.getText();
  return handler.fn.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).find((access) => access.getExpression().getText() === ctx && V1_CONTEXT_ACCESS.test(access.getName()));
}
