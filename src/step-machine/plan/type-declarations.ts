// A type declaration in the handler (`type Slot = …`, `interface Plan { … }`) computes nothing, so
// the rewrite may move it: out of a block that runs on one leg only (a prefix's guard, a step's
// `if (state.step === …)`) to where every later leg, and the state type, still see it. One that
// names a value's type (`typeof plan`) stays with the value.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import { lineEndAfter, lineStartOf } from '../../ast/text.js';

export function isMovableTypeDeclaration(st: Statement): boolean {
  return (Node.isTypeAliasDeclaration(st) || Node.isInterfaceDeclaration(st)) && st.getDescendantsOfKind(SyntaxKind.TypeQuery).length === 0;
}

/** The whole lines of a statement, with the comments above it. */
export function statementLines(st: Statement, text: string): { start: number; end: number } {
  const comments = st.getLeadingCommentRanges();
  return { start: lineStartOf(text, comments.length > 0 ? comments[0].getPos() : st.getStart()), end: lineEndAfter(text, st.getEnd()) };
}
