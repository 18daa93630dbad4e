// `setRequestHandler(X, handler)` keys: v2 registers request and notification handlers by method
// string and throws "'[object Object]' is not a spec request method" at start for anything else.
// A v1 schema (`CallToolRequestSchema`) or a schema literal that names its method
// (`z.object({ method: z.literal('resources/subscribe') }).passthrough()`) becomes the method
// string; a key whose method cannot be read, or is not a spec method, is reported as an error.
import { ts } from '../../ts-morph.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { constInitializer, isStringLiteralLike, unwrap, walk } from '../../ast/compiler-nodes.js';
import { isV1Module } from './mappings.js';
import type { FileFacts } from './facts.js';
import { NOTIFICATION_SCHEMA_METHODS, REQUEST_SCHEMA_METHODS, SPEC_NOTIFICATION_METHODS, SPEC_REQUEST_METHODS } from './mappings.js';
import { V1_UPGRADE_RULE, type HandlerCallback } from './registrations.js';

const TASK_SCHEMAS = new Set(['GetTaskRequestSchema', 'GetTaskPayloadRequestSchema', 'ListTasksRequestSchema', 'CancelTaskRequestSchema', 'CreateTaskRequestSchema', 'TaskStatusNotificationSchema']);

interface HandlerKeys {
  edits: TextEdit[];
  findings: FindingInput[];
  callbacks: HandlerCallback[];
  /** Local names of v1 schema imports whose every use became a method string. */
  unusedImports: Set<string>;
}

export function upgradeHandlerKeys(facts: FileFacts): HandlerKeys {
  const { file } = facts;
  const result: HandlerKeys = { edits: [], findings: [], callbacks: [], unusedImports: new Set() };
  const replacedUses = new Map<string, number>();
  walk(file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const method = node.expression.name.text;
    const notification = method === 'setNotificationHandler';
    if (method !== 'setRequestHandler' && !notification) return;
    // A method of the user's own object of that name (a router's, a mock's) is not the SDK's.
    if (facts.receivers.verdict(node.expression, method, { typed: false }).kind === 'other') return;
    const [key, callback] = node.arguments;
    if (!key || !callback || node.arguments.length !== 2) return;
    const resolved = methodOfKey(facts, key, notification);
    if (!notification) result.callbacks.push({ callback, extraIndex: 1, where: `the ${resolved.method ?? 'request'} handler` });
    if (resolved.alreadyString) return;
    if (resolved.method === undefined || resolved.problem) {
      result.findings.push({
        rule: V1_UPGRADE_RULE,
        severity: 'error',
        pos: node.getStart(file),
        message: `${method}(${key.getText(file).replace(/\s+/g, ' ').slice(0, 80)}, …) left as it was: ${resolved.problem ?? 'its method cannot be read from the key'}; v2 takes a method string and throws when the server starts`,
        suggestion: resolved.method && !resolved.problem
          ? `Pass the method string: ${method}('${resolved.method}', handler).`
          : `Pass the method string of a spec ${notification ? 'notification' : 'request'}, or register a custom method with ${method}('method/name', { params, result }, handler).`,
      });
      return;
    }
    result.edits.push({ start: key.getStart(file), end: key.end, text: `${facts.style.quote}${resolved.method}${facts.style.quote}` });
    if (resolved.importName) replacedUses.set(resolved.importName, (replacedUses.get(resolved.importName) ?? 0) + 1);
  });
  for (const [name, replaced] of replacedUses) {
    if (usesOf(file, name) === replaced) result.unusedImports.add(name);
  }
  return result;
}

interface ResolvedKey {
  method?: string;
  alreadyString?: boolean;
  /** The v1 schema import the key named (its use goes away). */
  importName?: string;
  problem?: string;
}

function methodOfKey(facts: FileFacts, key: ts.Expression, notification: boolean): ResolvedKey {
  const e = unwrap(key);
  if (isStringLiteralLike(e) || ts.isTemplateExpression(e)) return { alreadyString: true };
  const spec = notification ? SPEC_NOTIFICATION_METHODS : SPEC_REQUEST_METHODS;
  if (ts.isIdentifier(e)) {
    const binding = facts.bindings.get(e.text);
    if (binding && isV1Module(binding.module)) {
      if (TASK_SCHEMAS.has(binding.imported)) return { method: binding.imported, problem: 'the experimental tasks feature was removed in v2 (SEP-2663)' };
      const table = notification ? NOTIFICATION_SCHEMA_METHODS : REQUEST_SCHEMA_METHODS;
      const method = table[binding.imported];
      return method ? { method, importName: e.text } : { problem: `${binding.imported} is not a schema of a spec ${notification ? 'notification' : 'request'}` };
    }
    const init = constInitializer(facts.file, e.text);
    if (init) {
      const literal = literalMethod(init);
      if (literal === undefined) return {};
      return spec.has(literal) ? { method: literal } : { method: literal, problem: `'${literal}' is not a spec ${notification ? 'notification' : 'request'} method` };
    }
    return {};
  }
  const literal = literalMethod(e);
  if (literal === undefined) return {};
  return spec.has(literal) ? { method: literal } : { method: literal, problem: `'${literal}' is not a spec ${notification ? 'notification' : 'request'} method` };
}

/**
 * The method a schema literal names: `z.object({ method: z.literal('m') })`, optionally followed by
 * `.passthrough()` / `.strict()` / `.loose()` / `.strip()`, or `Base.extend({ method: z.literal('m') })`.
 */
function literalMethod(expr: ts.Expression): string | undefined {
  let current = unwrap(expr);
  while (
    ts.isCallExpression(current) &&
    current.arguments.length === 0 &&
    ts.isPropertyAccessExpression(current.expression) &&
    ['passthrough', 'strict', 'loose', 'strip'].includes(current.expression.name.text)
  ) {
    current = unwrap(current.expression.expression);
  }
  if (!ts.isCallExpression(current) || !ts.isPropertyAccessExpression(current.expression)) return undefined;
  if (!['object', 'extend', 'looseObject', 'strictObject'].includes(current.expression.name.text)) return undefined;
  const shape = current.arguments[0] && unwrap(current.arguments[0]);
  if (!shape || !ts.isObjectLiteralExpression(shape)) return undefined;
  for (const prop of shape.properties) {
    if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) || prop.name.text !== 'method') continue;
    const value = unwrap(prop.initializer);
    if (!ts.isCallExpression(value) || !ts.isPropertyAccessExpression(value.expression) || value.expression.name.text !== 'literal') return undefined;
    const arg = value.arguments[0] && unwrap(value.arguments[0]);
    return arg && isStringLiteralLike(arg) ? arg.text : undefined;
  }
  return undefined;
}

/** Uses of a local name outside import declarations. */
function usesOf(file: ts.SourceFile, name: string): number {
  let count = 0;
  walk(file, (node) => {
    if (ts.isImportDeclaration(node)) return false;
    if (!ts.isIdentifier(node) || node.text !== name) return;
    const parent = node.parent;
    if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
    if (ts.isPropertyAssignment(parent) && parent.name === node) return;
    count++;
  });
  return count;
}
