// Streamable HTTP: a route handler that wires a (Node|WebStandard)StreamableHTTPServerTransport to
// a server — with or without a session-id map — becomes a call of one `createMcpHandler(factory)`
// (wrapped once with `toNodeHandler` from @modelcontextprotocol/node on express, fastify and
// node:http; its `fetch` on hono and web-standard runtimes). The route keeps its registration and
// signature; its body hands the request to the handler with the same arguments the transport got.
// The session map, the Mcp-Session-Id plumbing and the GET / DELETE session routes go. A route
// that does anything else with the request keeps its code and gets 2026-07-28 served in front of
// it (front-door.ts, Node routes); where that cannot be written either, a `serve-http-manual`
// finding spells out the replacement for that file.
import { Node, SyntaxKind, type CallExpression, type Identifier, type SourceFile, type Statement } from 'ts-morph';
import { resolveIdentifier, stringValue, unwrapExpression } from '../analysis/handlers.js';
import type { TextStyle } from '../text-style.js';
import type { FindingInput, TextEdit } from '../types.js';
import {
  addImport,
  freshName,
  importSourceOf,
  isMcpSpecifier,
  lineIndent,
  NODE_PACKAGE,
  referencesTo,
  removalRange,
  SERVER_PACKAGE,
  statementIn,
  statementLines,
  within,
  type ImportPlan,
} from './common.js';
import { factoryFor, isNewOf } from './factory.js';
import { frontDoor } from './front-door.js';

export const HTTP_RULE = 'serve-http-manual';
export const FRONT_DOOR_RULE = 'serve-http-front-door';

const HTTP_TRANSPORT = /^(StreamableHTTPServerTransport|NodeStreamableHTTPServerTransport|WebStandardStreamableHTTPServerTransport)$/;
const ROUTE_METHODS = new Set(['post', 'all', 'get', 'put', 'use', 'route', 'on', 'delete']);
const GLOBALS = new Set(['console', 'JSON', 'undefined', 'Error', 'String', 'Object', 'Array', 'Promise', 'Number', 'Boolean', 'Response', 'randomUUID', 'crypto']);
/** What MCP plumbing reads from the HTTP request / writes to the response objects. */
const PARAM_MEMBERS = new Set(['headers', 'body', 'raw', 'method', 'header', 'status', 'json', 'send', 'writeHead', 'end', 'on', 'headersSent', 'req', 'text', 'hijack', 'code', 'clone']);
const SESSION_HEADERS = /^(mcp-session-id|last-event-id)$/i;

type Kind = 'node' | 'web';

interface Route {
  fn: Node & { getBody(): Node | undefined; getParameters(): Node[] };
  /** The route registration call (`app.post('/mcp', fn)`), when there is one. */
  registration?: CallExpression;
  /** The top-level statement holding the route (or the named handler's declaration). */
  anchor: Statement;
  path?: string;
}

export function rewriteHttp(
  sourceFile: SourceFile,
  text: string,
  style: TextStyle,
  v1: boolean,
  imports: ImportPlan,
  edits: TextEdit[],
  findings: FindingInput[],
): void {
  const handled = new Set<object>();
  for (const expr of sourceFile.getDescendantsOfKind(SyntaxKind.NewExpression)) {
    if (isNewOf(expr, /^SSEServerTransport$/)) {
      findings.push({
        rule: HTTP_RULE,
        severity: 'warning',
        pos: expr.getStart(),
        message: 'HTTP+SSE serving (SSEServerTransport) is deprecated and never speaks 2026-07-28',
        suggestion: suggestion('node', undefined),
      });
      continue;
    }
    if (!isNewOf(expr, HTTP_TRANSPORT)) continue;
    const kind: Kind = isNewOf(expr, /^WebStandard/) ? 'web' : 'node';
    const route = routeOf(sourceFile, expr);
    if (route && handled.has(route.fn.compilerNode)) continue;
    if (route) handled.add(route.fn.compilerNode);
    const manual = (reason: string) => {
      // v2 connects a server to one transport only: a shared server connected to a new transport
      // on every request fails from the second request on ("already connected").
      const shared = route ? sharedServerConnected(route, expr) : undefined;
      findings.push({
        rule: HTTP_RULE,
        severity: shared ? 'error' : 'warning',
        pos: expr.getStart(),
        message: shared
          ? `Streamable HTTP serving left as it was: ${reason}; it connects ${shared}, one server shared by every request, to a new transport per request, which v2 refuses from the second request on (a server is connected to one transport only)`
          : `Streamable HTTP serving left as it was: ${reason}; a transport connected by hand keeps speaking the 2025 revision`,
        suggestion: suggestion(kind, route?.path),
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
    const result = planRoute(sourceFile, text, style, route, kind);
    if ('reason' in result) {
      // A route that does more than plumbing keeps serving 2025 sessions; 2026 goes in front of it.
      const door = kind === 'node' ? frontDoor(sourceFile, text, style, route, imports) : undefined;
      if (door && !('reason' in door)) {
        edits.push(...door.edits);
        findings.push({
          rule: FRONT_DOOR_RULE,
          severity: 'info',
          pos: door.at,
          message: `2026-07-28 requests are answered by createMcpHandler here, in front of this route's 2025 wiring (${result.reason}); the rest of the route does not run for them`,
          marker: false,
        });
      } else manual(door ? `${result.reason}, and ${door.reason}` : result.reason);
      continue;
    }
    edits.push(...result.edits);
    imports.removed.push(...result.removed);
    for (const id of result.inserted) imports.inserted.add(id);
    addImport(imports, SERVER_PACKAGE, 'createMcpHandler');
    if (kind === 'node') addImport(imports, NODE_PACKAGE, 'toNodeHandler');
  }
}

/** The server the route connects, when it is declared outside the route (shared by every request) and the transport is made per request. */
function sharedServerConnected(route: Route, transport: Node): string | undefined {
  if (!within(transport, { start: route.fn.getStart(), end: route.fn.getEnd() })) return undefined;
  for (const call of route.fn.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'connect' || call.getArguments().length !== 1) continue;
    const receiver = unwrapExpression(callee.getExpression());
    if (!Node.isIdentifier(receiver)) continue;
    const decl = resolveIdentifier(receiver);
    if (!decl || within(decl, { start: route.fn.getStart(), end: route.fn.getEnd() })) continue;
    // Closed again when the response ends: the next request may connect it.
    const closes = route.fn.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => {
      const e = c.getExpression();
      return Node.isPropertyAccessExpression(e) && e.getName() === 'close' && e.getExpression().getText() === receiver.getText();
    });
    if (!closes) return receiver.getText();
  }
  return undefined;
}

function suggestion(kind: Kind, routePath: string | undefined): string {
  const p = routePath ?? '/mcp';
  if (kind === 'web') {
    return (
      "Serve every request from one handler built from a server factory: `import { createMcpHandler } from '@modelcontextprotocol/server'; " +
      "const mcpHandler = createMcpHandler(() => createServer());` and answer the route with `return mcpHandler.fetch(request);` " +
      '(hono: `(c) => mcpHandler.fetch(c.req.raw)`). Remove the session map and the Mcp-Session-Id handling: createMcpHandler serves ' +
      '2026-07-28 per request and 2025 clients statelessly.'
    );
  }
  return (
    "Serve every request from one handler built from a server factory: `import { createMcpHandler } from '@modelcontextprotocol/server'; " +
    "import { toNodeHandler } from '@modelcontextprotocol/node'; const mcpHandler = toNodeHandler(createMcpHandler(() => createServer()));` " +
    `and mount it with \`app.all('${p}', (req, res) => mcpHandler(req, res, req.body));\` (node:http: \`createServer(mcpHandler)\`). ` +
    'Remove the session map, the Mcp-Session-Id plumbing and the GET / DELETE session routes: createMcpHandler serves 2026-07-28 per ' +
    'request and 2025 clients statelessly.'
  );
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
    const route = registration(parent);
    if (route) return { fn, registration: parent, anchor: statementIn(sourceFile, parent)!, path: route.path };
  }
  // `export default { async fetch(request) { … } }` and `Bun.serve({ fetch(request) { … } })`.
  if (Node.isMethodDeclaration(fn) && fn.getName() === 'fetch') {
    const anchor = statementIn(sourceFile, fn);
    if (anchor) return { fn, anchor };
  }
  if (parent && Node.isPropertyAssignment(parent) && parent.getName() === 'fetch') {
    const anchor = statementIn(sourceFile, fn);
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
  const anchor = statementIn(sourceFile, declNode);
  if (!anchor) return undefined;
  const uses = referencesTo(sourceFile, nameNode.getText(), declNode);
  if (uses.length !== 1) return undefined;
  const call = uses[0].getParent();
  if (!call || !Node.isCallExpression(call) || call.getArguments().at(-1) !== uses[0]) return undefined;
  const route = registration(call);
  return route ? { fn, registration: call, anchor, path: route.path } : undefined;
}

/** `recv.post(path, …)` / `createServer(…)` / `http.createServer(…)`. */
function registration(call: CallExpression): { path?: string } | undefined {
  const callee = call.getExpression();
  if (Node.isPropertyAccessExpression(callee) && ROUTE_METHODS.has(callee.getName())) {
    return { path: stringValue(call.getArguments()[0]) };
  }
  const name = Node.isIdentifier(callee) ? callee.getText() : Node.isPropertyAccessExpression(callee) ? callee.getName() : '';
  if (name === 'createServer' || name === 'createSecureServer') return {};
  return undefined;
}

interface RoutePlan {
  edits: TextEdit[];
  removed: { start: number; end: number }[];
  inserted: string[];
}

function planRoute(sourceFile: SourceFile, text: string, style: TextStyle, route: Route, kind: Kind): RoutePlan | { reason: string } {
  const { fn } = route;
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return { reason: 'the route handler has no block body' };
  const range = { start: fn.getStart(), end: fn.getEnd() };
  const bodyRange = { start: body.getStart(), end: body.getEnd() };

  // handleRequest: the arguments the handler will get.
  const handleCalls = body.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'handleRequest';
  });
  if (handleCalls.length === 0) return { reason: 'no transport.handleRequest(...) call in the route' };
  const argTexts = handleCalls.map((c) => c.getArguments().map((a) => a.getText()).join(', '));
  if (new Set(argTexts).size !== 1) return { reason: 'handleRequest is called with different arguments on different paths' };
  const args = argTexts[0];

  // The server: `server.connect(transport)` inside the route.
  const connects = body.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const callee = c.getExpression();
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'connect' && c.getArguments().length === 1;
  });
  const receiver = (c: CallExpression): Node => unwrapExpression((c.getExpression() as unknown as { getExpression(): Node }).getExpression());
  const servers = [...new Set(connects.map((c) => receiver(c).getText()))];
  if (servers.length !== 1) return { reason: servers.length === 0 ? 'no server.connect(transport) in the route' : 'several servers are connected in the route' };
  const serverId = receiver(connects[0]);
  if (!Node.isIdentifier(serverId)) return { reason: `the server is reached through ${serverId.getText()}, not a variable` };
  const serverDecl = resolveIdentifier(serverId);
  if (!serverDecl) return { reason: `${serverId.getText()} is not declared in this file` };

  // Session maps: module-level `{}` / `new Map()` variables the route reads.
  const maps = new Map<Node, string>();
  const params = new Set(fn.getParameters().map((p) => p.compilerNode));
  for (const id of body.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (isTypePosition(id, fn) || isPropertyName(id)) continue;
    const decl = resolveIdentifier(id);
    if (decl && within(decl, range)) {
      if (params.has(decl.compilerNode) && !paramUseAllowed(id)) {
        return { reason: `the route reads ${memberText(id)} from the request, which is more than MCP plumbing` };
      }
      continue;
    }
    const name = id.getText();
    if (decl && decl.compilerNode === serverDecl.compilerNode) continue;
    // What builds the server (`getServer()` inside the route) becomes the factory.
    if (Node.isVariableDeclaration(serverDecl) && within(serverDecl, range) && within(id, { start: serverDecl.getStart(), end: serverDecl.getEnd() })) continue;
    if (decl && Node.isVariableDeclaration(decl) && isSessionMap(decl.getInitializer())) {
      maps.set(decl, name);
      continue;
    }
    if (decl && Node.isImportSpecifier(decl) && isMcpSpecifier(decl.getImportDeclaration().getModuleSpecifierValue())) continue;
    if (decl && Node.isImportSpecifier(decl) && /^(node:)?crypto$/.test(decl.getImportDeclaration().getModuleSpecifierValue())) continue;
    if (!decl && GLOBALS.has(name)) continue;
    if (decl && Node.isImportSpecifier(decl) && importSourceOf(id) === undefined) continue;
    return { reason: `the route uses ${name}, which is more than MCP plumbing` };
  }

  // The factory (edits inside the route are dropped: its body is replaced as a whole).
  const factory = factoryFor(sourceFile, text, style, serverId, [range]);
  if ('reason' in factory) return { reason: factory.reason };
  if (within(serverDecl, range)) {
    const init = Node.isVariableDeclaration(serverDecl) ? serverDecl.getInitializer() : undefined;
    const local = init?.getDescendantsOfKind(SyntaxKind.Identifier).find((i) => {
      const d = resolveIdentifier(i);
      return d !== undefined && within(d, range);
    });
    if (local) return { reason: `the server is built from ${local.getText()}, a value of this request` };
  }
  const factoryEdits = factory.edits.filter((e) => !(e.start >= bodyRange.start && e.end <= bodyRange.end));

  // Other routes that serve sessions from the map (GET / DELETE), and helpers only they use.
  const removedStatements = new Set<Statement>();
  for (const [mapDecl, name] of maps) {
    for (const ref of referencesTo(sourceFile, name, mapDecl)) {
      if (within(ref, range)) continue;
      const owner = statementIn(sourceFile, ref);
      if (!owner) return { reason: `the session map ${name} is used inside another construct` };
      const sessionRoute = sessionRouteStatements(sourceFile, owner, route);
      if (!sessionRoute) {
        if (Node.isVariableStatement(owner) && owner.getDeclarations().some((d) => d === mapDecl)) continue;
        return { reason: `the session map ${name} is also used` };
      }
      for (const s of sessionRoute) removedStatements.add(s);
    }
    const mapStatement = Node.isVariableDeclaration(mapDecl) ? mapDecl.getVariableStatement() : undefined;
    if (!mapStatement || mapStatement.getDeclarations().length !== 1) {
      return { reason: `the session map ${name} is declared together with other variables` };
    }
    removedStatements.add(mapStatement);
  }
  if (removedStatements.has(route.anchor)) return { reason: 'the route is registered together with the session routes' };

  const handlerName = freshName(sourceFile, ['mcpHandler', 'mcpHttpHandler']);
  const edits: TextEdit[] = [...factoryEdits];
  const removed: { start: number; end: number }[] = [bodyRange, ...factory.removed];
  for (const s of removedStatements) {
    const lines = removalRange(text, s);
    edits.push({ start: lines.start, end: lines.end, text: '' });
    removed.push(lines);
  }
  // The handler, built once, before the statement that holds the route.
  const anchorLines = statementLines(text, route.anchor);
  const indent = lineIndent(text, route.anchor.getStart());
  const semi = style.semicolons ? ';' : '';
  const built = kind === 'node' ? `toNodeHandler(createMcpHandler(${factory.expression}))` : `createMcpHandler(${factory.expression})`;
  edits.push({ start: anchorLines.start, end: anchorLines.start, text: `${indent}const ${handlerName} = ${built}${semi}${style.eol}${style.eol}` });
  // The route body: the request goes to the handler with the transport's arguments.
  const bodyIndent = lineIndent(text, body.getStart());
  const inner = bodyIndent + style.indentUnit;
  const call = kind === 'node' ? `${handlerName}(${args})` : `${handlerName}.fetch(${args})`;
  edits.push({ start: bodyRange.start, end: bodyRange.end, text: `{${style.eol}${inner}return ${call}${semi}${style.eol}${bodyIndent}}` });
  // Session routes gone: GET and DELETE reach the handler too (it answers them for 2025 clients).
  if (removedStatements.size > maps.size && route.registration) {
    const callee = route.registration.getExpression();
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'post') {
      const nameNode = callee.getNameNode();
      edits.push({ start: nameNode.getStart(), end: nameNode.getEnd(), text: 'all' });
    }
  }
  const inserted = [handlerName, ...(factory.expression.match(/[A-Za-z_$][\w$]*/g) ?? []), ...(args.match(/[A-Za-z_$][\w$]*/g) ?? [])];
  return { edits, removed, inserted };
}

function isSessionMap(init: Node | undefined): boolean {
  if (!init) return false;
  const e = unwrapExpression(init);
  if (Node.isObjectLiteralExpression(e)) return e.getProperties().length === 0;
  if (Node.isNewExpression(e)) return e.getExpression().getText() === 'Map';
  return false;
}

/** Module-level statements serving sessions out of the map for the route's path: the route and its named handler. */
function sessionRouteStatements(sourceFile: SourceFile, owner: Statement, route: Route): Statement[] | undefined {
  const routeCall = (statement: Statement): CallExpression | undefined => {
    if (!Node.isExpressionStatement(statement)) return undefined;
    const call = unwrapExpression(statement.getExpression());
    if (!Node.isCallExpression(call)) return undefined;
    const callee = call.getExpression();
    if (!Node.isPropertyAccessExpression(callee) || !['get', 'delete', 'all'].includes(callee.getName())) return undefined;
    if (route.path !== undefined && stringValue(call.getArguments()[0]) !== route.path) return undefined;
    return call;
  };
  if (routeCall(owner)) return [owner];
  // A named helper (`const handleSessionRequest = …`) used only by such routes.
  if (Node.isVariableStatement(owner) || Node.isFunctionDeclaration(owner)) {
    const decls = Node.isVariableStatement(owner) ? owner.getDeclarations() : [owner];
    if (decls.length !== 1) return undefined;
    const decl = decls[0];
    const nameNode = decl.getNameNode();
    if (!nameNode || !Node.isIdentifier(nameNode)) return undefined;
    const uses = referencesTo(sourceFile, nameNode.getText(), decl);
    const owners: Statement[] = [];
    for (const use of uses) {
      const s = statementIn(sourceFile, use);
      if (!s || !routeCall(s)) return undefined;
      if (!owners.includes(s)) owners.push(s);
    }
    return uses.length > 0 ? [owner, ...owners] : undefined;
  }
  return undefined;
}

function isTypePosition(id: Node, stop: Node): boolean {
  for (let n = id.getParent(); n && n !== stop; n = n.getParent()) {
    if (Node.isTypeNode(n)) return true;
  }
  return false;
}

function isPropertyName(id: Identifier): boolean {
  const parent = id.getParent();
  return (
    (!!parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) ||
    (!!parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === id)
  );
}

/** A use of the request / response / context parameter that MCP plumbing makes. */
function paramUseAllowed(id: Identifier): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  // Passed on whole: handleRequest(req, res), isInitializeRequest(req.body), res.on('close', …).
  if (Node.isCallExpression(parent)) return parent.getExpression() !== id;
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
