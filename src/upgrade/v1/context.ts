// The v1 handler `extra` → the v2 context, in every form a handler receives it: a named
// parameter (`extra.sendRequest(…)` → `ctx.mcpReq.send(…)`), a destructured one
// (`async (args, { sendNotification, _meta }) =>` → `async (args, ctx) =>` with each use rewritten
// to `ctx.mcpReq.notify` / `ctx.mcpReq._meta`), and a destructuring in the body
// (`const { sessionId, requestId } = extra` → `const { sessionId } = ctx, { id: requestId } = ctx.mcpReq`).
// A form that cannot be rewritten exactly (defaults, rest elements, a reassigned or shadowed
// binding, a key v2 no longer has) is left as it was and reported as an error: on v2 it reads
// `undefined` where v1 had a value.
import { ts } from '../../ts-morph.js';
import { PUSH_METHODS } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { constInitializer, isFunctionLike, isStringLiteralLike, mentions, unwrap, walk } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import type { FileFacts } from './facts.js';
import { CONTEXT_PATHS, TASK_CONTEXT_KEYS } from './mappings.js';
import { V1_UPGRADE_RULE, type HandlerCallback } from './registrations.js';

type HandlerFunction = ts.ArrowFunction | ts.FunctionExpression | ts.FunctionDeclaration | ts.MethodDeclaration;

const CONTEXT_NAMES = ['ctx', 'context', 'mcpContext'];

export function upgradeContexts(facts: FileFacts, callbacks: readonly HandlerCallback[]): { edits: TextEdit[]; findings: FindingInput[] } {
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const targets: ContextParam[] = [...callbacks.flatMap((c) => callbackParam(facts.file, c)), ...annotatedParams(facts), ...askingParams(facts)];
  findings.push(...signatureWarnings(facts));
  const done = new Set<ts.Node>();
  for (const { fn, param, where } of targets) {
    if (done.has(param)) continue;
    done.add(param);
    const out = ts.isIdentifier(param.name) ? namedContext(facts, fn, param.name, where) : ts.isObjectBindingPattern(param.name) ? destructuredContext(facts, fn, param.name, where) : undefined;
    if (!out) continue;
    edits.push(...out.edits);
    findings.push(...out.findings);
  }
  return { edits, findings };
}

/** A parameter that receives the v1 handler context, in the function that declares it. */
interface ContextParam {
  fn: HandlerFunction;
  param: ts.ParameterDeclaration;
  where: string;
}

function callbackParam(file: ts.SourceFile, { callback, extraIndex, where }: HandlerCallback): ContextParam[] {
  if (extraIndex < 0) return [];
  const fn = handlerFunction(file, callback);
  const param = fn?.parameters[extraIndex];
  return fn && param ? [{ fn, param, where }] : [];
}

/** The local names of v1's `RequestHandlerExtra` in the file, and of same-file aliases of it. */
function contextTypeNames(facts: FileFacts): Set<string> {
  const names = new Set([...facts.bindings].filter(([, b]) => isV1Module(b.module) && b.imported === 'RequestHandlerExtra').map(([local]) => local));
  if (names.size === 0) return names;
  for (const statement of facts.file.statements) {
    if (ts.isTypeAliasDeclaration(statement) && names.has(typeName(statement.type) ?? '')) names.add(statement.name.text);
  }
  return names;
}

function typeName(type: ts.TypeNode | undefined): string | undefined {
  return type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? type.typeName.text : undefined;
}

/**
 * `handler: (args, extra: RequestHandlerExtra<…>) => …`, a signature with no body: it types the
 * context of functions declared elsewhere (tool definitions), which become v2 code through it.
 * Those that send with `extra.sendRequest` / `sendNotification` are rewritten where they are
 * (askingParams); one that only reads other keys cannot be found from here: a warning says so.
 */
function signatureWarnings(facts: FileFacts): FindingInput[] {
  const names = contextTypeNames(facts);
  if (names.size === 0) return [];
  const findings: FindingInput[] = [];
  walk(facts.file, (node) => {
    if (!ts.isParameter(node) || !names.has(typeName(node.type) ?? '')) return;
    const signature = node.parent;
    if (!ts.isFunctionTypeNode(signature) && !ts.isMethodSignature(signature) && !ts.isCallSignatureDeclaration(signature)) return;
    const name = node.name.getText(facts.file);
    findings.push({
      rule: V1_UPGRADE_RULE, severity: 'warning', pos: node.getStart(facts.file),
      message: `${name}: ${node.type!.getText(facts.file)} types the context of the functions this signature describes, declared elsewhere; the upgrade makes it v2's context (ServerContext). ` +
        `It rewrites the context of such a function where it sends with ${name}.sendRequest or ${name}.sendNotification; one that only reads signal, requestId, authInfo, sessionId or _meta is not found from here, and its v1 reads would not compile on v2`,
      suggestion: `In the functions typed by this signature, read the context the v2 way: signal → mcpReq.signal, requestId → mcpReq.id, authInfo → http?.authInfo, _meta → mcpReq._meta (sessionId stays).`,
    });
  });
  return findings;
}

/**
 * Parameters declared with the v1 context type, in helpers the handlers hand their context to:
 * `RequestHandlerExtra<…>` imported from the v1 SDK, or a same-file alias of it
 * (`type ToolExtra = RequestHandlerExtra<ServerRequest, ServerNotification>`).
 */
function annotatedParams(facts: FileFacts): ContextParam[] {
  const names = contextTypeNames(facts);
  if (names.size === 0) return [];
  const params: ContextParam[] = [];
  walk(facts.file, (node) => {
    if (!ts.isFunctionDeclaration(node) && !ts.isFunctionExpression(node) && !ts.isArrowFunction(node) && !ts.isMethodDeclaration(node)) return;
    if (!node.body) return;
    for (const param of node.parameters) {
      if (!names.has(typeName(param.type) ?? '')) continue;
      const name = node.name && ts.isIdentifier(node.name) ? `function ${node.name.text}` : 'a function';
      params.push({ fn: node as HandlerFunction, param, where: name });
    }
  });
  return params;
}

/** Whether `extra.<name>({ method })` is how v1's handler context sends `method` (a request to the client, or a notification). */
const sentByV1Context = (name: string, method: string) =>
  (name === 'sendRequest' && Object.hasOwn(PUSH_METHODS, method)) || (name === 'sendNotification' && method.startsWith('notifications/'));

/**
 * Parameters that send to the client the way only v1's handler context does, in functions
 * registered where this file cannot see it (a tool definition's `handler`, its context typed in
 * another module): `extra.sendRequest({ method: 'elicitation/create', … }, …)`, or
 * `extra.sendNotification({ method: 'notifications/progress', … })`. (v1's Server and Client send
 * with `request()` and `notification()`; `sendRequest` and `sendNotification` are the handler
 * context's.)
 */
function askingParams(facts: FileFacts): ContextParam[] {
  const params: ContextParam[] = [];
  walk(facts.file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const receiver = node.expression.expression;
    const request = node.arguments[0] && unwrap(node.arguments[0]);
    if (!ts.isIdentifier(receiver) || !request || !ts.isObjectLiteralExpression(request)) return;
    const method = request.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'method');
    const value = method && unwrap(method.initializer);
    if (!value || !isStringLiteralLike(value) || !sentByV1Context(node.expression.name.text, value.text)) return;
    // The parameter of the nearest function that declares the name.
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (!ts.isArrowFunction(at) && !ts.isFunctionExpression(at) && !ts.isFunctionDeclaration(at) && !ts.isMethodDeclaration(at)) continue;
      const param = at.parameters.find((p) => ts.isIdentifier(p.name) && p.name.text === receiver.text);
      if (!param) continue;
      if (at.body) params.push({ fn: at as HandlerFunction, param, where: at.name && ts.isIdentifier(at.name) ? `function ${at.name.text}` : 'a function' });
      return;
    }
  });
  return params;
}

/** The function a callback argument is: a function literal, or a same-file function it names. */
function handlerFunction(file: ts.SourceFile, callback: ts.Expression): HandlerFunction | undefined {
  const e = unwrap(callback);
  if (isFunctionLike(e)) return e;
  if (!ts.isIdentifier(e)) return undefined;
  const init = constInitializer(file, e.text);
  if (init && isFunctionLike(unwrap(init))) return unwrap(init) as ts.ArrowFunction | ts.FunctionExpression;
  let declared: ts.FunctionDeclaration | undefined;
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === e.text && statement.body) declared = statement;
  }
  return declared;
}

function freeName(fn: HandlerFunction, preferred: string[]): string | undefined {
  return preferred.find((name) => !mentions(fn, name));
}

interface Rewrite {
  edits: TextEdit[];
  findings: FindingInput[];
}

function error(facts: FileFacts, node: ts.Node, message: string, suggestion: string): FindingInput {
  return { rule: V1_UPGRADE_RULE, severity: 'error', pos: node.getStart(facts.file), message, suggestion };
}

/** `v2Path` of a v1 key after the context name: `.mcpReq.send`, `?.http?.authInfo`. */
function access(contextName: string, path: string, optional = false): string {
  return `${contextName}${optional ? '?.' : '.'}${path}`;
}

// ---------------------------------------------------------------------------------------------
// (args, extra) => … extra.sendRequest(…)

function namedContext(facts: FileFacts, fn: HandlerFunction, name: ts.Identifier, where: string): Rewrite | undefined {
  const { file } = facts;
  const refs = references(fn, name.text, name);
  if (refs === 'shadowed') {
    return { edits: [], findings: [error(facts, name, `the v1 handler context '${name.text}' of ${where} is declared again inside the handler, so its uses were not rewritten to the v2 context`, `Rename the inner '${name.text}', then read the v2 context: ${name.text}.mcpReq.send, .mcpReq.notify, .mcpReq.signal, .mcpReq.id, .mcpReq._meta, .sessionId, .http?.authInfo.`)] };
  }
  if (refs.length === 0) return undefined;
  const renamed = name.text === 'extra' ? freeName(fn, ['ctx']) : undefined;
  const contextName = renamed ?? name.text;
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  if (renamed) edits.push({ start: name.getStart(file), end: name.end, text: renamed });
  for (const ref of refs) {
    const parent = ref.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === ref) {
      const key = parent.name.text;
      const path = CONTEXT_PATHS[key];
      if (path !== undefined) {
        edits.push({ start: ref.getStart(file), end: parent.end, text: access(contextName, path, parent.questionDotToken !== undefined) });
      } else if (TASK_CONTEXT_KEYS.has(key)) {
        findings.push(error(facts, parent, `${parent.getText(file)} in ${where}: the experimental tasks feature was removed in v2 (SEP-2663), so the handler context has no ${key}`, 'Remove the task handling from this handler; tasks moved to an MCP extension.'));
        if (renamed) edits.push({ start: ref.getStart(file), end: ref.end, text: renamed });
      } else if (renamed) {
        edits.push({ start: ref.getStart(file), end: ref.end, text: renamed });
      }
      continue;
    }
    // `Parameters<typeof extra.sendRequest>[0]`: the same member in a type query (where `?.` cannot be written).
    if (ts.isQualifiedName(parent) && parent.left === ref) {
      const key = parent.right.text;
      const path = CONTEXT_PATHS[key];
      if (path !== undefined && !path.includes('?')) {
        edits.push({ start: ref.getStart(file), end: parent.end, text: access(contextName, path) });
      } else {
        if (path !== undefined || TASK_CONTEXT_KEYS.has(key)) {
          findings.push(error(facts, parent, `typeof ${parent.getText(file)} in ${where}: the v2 context has no ${key}${path !== undefined ? ` (it is ${access(contextName, path)}, optional, which a type query cannot name)` : ' (the experimental tasks feature was removed, SEP-2663)'}`, 'Write the type out, or take it from the SDK types (@modelcontextprotocol/server exports the context and request types).'));
        }
        if (renamed) edits.push({ start: ref.getStart(file), end: ref.end, text: renamed });
      }
      continue;
    }
    if (ts.isVariableDeclaration(parent) && parent.initializer === ref && ts.isObjectBindingPattern(parent.name)) {
      const split = splitDestructuring(facts, parent.name, contextName, where);
      if ('finding' in split) findings.push(split.finding);
      else edits.push({ start: parent.getStart(file), end: parent.end, text: split.text });
      continue;
    }
    if (!renamed) continue;
    if (ts.isShorthandPropertyAssignment(parent)) edits.push({ start: ref.getStart(file), end: ref.end, text: `${name.text}: ${renamed}` });
    else edits.push({ start: ref.getStart(file), end: ref.end, text: renamed });
  }
  return { edits, findings };
}

/** `const { sessionId, sendRequest } = extra` → `const { sessionId } = ctx, { send: sendRequest } = ctx.mcpReq` */
function splitDestructuring(facts: FileFacts, pattern: ts.ObjectBindingPattern, contextName: string, where: string): { text: string } | { finding: FindingInput } {
  const { file } = facts;
  const groups = new Map<string, string[]>();
  for (const element of pattern.elements) {
    const key = elementKey(element);
    const path = key === undefined ? undefined : CONTEXT_PATHS[key];
    if (element.dotDotDotToken || key === undefined || path === undefined) {
      return { finding: error(facts, pattern, `the destructuring ${pattern.getText(file)} of the v1 handler context in ${where} was left as it was: ${element.dotDotDotToken ? 'a rest element' : `'${element.getText(file)}'`} has no single place in the v2 context`, 'Read each value from the v2 context instead: ctx.mcpReq.send, .mcpReq.notify, .mcpReq.signal, .mcpReq.id, .mcpReq._meta, .sessionId, .http?.authInfo.') };
    }
    const dot = path.lastIndexOf('.');
    const head = dot === -1 ? '' : path.slice(0, dot);
    const leaf = path.slice(dot + 1);
    const local = element.name.getText(file);
    const init = element.initializer ? ` = ${element.initializer.getText(file)}` : '';
    const list = groups.get(head) ?? [];
    list.push(`${leaf === local ? local : `${leaf}: ${local}`}${init}`);
    groups.set(head, list);
  }
  const parts = [...groups].map(([head, names]) => {
    const from = head === '' ? contextName : head.endsWith('?') ? `${contextName}.${head.slice(0, -1)} ?? {}` : `${contextName}.${head}`;
    return `{ ${names.join(', ')} } = ${from}`;
  });
  return { text: parts.join(', ') };
}

function elementKey(element: ts.BindingElement): string | undefined {
  const key = element.propertyName ?? element.name;
  return ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
}

// ---------------------------------------------------------------------------------------------
// (args, { sendNotification, _meta }) => …

function destructuredContext(facts: FileFacts, fn: HandlerFunction, pattern: ts.ObjectBindingPattern, where: string): Rewrite | undefined {
  const { file } = facts;
  const keys = pattern.elements.map(elementKey);
  // Not the v1 context at all (e.g. a template's variables): none of its keys is one.
  if (!keys.some((k) => k !== undefined && (k in CONTEXT_PATHS || TASK_CONTEXT_KEYS.has(k)))) return undefined;
  // Only keys v2 keeps at the top of the context (sessionId): the pattern reads the same there.
  if (keys.every((k) => k !== undefined && CONTEXT_PATHS[k] === k)) return undefined;
  const contextName = freeName(fn, CONTEXT_NAMES);
  const leave = (reason: string): Rewrite => ({
    edits: [],
    findings: [error(facts, pattern, `the v1 handler context of ${where} is destructured as ${pattern.getText(file)} and was left as it was: ${reason}; v2 passes a context shaped { mcpReq, http, sessionId }, which has none of these names at its top`, 'Take the context as one parameter (ctx) and read ctx.mcpReq.send, .mcpReq.notify, .mcpReq.signal, .mcpReq.id, .mcpReq._meta, .sessionId or .http?.authInfo where the names were used.')],
  });
  if (!contextName) return leave('no free name for the context parameter');
  const edits: TextEdit[] = [{ start: pattern.getStart(file), end: pattern.end, text: contextName }];
  for (const element of pattern.elements) {
    const key = elementKey(element);
    if (element.dotDotDotToken) return leave('it has a rest element');
    if (element.initializer) return leave(`${key ?? element.name.getText(file)} has a default value`);
    if (!ts.isIdentifier(element.name)) return leave(`${key ?? 'an element'} is destructured further`);
    if (key !== undefined && TASK_CONTEXT_KEYS.has(key)) return leave(`'${key}' belongs to the experimental tasks feature, which v2 removed`);
    const path = key === undefined ? undefined : CONTEXT_PATHS[key];
    if (path === undefined) return leave(`${key ?? element.getText(file)} is not a key of the v1 context`);
    const refs = references(fn, element.name.text, element.name);
    if (refs === 'shadowed') return leave(`'${element.name.text}' is declared again inside the handler`);
    const replacement = access(contextName, path);
    for (const ref of refs) {
      const parent = ref.parent;
      if (isAssignedTo(ref)) return leave(`'${ref.text}' is assigned to`);
      if (ts.isShorthandPropertyAssignment(parent)) edits.push({ start: ref.getStart(file), end: ref.end, text: `${ref.text}: ${replacement}` });
      else edits.push({ start: ref.getStart(file), end: ref.end, text: replacement });
    }
  }
  return { edits, findings: [] };
}

function isAssignedTo(ref: ts.Identifier): boolean {
  const parent = ref.parent;
  if (ts.isBinaryExpression(parent) && parent.left === ref && parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return true;
  return (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) && (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken);
}

// ---------------------------------------------------------------------------------------------
// References

/**
 * Uses of `name` inside `fn` other than its declaration `declared`; 'shadowed' when the name is
 * declared again anywhere inside (a nested parameter, variable, function or class).
 */
function references(fn: HandlerFunction, name: string, declared: ts.Identifier): ts.Identifier[] | 'shadowed' {
  const refs: ts.Identifier[] = [];
  let shadowed = false;
  walk(fn, (node) => {
    if (shadowed) return false;
    if (!ts.isIdentifier(node) || node.text !== name || node === declared) return;
    const parent = node.parent;
    if (isDeclarationName(node)) {
      shadowed = true;
      return;
    }
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
    if ((ts.isPropertyAssignment(parent) || ts.isMethodDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent)) && parent.name === node) return;
    if (ts.isBindingElement(parent) && parent.propertyName === node) return;
    // The context in a type query (`typeof extra.sendRequest`) is a use; any other qualified name is not it.
    if ((ts.isQualifiedName(parent) && !(parent.left === node && inTypeQuery(parent))) || ts.isTypeReferenceNode(parent)) return;
    if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return;
    refs.push(node);
  });
  return shadowed ? 'shadowed' : refs;
}

function inTypeQuery(name: ts.QualifiedName): boolean {
  let node: ts.Node = name;
  while (ts.isQualifiedName(node.parent)) node = node.parent;
  return ts.isTypeQueryNode(node.parent);
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isVariableDeclaration(parent) || ts.isParameter(parent) || ts.isFunctionDeclaration(parent) || ts.isFunctionExpression(parent) || ts.isClassDeclaration(parent) || ts.isClassExpression(parent)) && parent.name === node) ||
    (ts.isBindingElement(parent) && parent.name === node)
  );
}
