// Leftovers of the session-based protocol that no rewrite can carry over: server-to-client pings,
// handlers for notifications/roots/list_changed and logging/setLevel, and `oninitialized` hooks
// that ask the client for its roots. Each is reported with the replacement the 2026-07-28
// deprecated-features list (and the v2 SDK) names.
import { Node, SyntaxKind, type CallExpression, type SourceFile } from '../ts-morph.js';
import { findProperty, importedNameOf, resolveFunction, resolveObjectLiteral, stringValue } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { isServerLike } from '../analysis/push-sites.js';
import type { FindingInput } from '../types.js';

export const LEFTOVER_RULES = {
  ping: 'server-ping',
  rootsListChanged: 'roots-list-changed-handler',
  setLevel: 'logging-set-level-handler',
  initializedRoots: 'oninitialized-roots',
  initializedHook: 'oninitialized-hook',
} as const;

const ROOTS_REPLACEMENT = 'pass directories or files via tool parameters, resource URIs, or server configuration (Roots is deprecated in 2026-07-28)';

export function leftoverFindings(sourceFile: SourceFile): FindingInput[] {
  const findings: FindingInput[] = [];
  for (const call of sourceFile.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = unwrapExpression(call.getExpression());
    if (!Node.isPropertyAccessExpression(callee)) continue;
    const name = callee.getName();
    if (name === 'ping' && call.getArguments().length === 0 && isServerLike(callee.getExpression())) {
      findings.push(pingFinding(call, `${callee.getText()}()`));
    } else if ((name === 'send' || name === 'sendRequest' || name === 'request') && requestMethod(call) === 'ping') {
      findings.push(pingFinding(call, `${callee.getText()}({ method: 'ping' })`));
    } else if (name === 'setNotificationHandler' && handlerMethod(call) === 'notifications/roots/list_changed') {
      findings.push({
        rule: LEFTOVER_RULES.rootsListChanged,
        severity: 'warning',
        pos: call.getStart(),
        message: 'notifications/roots/list_changed handler: 2026-07-28 has no sessions, so this notification never arrives there',
        suggestion: `Read the roots when a request needs them (an inputRequired.listRoots() input request in that handler), or ${ROOTS_REPLACEMENT}; keep this handler only for 2025 clients.`,
      });
    } else if (name === 'setRequestHandler' && handlerMethod(call) === 'logging/setLevel') {
      findings.push({
        rule: LEFTOVER_RULES.setLevel,
        severity: 'warning',
        pos: call.getStart(),
        message: 'logging/setLevel handler: on 2026-07-28 the level arrives with every request (_meta io.modelcontextprotocol/logLevel), not per session',
        suggestion:
          'Drop the stored session level: ctx.mcpReq.log() already honours the per-request level. Logging is deprecated in 2026-07-28: log to stderr for stdio transports and use OpenTelemetry for observability.',
      });
    }
  }
  // `server.server.oninitialized = async () => { … listRoots() … }`
  for (const assign of sourceFile.getDescendantsOfKind(SyntaxKind.BinaryExpression)) {
    if (assign.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) continue;
    const left = assign.getLeft();
    if (!Node.isPropertyAccessExpression(left) || left.getName() !== 'oninitialized') continue;
    const fn = resolveFunction(assign.getRight());
    const body = fn?.getBody() ?? assign.getRight();
    if (!asksForRoots(body)) {
      const hook = hookFinding(assign.getStart(), left.getText(), body);
      if (hook) findings.push(hook);
      continue;
    }
    findings.push({
      rule: LEFTOVER_RULES.initializedRoots,
      severity: 'warning',
      pos: assign.getStart(),
      message: 'oninitialized asks the client for its roots: 2026-07-28 has no initialize handshake, so this hook never runs there',
      suggestion: `Ask where the roots are needed: return inputRequired({ inputRequests: { roots: inputRequired.listRoots() } }) from the tool that uses them, or ${ROOTS_REPLACEMENT}.`,
    });
  }
  return findings;
}

function pingFinding(call: CallExpression, api: string): FindingInput {
  return {
    rule: LEFTOVER_RULES.ping,
    severity: 'warning',
    pos: call.getStart(),
    message: `${api}: a server cannot send requests to the client under 2026-07-28; the v2 SDK throws here when the request is served on that revision`,
    suggestion: 'Remove the ping. There is no session to keep alive: every 2026-07-28 request stands alone (keep it only on a path that serves 2025 clients).',
  };
}

/** The method string of `x.send({ method: '…' })`. */
function requestMethod(call: CallExpression): string | undefined {
  const obj = resolveObjectLiteral(call.getArguments()[0]);
  const prop = obj ? findProperty(obj, 'method') : undefined;
  return prop && Node.isPropertyAssignment(prop) ? stringValue(prop.getInitializer()) : undefined;
}

const SCHEMA_METHODS: Readonly<Record<string, string>> = {
  RootsListChangedNotificationSchema: 'notifications/roots/list_changed',
  SetLevelRequestSchema: 'logging/setLevel',
};

/** The method of `setRequestHandler(…)` / `setNotificationHandler(…)`: a v2 method string or a v1 schema. */
function handlerMethod(call: CallExpression): string | undefined {
  const first = call.getArguments()[0];
  if (!first) return undefined;
  const literal = stringValue(first);
  if (literal !== undefined) return literal;
  const e = unwrapExpression(first);
  const name = Node.isIdentifier(e) ? importedNameOf(e) : Node.isPropertyAccessExpression(e) ? e.getName() : undefined;
  return name ? SCHEMA_METHODS[name] : undefined;
}

/**
 * `server.server.oninitialized = () => { registerConditionalTools(server); … }`: what the hook
 * calls (at its top level) is never done for a 2026-07-28 client.
 */
function hookFinding(pos: number, hook: string, body: Node): FindingInput | undefined {
  const statements = Node.isBlock(body) ? body.getStatements() : [];
  const calls = statements.flatMap((st) => {
    let e = Node.isExpressionStatement(st) ? unwrapExpression(st.getExpression()) : undefined;
    // `timer = setTimeout(…)`: the call is what it does.
    if (e && Node.isBinaryExpression(e) && e.getOperatorToken().getKind() === SyntaxKind.EqualsToken) e = unwrapExpression(e.getRight());
    const call = e && Node.isAwaitExpression(e) ? unwrapExpression(e.getExpression()) : e;
    if (!call || !Node.isCallExpression(call)) return [];
    // Named by the callee up to its first call: `store.save(id).catch(…)` is store.save().
    const callee = call.getExpression().getText().split('(')[0]!;
    // A log line not written is nothing a client misses.
    return LOGGING.test(callee) ? [] : [`${callee}()`];
  });
  if (calls.length === 0) return undefined;
  return {
    rule: LEFTOVER_RULES.initializedHook,
    severity: 'warning',
    pos,
    message: `${hook}: 2026-07-28 has no initialize handshake, so this hook never runs for those clients, and what it calls (${calls.join(', ')}) is not done for them`,
    suggestion:
      "Do it where the server is built; where it depends on the client's capabilities, check them in the request that needs them (each 2026-07-28 request carries them). Keep the hook for 2025 clients only if it still has a purpose there.",
  };
}

const LOGGING = /(^|\.)(console|logger|log)\.(log|info|warn|error|debug|trace)$/;

function asksForRoots(node: Node): boolean {
  for (const call of [...(Node.isCallExpression(node) ? [node] : []), ...node.getDescendantsOfKind(SyntaxKind.CallExpression)]) {
    const callee = unwrapExpression(call.getExpression());
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'listRoots') return true;
    if (Node.isPropertyAccessExpression(callee) && ['send', 'sendRequest', 'request'].includes(callee.getName()) && requestMethod(call) === 'roots/list') return true;
  }
  return false;
}
