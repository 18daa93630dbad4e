// What a dispatcher must change once a function it hands calls to answers with inputRequired(...)
// (see analysis/dispatch-routes.ts): pass the request context on where it leaves it out, hand an
// InputRequiredResult back before it works on the result (`if (isInputRequiredResult(result))
// return result;` right after the call: not turned into text, not counted as a finished call), and
// let the types declared on the way admit InputRequiredResult and the context parameter.
import { Node, SyntaxKind, type ParameterDeclaration, type SourceFile } from '../../ts-morph.js';
import { declaredMemberType, singleFileWorld } from '../../analysis/definitions.js';
import { dispatchRoutes, type DispatchRoute } from '../../analysis/dispatch-routes.js';
import { admitsInputRequired } from '../../analysis/handler-routes.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { CrossFileRequirement, FindingInput, TextEdit } from '../../types.js';
import { widenEdit } from '../emit/widen-result-type.js';
import { contextParameter } from '../plan/handler-context.js';
import { indentationAt, lineEndAfter } from '../../ast/text.js';

/**
 * What must change with a handler: a dispatch route of this file, or one of another module (by key;
 * `key` undefined when that module only wires the verify hook, the server being built there); a
 * declared member type of this file, or of another module (by `TypeName.member`, `@n` when it must
 * take the context as parameter n).
 */
export type DispatcherChange =
  | { route: DispatchRoute }
  | { absPath: string; key?: number }
  | { type: Node; ctxAt?: number }
  | { absPath: string; memberType: string };

export interface DispatcherEditContext {
  text: string;
  style: TextStyle;
  typescript: boolean;
  /** SDK names the edits use, for the import edits. */
  uses: Set<string>;
}

/** The edits that adapt one dispatch route, or why it cannot be adapted. */
export function dispatcherEdits(route: DispatchRoute, dc: DispatcherEditContext): { edits: TextEdit[] } | { problem: string } {
  const edits: TextEdit[] = [];
  const { via, call } = route;
  const file = route.registration.getSourceFile();
  if (route.passContext && via && call) {
    const taken = new Set(via.fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
    const ctx = contextParameter(via, [], taken, dc.style.semicolons ? ';' : '');
    edits.push(...ctx.edits);
    if (ctx.edits.length > 0 && via.route?.ctxType && dc.typescript) dc.uses.add(`type ${via.route.ctxType}`);
    const args = call.getArguments();
    const close = call.getLastChildByKind(SyntaxKind.CloseParenToken);
    if (!close) return { problem: 'the dispatch call cannot be read' };
    const at = args.length > 0 ? args[args.length - 1].getEnd() : close.getStart();
    edits.push({ start: at, end: at, text: args.length > 0 ? `, ${ctx.name}` : ctx.name });
  }
  if (route.holder) {
    const { statement, name } = route.holder;
    const semi = dc.style.semicolons ? ';' : '';
    const end = lineEndAfter(dc.text, statement.getEnd());
    const eol = dc.text.slice(end - 2, end) === '\r\n' ? '\r\n' : dc.style.eol;
    const line = `${indentationAt(dc.text, statement.getStart())}if (isInputRequiredResult(${name})) return ${name}${semi}`;
    // After the statement's line, or on a line of its own when something follows on the same line.
    const rest = dc.text.slice(statement.getEnd(), end).trim();
    edits.push(rest === '' || rest.startsWith('//') ? { start: end, end, text: `${line}${eol}` } : { start: statement.getEnd(), end: statement.getEnd(), text: `${eol}${line}` });
    dc.uses.add('isInputRequiredResult');
  }
  if (dc.typescript) {
    for (const type of route.widen) edits.push(widenEdit(type, dc.uses));
    for (const type of route.memberTypes.filter((t) => t.getSourceFile() === file)) {
      const change = memberTypeChange(type, route.passContext ? route.ctxAt : undefined, dc.uses);
      if ('problem' in change) return change;
      edits.push(...change.edits);
    }
  }
  return { edits };
}

/**
 * A declared member type (`handler: (args: A) => Promise<CallToolResult>`, an abstract method)
 * made to admit InputRequiredResult as its result and, when `ctxAt` is given, a context parameter.
 */
export function memberTypeChange(type: Node, ctxAt: number | undefined, uses: Set<string>): { edits: TextEdit[] } | { problem: string } {
  if (!Node.isFunctionTypeNode(type) && !Node.isMethodSignature(type) && !Node.isMethodDeclaration(type)) return { edits: [] };
  const edits: TextEdit[] = [];
  const returned = type.getReturnTypeNode();
  const where = `${type.getText().replace(/\s+/g, ' ').slice(0, 80)}`;
  if (returned && !admitsInputRequired(returned)) {
    // `Promise<string> | string`: the asynchronous arm admits it (the handler is async). Plain data
    // (`Promise<string>`) widens as well: every dispatch route hands an InputRequiredResult back
    // before working on the result (analysis/dispatch-routes.ts refuses the routes that do not).
    const arms = Node.isUnionTypeNode(returned) ? returned.getTypeNodes() : [returned];
    const promised = arms.filter((arm) => /^Promise\s*<[\s\S]*>$/.test(arm.getText()));
    if (promised.length === 0) {
      return { problem: `its declared type (${where}) returns ${returned.getText()}, which cannot be widened to admit InputRequiredResult here: declare its result as Promise<T | InputRequiredResult>, T being what it resolves to now` };
    }
    for (const arm of promised) edits.push(widenEdit(arm, uses));
  }
  const params: ParameterDeclaration[] = type.getParameters();
  if (ctxAt !== undefined && params.length <= ctxAt) {
    if (params.length < ctxAt) return { problem: `its declared type (${where}) takes fewer arguments than the dispatcher passes` };
    uses.add('type ServerContext');
    const last = params[params.length - 1];
    const open = type.getFirstChildByKind(SyntaxKind.OpenParenToken);
    if (last) edits.push({ start: last.getEnd(), end: last.getEnd(), text: ', ctx: ServerContext' });
    else if (open) edits.push({ start: open.getEnd(), end: open.getEnd(), text: 'ctx: ServerContext' });
  }
  return { edits };
}

/** A finding on the dispatch call that changed (info: what changed and what it means for the code around it). */
function adaptedNote(route: DispatchRoute): FindingInput {
  const at = route.call ?? route.registration;
  const what = [route.passContext ? 'passes the request context on' : '', route.holder ? `returns ${route.holder.name} unchanged when it is an InputRequiredResult, before working on it` : '']
    .filter(Boolean).join(' and ');
  return {
    rule: 'dispatcher-adapted', severity: 'info', pos: at.getStart(),
    message: `${at.getExpression().getText().replace(/\s+/g, '')}(…) reaches a handler that now answers with inputRequired(...): the dispatcher ${what || 'admits InputRequiredResult in its declared types'}`,
    suggestion: 'Code the dispatcher runs before this call now runs on every round of a multi-round call (each round is a request of its own); keep it to checks, logging and rate limits.',
  };
}

/**
 * The dispatcher changes the migrated handlers need: the routes of this file are edited here (once
 * each), the routes of other modules are required of them (the runner changes them with this file,
 * or neither).
 */
export function wireDispatchers(migrated: readonly HandlerInfo[], changes: ReadonlyMap<HandlerInfo, readonly DispatcherChange[]>, dc: DispatcherEditContext): { edits: TextEdit[]; findings: FindingInput[]; requires: CrossFileRequirement[] } {
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const local = new Set<DispatchRoute>();
  const localTypes = new Map<Node, number | undefined>();
  const remote = new Map<string, { keys: Set<number>; types: Set<string> }>();
  const remoteOf = (absPath: string) => {
    const found = remote.get(absPath) ?? { keys: new Set<number>(), types: new Set<string>() };
    remote.set(absPath, found);
    return found;
  };
  for (const handler of migrated) {
    for (const change of changes.get(handler) ?? []) {
      if ('route' in change) local.add(change.route);
      else if ('type' in change) localTypes.set(change.type, change.ctxAt);
      else if ('memberType' in change) remoteOf(change.absPath).types.add(change.memberType);
      else if (change.key !== undefined) remoteOf(change.absPath).keys.add(change.key);
      else remoteOf(change.absPath);
    }
  }
  for (const [type, ctxAt] of localTypes) {
    const changed = memberTypeChange(type, ctxAt, dc.uses);
    if ('problem' in changed) throw new Error(`a declared handler type cannot be changed: ${changed.problem}`);
    edits.push(...changed.edits);
  }
  for (const route of local) {
    const adapted = dispatcherEdits(route, dc);
    // Checked when the handler was recognised: a problem here is a bug, not a reason to half-migrate.
    if ('problem' in adapted) throw new Error(`the dispatcher ${route.key} cannot be adapted: ${adapted.problem}`);
    edits.push(...adapted.edits);
    findings.push(adaptedNote(route));
  }
  const requires = [...remote].sort(([a], [b]) => (a < b ? -1 : 1)).map(([absPath, { keys, types }]) => ({
    absPath, helpers: [], dispatch: [...keys].sort((x, y) => x - y), ...(types.size > 0 ? { memberTypes: [...types].sort() } : {}),
  }));
  return { edits, findings, requires };
}

/**
 * The dispatch routes of this file that other files' migrated handlers need adapted (the runner's
 * second pass over a dispatcher module): their edits, or an error naming the route that cannot be.
 */
export function requestedAdaptations(sourceFile: SourceFile, keys: readonly number[], memberTypes: readonly string[], dc: DispatcherEditContext): { edits: TextEdit[]; findings: FindingInput[] } {
  const routes = keys.length > 0 ? dispatchRoutes(sourceFile, singleFileWorld(sourceFile)) : [];
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const changedTypes = new Set<number>();
  for (const key of keys) {
    const route = routes[key];
    if (!route) throw new Error(`its dispatch call ${key} is not where the analysis of the other file found it`);
    const adapted = dispatcherEdits(route, dc);
    if ('problem' in adapted) throw new Error(`its dispatch call ${describe(route)} cannot be adapted: ${adapted.problem}`);
    edits.push(...adapted.edits);
    findings.push(adaptedNote(route));
    for (const type of route.memberTypes) if (type.getSourceFile() === sourceFile) changedTypes.add(type.getStart());
  }
  edits.push(...requestedMemberTypes(sourceFile, memberTypes, dc.uses, changedTypes));
  return { edits, findings };
}

/**
 * Declared handler types of this module that other files' migrated handlers need changed
 * (`ToolDefinition.handler`, or `ToolHandler` for a function type alias; `@n`: with a context parameter n);
 * `skip`: nodes already changed.
 */
function requestedMemberTypes(sourceFile: SourceFile, entries: readonly string[], uses: Set<string>, skip: ReadonlySet<number>): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const entry of entries) {
    const match = /^([\w$]+)(?:\.([\w$]+))?(?:@(\d+))?$/.exec(entry);
    const owner = match && (sourceFile.getInterface(match[1]) ?? sourceFile.getTypeAlias(match[1]));
    const type = !owner || !match ? undefined : match[2] === undefined ? functionAlias(owner) : declaredMemberType(owner, match[2], singleFileWorld(sourceFile));
    if (!match || !type) throw new Error(`its declared handler type ${entry} is not where the analysis of another file found it`);
    if (skip.has(type.getStart())) continue;
    const changed = memberTypeChange(type, match[3] === undefined ? undefined : Number(match[3]), uses);
    if ('problem' in changed) throw new Error(`its declared handler type ${entry} cannot be changed: ${changed.problem}`);
    edits.push(...changed.edits);
  }
  return edits;
}

/** The function type a type alias is (`type ToolHandler = (…) => …`). */
function functionAlias(owner: Node): Node | undefined {
  const inner = Node.isTypeAliasDeclaration(owner) ? owner.getTypeNode() : undefined;
  return inner && Node.isFunctionTypeNode(inner) ? inner : undefined;
}

function describe(route: DispatchRoute): string {
  return `${(route.call ?? route.registration).getExpression().getText().replace(/\s+/g, '')}(…)`;
}
