// Shrinking a failing input to the smallest that still fails the same way: greedily, the largest
// piece first, remove a statement, a class member, an object property or an array element, or
// replace an `if`/`try` by its first block's statements, and keep the change when the case still
// fails with the same property and kind (and its input still typechecks, when it did).
import ts from 'typescript';
import { applyEdits } from '../../src/ast/edits.js';
import type { TextEdit } from '../../src/types.js';
import { parse, syntaxErrors } from './mutations.js';
import type { Failure, PropertyCheck, Subject } from './properties.js';

export interface Shrunk {
  text: string;
  failure: Failure;
  evaluations: number;
}

const BATCH = 12;

export function shrink(subject: Subject, target: Failure, check: PropertyCheck, maxEvaluations = 400): Shrunk {
  const [first] = check.evaluate([subject], { checkInputs: true });
  const mustTypecheck = first.inputTypechecks === true;
  let failure = first.failures.find((f) => f.property === target.property && f.kind === target.kind) ?? target;
  let text = subject.text;
  let evaluations = 1;
  let progress = true;
  while (progress && evaluations < maxEvaluations) {
    progress = false;
    const candidates = reductions(subject.seed.absPath, text).filter((t) => !syntaxErrors(subject.seed.absPath, t));
    for (let i = 0; i < candidates.length && evaluations < maxEvaluations; i += BATCH) {
      const batch = candidates.slice(i, i + BATCH);
      const verdicts = check.evaluate(batch.map((t) => ({ seed: subject.seed, text: t })), { checkInputs: mustTypecheck });
      evaluations += batch.length;
      const kept = verdicts.findIndex((v) => (!mustTypecheck || v.inputTypechecks === true) &&
        v.failures.some((f) => f.property === target.property && f.kind === target.kind));
      if (kept === -1) continue;
      text = batch[kept];
      failure = verdicts[kept].failures.find((f) => f.property === target.property && f.kind === target.kind)!;
      progress = true;
      break;
    }
  }
  return { text, failure, evaluations };
}

/** Every one-step reduction of the text, largest first. */
function reductions(fileName: string, text: string): string[] {
  const sf = parse(fileName, text);
  const edits: TextEdit[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node) || ts.isCaseClause(node) || ts.isDefaultClause(node)) {
      for (const statement of node.statements) edits.push(removal(text, sf, statement));
    }
    if (ts.isClassLike(node)) for (const member of node.members) edits.push(removal(text, sf, member));
    if (ts.isObjectLiteralExpression(node)) for (const prop of node.properties) edits.push(listRemoval(text, sf, prop));
    if (ts.isArrayLiteralExpression(node)) for (const element of node.elements) edits.push(listRemoval(text, sf, element));
    if (ts.isIfStatement(node) && ts.isBlock(node.thenStatement)) edits.push(unwrap(text, sf, node, node.thenStatement));
    if (ts.isTryStatement(node)) edits.push(unwrap(text, sf, node, node.tryBlock));
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edits
    .sort((a, b) => (b.end - b.start - b.text.length) - (a.end - a.start - a.text.length))
    .map((edit) => applyEdits(text, [edit]));
}

/** A node removed with its line when it stands alone on it. */
function removal(text: string, sf: ts.SourceFile, node: ts.Node): TextEdit {
  const start = node.getStart(sf);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const afterEnd = /^[ \t]*(?:\/\/[^\n]*)?\r?\n/.exec(text.slice(node.getEnd()));
  if (text.slice(lineStart, start).trim() === '' && afterEnd) return { start: lineStart, end: node.getEnd() + afterEnd[0].length, text: '' };
  return { start, end: node.getEnd(), text: '' };
}

/** An element of a comma-separated list removed with its comma. */
function listRemoval(text: string, sf: ts.SourceFile, node: ts.Node): TextEdit {
  const after = /^\s*,/.exec(text.slice(node.getEnd()));
  if (after) return { start: node.getStart(sf), end: node.getEnd() + after[0].length, text: '' };
  const before = /,\s*$/.exec(text.slice(0, node.getStart(sf)));
  return before ? { start: before.index, end: node.getEnd(), text: '' } : { start: node.getStart(sf), end: node.getEnd(), text: '' };
}

/** A statement replaced by the statements of one of its blocks. */
function unwrap(text: string, sf: ts.SourceFile, node: ts.Statement, block: ts.Block): TextEdit {
  const inner = block.statements.length === 0 ? '' : text.slice(block.statements[0].getStart(sf), block.statements[block.statements.length - 1].getEnd());
  return { start: node.getStart(sf), end: node.getEnd(), text: inner };
}
