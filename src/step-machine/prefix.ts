// The prefix: side-effecting code at the top of a handler, before the one block that asks (an if
// branch or a try block). It runs on the first leg only; a retry skips it and restores, from the
// state, the values it declared that the rest of the handler uses:
//
//   const resumed = await mrtrState.resume<S>(ctx, subject, args);
//   let plan: Plan;
//   if (resumed === undefined) {
//     plan = await loadPlan(service);          // was: const plan = await loadPlan(service);
//     audit.push('looked');
//   } else {
//     ({ plan } = resumed);
//   }
//   if (plan.risky) { …the block's step machine, carrying plan in every step… }
import { Node, type Statement, type VariableStatement } from 'ts-morph';
import { applyEdits } from '../edits.js';
import type { TextStyle } from '../text-style.js';
import type { TextEdit } from '../types.js';
import { indentEdits, indentationAt, lineEndAfter, lineStartOf, multilineLiteralRanges } from './text.js';

export interface PrefixInput {
  text: string;
  style: TextStyle;
  typescript: boolean;
  /** Every statement before the block's top-level statement (as written, including removed ones). */
  region: Statement[];
  /** Names the rest of the handler uses: declared above the prefix. */
  visible: string[];
  /** Of those, the ones holding a value when the prefix ends: restored on a retry. */
  live: string[];
  /** Declared type text per hoisted name (TypeScript only). */
  types: Map<string, string>;
  resumedVar: string;
  /** Lines that come first (the resumed state read, a re-destructured context). */
  topLines: string[];
  /** Edits inside the region (capability reads, removals), applied as the region is re-emitted. */
  bodyEdits: TextEdit[];
  /** What the values are restored from, when not the resumed state as it is typed (a narrowing cast). */
  restoreFrom?: string;
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
  const { text, style, region, live } = input;
  const { eol, indentUnit: unit, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const first = region[0];
  const { start, end } = prefixRange(region, text);
  const indent = indentationAt(text, first.getStart());
  const hoisted = hoistedNames(region, input.visible);

  // Declarations of hoisted names become assignments to them.
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

  // Body edits were written for the original indentation; the region moves one level in.
  const moved = input.bodyEdits
    .filter((e) => e.start >= start && e.end <= end)
    .map((e) => ({ ...e, text: e.text.replace(/\n(?=[^\r\n])/g, `\n${unit}`) }));
  const replaced = [...conversions, ...moved].filter((e) => e.end > e.start);
  const literals = region.flatMap((st) => multilineLiteralRanges(st, text));
  const all = [...conversions, ...moved, ...indentEdits(text, start, end, unit, literals, replaced)]
    .map((e) => ({ start: e.start - start, end: e.end - start, text: e.text }));
  const body = applyEdits(text.slice(start, end), all).replace(/\r?\n$/, '');

  const lines: string[] = [...input.topLines];
  for (const name of hoisted) {
    const type = input.typescript ? input.types.get(name) : undefined;
    lines.push(`let ${name}${type ? `: ${type}` : ''}${semi}`);
  }
  lines.push(`if (${input.resumedVar} === undefined) {`);
  const tail = live.length > 0 ? [`} else {`, `${unit}({ ${live.join(', ')} } = ${input.restoreFrom ?? input.resumedVar})${semi}`, '}'] : ['}'];
  const out = lines.map((l) => indent + l).join(eol) + eol + body + eol + tail.map((l) => indent + l).join(eol) + eol;
  return { start, end, text: out };
}
