// Which identifiers refer to a value: `x` in `x.name` and `{ key: x }` does, `name` and `key` do not.
import { Node } from '../ts-morph.js';

/** `x.name`, `{ name: … }`, `name() {}`, `A.name` in a type: a name of a member, not a reference. */
export function isPropertyName(id: Node): boolean {
  const parent = id.getParent();
  if (!parent) return false;
  if (Node.isQualifiedName(parent)) return parent.getRight() === id;
  if (Node.isPropertyAccessExpression(parent) || Node.isPropertyAssignment(parent) || Node.isMethodDeclaration(parent) ||
    Node.isPropertyDeclaration(parent) || Node.isPropertySignature(parent) || Node.isMethodSignature(parent)) {
    return parent.getNameNode() === id;
  }
  return false;
}

/** `x.name` and `{ name: … }`: the name of a member read or written, not a use of a variable. */
export function isMemberName(id: Node): boolean {
  const parent = id.getParent();
  return !!parent && (Node.isPropertyAccessExpression(parent) || Node.isPropertyAssignment(parent)) && parent.getNameNode() === id;
}
