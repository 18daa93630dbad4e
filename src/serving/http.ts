// Streamable HTTP: a route that wires a (Node|WebStandard)StreamableHTTPServerTransport to a server
// keeps that wiring for 2025 clients — its sessions are what lets the SDK's legacy shim push a
// handler's questions to them — and gets a front for 2026-07-28 requests, the SDK's recipe for an
// existing deployment (isLegacyRequest): one `createMcpHandler(factory, { legacy: 'reject' })`
// built next to the route, `toNodeHandler`-wrapped on express, fastify and node:http, and as the
// route's first MCP statement
//
//   if (!(await isLegacyRequest(<request>, <parsed body>))) return mcpHandler(<req, res, body>);
//
// The factory is the call the route builds its server with, so both eras are served from one
// factory (per modern request, per legacy session). The body is parsed once: the framework's
// parsed body when handleRequest gets one, else the front reads it and hands it to both legs.
// Servers that were stateless stay stateless. A route whose wiring the front cannot see through
// gets a `serve-http-manual` finding with the recipe spelled out.
import { isMemberName } from '../ast/references.js';
import { Node, SyntaxKind, type CallExpression, type Identifier, type SourceFile, type Statement, type VariableDeclaration } from '../ts-morph.js';
import { importedNameOf, resolveIdentifier, stringValue } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { removalRange } from '../ast/removal.js';
import { indentationAt } from '../ast/text.js';
import type { TextStyle } from '../ast/text-style.js';
import type { FindingInput, TextEdit } from '../types.js';
import { hoistServer, type HoistPlan } from './hoist.js';
import { provablyNotSdk } from '../analysis/sdk-receivers.js';
import {
  addImport,
  freshName,
  importSourceOf,
  isMcpSpecifier,
  isNewOf,
  NODE_PACKAGE,
  referencesTo,
  SERVER_PACKAGE,
  within,
  type ImportPlan,
} from './common.js';

export const HTTP_RULE = 'serve-http-manual';

const HTTP_TRANSPORT = /^(StreamableHTTPServerTransport|NodeStreamableHTTPServerTransport|WebStandardStreamableHTTPServerTransport)$/;
const ROUTE_METHODS = new Set(['post', 'all', 'get', 'put', 'use', 'route', 'on', 'delete']);
/** What MCP plumbing reads from the HTTP request / writes to the response objects. */
const PARAM_MEMBERS = new Set(['headers', 'body', 'raw', 'method', 'header', 'status', 'json', 'send', 'writeHead', 'end', 'on', 'headersSent', 'req', 'text', 'hijack', 'code', 'clone']);
const SESSION_HEADERS = /^(mcp-session-id|last-event-id)$/i;

type Kind = 'node' | 'web';

interface Route {
  fn: Node & { getBody(): Node | undefined; getParameters(): Node[]; isAsync(): boolean };
  /** The statement holding the route (or the named handler's declaration), in its nearest block: the handler is built just before it. */
  anchor: Statement;
}

export function rewriteHttp(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  v1: boolean,
  imports: ImportPlan,
  edits: TextEdit[],
  findings: FindingInput[],
  markedAt: () => number[] = () => [],
): void {
  const handled = new Set<object>();
  /** Names of the handlers built so far: one per route, each route with its own factory. */
  const handlerNames = new Set<string>();
  for (const expr of sourceFile.getDescendantsOfKind(SyntaxKind.NewExpression)) {
    if (isNewOf(expr, /^SSEServerTransport$/)) {
      findings.push({
        rule: HTTP_RULE,
        severity: 'warning',
        pos: expr.getStart(),
        message: 'HTTP+SSE serving (SSEServerTransport) is deprecated and never speaks 2026-07-28',
        suggestion:
          'Keep these routes for the 2025 clients that use them and serve 2026-07-28 on a Streamable HTTP endpoint next to them: ' +
          "`createMcpHandler(() => createServer())` from '@modelcontextprotocol/server' (wrapped with `toNodeHandler` from '@modelcontextprotocol/node' on Node frameworks).",
      });
      continue;
    }
    if (!isNewOf(expr, HTTP_TRANSPORT)) continue;
    const kind: Kind = isNewOf(expr, /^WebStandard/) ? 'web' : 'node';
    const route = routeOf(sourceFile, expr);
    if (route && handled.has(route.fn.compilerNode)) continue;
    if (route) handled.add(route.fn.compilerNode);
    const manual = (reason: string) => {
      // v2 connects a server to one transport at a time: a shared server connected to a new
      // transport per request fails while another request's transport is open (AlreadyConnected).
      const shared = route ? sharedServerConnected(route, expr) : undefined;
      const refusal = shared && (shared.closed
        ? `it connects ${shared.name}, one server shared by every request, to a new transport per request: v2 refuses that connect while another request's transport is still open, so overlapping requests fail (a server is connected to one transport at a time)`
        : `it connects ${shared.name}, one server shared by every request, to a new transport per request and never closes it: v2 refuses every connect after the first, so the route fails from the second request on`);
      findings.push({
        rule: HTTP_RULE,
        severity: shared && !shared.closed ? 'error' : 'warning',
        pos: expr.getStart(),
        message: `Streamable HTTP serving left as it was: ${reason}; ${refusal || 'a transport connected by hand keeps speaking the 2025 revision'}`,
        suggestion: suggestion(kind),
      });
    };
    if (v1) {
      manual('its server still comes from @modelcontextprotocol/sdk 1.x, which has no createMcpHandler: finish the v1→v2 upgrade first (the sdk-upgrade findings say what is left)');
      continue;
    }
    if (!route) {
      manual('the transport is not created inside a recognisable route handler');
      continue;
    }
    if (isFronted(route)) continue;
    const handlerName = freshName(sourceFile, ['mcpHandler', 'mcpHttpHandler'], handlerNames);
    const result = planFront(sourceFile, text, style, route, kind, handlerName, markedAt);
    if ('reason' in result) {
      manual(result.reason);
      continue;
    }
    handlerNames.add(handlerName);
    edits.push(...result.edits);
    for (const id of result.inserted) imports.inserted.add(id);
    addImport(imports, SERVER_PACKAGE, 'createMcpHandler');
    addImport(imports, SERVER_PACKAGE, 'isLegacyRequest');
    if (kind === 'node') {
      addImport(imports, NODE_PACKAGE, 'toNodeHandler');
      addImport(imports, NODE_PACKAGE, 'toWebRequest');
    }
  }
}

/**
 * The server the route connects when it is declared outside the route (shared by every request),
 * and whether the route closes it or the transport again (then only overlapping requests fail).
 */
function sharedServerConnected(route: Route, transport: Node): { name: string; closed: boolean } | undefined {
  if (!route.fn.containsRange(transport.getPos(), transport.getEnd())) return undefined;
  const calls = route.fn.getDescendantsOfKind(SyntaxKind.CallExpression);
  const closes = (receiver: string) => calls.some((c) => {
    const e = c.getExpression();
    return Node.isPropertyAccessExpression(e) && e.getName() === 'close' && e.getExpression().getText() === receiver;
  });
  for (const call of calls) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'connect' || call.getArguments().length !== 1) continue;
    if (provablyNotSdk(callee.getExpression().compilerNode, 'connect')) continue;
    const receiver = unwrapExpression(callee.getExpression());
    if (!Node.isIdentifier(receiver)) continue;
    const decl = resolveIdentifier(receiver);
    if (!decl || route.fn.containsRange(decl.getPos(), decl.getEnd())) continue;
    const connected = unwrapExpression(call.getArguments()[0]).getText();
    return { name: receiver.getText(), closed: closes(receiver.getText()) || closes(connected) };
  }
  return undefined;
}

function suggestion(kind: Kind): string {
  const common =
    'createServer() stands for the function that builds a fresh, fully set-up server (the one the route connects per session); ' +
    'the session wiring stays and keeps serving 2025 clients, whose questions the SDK pushes over their session.';
  if (kind === 'web') {
    return (
      "Route 2026-07-28 requests in front of this wiring: `const mcpHandler = createMcpHandler(() => createServer(), { legacy: 'reject' });` once, and first in the route " +
      '`const parsedBody = await request.clone().json().catch(() => undefined); if (!(await isLegacyRequest(request, parsedBody))) return mcpHandler.fetch(request, { parsedBody });` ' +
      `(both from '${SERVER_PACKAGE}'; hono: c.req.raw is the request). ${common}`
    );
  }
  return (
    "Route 2026-07-28 requests in front of this wiring: `const mcpHandler = toNodeHandler(createMcpHandler(() => createServer(), { legacy: 'reject' }));` once, and first in the route " +
    '`if (!(await isLegacyRequest(await toWebRequest(req, req.body), req.body))) return mcpHandler(req, res, req.body);` ' +
    `(createMcpHandler and isLegacyRequest from '${SERVER_PACKAGE}', toNodeHandler and toWebRequest from '${NODE_PACKAGE}'; without a body parser, ` +
    'read the body once with `await toWebRequest(req)` and pass it to both legs). ' +
    common
  );
}

/** A route already served by the front (a re-run). */
function isFronted(route: Route): boolean {
  return route.fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === 'isLegacyRequest');
}

// ---------------------------------------------------------------------------------------------

type FnNode = Route['fn'];

function isFn(node: Node): node is FnNode {
  return Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node);
}

/** The route handler function the transport is created in. */
function routeOf(sourceFile: SourceFile, expr: Node): Route | undefined {
  const fn = expr.getFirstAncestor((a) => isFn(a)) as FnNode | undefined;
  if (!fn) return undefined;
  // Inline: `app.post('/mcp', async (req, res) => …)`, `createServer(async (req, res) => …)`.
  const parent = fn.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getArguments().at(-1) === fn) {
    const anchor = enclosingStatement(parent);
    if (isRegistration(parent) && anchor) return { fn, anchor };
  }
  // `export default { async fetch(request) { … } }` and `Bun.serve({ fetch(request) { … } })`.
  if ((Node.isMethodDeclaration(fn) && fn.getName() === 'fetch') || (parent && Node.isPropertyAssignment(parent) && parent.getName() === 'fetch')) {
    const anchor = enclosingStatement(fn);
    if (anchor) return { fn, anchor };
  }
  // A named handler: `const mcpPostHandler = async (req, res) => …; app.post('/mcp', mcpPostHandler)`.
  let nameNode: Identifier | undefined;
  let declNode: Node | undefined;
  if (Node.isFunctionDeclaration(fn) && fn.getNameNode()) {
    nameNode = fn.getNameNode();
    declNode = fn;
  } else if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode())) {
    nameNode = parent.getNameNode() as Identifier;
    declNode = parent;
  }
  if (!nameNode || !declNode) return undefined;
  const anchor = enclosingStatement(declNode);
  if (!anchor) return undefined;
  // Registered once or more (`if (auth) app.post('/mcp', auth, handler) else app.post('/mcp', handler)`), used for nothing else.
  const uses = referencesTo(sourceFile, nameNode.getText(), declNode);
  const registered = uses.every((use) => {
    const call = use.getParent();
    return !!call && Node.isCallExpression(call) && call.getArguments().at(-1) === use && isRegistration(call);
  });
  return uses.length > 0 && registered ? { fn, anchor } : undefined;
}

/** The statement of the nearest block (or the file) that holds `node`: where the route's handler is built. */
function enclosingStatement(node: Node): Statement | undefined {
  let current: Node = node;
  for (let parent = current.getParent(); parent; current = parent, parent = parent.getParent()) {
    if (Node.isBlock(parent) || Node.isSourceFile(parent)) return Node.isStatement(current) ? current : undefined;
  }
  return undefined;
}

/** `recv.post(path, …)` / `createServer(…)` / `http.createServer(…)`. */
function isRegistration(call: CallExpression): boolean {
  const callee = call.getExpression();
  if (Node.isPropertyAccessExpression(callee) && ROUTE_METHODS.has(callee.getName())) return true;
  const name = Node.isIdentifier(callee) ? importedNameOf(callee) : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
  return name === 'createServer' || name === 'createSecureServer';
}

interface FrontPlan {
  edits: TextEdit[];
  /** Identifiers the inserted code uses. */
  inserted: string[];
}

/** handleRequest(...) calls of the route: what the legacy wiring hands the transport. */
function handleCalls(body: Node): CallExpression[] {
  return body.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'handleRequest';
  });
}

function planFront(sourceFile: SourceFile, text: string, style: TextStyle, route: Route, kind: Kind, handlerName: string, markedAt: () => number[]): FrontPlan | { reason: string } {
  const { fn } = route;
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return { reason: 'the route handler has no block body' };
  if (!fn.isAsync()) return { reason: 'the route handler is not async, so it cannot await the era check' };
  const range = { start: fn.getStart(), end: fn.getEnd() };

  // What the legacy wiring hands the transport: the request (and response), and a parsed body.
  const calls = handleCalls(body);
  if (calls.length === 0) return { reason: 'no transport.handleRequest(...) call in the route' };
  const head = kind === 'node' ? 2 : 1;
  const heads = new Set(calls.map((c) => c.getArguments().slice(0, head).map((a) => a.getText()).join(', ')));
  if (heads.size !== 1 || calls[0]!.getArguments().length < head) return { reason: 'handleRequest is called with different requests on different paths' };
  const [req, res = ''] = calls[0]!.getArguments().map((a) => a.getText()) as [string, string?];
  const bodies = new Set(calls.flatMap((c) => (c.getArguments().length > head ? [c.getArguments()[head]!.getText()] : [])));
  if (kind === 'node' && bodies.size > 1) return { reason: 'handleRequest gets different parsed bodies on different paths' };

  // The factory: the call the route builds its server with.
  const taken = new Set([handlerName]);
  const fresh = (candidates: string[]) => {
    const name = freshName(sourceFile, candidates, taken);
    taken.add(name);
    return name;
  };
  const factory = factoryOf(text, style, body, range, route.anchor, fresh, markedAt);
  if ('reason' in factory) return factory;

  // The front goes before the first statement that touches MCP plumbing; whatever the route does
  // before it (authentication, logging, CORS) keeps running for both eras.
  const statements = body.getStatements();
  const maps = sessionMaps(body, range);
  const firstPlumbing = statements.findIndex((s) => touchesPlumbing(s, maps) || within(factory.server, { start: s.getStart(), end: s.getEnd() }));
  if (firstPlumbing < 0) return { reason: 'the route has no recognisable session handling' };
  const skipped = checkLegacyOnly(statements.slice(firstPlumbing), fn);
  if (skipped) return { reason: skipped };

  const at = statements[firstPlumbing]!;
  const indent = indentationAt(text, at.getStart());
  const { eol } = style;
  const semi = style.semicolons ? ';' : '';
  const edits: TextEdit[] = [...(factory.hoist?.edits ?? [])];
  const lines: string[] = [];
  if (kind === 'node' && bodies.size === 1) {
    const parsed = [...bodies][0]!;
    lines.push(`if (!(await isLegacyRequest(await toWebRequest(${req}, ${parsed}), ${parsed}))) return ${handlerName}(${req}, ${res}, ${parsed})${semi}`);
  } else {
    // No parsed body: read it once here; both legs get it.
    const parsed = fresh(['parsedBody', 'mcpBody']);
    const option = parsed === 'parsedBody' ? '{ parsedBody }' : `{ parsedBody: ${parsed} }`;
    if (kind === 'node') {
      const webRequest = fresh(['webRequest', 'mcpRequest']);
      lines.push(`const ${webRequest} = await toWebRequest(${req})${semi}`);
      lines.push(`const ${parsed} = await ${webRequest}.clone().json().catch(() => undefined)${semi}`);
      lines.push(`if (!(await isLegacyRequest(${webRequest}, ${parsed}))) return ${handlerName}(${req}, ${res}, ${parsed})${semi}`);
    } else {
      lines.push(`const ${parsed} = await ${req}.clone().json().catch(() => undefined)${semi}`);
      lines.push(`if (!(await isLegacyRequest(${req}, ${parsed}))) return ${handlerName}.fetch(${req}, ${option})${semi}`);
    }
    for (const call of calls) {
      const args = call.getArguments();
      if (args.length !== head) continue;
      const last = args[args.length - 1]!;
      edits.push({ start: last.getEnd(), end: last.getEnd(), text: kind === 'node' ? `, ${parsed}` : `, ${option}` });
    }
  }
  const frontAt = removalRange(text, at).start;
  edits.push({ start: frontAt, end: frontAt, text: lines.map((l) => `${indent}${l}${eol}`).join('') });

  // The handler, built once, before the statement that holds the route.
  const anchorAt = removalRange(text, route.anchor).start;
  const anchorIndent = indentationAt(text, route.anchor.getStart());
  const created = `createMcpHandler(${factory.expression}, { legacy: 'reject' })`;
  const built = kind === 'node' ? `toNodeHandler(${created})` : created;
  const hoisted = factory.hoist?.declaration(anchorIndent) ?? '';
  edits.push({ start: anchorAt, end: anchorAt, text: `${hoisted}${anchorIndent}const ${handlerName} = ${built}${semi}${eol}${eol}` });
  return { edits, inserted: [...taken, ...identifiers(factory.expression), ...identifiers(req), ...identifiers(res)] };
}

function identifiers(code: string): string[] {
  return code.match(/[A-Za-z_$][\w$]*/g) ?? [];
}

/**
 * `const server = getServer(...)` (or awaited, or `getServer().connect(…)`) in the route: the
 * factory is `() => getServer(...)`, which must not depend on the request. A server built inline
 * in the route moves into a function of its own first (./hoist.ts).
 */
function factoryOf(
  text: string,
  style: TextStyle,
  body: Node,
  range: { start: number; end: number },
  anchor: Statement,
  fresh: (candidates: string[]) => string,
  markedAt: () => number[],
): { expression: string; server: Node; hoist?: HoistPlan } | { reason: string } {
  const connects = body.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'connect' && c.getArguments().length === 1 && !provablyNotSdk(callee.getExpression().compilerNode, 'connect');
  });
  const receiver = (c: CallExpression): Node => unwrapExpression((c.getExpression() as unknown as { getExpression(): Node }).getExpression());
  const servers = [...new Set(connects.map((c) => receiver(c).getText()))];
  if (servers.length !== 1) return { reason: servers.length === 0 ? 'no server.connect(transport) in the route' : 'several servers are connected in the route' };
  const connected = receiver(connects[0]!);
  const built = serverBuild(connected, range);
  if ('reason' in built) return built;
  const visible = (target: Node) => {
    const scope = scopeOf(target);
    return within(anchor, { start: scope.getPos(), end: scope.getEnd() });
  };
  if ('constructed' in built) {
    const hoist = hoistServer(text, style, built.constructed, connects[0]!, range, visible, fresh(['createServer', 'createMcpServer', 'buildMcpServer']), markedAt);
    if ('reason' in hoist) return hoist;
    return { expression: `() => ${hoist.name}()`, server: built.constructed, hoist };
  }
  const { value, server: decl, name } = built;
  for (const id of [value, ...value.getDescendants()].filter((n): n is Identifier => Node.isIdentifier(n))) {
    if (isMemberName(id)) continue;
    const target = resolveIdentifier(id);
    if (!target) continue;
    if (within(target, range)) return { reason: `${name} is built from ${id.getText()}, a value of this request` };
    if (!visible(target)) return { reason: `${name} is built by ${id.getText()}, which is not in scope where the route is registered` };
  }
  return { expression: `() => ${value.getText()}`, server: decl };
}

/** The node a declaration is visible in: its function for a parameter or `var`, else its block (the file for imports). */
function scopeOf(decl: Node): Node {
  const functionScoped = Node.isParameterDeclaration(decl) || (Node.isVariableDeclaration(decl) && decl.getVariableStatement()?.getDeclarationKind() === 'var');
  const scope = decl.getFirstAncestor((a) => Node.isSourceFile(a) || (functionScoped ? isFn(a) : Node.isBlock(a)));
  return scope ?? decl.getSourceFile();
}

/** Session maps: `{}` / `new Map()` variables declared outside the route that it reads. */
function sessionMaps(body: Node, range: { start: number; end: number }): Set<Node> {
  const maps = new Set<Node>();
  for (const id of body.getDescendantsOfKind(SyntaxKind.Identifier)) {
    const target = resolveIdentifier(id);
    if (target && !within(target, range) && Node.isVariableDeclaration(target) && isSessionMap(target.getInitializer())) maps.add(target);
  }
  return maps;
}

/**
 * The call that builds the connected server: `getServer().connect(t)`, or `const server = getServer()`
 * in the route; or the declaration of a server the route constructs itself (`new McpServer(…)`).
 */
function serverBuild(
  connected: Node,
  range: { start: number; end: number },
): { value: CallExpression; server: Node; name: string } | { constructed: VariableDeclaration } | { reason: string } {
  if (Node.isCallExpression(connected)) return { value: connected, server: connected, name: `${connected.getExpression().getText()}()` };
  if (!Node.isIdentifier(connected)) return { reason: `the server is reached through ${connected.getText()}, not a variable` };
  const decl = resolveIdentifier(connected);
  const name = connected.getText();
  if (!decl) return { reason: `${name} is not declared in this file` };
  if (!within(decl, range)) {
    return { reason: `one server instance, ${name}, serves every connection the route makes; the 2026-07-28 entry needs a function that builds a fresh server per request` };
  }
  if (Node.isBindingElement(decl)) {
    return { reason: `the route takes ${name} out of what its builder returns together with other values; the 2026-07-28 entry needs a function that returns the server alone` };
  }
  const init = Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  const unwrapped = init ? unwrapExpression(init) : undefined;
  const value = unwrapped && Node.isAwaitExpression(unwrapped) ? unwrapExpression(unwrapped.getExpression()) : unwrapped;
  if (value && Node.isVariableDeclaration(decl) && isNewOf(value, /^(McpServer|Server)$/)) return { constructed: decl };
  if (!value || !Node.isCallExpression(value)) {
    return { reason: `${name} is built inside the route; move its construction into a function (for example createServer()) that both eras can call` };
  }
  return { value, server: decl, name };
}

/** A statement that reads the session header, a session map, or an MCP import, or creates / drives a transport. */
function touchesPlumbing(statement: Statement, maps: Set<Node>): boolean {
  return [statement, ...statement.getDescendants()].some((n) => {
    if (Node.isStringLiteral(n) || Node.isNoSubstitutionTemplateLiteral(n)) return SESSION_HEADERS.test(n.getLiteralText());
    if (Node.isNewExpression(n)) return isNewOf(n, HTTP_TRANSPORT);
    if (!Node.isIdentifier(n) || isMemberName(n)) return n.getKind() === SyntaxKind.Identifier && n.getText() === 'handleRequest';
    const target = resolveIdentifier(n);
    if (target && maps.has(target)) return true;
    return target !== undefined && Node.isImportSpecifier(target) && isMcpSpecifier(target.getImportDeclaration().getModuleSpecifierValue());
  });
}

/**
 * Code after the front runs for 2025 clients only. The session plumbing may be there; reading the
 * request for anything else (an auth header, passing it to a check) may not, or 2026-07-28 requests
 * would skip it. Callbacks (onsessioninitialized, onclose) belong to the session lifecycle.
 */
function checkLegacyOnly(statements: Statement[], fn: Route['fn']): string | undefined {
  const params = new Set(fn.getParameters().map((p) => p.compilerNode));
  for (const statement of statements) {
    for (const id of statement.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (isMemberName(id) || isTypePosition(id, fn)) continue;
      const owner = id.getFirstAncestor((a) => isFn(a));
      if (owner && owner !== fn) continue;
      const decl = resolveIdentifier(id);
      if (!decl || !params.has(decl.compilerNode)) continue;
      if (!paramUseAllowed(id)) {
        return `after its session handling starts, the route ${usedFor(id)}, which 2026-07-28 requests would skip`;
      }
    }
  }
  return undefined;
}

function usedFor(id: Identifier): string {
  const parent = id.getParent();
  if (parent && Node.isCallExpression(parent)) return `passes ${id.getText()} to ${parent.getExpression().getText()}(...)`;
  return `reads ${memberText(id)} from the request`;
}

function isTypePosition(id: Node, stop: Node): boolean {
  for (let n = id.getParent(); n && n !== stop; n = n.getParent()) {
    if (Node.isTypeNode(n)) return true;
  }
  return false;
}

/** A use of the request / response / context parameter that MCP plumbing makes. */
function paramUseAllowed(id: Identifier): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  // Passed on whole to the plumbing: handleRequest(req, res), toWebRequest(req), an MCP helper.
  if (Node.isCallExpression(parent)) return parent.getExpression() !== id && isPlumbingCall(parent);
  if (Node.isPropertyAccessExpression(parent) && parent.getExpression() === id) {
    const member = parent.getName();
    if (!PARAM_MEMBERS.has(member)) return false;
    if (member === 'headers') {
      const outer = parent.getParent();
      if (outer && Node.isElementAccessExpression(outer)) return SESSION_HEADERS.test(stringValue(outer.getArgumentExpression()) ?? '');
      if (outer && Node.isPropertyAccessExpression(outer)) {
        // web: request.headers.get('mcp-session-id')
        const call = outer.getParent();
        return outer.getName() === 'get' && !!call && Node.isCallExpression(call) && SESSION_HEADERS.test(stringValue(call.getArguments()[0]) ?? '');
      }
      return true;
    }
    if (member === 'req') {
      // hono: c.req.raw / c.req.header('mcp-session-id') / c.req.json()
      const outer = parent.getParent();
      if (outer && Node.isPropertyAccessExpression(outer)) {
        if (outer.getName() === 'raw' || outer.getName() === 'json') return true;
        if (outer.getName() === 'header') {
          const call = outer.getParent();
          return !!call && Node.isCallExpression(call) && SESSION_HEADERS.test(stringValue(call.getArguments()[0]) ?? '');
        }
      }
      return false;
    }
    if (member === 'clone') {
      // web: request.clone().json()
      const call = parent.getParent();
      const json = call?.getParent();
      return !!json && Node.isPropertyAccessExpression(json) && json.getName() === 'json';
    }
    if (member === 'header') {
      const call = parent.getParent();
      return !!call && Node.isCallExpression(call) && SESSION_HEADERS.test(stringValue(call.getArguments()[0]) ?? '');
    }
    return true;
  }
  return false;
}

function memberText(id: Identifier): string {
  const parent = id.getParent();
  const outer = parent?.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && outer && (Node.isPropertyAccessExpression(outer) || Node.isElementAccessExpression(outer))) {
    return outer.getText();
  }
  return parent && Node.isPropertyAccessExpression(parent) ? parent.getText() : id.getText();
}

function isPlumbingCall(call: CallExpression): boolean {
  const callee = unwrapExpression(call.getExpression());
  if (Node.isPropertyAccessExpression(callee)) return callee.getName() === 'handleRequest' || callee.getExpression().getText() === 'console';
  return Node.isIdentifier(callee) && importSourceOf(callee) !== undefined && isMcpSpecifier(importSourceOf(callee)!.module);
}

function isSessionMap(init: Node | undefined): boolean {
  if (!init) return false;
  const e = unwrapExpression(init);
  if (Node.isObjectLiteralExpression(e)) return e.getProperties().length === 0;
  if (Node.isNewExpression(e)) return e.getExpression().getText() === 'Map';
  return false;
}
