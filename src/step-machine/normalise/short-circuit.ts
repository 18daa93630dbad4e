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
import { Node, SyntaxKind, type SourceFile, type VariableStatement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { TransformContext, TransformResult } from '../../types.js';
import { normaliseAndRetry, type StatementRewrite } from './normalise-and-retry.js';
import { typedView, typeText } from '../../analysis/carried-types.js';
import { isPureExpression } from '../../analysis/purity.js';
import { indentationAt, multilineLiteralRanges } from '../../ast/text.js';
import type { TextStyle } from '../../ast/text-style.js';

export interface ShortCircuit extends StatementRewrite {
  /** The const statement, in the original text. */
  statement: VariableStatement;
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
 * was migrated (an edit replaces it), mapped back onto the original text. Rewrites whose handler
 * does not migrate are dropped and the rest tried again; undefined when none is left.
 */
export function withShortCircuitsNormalised(
  ctx: TransformContext,
  rewrites: ShortCircuit[],
  run: (ctx: TransformContext) => TransformResult,
): TransformResult | undefined {
  return normaliseAndRetry(ctx, rewrites, {
    label: 'mrtr-short-circuit',
    run,
    migrated: ({ push }, result) => result.edits.some((e) => e.start <= push! && push! < e.end),
  })?.result;
}
