// v1 registrations → v2: every overload of `tool`, `prompt` and `resource` becomes
// `registerTool` / `registerPrompt` / `registerResource` with a config object, whatever
// expression names the registration; raw shapes are wrapped in `z.object(…)` where v2 wants a
// schema (also in `register*` configs and a registered tool's update(): schema-objects.ts). The edits are minimal: the method name, the
// config braces and keys around the original argument text, re-indented one level when the
// arguments stood on lines of their own. Each handler callback is handed on with the position
// of its v1 `extra` parameter, for the context step.
import { ts } from '../../ts-morph.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { argKind, type ArgKind } from './arg-kinds.js';
import { constInitializer, indentAt, isStringLiteralLike, lineStartOf, startsLine, unwrap, walk } from '../../ast/compiler-nodes.js';
import { mayBeMcpReceiver, type FileFacts } from './facts.js';
import { indentLines } from './layout.js';
import { heldConfig, schemaValuesToWrap, updateValuesToWrap } from './schema-objects.js';
import { CONTEXT_PATHS, TASK_CONTEXT_KEYS } from './mappings.js';
import { nameHasMcpServerWord, receiverName, type Verdict } from './receivers.js';

export const V1_UPGRADE_RULE = 'sdk-upgrade';

/** A handler function the v1 SDK calls with its `extra` at `extraIndex`. */
export interface HandlerCallback {
  callback: ts.Expression;
  extraIndex: number;
  /** For messages: "tool 'deploy'", "the resources/subscribe handler". */
  where: string;
}

export interface StepResult {
  edits: TextEdit[];
  findings: FindingInput[];
  callbacks: HandlerCallback[];
  /** A `z.object(…)` was written where no zod import exists yet. */
  usesZod: boolean;
}

export interface RegistrationsResult extends StepResult {
  /**
   * Calls of a registration method on a receiver that is not the SDK's (or not known to be), left as
   * they were: the official transforms must leave them alone too (see sdk-upgrade.ts).
   */
  leftAlone: ts.CallExpression[];
}

type ConfigKey = 'description' | 'inputSchema' | 'annotations' | 'argsSchema';

interface ConfigPart {
  key: ConfigKey;
  node: ts.Expression;
}

/** v1's registration methods of McpServer, which v2 has as register<Method>. */
export const LEGACY: ReadonlySet<string> = new Set(['tool', 'prompt', 'resource']);

/** `tool` → `registerTool` (and prompt, resource). */
export function v2RegistrationName(method: string): string {
  return `register${method[0]!.toUpperCase()}${method.slice(1)}`;
}
const REGISTER = new Set(['registerTool', 'registerPrompt', 'registerResource']);

export function upgradeRegistrations(facts: FileFacts): RegistrationsResult {
  const result: RegistrationsResult = { edits: [], findings: [], callbacks: [], usesZod: false, leftAlone: [] };
  const byName = new ByNameNotes();
  // The registrations rewritten as the SDK's: whose results' update() calls get their shapes wrapped.
  const upgraded = new Set<ts.CallExpression>();
  const heldConfigs: HeldConfigUse[] = [];
  walk(facts.file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression)) return;
    const method = node.expression.name.text;
    if (!LEGACY.has(method) && !REGISTER.has(method)) return;
    const spread = node.arguments.some((a) => ts.isSpreadElement(a));
    if (node.arguments.length < 2 || spread) {
      // `server.tool(...args)` (a wrapper handing its arguments on): no overload can be read, and v2 has no tool().
      if (LEGACY.has(method) && node.arguments.length > 0 && facts.receivers.verdict(node.expression, method).kind === 'sdk') {
        result.leftAlone.push(node);
        result.findings.push({
          rule: V1_UPGRADE_RULE,
          severity: 'error',
          pos: node.getStart(facts.file),
          message: `.${method}(${spread ? '...' : ''}) call left as it was: ${spread ? 'its arguments are spread from elsewhere' : 'it has fewer arguments than any v1 overload'}, so which of them is the description, the shape or the callback cannot be read here; v2 has no .${method}() and throws when the server starts`,
          suggestion: `Call server.${v2RegistrationName(method)}(name, config, callback) with v2's arguments here (the code that builds them must give a config object); then run the migration again.`,
        });
      }
      return;
    }
    const verdict = facts.receivers.verdict(node.expression, method);
    if (verdict.kind === 'other') {
      result.leftAlone.push(node);
      return;
    }
    if (verdict.kind === 'override') {
      result.leftAlone.push(node);
      result.findings.push(overrideCall(facts, node, method, verdict));
      return;
    }
    if (REGISTER.has(method)) {
      // A name v2 keeps: on a receiver the code does not settle, as before (its raw shapes wrapped).
      if (verdict.kind === 'sdk' || mayBeMcpReceiver(facts, node.expression.expression)) {
        upgraded.add(node);
        registerCall(facts, node, method, result, heldConfigs);
      } else result.leftAlone.push(node);
      return;
    }
    const legacy = method as 'tool' | 'prompt' | 'resource';
    if (verdict.kind === 'unknown') {
      const decision = unknownReceiver(facts, node, legacy);
      if (decision === 'leave') {
        result.leftAlone.push(node);
        return;
      }
      if (decision === 'report') {
        result.leftAlone.push(node);
        result.findings.push(unknownReceiverError(facts, node, legacy, verdict));
        return;
      }
      byName.add(facts, node, verdict);
    }
    upgraded.add(node);
    legacyRegistration(facts, node, legacy, result);
  });
  result.findings.push(...byName.findings(facts));
  wrapHeldConfigs(facts, heldConfigs, upgraded, result);
  for (const value of updateValuesToWrap(facts, upgraded)) result.edits.push(...wrapInZodObject(facts, unwrap(value), result));
  return result;
}

/** A config const of this file that only registrations use: its shapes are wrapped where it is written, once. */
function wrapHeldConfigs(facts: FileFacts, uses: readonly HeldConfigUse[], upgraded: ReadonlySet<ts.CallExpression>, result: StepResult): void {
  const wrapped = new Set<ts.Expression>();
  for (const { config, method } of uses) {
    const object = heldConfig(facts, config, method, upgraded);
    for (const value of object ? schemaValuesToWrap(facts, object, method) : []) {
      if (wrapped.has(value)) continue;
      wrapped.add(value);
      result.edits.push(...wrapInZodObject(facts, unwrap(value), result));
    }
  }
}

/**
 * A v1 registration call on a receiver neither the code nor the types settle: renamed when the
 * receiver is named like a server (with a finding that says so); reported when it has the shape of
 * one (a registration callback written in the file) but not the name; else left as it was (a
 * logger's `log.tool(name, message)`).
 */
function unknownReceiver(facts: FileFacts, call: ts.CallExpression, method: 'tool' | 'prompt' | 'resource'): 'rename' | 'report' | 'leave' {
  if (!plausibleRegistration(facts, call, method)) return 'leave';
  const callable = lastArgument(facts, call.arguments[call.arguments.length - 1]);
  const name = receiverName((call.expression as ts.PropertyAccessExpression).expression);
  if (name !== undefined && nameHasMcpServerWord(name) && callable !== 'not-a-function') return 'rename';
  return callable === 'function' ? 'report' : 'leave';
}

/** The arguments read as one of the v1 overloads of the method (as legacyRegistration reads them). */
function plausibleRegistration(facts: FileFacts, call: ts.CallExpression, method: 'tool' | 'prompt' | 'resource'): boolean {
  const args = call.arguments;
  if (method === 'tool') return toolPlan(facts.file, args) !== undefined;
  if (method === 'prompt') return promptPlan(facts.file, args) !== undefined;
  if (args.length !== 3 && args.length !== 4) return false;
  // A resource's URI has a scheme (`config://app`), or is a template or an expression.
  const uri = unwrap(args[1]);
  return !isStringLiteralLike(uri) || /^[a-z][a-z0-9+.-]*:/i.test(uri.text);
}

/** Whether the last argument is a function: written here, a name of one, or plainly not one. */
function lastArgument(facts: FileFacts, last: ts.Expression): 'function' | 'maybe' | 'not-a-function' {
  const e = unwrap(last);
  if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) return 'function';
  if (ts.isIdentifier(e)) {
    const declared = facts.file.statements.some((s) => ts.isFunctionDeclaration(s) && s.name?.text === e.text);
    const init = constInitializer(facts.file, e.text);
    return declared || (init !== undefined && (ts.isArrowFunction(unwrap(init)) || ts.isFunctionExpression(unwrap(init)))) ? 'function' : 'maybe';
  }
  if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e) || ts.isCallExpression(e) || ts.isConditionalExpression(e)) return 'maybe';
  return 'not-a-function';
}

/** The receivers renamed by their name: one finding each, at its first call, with the lines of the others. */
class ByNameNotes {
  private readonly byReceiver = new Map<string, { calls: ts.CallExpression[]; why: string }>();

  add(facts: FileFacts, call: ts.CallExpression, verdict: Extract<Verdict, { kind: 'unknown' }>): void {
    const receiver = (call.expression as ts.PropertyAccessExpression).expression.getText(facts.file);
    const entry = this.byReceiver.get(receiver) ?? { calls: [], why: verdict.why };
    entry.calls.push(call);
    this.byReceiver.set(receiver, entry);
  }

  findings(facts: FileFacts): FindingInput[] {
    return [...this.byReceiver].map(([receiver, { calls, why }]) => {
      // (Counted, not listed by line: a marker above the first one would move the others.)
      const others = calls.length > 1 ? ` and ${calls.length - 1} more call${calls.length > 2 ? 's' : ''} on it` : '';
      return {
        rule: V1_UPGRADE_RULE,
        severity: 'warning' as const,
        pos: calls[0].getStart(facts.file),
        message:
          `${receiver}.${(calls[0].expression as ts.PropertyAccessExpression).name.text}(…)${others} rewritten to the v2 registration by the receiver's name alone: ` +
          `nothing proves that ${receiver} is the SDK's McpServer (${why})`,
        suggestion: `If ${receiver} is not an McpServer, put these calls back as they were; give it a type (\`${receiver}: McpServer\`) or install the dependencies so that the next run can tell.`,
      };
    });
  }
}

function overrideCall(facts: FileFacts, call: ts.CallExpression, method: string, verdict: Extract<Verdict, { kind: 'override' }>): FindingInput {
  const at = verdict.at ? ' (declared in this file)' : verdict.where ? ` (in ${verdict.where})` : '';
  return {
    rule: V1_UPGRADE_RULE,
    severity: 'error',
    pos: call.getStart(facts.file),
    message: `.${method}() call left as it was: it calls ${verdict.subclass}'s own ${method}${at}, which overrides v1's ${verdict.className}.${method}; v2's ${verdict.className} has no ${method}(), so the SDK never calls the override and its \`super.${method}\` is undefined`,
    suggestion: `Rename the override to ${v2RegistrationName(method)} with v2's parameters (name, config, callback), or remove it; then run the migration again.`,
  };
}

function unknownReceiverError(facts: FileFacts, call: ts.CallExpression, method: string, verdict: Extract<Verdict, { kind: 'unknown' }>): FindingInput {
  const receiver = (call.expression as ts.PropertyAccessExpression).expression.getText(facts.file);
  return {
    rule: V1_UPGRADE_RULE,
    severity: 'error',
    pos: call.getStart(facts.file),
    message:
      `.${method}() call on ${receiver} left as it was: whether ${receiver} is the SDK's McpServer cannot be told (${verdict.why}; nor does its name say); ` +
      `if it is, v2 has no .${method}() and the server throws when it starts`,
    suggestion: `Give ${receiver} its type (\`${receiver}: McpServer\`) or install the dependencies, so that the migration can tell; then run it again.`,
  };
}

function describe(kind: string, call: ts.CallExpression, file: ts.SourceFile): string {
  const name = unwrap(call.arguments[0]);
  return isStringLiteralLike(name) ? `${kind} '${name.text}'` : `${kind} ${name.getText(file)}`;
}

// ---------------------------------------------------------------------------------------------
// tool / prompt / resource

interface LegacyPlan {
  parts: ConfigPart[];
  extraIndex: number;
}

/** `rename`: the callee is `<receiver>.<method>` (false for a bound method called by its own name). */
export function legacyRegistration(facts: FileFacts, call: ts.CallExpression, method: 'tool' | 'prompt' | 'resource', result: StepResult, rename = true): boolean {
  const { file } = facts;
  const args = call.arguments;
  const callback = args[args.length - 1];
  const where = describe(method, call, file);
  if (method === 'resource') return resourceRegistration(facts, call, result, where, rename);
  const plan = method === 'tool' ? toolPlan(file, args) : promptPlan(file, args);
  if (!plan) {
    result.findings.push({
      rule: V1_UPGRADE_RULE,
      severity: 'error',
      pos: call.getStart(file),
      message: `.${method}() call of ${where} left as it was: which of its arguments is the description, the input shape or the annotations cannot be told from the code; v2 has no .${method}() and throws when the server starts`,
      suggestion: `Rewrite it as server.register${method === 'tool' ? 'Tool' : 'Prompt'}(name, { description, ${method === 'tool' ? 'inputSchema' : 'argsSchema'}: z.object(shape)${method === 'tool' ? ', annotations' : ''} }, callback).`,
    });
    return false;
  }
  if (rename) result.edits.push(renameMethod(file, call, v2RegistrationName(method)));
  result.edits.push(...configEdits(facts, plan.parts, callback, result));
  result.callbacks.push({ callback, extraIndex: plan.extraIndex, where });
  return true;
}

/** (name, cb) · (name, desc, cb) · (name, shape|annotations, cb) · (name, desc, shape|annotations, cb) · (name, shape, annotations, cb) · (name, desc, shape, annotations, cb) */
function toolPlan(file: ts.SourceFile, args: ts.NodeArray<ts.Expression>): LegacyPlan | undefined {
  const middle = args.slice(1, -1);
  const kinds = middle.map((a) => argKind(file, a));
  const shapeKey = (k: ArgKind) => k === 'shape' || k === 'shape-ref' || k === 'schema';
  const planOf = (parts: ConfigPart[]): LegacyPlan => ({ parts, extraIndex: parts.some((p) => p.key === 'inputSchema') ? 1 : 0 });
  switch (middle.length) {
    case 0:
      return { parts: [], extraIndex: 0 };
    case 1: {
      const [k] = kinds;
      if (k === 'string') return planOf([{ key: 'description', node: middle[0] }]);
      if (shapeKey(k)) return planOf([{ key: 'inputSchema', node: middle[0] }]);
      if (k === 'annotations') return planOf([{ key: 'annotations', node: middle[0] }]);
      // The callback takes the arguments first only when there is a shape.
      if (k === 'unknown' && takesArguments(args[args.length - 1])) return planOf([{ key: 'inputSchema', node: middle[0] }]);
      return undefined;
    }
    case 2: {
      const [a, b] = kinds;
      if (a === 'string' && shapeKey(b)) return planOf([{ key: 'description', node: middle[0] }, { key: 'inputSchema', node: middle[1] }]);
      if (a === 'string' && b === 'annotations') return planOf([{ key: 'description', node: middle[0] }, { key: 'annotations', node: middle[1] }]);
      if (shapeKey(a) && (b === 'annotations' || b === 'unknown')) return planOf([{ key: 'inputSchema', node: middle[0] }, { key: 'annotations', node: middle[1] }]);
      // Only a description can stand before a shape.
      if (a === 'unknown' && shapeKey(b)) return planOf([{ key: 'description', node: middle[0] }, { key: 'inputSchema', node: middle[1] }]);
      return undefined;
    }
    case 3:
      return planOf([
        { key: 'description', node: middle[0] },
        { key: 'inputSchema', node: middle[1] },
        { key: 'annotations', node: middle[2] },
      ]);
    default:
      return undefined;
  }
}

/** A callback literal that takes two parameters, or destructures arguments (not context keys) from its first: (args, extra). */
function takesArguments(callback: ts.Expression): boolean {
  const fn = unwrap(callback);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return false;
  if (fn.parameters.length >= 2) return true;
  const first = fn.parameters[0]?.name;
  return first !== undefined && ts.isObjectBindingPattern(first) && first.elements.some((e) => {
    const key = (e.propertyName ?? e.name).getText();
    return !(key in CONTEXT_PATHS) && !TASK_CONTEXT_KEYS.has(key);
  });
}

/** (name, cb) · (name, desc, cb) · (name, argsShape, cb) · (name, desc, argsShape, cb) */
function promptPlan(file: ts.SourceFile, args: ts.NodeArray<ts.Expression>): LegacyPlan | undefined {
  const middle = args.slice(1, -1);
  const kinds = middle.map((a) => argKind(file, a));
  if (middle.length === 0) return { parts: [], extraIndex: 0 };
  if (middle.length === 1) {
    if (kinds[0] === 'string') return { parts: [{ key: 'description', node: middle[0] }], extraIndex: 0 };
    if (kinds[0] === 'shape' || kinds[0] === 'shape-ref' || kinds[0] === 'schema') return { parts: [{ key: 'argsSchema', node: middle[0] }], extraIndex: 1 };
    return undefined;
  }
  if (middle.length === 2 && kinds[1] !== 'string' && kinds[1] !== 'function') {
    return { parts: [{ key: 'description', node: middle[0] }, { key: 'argsSchema', node: middle[1] }], extraIndex: 1 };
  }
  return undefined;
}

/** (name, uri|template, cb) gains an empty config; (name, uri|template, metadata, cb) is renamed only. */
function resourceRegistration(facts: FileFacts, call: ts.CallExpression, result: StepResult, where: string, rename: boolean): boolean {
  const { file, text } = facts;
  const args = call.arguments;
  if (args.length !== 3 && args.length !== 4) {
    result.findings.push({
      rule: V1_UPGRADE_RULE,
      severity: 'error',
      pos: call.getStart(file),
      message: `.resource() call of ${where} left as it was: it does not have the three or four arguments of a v1 resource registration; v2 has no .resource() and throws when the server starts`,
      suggestion: 'Rewrite it as server.registerResource(name, uriOrTemplate, metadata, readCallback).',
    });
    return false;
  }
  if (rename) result.edits.push(renameMethod(file, call, 'registerResource'));
  const callback = args[args.length - 1];
  if (args.length === 3) result.edits.push(emptyConfigBefore(text, file, callback));
  result.callbacks.push({ callback, extraIndex: resourceExtraIndex(file, args[1], callback), where });
  return true;
}

/** (args, extra) for a callback of two parameters; (extra) for one that reads like the context; else unknown (-1). */
function extraIndexByParameters(callback: ts.Expression): number {
  const fn = unwrap(callback);
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return -1;
  if (fn.parameters.length === 2) return 1;
  const only = fn.parameters.length === 1 ? fn.parameters[0].name : undefined;
  if (!only) return -1;
  if (ts.isIdentifier(only)) return /^(_?extra|ctx|context)$/.test(only.text) ? 0 : -1;
  return takesArguments(callback) ? -1 : 0;
}

/** A static resource's callback gets (uri, extra), a template's (uri, variables, extra). */
function resourceExtraIndex(file: ts.SourceFile, uriArg: ts.Expression, callback: ts.Expression): number {
  const uri = unwrap(uriArg);
  if (isStringLiteralLike(uri) || ts.isTemplateExpression(uri)) return 1;
  if (ts.isNewExpression(uri) && ts.isIdentifier(uri.expression) && uri.expression.text === 'ResourceTemplate') return 2;
  const fn = unwrap(callback);
  // Unknown kind of uri: the last of three parameters is the extra; of two, only by its name.
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters.length === 3) return 2;
  if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && fn.parameters.length === 2) {
    const second = fn.parameters[1].name;
    if (ts.isObjectBindingPattern(second) || /^(_?extra|ctx|context)$/.test(second.getText(file))) return 1;
  }
  return -1;
}

// ---------------------------------------------------------------------------------------------
// registerTool / registerPrompt / registerResource (v1 accepted raw shapes in their configs)

/** A registration whose config is a name (`registerPrompt(name, promptConfig, cb)`), read once every registration is known. */
type HeldConfigUse = { config: ts.Identifier; method: string };

function registerCall(facts: FileFacts, call: ts.CallExpression, method: string, result: StepResult, held: HeldConfigUse[]): void {
  const { file } = facts;
  const config = method === 'registerResource' ? call.arguments[2] : call.arguments[1];
  const callback = call.arguments[call.arguments.length - 1];
  const where = describe(method.slice('register'.length).toLowerCase(), call, file);
  if (!config) return;
  const object = unwrap(config);
  let extraIndex = method === 'registerResource' ? resourceExtraIndex(file, call.arguments[1], callback) : 0;
  if (ts.isObjectLiteralExpression(object)) {
    const schemaKeys = method === 'registerTool' ? ['inputSchema', 'outputSchema'] : method === 'registerPrompt' ? ['argsSchema'] : [];
    for (const prop of object.properties) {
      const key = prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
      if (!key || !schemaKeys.includes(key)) continue;
      if (key !== 'outputSchema') extraIndex = 1;
    }
    for (const value of schemaValuesToWrap(facts, object, method)) result.edits.push(...wrapInZodObject(facts, unwrap(value), result));
  } else if (method !== 'registerResource') {
    // A config held elsewhere: v1 called the callback with (args, extra) when it had a schema and
    // with (extra) alone when not, so the callback's own parameters say which.
    extraIndex = extraIndexByParameters(callback);
    if (ts.isIdentifier(object)) held.push({ config: object, method });
  }
  result.callbacks.push({ callback, extraIndex, where });
}

// ---------------------------------------------------------------------------------------------
// Edits

function renameMethod(file: ts.SourceFile, call: ts.CallExpression, name: string): TextEdit {
  const access = call.expression as ts.PropertyAccessExpression;
  return { start: access.name.getStart(file), end: access.name.end, text: name };
}

function wrapInZodObject(facts: FileFacts, literal: ts.Expression, result: StepResult): TextEdit[] {
  if (!facts.zod) return [];
  if (facts.zod.add) result.usesZod = true;
  const start = literal.getStart(facts.file);
  return [
    { start, end: start, text: `${facts.zod.name}.object(` },
    { start: literal.end, end: literal.end, text: ')' },
  ];
}

/** `{}, ` before the callback, on its own line when the callback starts one. */
function emptyConfigBefore(text: string, file: ts.SourceFile, callback: ts.Expression): TextEdit {
  const start = callback.getStart(file);
  if (startsLine(text, start)) {
    const lineStart = lineStartOf(text, start);
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    return { start: lineStart, end: lineStart, text: `${indentAt(text, start)}{},${eol}` };
  }
  return { start, end: start, text: '{}, ' };
}

/**
 * The positional arguments `parts` become one config object in their place. Arguments that
 * stood on lines of their own become one property per line, one level deeper; arguments written
 * inline stay inline (`{ description: …, inputSchema: z.object({…}) }`). Only insertions.
 */
function configEdits(facts: FileFacts, parts: ConfigPart[], callback: ts.Expression, result: StepResult): TextEdit[] {
  const { file, text, style } = facts;
  if (parts.length === 0) return [emptyConfigBefore(text, file, callback)];
  const first = parts[0].node;
  const last = parts[parts.length - 1].node;
  const firstStart = first.getStart(file);
  const insert = (at: number, what: string): TextEdit => ({ start: at, end: at, text: what });
  const keys: TextEdit[] = [];
  const closings: TextEdit[] = [];
  for (const part of parts) {
    const value = unwrap(part.node);
    const wrap = (part.key === 'inputSchema' || part.key === 'argsSchema') && ts.isObjectLiteralExpression(value) && facts.zod !== undefined;
    if (wrap && facts.zod!.add) result.usesZod = true;
    keys.push(insert(part.node.getStart(file), `${part.key}: ${wrap ? `${facts.zod!.name}.object(` : ''}`));
    if (wrap) closings.push(insert(part.node.end, ')'));
  }
  if (!startsLine(text, firstStart)) {
    return [insert(firstStart, '{ '), ...keys, ...closings, insert(last.end, ' }')];
  }
  // Comment lines above the first argument belong to it and move into the object with it.
  const comments = ts.getLeadingCommentRanges(text, first.pos) ?? [];
  const ownLine = comments.find((c) => startsLine(text, c.pos));
  const start = lineStartOf(text, ownLine?.pos ?? firstStart);
  const indent = indentAt(text, firstStart);
  const eol = style.eol;
  return [
    insert(start, `${indent}{${eol}`),
    ...indentLines(file, text, start, last.end, style.indentUnit),
    ...keys,
    ...closings,
    insert(last.end, `${facts.trailingCommas ? ',' : ''}${eol}${indent}}`),
  ];
}
