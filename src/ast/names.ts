// Names a piece of syntax declares or reads as values: what travels between steps, what a
// moved statement needs, what a block binds.
import { Node, SyntaxKind, visitedOfKinds, type Statement } from '../ts-morph.js';

/** Names a statement declares in its block: variables (destructured too), types, functions, classes, enums. */
export function statementDeclaredNames(statement: Statement): string[] {
  if (Node.isVariableStatement(statement)) return statement.getDeclarations().flatMap((d) => bindingNames(d.getNameNode()));
  if (Node.isTypeAliasDeclaration(statement) || Node.isInterfaceDeclaration(statement) || Node.isFunctionDeclaration(statement) ||
    Node.isClassDeclaration(statement) || Node.isEnumDeclaration(statement)) {
    const name = statement.getName();
    return name ? [name] : [];
  }
  return [];
}

/** The names a binding (plain or destructured) declares. */
export function bindingNames(node: Node): string[] {
  if (Node.isIdentifier(node)) return [node.getText()];
  if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
    return node.getElements().flatMap((e) => (Node.isBindingElement(e) ? bindingNames(e.getNameNode()) : []));
  }
  return [];
}

/** Identifier names referenced (as values) in `node`. */
export function referencedNames(node: Node): string[] {
  return referenceNodes(node).map((n) => n.getText());
}

/** Identifiers referenced as values in `node` (optionally only those named `name`). */
export function referenceNodes(node: Node, name?: string): Node[] {
  const names: Node[] = [];
  const visit = (n: Node) => {
    if (Node.isIdentifier(n)) {
      const parent = n.getParent();
      if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === n) return;
      if (parent && (Node.isPropertyAssignment(parent) || Node.isPropertySignature(parent) || Node.isMethodDeclaration(parent) ||
        Node.isPropertyDeclaration(parent)) && parent.getNameNode() === n) return;
      if (parent && (Node.isTypeReference(parent) || Node.isQualifiedName(parent) || Node.isTypeQuery(parent))) return;
      if (parent && Node.isBindingElement(parent) && parent.getPropertyNameNode() === n) return;
      if (name === undefined || n.getText() === name) names.push(n);
    }
  };
  visit(node);
  // Only identifiers matter: the walk wraps nothing else (this runs on every statement of a handler).
  for (const id of visitedOfKinds(node, [SyntaxKind.Identifier])) visit(id);
  return names;
}

