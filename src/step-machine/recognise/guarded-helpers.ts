// Helpers with guard clauses: pure code before the question that may `return` without asking
// (`if (!PROTECTED.has(env)) return true;`). Their request builder returns a small tagged union,
//
//   { ask: request }  the helper would ask: the handler asks it as a round of its own
//   { done: value }   the helper returns `value` without asking: the handler goes on with it
//
// and the handler's step asks only for `ask`. The guards are pure, so on the retry they give the
// same answer from the same inputs.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';

/** What a guarded helper's request builder returns. */
export function guardedRequestType(request: string, result: string): string {
  return `{ ask: ${request} } | { done: ${result} }`;
}

/**
 * A guarded helper is lifted only when its done values have a type to carry (a declared result type
 * in TypeScript) and its question is a form elicitation or a sampling request.
 */
export function guardLiftable(fn: Node, site: PushSite): boolean {
  if (site.kind !== 'elicitation' && site.kind !== 'sampling') return false;
  if (site.kind === 'elicitation' && site.elicitMode === 'url') return false;
  const javascript = /\.[cm]?jsx?$/.test(fn.getSourceFile().getFilePath());
  const returnType = (fn as import('ts-morph').FunctionDeclaration).getReturnTypeNode?.();
  return javascript || returnType !== undefined;
}

/** The helper's own `return x` statements in `statement`, rewritten to `return { done: x }`. */
export function guardReturnEdits(statement: Statement): { node: Node; text: string }[] {
  const returns = Node.isReturnStatement(statement) ? [statement] : statement.getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => !r.getFirstAncestor((a) => a !== statement && statement.containsRange(a.getPos(), a.getEnd()) &&
      (Node.isFunctionLikeDeclaration(a) || Node.isArrowFunction(a) || Node.isFunctionExpression(a))));
  return returns.map((r) => {
    const value = r.getExpression();
    if (value) return { node: value, text: `{ done: ${value.getText()} }` };
    return { node: r, text: `return { done: undefined }${r.getText().trimEnd().endsWith(';') ? ';' : ''}` };
  });
}

/** `'ask' in step`: the handler's test for a round it asks. */
export function asksWhen(requestName: string): string {
  return `'ask' in ${requestName}`;
}
