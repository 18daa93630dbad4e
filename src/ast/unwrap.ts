// Through the syntax that wraps an expression without changing its value: parentheses, `as`,
// `satisfies`, `!` and `<T>x`. One set of wrappers, walked down (to the expression) or up (to the
// outermost wrapper); compiler-nodes.ts walks the same set on the compiler's own nodes.
import { Node } from '../ts-morph.js';

/** A node that wraps one expression and stands for its value. */
export function isValueWrapper(node: Node): boolean {
  return (
    Node.isParenthesizedExpression(node) ||
    Node.isAsExpression(node) ||
    Node.isSatisfiesExpression(node) ||
    Node.isNonNullExpression(node) ||
    Node.isTypeAssertion(node)
  );
}

/** Strips parentheses, `as`, `satisfies`, `!` and `<T>x` around an expression. */
export function unwrapExpression(expr: Node): Node {
  let e = expr;
  while (isValueWrapper(e)) e = (e as Node & { getExpression(): Node }).getExpression();
  return e;
}

/** The outermost wrapper around `node` (itself when it has none). */
export function outermostWrapper(node: Node): Node {
  let current = node;
  for (let parent = current.getParent(); parent && isValueWrapper(parent); parent = current.getParent()) current = parent;
  return current;
}

/** The first ancestor of `node` that is not a parenthesis (casts count: they change what a binding holds). */
export function parentOutsideParentheses(node: Node): Node | undefined {
  let parent = node.getParent();
  while (parent && Node.isParenthesizedExpression(parent)) parent = parent.getParent();
  return parent;
}
