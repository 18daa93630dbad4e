// The v1 registration methods (`tool`, `prompt`, `resource`) used other than by a direct call on
// the SDK's McpServer, which registrations.ts rewrites: v2's McpServer has none of them, so each
// such use would fail when the server starts. Converted where the conversion is exact, reported
// (an error: the file stays on v1) where not:
//   const t = server.tool.bind(server); t('a', cb)   converted when every use of `t` is a call
//                                                   that reads as a v1 overload: `registerTool`
//                                                   bound, each call given its config object
//   server.tool as a value (`.bind` passed on, a method reference, `.call`, `typeof server.tool`,
//   `server['tool']`, `const { tool } = server`)      reported
//   a subclass of McpServer declaring tool/prompt/resource   reported at the member
import { ts } from '../../ts-morph.js';
import { annotationOrigin, instanceOrigin, receiverOrigin, referencesOf } from '../../analysis/sdk-receivers.js';
import { walk } from '../../ast/compiler-nodes.js';
import type { FileFacts } from './facts.js';
import { MCP_SERVER_ONLY, nameHasMcpServerWord, receiverName } from './receivers.js';
import { legacyRegistration, V1_UPGRADE_RULE, type StepResult } from './registrations.js';

type Legacy = 'tool' | 'prompt' | 'resource';

const register = (method: string) => `register${method[0].toUpperCase()}${method.slice(1)}`;

export function upgradeSurfaceUses(facts: FileFacts): StepResult {
  const result: StepResult = { edits: [], findings: [], callbacks: [], usesZod: false };
  const { file } = facts;
  const line = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  const reported = new Set<string>();
  const report = (node: ts.Node, message: string, suggestion: string) => {
    // One finding per spot and message (`McpServer['tool']` twice in one signature is one spot).
    if (reported.has(`${line(node)}\0${message}`)) return;
    reported.add(`${line(node)}\0${message}`);
    result.findings.push({ rule: V1_UPGRADE_RULE, severity: 'error', pos: node.getStart(file), message, suggestion });
  };
  walk(file, (node) => {
    if (ts.isPropertyAccessExpression(node) && MCP_SERVER_ONLY.has(node.name.text)) {
      // A direct call is registrations.ts's (renamed, or reported there).
      if (isCallee(node)) return;
      const on = onSdkServer(facts, node, node.name.text);
      if (!on) return;
      valueUse(facts, node, node.name.text as Legacy, result, report, on.byName);
      return;
    }
    if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression) && MCP_SERVER_ONLY.has(node.argumentExpression.text)) {
      const method = node.argumentExpression.text;
      if (!onSdkServer(facts, node, method)) return;
      report(node, `${node.getText(file)} left as it was: v2's McpServer has no ${method}(), so this fails when the server starts`,
        `Call server.${register(method)}(name, config, callback) instead; then run the migration again.`);
      return;
    }
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer) {
      const taken = node.name.elements.filter((e) => MCP_SERVER_ONLY.has(((e.propertyName ?? e.name) as ts.Identifier).text ?? ''));
      if (taken.length === 0) return;
      const origin = receiverOrigin(node.initializer);
      if (origin.kind !== 'sdk' || origin.className !== 'McpServer') return;
      for (const element of taken) {
        const method = ((element.propertyName ?? element.name) as ts.Identifier).text;
        report(element, `${method} taken out of the McpServer left as it was: v2's McpServer has no ${method}(), so this is undefined once upgraded`,
          `Call server.${register(method)}(name, config, callback) on the server itself; then run the migration again.`);
      }
      return;
    }
    if (ts.isTypeQueryNode(node) && ts.isQualifiedName(node.exprName) && MCP_SERVER_ONLY.has(node.exprName.right.text) && ts.isIdentifier(node.exprName.left)) {
      const method = node.exprName.right.text;
      const origin = receiverOrigin(node.exprName.left);
      if (origin.kind !== 'sdk' || origin.className !== 'McpServer') return;
      report(node, `the type ${node.getText(file)} left as it was: v2's McpServer has no ${method}(), so it does not compile once upgraded`,
        `Name the type of ${register(method)} instead (typeof server.${register(method)}); then run the migration again.`);
      return false;
    }
    if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType) && ts.isStringLiteral(node.indexType.literal) && MCP_SERVER_ONLY.has(node.indexType.literal.text)) {
      const origin = annotationOrigin(node.objectType);
      if (origin.kind !== 'sdk' || origin.className !== 'McpServer') return;
      const method = node.indexType.literal.text;
      report(node, `the type ${node.getText(file)} left as it was: v2's McpServer has no ${method}(), so it does not compile once upgraded`,
        `Name ${register(method)} instead (McpServer['${register(method)}']); then run the migration again.`);
      return;
    }
    if (ts.isClassLike(node)) overrides(node, report);
  });
  return result;
}

function isCallee(access: ts.Node): boolean {
  let node = access;
  while (ts.isParenthesizedExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
  return ts.isCallExpression(node.parent) && node.parent.expression === node;
}

/**
 * The access is on the SDK's McpServer: proven or typed, or (where nothing tells) named like one;
 * then `byName` says why nothing tells.
 */
function onSdkServer(facts: FileFacts, access: ts.PropertyAccessExpression | ts.ElementAccessExpression, method: string): { byName?: string } | undefined {
  const verdict = facts.receivers.verdict(access, method);
  if (verdict.kind === 'sdk') return {};
  if (verdict.kind !== 'unknown') return undefined;
  const name = receiverName(access.expression);
  return name !== undefined && nameHasMcpServerWord(name) ? { byName: verdict.why } : undefined;
}

/**
 * `server.tool` read as a value. `const t = server.tool.bind(server)` whose every use is a call of
 * a v1 overload becomes `server.registerTool.bind(server)` with each call rewritten; anything else
 * is reported.
 */
function valueUse(
  facts: FileFacts,
  access: ts.PropertyAccessExpression,
  method: Legacy,
  result: StepResult,
  report: (node: ts.Node, message: string, suggestion: string) => void,
  /** Why the receiver is the SDK's only by its name (then the conversion says so). */
  byName?: string,
): void {
  const { file } = facts;
  const text = access.getText(file);
  const bind = ts.isPropertyAccessExpression(access.parent) && access.parent.expression === access && access.parent.name.text === 'bind' && isCallee(access.parent)
    ? (access.parent.parent as ts.CallExpression)
    : undefined;
  if (bind) {
    let holder: ts.Node = bind;
    while (ts.isParenthesizedExpression(holder.parent) || ts.isAsExpression(holder.parent)) holder = holder.parent;
    const declaration = holder.parent;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer === holder && ts.isIdentifier(declaration.name) && ts.isVariableDeclarationList(declaration.parent) && declaration.parent.flags & ts.NodeFlags.Const) {
      const uses = referencesOf(declaration as ts.VariableDeclaration & { name: ts.Identifier });
      const notCalled = uses.filter((use) => !isCallee(use));
      const calls = uses.filter((use) => isCallee(use)).map((use) => callOf(use));
      if (notCalled.length === 0 && calls.length > 0) {
        const step: StepResult = { edits: [], findings: [], callbacks: [], usesZod: false };
        const fitting = calls.filter((call) => call.arguments.length >= 2 && legacyRegistration(facts, call, method, step, false));
        if (fitting.length === calls.length) {
          result.edits.push({ start: access.name.getStart(file), end: access.name.end, text: register(method) }, ...step.edits);
          result.callbacks.push(...step.callbacks);
          result.usesZod ||= step.usesZod;
          if (byName !== undefined) {
            const receiver = access.expression.getText(file);
            result.findings.push({
              rule: V1_UPGRADE_RULE,
              severity: 'warning',
              pos: bind.getStart(file),
              message: `${bind.getText(file)} and its calls rewritten to v2's ${register(method)} by the receiver's name alone: nothing proves that ${receiver} is the SDK's McpServer (${byName})`,
              suggestion: `If ${receiver} is not an McpServer, put these back as they were; give it a type (\`${receiver}: McpServer\`) or install the dependencies so that the next run can tell.`,
            });
          }
          return;
        }
        const misfits = calls.length - fitting.length;
        report(bind, `${declaration.name.text} = ${bind.getText(file)} left as it was: ${misfits} of its ${calls.length} calls ${misfits === 1 ? 'does' : 'do'} not read as a v1 .${method}() overload, so they cannot be given v2's (name, config, callback); v2's McpServer has no ${method}(), so this fails when the server starts`,
          `Call server.${register(method)}(name, config, callback) at each of them; then run the migration again.`);
        return;
      }
      report(bind, `${declaration.name.text} = ${bind.getText(file)} left as it was: ${notCalled.length > 0 ? `it is handed on as a value${notCalled.length > 1 ? ` (${notCalled.length} times)` : ''}, so its callers cannot be rewritten here` : 'it is never called'}; v2's McpServer has no ${method}(), so this fails when the server starts`,
        `Bind server.${register(method)} and give each call v2's (name, config, callback), or call server.${register(method)} directly; then run the migration again.`);
      return;
    }
    report(bind, `${bind.getText(file)} left as it was: the bound method is handed on, so the calls that receive it cannot be rewritten here; v2's McpServer has no ${method}(), so this fails when the server starts`,
      `Bind server.${register(method)} and give each of its calls v2's (name, config, callback); then run the migration again.`);
    return;
  }
  const how = ts.isPropertyAccessExpression(access.parent) && access.parent.expression === access && /^(call|apply)$/.test(access.parent.name.text)
    ? `called through .${access.parent.name.text}`
    : ts.isTypeOfExpression(access.parent) ? 'tested with typeof' : ts.isBinaryExpression(access.parent) && access.parent.left === access && access.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken ? 'assigned' : 'read as a value';
  report(access, `${text} ${how}, left as it was: v2's McpServer has no ${method}(), so this fails when the server starts`,
    `Call server.${register(method)}(name, config, callback) directly, or hand on a function that does; then run the migration again.`);
}

/** The call whose callee is `use` (through parentheses). */
function callOf(use: ts.Node): ts.CallExpression {
  let node = use;
  while (ts.isParenthesizedExpression(node.parent) || ts.isNonNullExpression(node.parent)) node = node.parent;
  return node.parent as ts.CallExpression;
}

/** A class of this file extending McpServer that declares tool/prompt/resource itself. */
function overrides(cls: ts.ClassLikeDeclaration, report: (node: ts.Node, message: string, suggestion: string) => void): void {
  const base = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword)?.types[0]?.expression;
  if (!base) return;
  const members = cls.members.filter((m) => m.name && ts.isIdentifier(m.name) && MCP_SERVER_ONLY.has(m.name.text) && !(ts.canHaveModifiers(m) ? ts.getModifiers(m) : undefined)?.some((x) => x.kind === ts.SyntaxKind.StaticKeyword));
  if (members.length === 0) return;
  const origin = instanceOrigin(cls);
  if (origin.kind !== 'sdk' || origin.className !== 'McpServer') return;
  const name = cls.name?.text ?? 'this class';
  for (const member of members) {
    const method = (member.name as ts.Identifier).text;
    report(member, `${name} overrides v1's McpServer.${method}: v2's McpServer has no ${method}(), so the SDK never calls this override and its super.${method} is undefined`,
      `Override ${register(method)}(name, config, callback) instead (v2's parameters), or remove the override; then run the migration again.`);
  }
}
