// The prefix: side-effecting code in a block on the way to the questions, before a statement
// that asks (the anchor). It runs once per logical call; a retry for a step at or after the anchor
// skips it and restores, from the state, the values it declared that the rest of the block uses:
//
//   const resumed = await mrtrState.resume<S>(ctx, subject, args);
//   let plan: Plan;
//   if (resumed === undefined) {               // or: resumed?.step !== 'a' && …, the steps below
//     plan = await loadPlan(service);          // was: const plan = await loadPlan(service);
//     audit.push('looked');
//   } else {
//     ({ plan } = resumed);
//   }
//   if (plan.risky) { …the block's step machine, carrying plan in every step… }
//
// Type declarations of the region (`type Plan = …`) compute nothing: they go before the guards, as
// written, where the code after the prefix (and the hoisted `let plan: Plan`) still sees them.
//
// Several anchors in one block (blocks that ask one after the other) nest: the guard of a later
// anchor holds everything before it, the earlier blocks that ask included.
import { Node, type Statement, type VariableStatement } from '../../ts-morph.js';
import { applyEdits } from '../../ast/edits.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { TextEdit } from '../../types.js';
import { stateEntry } from './state-fields.js';
import { isMovableTypeDeclaration, statementLines } from './type-declarations.js';
import { indentEdits, indentationAt, lineEndAfter, lineStartOf, multilineLiteralRanges } from '../../ast/text.js';

export interface PrefixInput {
  text: string;
  style: TextStyle;
  typescript: boolean;
  /** Every statement before the last anchor (as written, including removed ones). */
  region: Statement[];
  /**
   * The prefixes of this block, in the order of their anchors: each runs what comes before its
   * anchor unless `guard` says the retry resumes at or after it, and then restores `live`.
   */
  guards: { anchor: Statement; visible: string[]; live: string[]; unrestored: string[]; guard: string }[];
  /** Declared type text per hoisted name (TypeScript only). */
  types: Map<string, string>;
  resumedVar: string;
  /** Lines that come first (the resumed state read, a re-destructured context). */
  topLines: string[];
  /** Edits inside the region (capability reads, removals, rewritten blocks), applied as the region is re-emitted. */
  bodyEdits: TextEdit[];
  /** State fields of carried names that cannot be their own (see state-fields.ts). */
  fields?: Map<string, string>;
}

/** Names hoisted out of the prefix: every name of a declaration that declares a live one. */
export function hoistedNames(region: Statement[], live: string[]): string[] {
  return region.filter((st): st is VariableStatement => Node.isVariableStatement(st))
    .filter((st) => declaredNames(st).some((n) => live.includes(n)))
    .flatMap((st) => declaredNames(st));
}

function declaredNames(st: VariableStatement): string[] {
  const names: string[] = [];
  const visit = (node: Node) => {
    if (Node.isIdentifier(node)) names.push(node.getText());
    else if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
      for (const e of node.getElements()) if (Node.isBindingElement(e)) visit(e.getNameNode());
    }
  };
  for (const d of st.getDeclarations()) visit(d.getNameNode());
  return names;
}

/** The whole lines the region occupies, with the comments above its first statement. */
export function prefixRange(region: Statement[], text: string): { start: number; end: number } {
  const first = region[0];
  const comments = first.getLeadingCommentRanges();
  return {
    start: lineStartOf(text, comments.length > 0 ? comments[0].getPos() : first.getStart()),
    end: lineEndAfter(text, region[region.length - 1].getEnd()),
  };
}

export function prefixEdit(input: PrefixInput): TextEdit {
  const { text, style, region, guards } = input;
  const { eol, indentUnit: unit, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const first = region[0];
  const { start, end } = prefixRange(region, text);
  const indent = indentationAt(text, first.getStart());
  const before = (anchor: Statement) => region.filter((st) => st.getStart() < anchor.getStart());
  const hoisted = [...new Set(guards.flatMap((g) => hoistedNames(before(g.anchor), g.visible)))];

  const conversions = assignmentConversions(region, hoisted, text, semi);
  // Type declarations move before the guards (see type-declarations.ts).
  const typeRanges = region.filter(isMovableTypeDeclaration).map((st) => statementLines(st, text));
  conversions.push(...typeRanges.map((r) => ({ ...r, text: '' })));
  const segments = guardedSegments(input, { start, end }, conversions, typeRanges);

  const m = guards.length;
  const lines = (level: number, texts: string[]) => texts.map((l) => indent + unit.repeat(level) + l).join(eol);
  // A value only the first leg reads is assigned wherever it is read, which the checker cannot see
  // through the guards: `let diff!: string`.
  const unrestored = new Set(guards.flatMap((g) => g.unrestored));
  const declarations = hoisted.map((name) => {
    // A name whose type is `any` keeps TypeScript's own inference (`let x;`), as it was declared.
    const type = input.typescript && input.types.get(name) !== 'any' ? input.types.get(name) : undefined;
    return `let ${name}${type ? `${unrestored.has(name) ? '!' : ''}: ${type}` : ''}${semi}`;
  });
  const typesText = typeRanges.map(({ start: from, end: to }) => {
    const inside = input.bodyEdits.filter((e) => e.start >= from && e.end <= to).map((e) => ({ ...e, start: e.start - from, end: e.end - from }));
    return applyEdits(text.slice(from, to), inside).replace(/(\r?\n)?$/, eol);
  }).join('');
  let out = input.topLines.length > 0 ? lines(0, input.topLines) + eol : '';
  out += typesText;
  if (declarations.length > 0) out += lines(0, declarations) + eol;
  for (let k = m - 1; k >= 0; k--) out += lines(m - 1 - k, [`if (${guards[k].guard}) {`]) + eol;
  guards.forEach((g, k) => {
    const level = m - 1 - k;
    const tail = g.live.length > 0 ? [`} else {`, `${unit}({ ${g.live.map((name) => stateEntry(name, input.fields)).join(', ')} } = ${input.resumedVar})${semi}`, '}'] : ['}'];
    out += segments[k] + eol + lines(level, tail) + eol;
  });
  return { start, end, text: out };
}

/** Declarations of hoisted names become assignments to them. */
function assignmentConversions(region: Statement[], hoisted: string[], text: string, semi: string): TextEdit[] {
  const conversions: TextEdit[] = [];
  for (const st of region) {
    if (!Node.isVariableStatement(st) || !declaredNames(st).some((n) => hoisted.includes(n))) continue;
    const decls = st.getDeclarations();
    if (decls.every((d) => !d.getInitializer())) {
      conversions.push({ start: lineStartOf(text, st.getStart()), end: lineEndAfter(text, st.getEnd()), text: '' });
      continue;
    }
    const destructures = (i: number) => !Node.isIdentifier(decls[i].getNameNode());
    conversions.push({ start: st.getDeclarationList().getStart(), end: decls[0].getStart(), text: destructures(0) ? '(' : '' });
    decls.forEach((d, i) => {
      const typeNode = d.getTypeNode();
      if (typeNode) conversions.push({ start: d.getNameNode().getEnd(), end: typeNode.getEnd(), text: '' });
      if (i + 1 < decls.length) {
        conversions.push({ start: d.getEnd(), end: decls[i + 1].getStart(), text: `${destructures(i) ? ')' : ''}${semi || ';'} ${destructures(i + 1) ? '(' : ''}` });
      } else if (destructures(i)) {
        conversions.push({ start: d.getEnd(), end: d.getEnd(), text: ')' });
      }
    });
  }
  return conversions;
}

/**
 * Segment k holds the statements between anchor k-1 and anchor k; it sits inside the guards
 * k … m-1, one level in per guard. Body edits were written for the original indentation.
 */
function guardedSegments(input: PrefixInput, range: { start: number; end: number }, conversions: TextEdit[], typeRanges: { start: number; end: number }[]): string[] {
  const { text, region, guards } = input;
  const unit = input.style.indentUnit;
  const m = guards.length;
  const bounds = [range.start, ...guards.slice(0, -1).map((g) => statementLines(g.anchor, text).start), range.end];
  const literals = region.flatMap((st) => multilineLiteralRanges(st, text));
  const segments: string[] = [];
  for (let k = 0; k < m; k++) {
    const [from, to] = [bounds[k], bounds[k + 1]];
    const shift = unit.repeat(m - k);
    const inside = (e: TextEdit) => e.start >= from && e.end <= to;
    // (A rewrite that starts a line, like an inner block's prefix, moves its first line too.)
    const inType = (e: TextEdit) => typeRanges.some((r) => e.start >= r.start && e.end <= r.end);
    const moved = input.bodyEdits.filter((e) => inside(e) && !inType(e)).map((e) => ({
      ...e,
      text: (e.end > e.start && e.text !== '' && lineStartOf(text, e.start) === e.start ? shift : '') + e.text.replace(/\n(?=[^\r\n])/g, `\n${shift}`),
    }));
    const own = conversions.filter(inside);
    const replaced = [...own, ...moved].filter((e) => e.end > e.start);
    const all = [...own, ...moved, ...indentEdits(text, from, to, shift, literals, replaced)]
      .map((e) => ({ start: e.start - from, end: e.end - from, text: e.text }));
    segments.push(applyEdits(text.slice(from, to), all).replace(/(\r?\n)+$/, ''));
  }
  return segments;
}
