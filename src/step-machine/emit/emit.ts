// Emission half of the step machine: turns a HandlerPlan into one text edit replacing the handler
// body, plus the state type declared next to the handler. Shape of the output (see plan.ts):
//
//   let state = await mrtrState.resume<S>(ctx, subject, args);
//   if (state === undefined) { P0; state = { step: 'g1', …live }; }
//   if (state.step === 'g1') { const { …live } = state; <read answers, re-ask when missing>; B1; state = { step: 'g2', … }; }
//   …
//   const { …live } = state; <read answers of the last round>; Bn
//
// A first call that already carries the answers falls through every step in one leg.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import { applyEdits } from '../../ast/edits.js';
import type { TextStyle } from '../../ast/text-style.js';
import { helperOutcomeCall } from '../plan/asks.js';
import { type Ask, type ContainerPlan, type Round } from '../plan/handler-plan.js';
import { identifiersIn, indentEdits, indentationAt, lineEndAfter, lineStartOf, multilineLiteralRanges } from '../../ast/text.js';
import { withoutUnreadElements } from '../plan/loops.js';
import { asksWhen } from '../recognise/guarded-helpers.js';
import { stateEntry } from '../plan/state-fields.js';
import { isMovableTypeDeclaration, statementLines } from '../plan/type-declarations.js';

export interface EmitContext {
  text: string;
  style: TextStyle;
  typescript: boolean;
  ctxName: string;
  stateVar: string;
  /** What the state starts as: the resumed state (or its share of a state read once for the handler). */
  stateInit: string;
  stateType?: string;
  subject: string;
  args: string;
  /** Type text per carried name (TypeScript only). */
  types: Map<string, string>;
  /** Carried Dates: they travel as ISO strings and are revived where restored (see carried-types.ts). */
  dates?: Set<string>;
  /** SDK / state-module names the emitted code uses, collected for the import edits. */
  uses: Set<string>;
  /** Edits inside the original statements (capability reads, …), applied wherever they land. */
  bodyEdits: TextEdit[];
  /** Lines emitted before everything else in the container (re-destructuring the context, …). */
  prelude: string[];
  /** Values of the handler's prefix, carried in every step (see prefix.ts). */
  extraCarried?: string[];
  /** Members of carried values narrowed at the split: minted re-read, so the state type can keep the narrowing. */
  narrowedMembers?: Map<string, string[]>;
  /** State fields of carried names that cannot be their own (see state-fields.ts). */
  fields?: Map<string, string>;
}

const REQUEST_TYPES: Record<Ask['kind'], string | undefined> = {
  elicit: 'ElicitRequestFormParams',
  'elicit-url': 'ElicitUrlParams',
  sampling: 'CreateMessageRequestParams',
  roots: undefined,
};

/** What the stages of one body's emission share. */
interface BodyEmission {
  plan: ContainerPlan;
  ec: EmitContext;
  text: string;
  statements: Statement[];
  eol: string;
  unit: string;
  semi: string;
  q: (s: string) => string;
  /** Indentation of the body's statements. */
  indent: string;
  literals: [number, number][];
  /** Type declarations of every step but the last: emitted first, each step's segment drops them. */
  stepTypes: { start: number; end: number }[];
  /** Chunks of whole lines without their final line break, joined at the end. */
  chunks: string[];
}

export function emitBody(plan: ContainerPlan, ec: EmitContext): TextEdit {
  const b = bodyEmission(plan, ec);
  ec.uses.add('mrtrState');
  ec.uses.add('inputRequired');
  emitLeadingLines(b);
  emitFirstLeg(b);
  for (let k = 0; k < plan.rounds.length; k++) emitStep(b, k);
  const body = plan.container;
  const closing = indentationAt(b.text, body.getEnd() - 1);
  return { start: body.getStart(), end: body.getEnd(), text: `{${b.eol}${b.chunks.join(b.eol)}${b.eol}${closing}}` };
}

function bodyEmission(plan: ContainerPlan, ec: EmitContext): BodyEmission {
  const { text, style } = ec;
  const { eol, indentUnit: unit, quote, semicolons } = style;
  const { statements, rounds } = plan;
  return {
    plan,
    ec,
    text,
    statements,
    eol,
    unit,
    semi: semicolons ? ';' : '',
    q: (s: string) => `${quote}${s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`,
    indent: statements.length > 0 ? indentationAt(text, statements[0].getStart()) : unit,
    literals: multilineLiteralRanges(plan.container, text),
    stepTypes: rounds.slice(0, -1).flatMap((round, k) => statements.slice(round.first + 1, rounds[k + 1].first)
      .filter((st, i) => isMovableTypeDeclaration(st) && !round.dropped.has(round.first + 1 + i)).map((st) => statementLines(st, text))),
    chunks: [],
  };
}

function push(b: BodyEmission, level: number, line: string): void {
  b.chunks.push(b.indent + b.unit.repeat(level) + line);
}

function raw(b: BodyEmission, segmentText: string): void {
  b.chunks.push(segmentText.replace(/\r?\n$/, ''));
}

/** The original text [start, end) with the body edits inside it applied. */
function withBodyEdits(b: BodyEmission, start: number, end: number): string {
  const inside = b.ec.bodyEdits.filter((e) => e.start >= start && e.end <= end).map((e) => ({ ...e, start: e.start - start, end: e.end - start }));
  return applyEdits(b.text.slice(start, end), inside);
}

/** The prelude, what runs again on every leg, and the state read. */
function emitLeadingLines(b: BodyEmission): void {
  const { ec, text } = b;
  for (const line of ec.prelude) push(b, 0, line);
  // Declarations that run again on every leg come first, as written.
  for (const st of b.plan.hoisted) raw(b, withBodyEdits(b, statementStart(st), lineEndAfter(text, st.getEnd())));
  // So do the type declarations of every step but the last (as written): a step's block hides them
  // from the steps after it, which restore values of those types.
  for (const { start, end } of b.stepTypes) raw(b, withBodyEdits(b, start, end));
  push(b, 0, `let ${ec.stateVar} = ${ec.stateInit}${b.semi}`);
}

/** P0: statements before the first question, run once per logical call. */
function emitFirstLeg(b: BodyEmission): void {
  const { plan, ec, text, semi } = b;
  const p0End = plan.rounds[0].first;
  const p0 = b.statements.slice(0, p0End).filter((st) => !plan.hoisted.includes(st) && !plan.deleted.includes(st));
  if (p0.length === 0 && !plan.rounds[0].asks.some((a) => a.paramsHoisted)) {
    push(b, 0, `${ec.stateVar} ??= ${stepObject(b, 0)}${semi}`);
    return;
  }
  push(b, 0, `if (${ec.stateVar} === undefined) {`);
  const moved = plan.hoisted.map((st) => ({ start: statementStart(st), end: lineEndAfter(text, st.getEnd()), text: '' }));
  if (p0End > 0) raw(b, segment(b, 0, p0End - 1, 1, moved));
  hoistedRequests(b, plan.rounds[0], 1);
  push(b, 1, `${ec.stateVar} = ${stepObject(b, 0)}${semi}`);
  push(b, 0, '}');
}

/** Step k: its guard (all but the last), the values restored, the answers read, its statements, the next state. */
function emitStep(b: BodyEmission, k: number): void {
  const { plan, ec, text, semi, statements } = b;
  const { rounds, live } = plan;
  const round = rounds[k];
  const last = k === rounds.length - 1;
  const level = last ? 0 : 1;
  const end = last ? statements.length - 1 : rounds[k + 1].first - 1;
  if (!last) push(b, 0, `if (${ec.stateVar}.step === ${b.q(round.step)}) {`);
  if (live[k].length > 0) restore(b, live[k], level);
  // The answers are read where the round's first statement was; its statements follow with the
  // awaits replaced by the answers (or are dropped when they only received an answer).
  const firstLine = lineStartOf(text, statements[round.first].getStart());
  const edits: TextEdit[] = [];
  if (round.loop) {
    // A re-ask loop reads the answer where it asked, once per leg (see loops.ts).
    push(b, level, `let ${round.loop.usedFlag} = false${semi}`);
    edits.push(...loopAskEdits(b, round, k, level));
  } else if (round.batch) {
    edits.push(...batchEdits(b, round, level, firstLine));
  } else {
    edits.push({ start: firstLine, end: firstLine, text: answerLines(b, round, level) });
    edits.push(...answeredStatementEdits(b, round));
  }
  if (!last) edits.push(...b.stepTypes.filter((r) => r.start >= firstLine).map((r) => ({ ...r, text: '' })));
  raw(b, segment(b, round.first, end, level, edits));
  if (!last) {
    hoistedRequests(b, rounds[k + 1], 1);
    push(b, 1, `${ec.stateVar} = ${stepObject(b, k + 1)}${semi}`);
    push(b, 0, '}');
  }
}

/** Every item's question in one round before the loop; the loop takes the answers in order. */
function batchEdits(b: BodyEmission, round: Round, level: number, firstLine: number): TextEdit[] {
  const batch = round.batch!;
  const [ask] = round.asks;
  const edits: TextEdit[] = [{ start: firstLine, end: firstLine, text: batchLines(b, round, level) }];
  const target = ask.replaceNode ?? ask.awaitNode;
  const { callback, indexParam } = batch;
  const position = callback ? indexParam ?? batch.index : `${batch.index}++`;
  const answer = `${batch.answers}[${position}]${b.ec.typescript ? '!' : ''}`;
  const replacement = helperOutcomeCall(ask, answer) ?? answer;
  edits.push({ start: target.getStart(), end: target.getEnd(), text: replacement });
  // The item's elements only the question read are read by the requests' map now, not here
  // (a helper's outcome function may still take some of them).
  const itemPattern = batch.pattern;
  const scope = callback ?? batch.statement;
  const readHere = new Set([...scope.getDescendantsOfKind(SyntaxKind.Identifier)
    .filter((id) => !target.containsRange(id.getPos(), id.getEnd()) && !itemPattern.containsRange(id.getPos(), id.getEnd()))
    .map((id) => id.getText()), ...identifiersIn(replacement)]);
  const kept = withoutUnreadElements(itemPattern, readHere);
  if (kept !== undefined) edits.push({ start: itemPattern.getStart(), end: itemPattern.getEnd(), text: kept });
  // An item only the question read: `_item`, which noUnusedLocals / noUnusedParameters accept
  // (unless that name is read here already, which the underscore would then hide).
  const item = itemPattern.getText();
  if (Node.isIdentifier(itemPattern) && !readHere.has(item) && !readHere.has(`_${item}`)) {
    edits.push({ start: itemPattern.getStart(), end: itemPattern.getEnd(), text: `_${item}` });
  }
  if (callback && !indexParam) edits.push(...indexParameterEdits(b.text, callback, batch.index));
  return edits;
}

/** The round's statements: those that only received an answer dropped, the others' awaits replaced by the answers. */
function answeredStatementEdits(b: BodyEmission, round: Round): TextEdit[] {
  const { text, statements } = b;
  const edits: TextEdit[] = [];
  for (let i = round.first; i <= round.last; i++) {
    const statement = statements[i];
    if (round.dropped.has(i)) {
      const start = lineStartOf(text, statement.getStart());
      const endsLine = text.slice(statement.getEnd(), lineEndAfter(text, statement.getEnd())).trim() === '';
      edits.push({ start, end: endsLine ? lineEndAfter(text, statement.getEnd()) : statement.getEnd(), text: '' });
      continue;
    }
    const inStatement = round.asks.filter((a) => statement.containsRange(a.awaitNode.getPos(), a.awaitNode.getEnd()));
    const replaced = new Set<Node>();
    for (const ask of inStatement) {
      if (replaced.has(ask.awaitNode)) continue;
      replaced.add(ask.awaitNode);
      if (ask.replacement !== undefined) {
        const target = ask.replaceNode ?? ask.awaitNode;
        edits.push({ start: target.getStart(), end: target.getEnd(), text: ask.replacement });
        continue;
      }
      // await Promise.all([...]) / allSettled: the answers in the same positions.
      const siblings = inStatement.filter((a) => a.awaitNode === ask.awaitNode);
      const settled = /\.allSettled\s*\(/.test(ask.awaitNode.getText());
      const items = siblings.map((a) => (settled ? `{ status: ${b.q('fulfilled')} as const, value: ${a.answerName} }` : a.answerName));
      edits.push({ start: ask.awaitNode.getStart(), end: ask.awaitNode.getEnd(), text: `[${items.join(', ')}]` });
    }
  }
  return edits;
}

function carried(b: BodyEmission, name: string): string {
  const { ec } = b;
  const field = ec.fields?.get(name) ?? name;
  if (ec.dates?.has(name)) return `${field}: ${name}.toISOString()`;
  const members = ec.narrowedMembers?.get(name);
  // `{ ...dates, content: dates.content }`: what the checker knows of `dates.content` here holds in the state too.
  return members ? `${field}: { ...${name}, ${members.map((m) => `${m}: ${name}.${m}`).join(', ')} }` : stateEntry(name, ec.fields);
}

/** The state of step k: its name and the values it carries. */
function stepObject(b: BodyEmission, k: number): string {
  const { plan, ec } = b;
  return `{ ${[`step: ${b.q(plan.rounds[k].step)}`, ...plan.live[k].map((name) => carried(b, name)), ...(ec.extraCarried ?? []).map((name) => stateEntry(name, ec.fields))].join(', ')} }`;
}

/** The round's requests whose params were hoisted: built before the state that enters the round. */
function hoistedRequests(b: BodyEmission, round: Round, level: number): void {
  for (const ask of round.asks) {
    if (ask.paramsHoisted && ask.requestName) {
      push(b, level, `const ${ask.requestName}${requestAnnotation(ask, b.ec)} = ${rebased(ask, b.indent + b.unit.repeat(level))}${b.semi}`);
    }
  }
}

function restore(b: BodyEmission, names: string[], level: number): void {
  const { plan, ec, semi } = b;
  const revived = names.filter((name) => ec.dates?.has(name));
  const plain = names.filter((name) => !revived.includes(name));
  const consts = plain.filter((name) => plan.declared.get(name)?.keyword !== 'let');
  const lets = plain.filter((name) => plan.declared.get(name)?.keyword === 'let');
  const entries = (list: string[]) => list.map((name) => stateEntry(name, ec.fields)).join(', ');
  if (consts.length > 0) push(b, level, `const { ${entries(consts)} } = ${ec.stateVar}${semi}`);
  if (lets.length > 0) push(b, level, `let { ${entries(lets)} } = ${ec.stateVar}${semi}`);
  for (const name of revived) push(b, level, `const ${name} = new Date(${ec.stateVar}.${ec.fields?.get(name) ?? name})${semi}`);
}

/** Requests for every item, their answers, and the input request when any is missing (see loops.ts). */
function batchLines(b: BodyEmission, round: Round, level: number): string {
  const { ec, indent, unit, semi, q } = b;
  const batch = round.batch!;
  const [ask] = round.asks;
  const out: string[] = [];
  const add = (extra: number, line: string) => out.push(indent + unit.repeat(level + extra) + line);
  const annotation = requestAnnotation(ask, ec);
  const params = rebased(ask, indent + unit.repeat(level));
  const body = /^\s*\{/.test(params) ? `(${params})` : params;
  // The map binds only what the params read: an element (or item) they do not read would be unused.
  const reads = identifiersIn(`(${ask.paramsText ?? ''})`);
  const item = Node.isIdentifier(batch.pattern) ? (reads.has(batch.binding) ? batch.binding : '') : withoutUnreadElements(batch.pattern, reads) ?? batch.binding;
  add(0, `const ${batch.requests} = ${batch.iterable.getText()}.map((${item === '{}' ? '' : item})${annotation} => ${body})${semi}`);
  const key = '`' + ask.key + '_${i}`';
  const read = reader(b, ask).replace(q(ask.key), key).replace(new RegExp(`, ${escapeRegExp(ask.requestName ?? '')}\\)`), ', request)');
  add(0, `const ${batch.answers} = ${batch.requests}.map((${ask.kind === 'sampling' ? '_request' : 'request'}, i) => ${read})${semi}`);
  add(0, `if (${batch.answers}.some((answer) => answer === undefined)) {`);
  add(1, `return inputRequired({`);
  add(2, `inputRequests: Object.fromEntries(${batch.requests}.map((request, i) => [${key}, ${builder({ ...ask, requestName: 'request' })}])),`);
  add(2, `requestState: await mrtrState.mint(${ec.ctxName}, ${ec.subject}, ${ec.args}, ${ec.stateVar}),`);
  add(1, `})${semi}`);
  add(0, '}');
  if (!batch.callback) add(0, `let ${batch.index} = 0${semi}`);
  return out.join(b.eol) + b.eol;
}

/** `async (page) =>` / `async page =>` → `async (page, index) =>`: the callback learns its position. */
function indexParameterEdits(text: string, callback: Node, index: string): TextEdit[] {
  const [param] = (callback as import('ts-morph').ArrowFunction).getParameters();
  const parenthesized = /\(\s*$/.test(text.slice(callback.getStart(), param.getStart()));
  if (parenthesized) return [{ start: param.getEnd(), end: param.getEnd(), text: `, ${index}` }];
  return [{ start: param.getStart(), end: param.getStart(), text: '(' }, { start: param.getEnd(), end: param.getEnd(), text: `, ${index})` }];
}

/** The loop's question: answer lines where it asked, its statement dropped or its await replaced. */
function loopAskEdits(b: BodyEmission, round: Round, k: number, level: number): TextEdit[] {
  const { text } = b;
  const loop = round.loop!;
  const [ask] = round.asks;
  const at = lineStartOf(text, loop.inner.getStart());
  const lines = answerLines(b, round, level, { base: indentationAt(text, loop.inner.getStart()), state: stepObject(b, k), used: loop.usedFlag });
  const out: TextEdit[] = [{ start: at, end: at, text: lines }];
  if (loop.dropInner) {
    const endsLine = text.slice(loop.inner.getEnd(), lineEndAfter(text, loop.inner.getEnd())).trim() === '';
    out.push({ start: at, end: endsLine ? lineEndAfter(text, loop.inner.getEnd()) : loop.inner.getEnd(), text: '' });
  } else {
    const target = ask.replaceNode ?? ask.awaitNode;
    out.push({ start: target.getStart(), end: target.getEnd(), text: ask.replacement! });
  }
  return out;
}

/**
 * The lines reading a round's answers and asking when one is missing. In a loop: `base` is the
 * indentation of the loop body, the state minted is the loop state as it is now, and `used`
 * makes the next time round ask again (one answer per leg).
 */
function answerLines(b: BodyEmission, round: Round, level: number, loop?: { base: string; state: string; used: string }): string {
  const { plan, ec, indent, unit, semi, q } = b;
  const out: string[] = [];
  const add = (extra: number, line: string) => out.push((loop?.base ?? indent) + unit.repeat(level + extra) + line);
  for (const ask of round.asks) {
    if (ask.requestName && !ask.paramsHoisted) {
      add(0, `const ${ask.requestName}${requestAnnotation(ask, ec)} = ${rebased(ask, (loop?.base ?? indent) + unit.repeat(level))}${semi}`);
    }
    const keyword = ask.replacement === undefined && plan.declared.get(ask.answerName)?.keyword === 'let' ? 'let' : 'const';
    const read = guarded(ask) ? `${asksWhen(ask.requestName!)} ? ${reader(b, ask)} : undefined` : reader(b, ask);
    add(0, `${keyword} ${ask.answerName} = ${loop ? `${loop.used} ? undefined : ` : ''}${read}${semi}`);
  }
  // A guarded helper that returned without asking (`done`) has no question in this round.
  const missing = (a: Ask) => (guarded(a) ? `${asksWhen(a.requestName!)} && ${a.answerName} === undefined` : `${a.answerName} === undefined`);
  add(0, `if (${round.asks.length === 1 ? missing(round.asks[0]) : round.asks.map((a) => (guarded(a) ? `(${missing(a)})` : missing(a))).join(' || ')}) {`);
  add(1, `return inputRequired({`);
  add(2, `inputRequests: {`);
  for (const ask of round.asks) {
    if (!guarded(ask)) add(3, `${propertyKey(ask.key, q)}: ${builder(ask)},`);
    else if (round.asks.length === 1) add(3, `${propertyKey(ask.key, q)}: ${builder(ask, `${ask.requestName}.ask`)},`);
    else add(3, `...(${asksWhen(ask.requestName!)} ? { ${propertyKey(ask.key, q)}: ${builder(ask, `${ask.requestName}.ask`)} } : {}),`);
  }
  add(2, `},`);
  add(2, `requestState: await mrtrState.mint(${ec.ctxName}, ${ec.subject}, ${ec.args}, ${loop?.state ?? ec.stateVar}),`);
  add(1, `})${semi}`);
  add(0, '}');
  if (loop) add(0, `${loop.used} = true${semi}`);
  return out.join(b.eol) + b.eol;
}

function reader(b: BodyEmission, ask: Ask): string {
  const { ec, q } = b;
  switch (ask.kind) {
    case 'elicit':
    case 'elicit-url':
      ec.uses.add('elicitAnswer');
      return `elicitAnswer(${ec.ctxName}, ${q(ask.key)}, ${guarded(ask) ? `${ask.requestName}.ask` : ask.requestName})`;
    case 'sampling':
      ec.uses.add('samplingAnswer');
      // Server#createMessage without tools was typed CreateMessageResult: keep what the code used.
      if (ec.typescript && !/requestSampling|\.send\(|sendRequest|mcpReq/.test(ask.site.api) && /createMessage/.test(ask.site.api)) {
        ec.uses.add('type CreateMessageResult');
        return `samplingAnswer(${ec.ctxName}, ${q(ask.key)}) as CreateMessageResult | undefined`;
      }
      return `samplingAnswer(${ec.ctxName}, ${q(ask.key)})`;
    case 'roots':
      ec.uses.add('rootsAnswer');
      return `rootsAnswer(${ec.ctxName}, ${q(ask.key)})`;
  }
}

function builder(ask: Ask, request = ask.requestName): string {
  switch (ask.kind) {
    case 'elicit':
      return `inputRequired.elicit(${request})`;
    case 'elicit-url':
      return `inputRequired.elicitUrl(${request})`;
    case 'sampling':
      return `inputRequired.createMessage(${request})`;
    case 'roots':
      return 'inputRequired.listRoots()';
  }
}

/** Original statements [from, to] as whole lines, re-indented by `level` units, with `edits` applied. */
function segment(b: BodyEmission, from: number, to: number, level: number, edits: TextEdit[]): string {
  const { text, unit, statements } = b;
  const first = statements[from];
  const lastStatement = statements[to];
  // Keep comments attached above the first statement; drop the newline that precedes them.
  let start = first.getFullStart();
  const leading = text.slice(start, first.getStart());
  const firstNewline = leading.indexOf('\n');
  start = firstNewline === -1 ? lineStartOf(text, first.getStart()) : start + firstNewline + 1;
  const end = lineEndAfter(text, lastStatement.getEnd());
  // Body edits were written for the original indentation: their inner lines move with the code.
  const shift = unit.repeat(level);
  // Body edits inside a statement this segment deletes (moved elsewhere) are dropped with it.
  const deleted = edits.filter((e) => e.end > e.start && e.text === '');
  const moved = b.ec.bodyEdits
    .filter((e) => !deleted.some((d) => d.start <= e.start && e.end <= d.end))
    .map((e) => (level > 0 ? { ...e, text: e.text.replace(/\n(?=[^\r\n])/g, `\n${shift}`) } : e));
  const all = [...edits, ...moved];
  if (level > 0) {
    const replaced = all.filter((e) => e.end > e.start);
    all.push(...indentEdits(text, start, end, unit.repeat(level), b.literals, replaced));
  }
  const local = all
    .filter((e) => e.start >= start && e.end <= end)
    .map((e) => ({ start: e.start - start, end: e.end - start, text: e.text }));
  let out = applyEdits(text.slice(start, end), local);
  if (!out.endsWith('\n')) out += b.eol;
  return out;
}

/**
 * The request params as they will stand on a line indented `lineIndent`: their continuation lines
 * move with them (never inside a multi-line string or template).
 */
function rebased(ask: Ask, lineIndent: string): string {
  const params = ask.site.params;
  const text = ask.paramsText ?? '';
  if (!params || ask.helperCall || !text.includes('\n')) return text;
  const full = params.getSourceFile().getFullText();
  const base = params.getStart();
  const literals = multilineLiteralRanges(params, full).map(([s, e]) => [s - base, e - base] as const);
  if (text !== params.getText() && literals.length > 0) return text;
  const own = indentationAt(full, base);
  let out = '';
  let cursor = 0;
  for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', nl + 1)) {
    const line = nl + 1;
    if (literals.some(([s, e]) => line >= s && line < e) || !text.startsWith(own, line)) continue;
    out += text.slice(cursor, line) + lineIndent;
    cursor = line + own.length;
  }
  return out + text.slice(cursor);
}

/** Where a statement starts with its leading comments, at the start of its line. */
function statementStart(st: Node): number {
  const comments = st.getLeadingCommentRanges();
  const text = st.getSourceFile().getFullText();
  return lineStartOf(text, comments.length > 0 ? comments[0].getPos() : st.getStart());
}

function requestAnnotation(ask: Ask, ec: EmitContext): string {
  // A guarded helper's request builder is typed by the helper's companion (`{ ask } | { done }`).
  if (!ec.typescript || guarded(ask)) return '';
  const type = REQUEST_TYPES[ask.kind];
  if (!type) return '';
  if (type === 'ElicitUrlParams') {
    ec.uses.add('inputRequired');
    return ': Parameters<typeof inputRequired.elicitUrl>[0]';
  }
  ec.uses.add(`type ${type}`);
  return `: ${type}`;
}

/** The ask goes through a helper that may return without asking. */
function guarded(ask: Ask): boolean {
  return ask.helperCall?.helper.guarded === true && ask.requestName !== undefined;
}

function propertyKey(key: string, q: (s: string) => string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : q(key);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The resumed state, read once: `await mrtrState.resume<DeployState>(ctx, 'deploy', { service, env })`. */
export function resumeExpression(ec: EmitContext): string {
  const typeArg = ec.typescript && ec.stateType ? `<${ec.stateType}>` : '';
  return `await mrtrState.resume${typeArg}(${ec.ctxName}, ${ec.subject}, ${ec.args})`;
}

/**
 * `type DeployState = | { step: 'confirm'; plan: Plan } | …` (TypeScript only), over every container's
 * steps; `carriedBy` names the prefix values each container's steps carry besides their own.
 */
export function stateTypeDeclaration(plans: ContainerPlan[], ec: EmitContext, indent: string, carriedBy: (plan: ContainerPlan) => string[] = () => ec.extraCarried ?? []): string {
  const { eol, quote, semicolons } = ec.style;
  const members = plans.flatMap((plan) => plan.rounds.map((round, k) => {
    const fields = [`step: ${quote}${round.step}${quote}`, ...[...plan.live[k], ...carriedBy(plan)].map((name) => `${ec.fields?.get(name) ?? name}: ${ec.types.get(name) ?? 'any'}`)];
    return `${indent}${ec.style.indentUnit}| { ${fields.join('; ')} }`;
  }));
  if (members.length === 1) return `${indent}type ${ec.stateType} = ${members[0].trim().slice(2)}${semicolons ? ';' : ''}${eol}`;
  return `${indent}type ${ec.stateType} =${eol}${members.join(eol)}${semicolons ? ';' : ''}${eol}`;
}

