// The SDK's recipe for an existing sessionful HTTP route that does more than MCP plumbing
// (`isLegacyRequest` in @modelcontextprotocol/server): 2026-07-28 requests go to a per-request
// `createMcpHandler(factory, { legacy: 'reject' })` put in front of the route, and every 2025
// request keeps the route as it is — sessions, server→client requests and all. Written for a
// Node route (express and friends) that hands a parsed body to `transport.handleRequest(req, res,
// body)` and builds its server with a call of a module-level function (`const server =
// createServer()`), which becomes the factory. Only insertions: the route's own code is untouched.
import { Node, SyntaxKind, type CallExpression, type Identifier, type SourceFile } from 'ts-morph';
import { resolveIdentifier, unwrapExpression } from '../analysis/handlers.js';
import type { TextStyle } from '../text-style.js';
import type { TextEdit } from '../types.js';
import { addImport, freshName, lineIndent, NODE_PACKAGE, SERVER_PACKAGE, statementLines, within, type ImportPlan } from './common.js';

interface FrontDoorRoute {
  fn: Node & { getBody(): Node | undefined; getParameters(): Node[] };
  anchor: Node;
}

export function frontDoor(sourceFile: SourceFile, text: string, style: TextStyle, route: FrontDoorRoute, imports: ImportPlan): { edits: TextEdit[]; at: number } | { reason: string } {
  const { fn } = route;
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return { reason: 'the route handler has no block body' };
  if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn) || Node.isFunctionDeclaration(fn)) || !fn.isAsync()) {
    return { reason: 'the route handler is not an async function' };
  }
  const range = { start: fn.getStart(), end: fn.getEnd() };
  const calls = body.getDescendantsOfKind(SyntaxKind.CallExpression);
  // Written by an earlier run.
  const earlier = calls.find((c) => c.getExpression().getText() === 'isLegacyRequest');
  if (earlier) return { edits: [], at: text.lastIndexOf('\n', earlier.getStart() - 1) + 1 };
  const handles = calls.filter((c) => memberName(c) === 'handleRequest');
  const argTexts = new Set(handles.map((c) => c.getArguments().map((a) => a.getText()).join(', ')));
  if (handles.length === 0 || argTexts.size !== 1 || handles[0].getArguments().length !== 3) {
    return { reason: 'the route does not hand one parsed body to transport.handleRequest(req, res, body)' };
  }
  const [req, res, parsedBody] = handles[0].getArguments().map((a) => a.getText());
  const connects = calls.filter((c) => memberName(c) === 'connect' && c.getArguments().length === 1);
  const servers = [...new Set(connects.map((c) => receiverOf(c)?.getText()))];
  const serverId = connects[0] && receiverOf(connects[0]);
  if (servers.length !== 1 || !serverId || !Node.isIdentifier(serverId)) return { reason: 'the route does not connect one server variable' };
  const factory = factoryCall(serverId, range);
  if ('reason' in factory) return factory;

  const handler = freshName(sourceFile, ['mcpHandler', 'mcp2026Handler']);
  const semi = style.semicolons ? ';' : '';
  const eol = style.eol;
  const q = style.quote;
  const anchorLines = statementLines(text, route.anchor);
  const indent = lineIndent(text, route.anchor.getStart());
  const inner = lineIndent(text, body.getStart()) + style.indentUnit;
  addImport(imports, SERVER_PACKAGE, 'createMcpHandler');
  addImport(imports, SERVER_PACKAGE, 'isLegacyRequest');
  addImport(imports, NODE_PACKAGE, 'toNodeHandler');
  addImport(imports, NODE_PACKAGE, 'toWebRequest');
  const at = entryPoint(body, [serverId.getText(), ...handles.map((h) => receiverOf(h)?.getText() ?? '')]);
  const edits: TextEdit[] = [
    {
      start: anchorLines.start,
      end: anchorLines.start,
      text:
        `${indent}// 2026-07-28 requests: one server per request, built the way the route below builds its own.${eol}` +
        `${indent}const ${handler} = toNodeHandler(createMcpHandler(() => ${factory.call}, { legacy: ${q}reject${q} }))${semi}${eol}${eol}`,
    },
    {
      start: at,
      end: at,
      text:
        `${inner}// A 2026-07-28 request (its protocol version in _meta) is answered per request; 2025 requests go on below.${eol}` +
        `${inner}if (!(await isLegacyRequest(await toWebRequest(${req}, ${parsedBody}), ${parsedBody}))) return ${handler}(${req}, ${res}, ${parsedBody})${semi}${eol}`,
    },
  ];
  return { edits, at };
}

/**
 * The start of the line of the route's first top-level statement that takes part in the MCP
 * plumbing (session id, session map, transport, server): what the route does before it
 * (authorization, logging) keeps running for 2026 requests too.
 */
function entryPoint(body: Node, plumbingNames: string[]): number {
  const statements = Node.isBlock(body) ? body.getStatements() : [];
  const plumbing = statements.find((s) => {
    const t = s.getText();
    return /mcp-session-id|isInitializeRequest|StreamableHTTPServerTransport|\.handleRequest\(|\.connect\(/i.test(t) || plumbingNames.some((n) => n !== '' && new RegExp(`\\b${n}\\b`).test(t));
  });
  const first = plumbing ?? statements[0];
  const text = body.getSourceFile().getFullText();
  return first ? text.lastIndexOf('\n', first.getStart() - 1) + 1 : body.getStart() + 1;
}

function memberName(call: CallExpression): string | undefined {
  const callee = call.getExpression();
  return Node.isPropertyAccessExpression(callee) ? callee.getName() : undefined;
}

function receiverOf(call: CallExpression): Node | undefined {
  const callee = call.getExpression();
  return Node.isPropertyAccessExpression(callee) ? unwrapExpression(callee.getExpression()) : undefined;
}

/** `const server = createServer(…)` in the route, where nothing in the call comes from the request: the factory's body. */
function factoryCall(serverId: Identifier, route: { start: number; end: number }): { call: string } | { reason: string } {
  const decl = resolveIdentifier(serverId);
  const init = decl && Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  const value = init && unwrapExpression(Node.isAwaitExpression(unwrapExpression(init)) ? (unwrapExpression(init) as Node & { getExpression(): Node }).getExpression() : init);
  if (!value || !Node.isCallExpression(value)) return { reason: `${serverId.getText()} is not built by a call of a server factory` };
  for (const id of [value.getExpression(), ...value.getDescendantsOfKind(SyntaxKind.Identifier)]) {
    const d = Node.isIdentifier(id) ? resolveIdentifier(id) : undefined;
    if (d && within(d, route)) return { reason: `the server is built from ${id.getText()}, a value of this request` };
  }
  return { call: value.getText() };
}
