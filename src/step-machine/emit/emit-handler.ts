// Stage 3 of the step machine, emit: the text edits for one handler with a typed plan. The context
// parameter, the lines at the top of the handler (one shared state read, the URL consent step),
// each container's steps (emit.ts) and each block's first-leg prefixes (prefix.ts) re-emitted
// innermost first with the edits that fall inside them, the state type declared beside the
// handler, and a declared result type widened; then the notes that go with the migration.
import { Node, SyntaxKind, type Block, type Statement } from '../../ts-morph.js';
import { widenEdit } from './widen-result-type.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { capabilityEdits } from './capabilities.js';
import { emitBody, resumeExpression, stateTypeDeclaration, type EmitContext } from './emit.js';
import { contextParameter, statementOf } from '../plan/handler-context.js';
import { handlerNotes } from './handler-notes.js';
import { camelCase, pascalCase, uniqueName } from '../../ast/naming.js';
import type { HandlerPlan } from '../plan/handler-plan.js';
import { prefixEdit, prefixRange } from '../plan/prefix.js';
import { stateFields } from '../plan/state-fields.js';
import { identifiersIn, indentationAt, lineStartOf } from '../../ast/text.js';
import { applyEdits } from '../../ast/edits.js';
import { withoutUnreadElements } from '../plan/loops.js';
import type { TypedHandler } from '../plan/typed-plan.js';
import { urlConsentLines, urlThrowEdit } from './url-throws.js';

export interface EmitHandlerContext {
  text: string;
  style: TextStyle;
  typescript: boolean;
  /** SDK / state-module names the emitted code uses, collected for the import edits. */
  uses: Set<string>;
  /** Names used in the file: each state type gets a new one. */
  typeNames: Set<string>;
}

/** What the handler's steps share: the state read once at the top, when more than one place reads it. */
interface Layout {
  fnBody: Block;
  shared: boolean;
  resumedVar: string;
  /** Lines emitted at the top of the handler body, before everything else. */
  topLines: string[];
  /** Names taken in the handler (new locals get fresh ones). */
  identifiers: Set<string>;
  /** The emit context without the per-container fields. */
  base: EmitContext;
}

export function emitHandler(typed: TypedHandler, hc: EmitHandlerContext): { edits: TextEdit[]; findings: FindingInput[] } {
  const { plan, throws } = typed;
  const { handler, containers } = plan;
  const fn = handler.fn;
  const asks = containers.flatMap((c) => c.rounds.flatMap((r) => r.asks));
  const fnIdentifiers = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const replaced = [...asks.map((a) => a.replaceNode ?? a.awaitNode), ...asks.map((a) => a.site.node), ...throws.map((t) => t.statement)];
  const ctxParam = contextParameter(handler, replaced, fnIdentifiers, hc.style.semicolons ? ';' : '');
  const edits = [...ctxParam.edits];
  if (handler.route?.ctxType && !handler.ctxParam && hc.typescript) hc.uses.add(`type ${handler.route.ctxType}`);
  const stateType = hc.typescript ? uniqueName(`${pascalCase(stateTypeBase(handler))}State`, hc.typeNames, '') : undefined;
  // A state type that names a type of the handler's body is declared there, first thing.
  const inBody = stateType !== undefined && containers.length > 0 && typed.carried.localTypes;
  const layout = handlerLayout(typed, hc, {
    text: hc.text, style: hc.style, typescript: hc.typescript, ctxName: ctxParam.name, stateType,
    subject: typed.binding.subject, args: typed.binding.args, types: typed.carried.types, dates: typed.carried.dates, uses: hc.uses,
    narrowedMembers: typed.carried.narrowedMembers,
    fields: stateFields([...containers.flatMap((c) => c.live.flat()), ...plan.prefixes.flatMap((p) => p.live)]),
    stateVar: '', stateInit: '', bodyEdits: [], prelude: [],
  }, new Set(fnIdentifiers), ctxParam.rebind);
  if (inBody) layout.topLines.unshift(...stateTypeDeclaration(containers, layout.base, '', (c) => prefixLive(plan, c.container)).split(hc.style.eol).filter((line) => line !== ''));
  const top = topLinesEdit(plan, layout, hc);
  if (top) edits.push(top);

  const findings = [...typed.findings];
  // Edits inside a container are applied while its statements are re-emitted; the rest directly.
  const throwEdits = throws.map((t) => urlThrowEdit(t, layout.base, layout.identifiers));
  const pending = [...capabilityEdits(handler, ctxParam.name, hc.uses, findings), ...throwEdits, ...typed.removals, ...plan.deferred.map((d) => d.deletion)];
  edits.push(...prefixEdits(typed, layout, hc, containerEdits(typed, layout, pending)));
  if (stateType && containers.length > 0 && !inBody) {
    const anchor = statementOf(fn);
    const at = lineStartOf(hc.text, anchor.getStart());
    edits.push({ start: at, end: at, text: stateTypeDeclaration(containers, layout.base, indentationAt(hc.text, anchor.getStart()), (c) => prefixLive(plan, c.container)) });
  }
  // A declared `Promise<CallToolResult>` (and the like) now also returns the input request.
  const returnType = hc.typescript ? fn.getReturnTypeNode() : undefined;
  if (returnType && (containers.length > 0 || throws.length > 0)) {
    const promised = /^Promise\s*<([\s\S]*)>$/.exec(returnType.getText());
    if (promised && !/\bInputRequiredResult\b/.test(promised[1])) edits.push(widenEdit(returnType, hc.uses));
  }
  edits.push(...unreadParameterEdits(fn, hc.text, edits));
  return { edits, findings: [...findings, ...handlerNotes(plan)] };
}

/**
 * `({ table }, { server }: Deps)` → `({ table }, {}: Deps)` when the rewrite took away the only
 * reads of `server` (the question it asked through): an element of a destructured parameter that
 * the input read and the handler's output body no longer does is left out of the pattern (under
 * noUnusedParameters it would be reported); the type annotation stays. Elements the input did not
 * read either stay as the user wrote them.
 */
function unreadParameterEdits(fn: HandlerInfo['fn'], text: string, edits: readonly TextEdit[]): TextEdit[] {
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return [];
  const [start, end] = [body.getStart(), body.getEnd()];
  if (edits.some((e) => e.start < end && e.end > start && (e.start < start || e.end > end))) return [];
  const inside = edits.filter((e) => e.start >= start && e.end <= end).map((e) => ({ ...e, start: e.start - start, end: e.end - start }));
  const after = identifiersIn(applyEdits(text.slice(start, end), inside));
  const before = new Set(body.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  const out: TextEdit[] = [];
  for (const param of fn.getParameters()) {
    const pattern = param.getNameNode();
    if (!Node.isObjectBindingPattern(pattern)) continue;
    if (edits.some((e) => e.start < param.getEnd() && e.end > param.getStart())) continue;
    const reads = new Set(after);
    for (const other of fn.getParameters()) if (other !== param) for (const id of other.getDescendantsOfKind(SyntaxKind.Identifier)) reads.add(id.getText());
    for (const element of pattern.getElements()) if (!before.has(element.getName())) reads.add(element.getName());
    const kept = withoutUnreadElements(pattern, reads);
    if (kept !== undefined) out.push({ start: pattern.getStart(), end: pattern.getEnd(), text: kept });
  }
  return out;
}

/**
 * One container reads the state where it starts. Several containers, a container inside the
 * user's try (a refused state must not be caught as the user's own error) or URL-mode throws
 * (their own step) share one read at the top of the handler; each container takes its steps.
 */
function handlerLayout(typed: TypedHandler, hc: EmitHandlerContext, base: EmitContext, identifiers: Set<string>, rebind: string | undefined): Layout {
  const { containers } = typed.plan;
  const { throws } = typed;
  const fnBody = typed.plan.handler.fn.getBody() as Block;
  const topLines = rebind ? [rebind] : [];
  const shared = containers.length > 1 || throws.length > 0 || (containers.length === 1 && containers[0].container !== fnBody);
  const resumedVar = shared || throws.length > 0 ? uniqueName('resumed', identifiers, '') : '';
  if (shared && containers.length > 0) topLines.push(`const ${resumedVar} = ${resumeExpression(base)}${hc.style.semicolons ? ';' : ''}`);
  if (throws.length > 0) topLines.push(...urlConsentLines(throws, base, resumedVar, containers.length === 0, identifiers));
  return { fnBody, shared, resumedVar, topLines, identifiers, base };
}

/** The top lines go first in the body, unless a container or prefix of the body emits them itself. */
function topLinesEdit(plan: HandlerPlan, layout: Layout, hc: EmitHandlerContext): TextEdit | undefined {
  const { fnBody, topLines } = layout;
  const bodyIsContainer = plan.containers.some((c) => c.container === fnBody);
  const bodyPrefix = plan.prefixes.find((p) => p.block === fnBody);
  if (topLines.length === 0 || bodyIsContainer || bodyPrefix) return undefined;
  const first = fnBody.getStatements()[0];
  const at = lineStartOf(hc.text, first.getStart());
  const indent = indentationAt(hc.text, first.getStart());
  return { start: at, end: at, text: topLines.map((line) => `${indent}${line}${hc.style.eol}`).join('') };
}

/** Each container's steps, innermost first, so an inner container's rewrite travels with the outer one. */
function containerEdits(typed: TypedHandler, layout: Layout, pending: TextEdit[]): TextEdit[] {
  const { containers } = typed.plan;
  const { identifiers, resumedVar, shared, base } = layout;
  for (const container of containers) {
    const block = container.container;
    const inside = (e: TextEdit) => e.start >= block.getStart() && e.end <= block.getEnd();
    const stateVar = containers.length > 1 ? uniqueName(`${camelCase(container.rounds[0].step)}State`, identifiers, '')
      : ['state', 'stepState', 'mrtrStep'].find((n) => !identifiers.has(n)) ?? uniqueName('state', identifiers, '');
    identifiers.add(stateVar);
    const q = base.style.quote;
    const mine = container.rounds.map((r) => `${resumedVar}?.step === ${q}${r.step}${q}`).join(' || ');
    const ec: EmitContext = {
      ...base,
      stateVar,
      stateInit: shared ? (containers.length === 1 && typed.throws.length === 0 ? resumedVar : `${mine} ? ${resumedVar} : undefined`) : '',
      bodyEdits: pending.filter(inside),
      prelude: block === layout.fnBody ? layout.topLines : [],
      extraCarried: prefixLive(typed.plan, block),
    };
    if (!shared) ec.stateInit = resumeExpression(ec);
    pending = [...pending.filter((e) => !inside(e)), emitBody(container, ec)];
  }
  return pending;
}

/**
 * Each block's prefixes are re-emitted in one piece with the edits that fall inside them,
 * innermost block first, so an inner prefix's rewrite travels with an outer one.
 */
function prefixEdits(typed: TypedHandler, layout: Layout, hc: EmitHandlerContext, pending: TextEdit[]): TextEdit[] {
  const { containers, prefixes } = typed.plan;
  const { resumedVar } = layout;
  const q = hc.style.quote;
  const allSteps = containers.flatMap((c) => c.rounds.map((r) => r.step));
  const levels = [...new Set(prefixes.map((p) => p.block))].sort((a, b) => b.getAncestors().length - a.getAncestors().length);
  for (const level of levels) {
    const mine = prefixes.filter((p) => p.block === level);
    const last = mine[mine.length - 1];
    const all = level.getStatements();
    const region = all.slice(0, all.indexOf(last.rerun[0] ?? last.anchor));
    const range = prefixRange(region, hc.text);
    const inPrefix = (e: TextEdit) => e.start >= range.start && e.end <= range.end;
    // A prefix runs unless the retry resumes a step at or after its anchor in this block: then it
    // restores its values instead (`resumed === undefined` when that is every step there is). The
    // guards nest, so each names only the steps up to the next anchor: the outer ones exclude the rest.
    const stepsFrom = (anchor: Statement | undefined) => anchor === undefined ? [] : containers
      .filter((c) => level.containsRange(c.container.getPos(), c.container.getEnd()) && c.container.getStart() >= anchor.getStart())
      .flatMap((c) => c.rounds.map((r) => r.step));
    const guards = mine.map((p, k) => {
      const from = stepsFrom(p.anchor);
      const later = new Set(stepsFrom(mine[k + 1]?.anchor));
      const guard = from.length === allSteps.length && typed.throws.length === 0
        ? `${resumedVar} === undefined`
        : from.filter((step) => !later.has(step)).map((step) => `${resumedVar}?.step !== ${q}${step}${q}`).join(' && ');
      return { anchor: p.anchor, visible: p.visible, live: p.live, unrestored: p.unrestored, guard };
    });
    const edit = prefixEdit({
      text: hc.text, style: hc.style, typescript: hc.typescript, region, guards, types: typed.carried.declaredTypes,
      resumedVar, topLines: level === layout.fnBody ? layout.topLines : [], bodyEdits: pending.filter(inPrefix), fields: layout.base.fields,
    });
    pending = [...pending.filter((e) => !inPrefix(e)), edit];
  }
  return pending;
}

/** Tool/prompt name; a resource's registered name (not its URI); a low-level handler's method. */
function stateTypeBase(handler: HandlerInfo): string {
  if (handler.kind === 'resource') {
    const first = handler.registration.getArguments()[0];
    if (first && (Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first))) return first.getLiteralText();
  }
  if (handler.kind === 'request') return handler.method.replace('/', '-');
  // `TOOLS.getItem` → getItem; a generic last segment (`tool.name`, `this.name`) says nothing: the
  // class of a method (a class-based tool), else the kind.
  const segment = handler.subjectExpression?.split('.').pop();
  if (handler.name !== undefined) return handler.name;
  if (segment && !/^(name|method|id|title|key)$/i.test(segment)) return segment;
  const cls = Node.isMethodDeclaration(handler.fn) ? handler.fn.getParent() : undefined;
  return cls && Node.isClassDeclaration(cls) && cls.getName() ? cls.getName()! : handler.kind;
}

/**
 * A container carries the values of the prefixes on its way (a prefix elsewhere is out of scope).
 * (A prefix of a later statement in the same block is skipped by retries for this one.)
 */
function prefixLive(plan: HandlerPlan, block: Node): string[] {
  return [...new Set(plan.prefixes
    .filter((p) => p.block.containsRange(block.getPos(), block.getEnd()) && block.getStart() >= p.anchor.getStart())
    .flatMap((p) => p.live))];
}

