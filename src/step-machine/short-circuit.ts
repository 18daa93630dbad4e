// A question awaited in the right operand of `&&`, `||` or `??` is asked only when the left operand
// lets it. When the left operand is pure and the statement declares one const, the statement is
// rewritten to the exact equivalent with the question in an if block of its own, which the
// step machine's if-containers already migrate:
//
//   const notify = askToNotify && (await ask(…)).content?.notify === true;
// becomes
//   let notify: boolean = askToNotify;
//   if (notify) {
//     notify = (await ask(…)).content?.notify === true;
//   }
//
// The local keeps the value of the left operand when the question is not asked (the falsy value
// for &&, the truthy one for ||), as the expression did. Its declared type is the type the const
// had; the rewrite is made only when the left operand's type fits it. For `??` the left operand is
// assigned in an else branch, where it is narrowed to its non-nullish part:
//
//   let name: string;
//   if (args.name === undefined || args.name === null) {
//     name = (await ask(…)).content?.name as string;
//   } else {
//     name = args.name;
//   }
// Whether the handler then migrates is decided by the ordinary analysis on the rewritten text; if
// it does not, the statement stays as written (see withShortCircuitsNormalised).
import { Node, SyntaxKind, type SourceFile, type VariableStatement } from 'ts-morph';
import { applyEdits } from '../edits.js';
import type { PushSite } from '../analysis/push-sites.js';
import type { FindingInput, TextEdit, TransformContext, TransformResult } from '../types.js';
import { typedView, typeText } from './carried-types.js';
import { isPureExpression } from './purity.js';
import { indentationAt, multilineLiteralRanges } from './text.js';
import type { TextStyle } from '../text-style.js';

export interface ShortCircuit {
  /** The const statement, in the original text. */
  statement: VariableStatement;
  site: PushSite;
  /** Replacement of the statement. */
  edit: TextEdit;
  /** Offset of the push call inside `edit.text`. */
  pushOffset: number;
}

const SHORT_CIRCUIT = new Set([SyntaxKind.AmpersandAmpersandToken, SyntaxKind.BarBarToken, SyntaxKind.QuestionQuestionToken]);

/** `&&` / `||`: the condition under which the question is asked, on the local holding the left operand. */
const OPERATORS = new Map([
  [SyntaxKind.AmpersandAmpersandToken, (name: string) => name],
  [SyntaxKind.BarBarToken, (name: string) => `!${name}`],
]);

/** The statements of `sites` that can be rewritten (only the candidates; types are checked later). */
export function shortCircuitCandidates(sites: PushSite[]): { statement: VariableStatement; site: PushSite; binary: import('ts-morph').BinaryExpression }[] {
  const out: { statement: VariableStatement; site: PushSite; binary: import('ts-morph').BinaryExpression }[] = [];
  for (const site of sites) {
    if (!site.handler || !site.call || !site.awaited || site.nestedFunction || site.inLoop) continue;
    let node: Node = site.call;
    let binary: import('ts-morph').BinaryExpression | undefined;
    // Up from the call to the declaration; exactly one short-circuit operator on the way, with the
    // question in its right operand.
    for (let parent = node.getParent(); parent; node = parent, parent = parent.getParent()) {
      if (Node.isVariableDeclaration(parent)) break;
      if (Node.isFunctionLikeDeclaration(parent) || Node.isStatement(parent)) { binary = undefined; break; }
      if (Node.isBinaryExpression(parent) && SHORT_CIRCUIT.has(parent.getOperatorToken().getKind())) {
        // The left operand is evaluated every time: only a right operand makes the question conditional.
        if (parent.getRight() !== node) continue;
        if (binary) { binary = undefined; break; }
        binary = parent;
      } else if (Node.isConditionalExpression(parent)) {
        binary = undefined;
        break;
      }
    }
    const declaration = node.getParent();
    if (!binary || !declaration || !Node.isVariableDeclaration(declaration) || declaration.getInitializer() !== node) continue;
    // The short-circuit is the whole initializer (parentheses aside).
    let init: Node = node;
    while (Node.isParenthesizedExpression(init)) init = init.getExpression();
    if (init !== binary || !Node.isIdentifier(declaration.getNameNode())) continue;
    const statement = declaration.getParent()?.getParent();
    if (!statement || !Node.isVariableStatement(statement) || statement.getDeclarationKind() !== 'const' ||
      statement.getDeclarations().length !== 1 || !Node.isBlock(statement.getParent())) continue;
    if (!isPureExpression(binary.getLeft())) continue;
    out.push({ statement, site, binary });
  }
  return out;
}

/** The rewrites of the candidates whose left operand's type fits the declared type (TypeScript). */
export function shortCircuitRewrites(absPath: string, text: string, sites: PushSite[], style: TextStyle, typescript: boolean): ShortCircuit[] {
  const candidates = shortCircuitCandidates(sites);
  if (candidates.length === 0) return [];
  const view = typescript ? typedView(absPath, text) : undefined;
  try {
    const out: ShortCircuit[] = [];
    for (const { statement, site, binary } of candidates) {
      const declaration = statement.getDeclarations()[0];
      const name = declaration.getName();
      const nullish = binary.getOperatorToken().getKind() === SyntaxKind.QuestionQuestionToken;
      let annotation = '';
      if (view) {
        const typed = exactNode(view.file, declaration.getNameNode());
        const left = exactNode(view.file, binary.getLeft());
        if (!typed || !left) continue;
        const type = typed.getType();
        // `??` keeps the left operand only when it is not nullish (an else branch narrows it so).
        const kept = nullish ? left.getType().getNonNullableType() : left.getType();
        if (type.isAny() || !kept.isAssignableTo(type)) continue;
        const printed = declaration.getTypeNode()?.getText() ?? typeText(type, exactNode(view.file, statement) ?? view.file);
        if (printed === 'any') continue;
        annotation = `: ${printed}`;
      } else if (declaration.getTypeNode()) {
        annotation = `: ${declaration.getTypeNode()!.getText()}`;
      }
      const semi = style.semicolons ? ';' : '';
      const end = semi || ';';
      const indent = indentationAt(text, statement.getStart());
      const { eol, indentUnit: unit } = style;
      const left = binary.getLeft().getText();
      const right = binary.getRight();
      const head = nullish
        ? `let ${name}${annotation}${semi}${eol}${indent}if (${left} === undefined || ${left} === null) {${eol}${indent}${unit}${name} = `
        : `let ${name}${annotation} = ${left}${semi}${eol}${indent}if (${OPERATORS.get(binary.getOperatorToken().getKind())!(name)}) {${eol}${indent}${unit}${name} = `;
      const tail = nullish ? `${end}${eol}${indent}} else {${eol}${indent}${unit}${name} = ${left}${end}${eol}${indent}}` : `${end}${eol}${indent}}`;
      // The right operand keeps its own text; it moves one level in, unless a line break sits in a
      // string or template literal, whose content must not change.
      const literals = multilineLiteralRanges(right, text);
      const extra = literals.length > 0 ? '' : unit;
      const body = text.slice(right.getStart(), right.getEnd()).replace(/\r?\n/g, (m) => `${m}${extra}`);
      out.push({
        statement, site,
        edit: { start: statement.getStart(), end: statement.getEnd(), text: `${head}${body}${tail}` },
        pushOffset: head.length + (site.call!.getStart() - right.getStart()) + linesBefore(text, right.getStart(), site.call!.getStart()) * extra.length,
      });
    }
    return out;
  } finally {
    view?.dispose();
  }
}

/** The node of the typed view with the same range as `node` of the analysed file. */
function exactNode(file: SourceFile, node: Node): Node | undefined {
  const token = file.getDescendantAtPos(node.getStart());
  return [token, ...(token?.getAncestors() ?? [])].find((n) => n !== undefined && n.getStart() === node.getStart() && n.getEnd() === node.getEnd() && n.getKind() === node.getKind());
}

function linesBefore(text: string, from: number, to: number): number {
  return (text.slice(from, to).match(/\n/g) ?? []).length;
}

/**
 * Runs `run` on the text with the rewrites applied; keeps the result when every rewritten question
 * was migrated (an edit replaces it), and maps its edits and findings back onto the original text.
 * Rewrites whose handler does not migrate are dropped and the rest tried again; undefined when none
 * is left.
 */
export function withShortCircuitsNormalised(
  ctx: TransformContext,
  rewrites: ShortCircuit[],
  run: (ctx: TransformContext) => TransformResult,
): TransformResult | undefined {
  let current = rewrites;
  while (current.length > 0) {
    const sorted = [...current].sort((a, b) => a.edit.start - b.edit.start);
    const text = applyEdits(ctx.text, sorted.map((r) => r.edit));
    const regions = regionsOf(sorted);
    const scratchPath = ctx.absPath.replace(/(\.[cm]?[jt]sx?)$/i, '.mrtr-short-circuit$1');
    const project = ctx.sourceFile.getProject();
    const scratch = project.createSourceFile(scratchPath, text, { overwrite: true });
    let result: TransformResult;
    try {
      result = run({ ...ctx, text, sourceFile: scratch });
    } finally {
      project.removeSourceFile(scratch);
    }
    const migrated = regions.filter((r) => result.edits.some((e) => e.start <= r.push && r.push < e.end));
    if (migrated.length === regions.length) return mapBack(result, regions, text);
    current = migrated.map((r) => r.rewrite);
  }
  return undefined;
}

interface Region {
  rewrite: ShortCircuit;
  /** In the rewritten text. */
  start: number;
  end: number;
  push: number;
  /** Length change the rewrite makes. */
  delta: number;
}

function regionsOf(sorted: ShortCircuit[]): Region[] {
  let shift = 0;
  return sorted.map((rewrite) => {
    const start = rewrite.edit.start + shift;
    const delta = rewrite.edit.text.length - (rewrite.edit.end - rewrite.edit.start);
    shift += delta;
    return { rewrite, start, end: start + rewrite.edit.text.length, push: start + rewrite.pushOffset, delta };
  });
}

/**
 * Edits on the rewritten text → edits on the original. Edits clear of every rewrite shift back;
 * a rewrite and the edits touching it become one edit over their joint span, whose text is that
 * span of the rewritten text with those edits applied.
 */
function mapBack(result: TransformResult, regions: Region[], rewritten: string): TransformResult {
  // Offsets outside every region: shift back by the rewrites before them.
  const toOriginal = (pos: number) => pos - regions.filter((r) => r.end <= pos).reduce((sum, r) => sum + r.delta, 0);
  const touching = (e: TextEdit, r: Region) => e.start < r.end && e.end > r.start;
  const edits: TextEdit[] = [];
  const grouped = new Set<TextEdit>();
  for (const region of regions) {
    let span = { start: region.start, end: region.end };
    let members: TextEdit[] = [];
    // Grow the span until no edit or other rewrite sticks out of it.
    for (let grown = true; grown;) {
      grown = false;
      for (const e of result.edits) {
        if (members.includes(e) || !(e.start < span.end && e.end > span.start)) continue;
        members.push(e);
        span = { start: Math.min(span.start, e.start), end: Math.max(span.end, e.end) };
        grown = true;
      }
      for (const r of regions) {
        if (r.start < span.end && r.end > span.start && (r.start < span.start || r.end > span.end)) {
          span = { start: Math.min(span.start, r.start), end: Math.max(span.end, r.end) };
          grown = true;
        }
      }
    }
    if (members.some((e) => grouped.has(e))) continue;
    members = members.filter((e) => e.start >= span.start && e.end <= span.end);
    for (const e of members) grouped.add(e);
    const inner = members.map((e) => ({ start: e.start - span.start, end: e.end - span.start, text: e.text }));
    edits.push({ start: toOriginal(span.start), end: toOriginal(span.end), text: applyEdits(rewritten.slice(span.start, span.end), inner) });
  }
  for (const edit of result.edits) {
    if (grouped.has(edit)) continue;
    if (regions.some((r) => touching(edit, r))) throw new Error('an edit overlaps a short-circuit rewrite it was not grouped with');
    edits.push({ start: toOriginal(edit.start), end: toOriginal(edit.end), text: edit.text });
  }
  const findings: FindingInput[] = result.findings.map((f) => {
    const region = regions.find((r) => f.pos >= r.start && f.pos < r.end);
    if (!region) return { ...f, pos: toOriginal(f.pos) };
    return { ...f, pos: f.pos === region.push ? region.rewrite.site.node.getStart() : region.rewrite.statement.getStart() };
  });
  return { ...result, edits, findings };
}
