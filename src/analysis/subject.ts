// The name a tool or prompt is registered under, as the handler binds its requestState to it. A
// string literal (or a const, an `as const` object member, a string enum member) is the name
// itself; any other expression (`TOOLS.getItem`, `tool.name` of a loop, `this.name`) is the subject
// when the handler can evaluate it again on every leg and get the same value: property reads from
// a binding that cannot change (an import, an enum, a const, a parameter never assigned, `this`
// seen from the same object) that the handler sees under the same name.
import { Node, SyntaxKind, VariableDeclarationKind } from '../ts-morph.js';
import { findProperty, resolveIdentifier, resolveObjectLiteral, stringValue } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';

export interface RegisteredName {
  /** The name, when the expression stands for a string known here. */
  name?: string;
  /** The expression as code the handler evaluates for its subject, when it is not a string literal. */
  subjectExpression?: string;
  /** Why neither is known. */
  subjectProblem?: string;
}

/** How `nameArg` names the handler `fn`: a known string, an expression `fn` can evaluate, or neither. */
export function registeredName(nameArg: Node | undefined, fn: Node): RegisteredName {
  if (!nameArg) return {};
  const literal = stringValue(nameArg);
  if (literal !== undefined) return { name: literal };
  // A member of a const object or enum is the name, and stays the subject as written.
  const e = unwrapExpression(nameArg);
  const member = memberString(e);
  const stable = stableIn(e, fn);
  if (member !== undefined) return stable ? { name: member, subjectExpression: e.getText() } : { name: member };
  return stable ? { subjectExpression: e.getText() } : { subjectProblem: `the name it is registered under (${e.getText()}) may not have the same value when the handler runs again` };
}

/** `TOOLS.getItem` of a const object literal, `ToolName.GetItem` of a string enum: its string. */
export function memberString(expr: Node, depth = 0): string | undefined {
  const e = unwrapExpression(expr);
  if (!Node.isPropertyAccessExpression(e) || depth > 4) return undefined;
  const target = unwrapExpression(e.getExpression());
  if (!Node.isIdentifier(target)) return undefined;
  const decl = resolveIdentifier(target);
  if (decl && Node.isEnumDeclaration(decl)) {
    const member = decl.getMember(e.getName());
    const init = member?.getInitializer();
    return init ? stringValue(init) : undefined;
  }
  if (!decl || !Node.isVariableDeclaration(decl) || decl.getVariableStatement()?.getDeclarationKind() !== VariableDeclarationKind.Const) return undefined;
  const obj = resolveObjectLiteral(decl.getInitializer());
  const prop = obj && findProperty(obj, e.getName());
  if (!prop || !Node.isPropertyAssignment(prop)) return undefined;
  const init = prop.getInitializer();
  return init ? stringValue(init) ?? memberString(init, depth + 1) : undefined;
}

/**
 * `expr` gives the same value when `fn` evaluates it again: a chain of property reads from a
 * binding that cannot change and that `fn` sees under the same name (it is declared around `fn`,
 * and nothing in `fn` declares that name again).
 */
export function stableIn(expr: Node, fn: Node): boolean {
  let root: Node = expr;
  while (Node.isPropertyAccessExpression(root)) {
    if (root.hasQuestionDotToken()) return false;
    root = unwrapExpression(root.getExpression());
  }
  if (Node.isThisExpression(root)) return sameThis(root, fn);
  if (!Node.isIdentifier(root)) return false;
  const name = root.getText();
  const decl = resolveIdentifier(root);
  if (!decl || !unchanging(decl, name)) return false;
  const scope = declarationScope(decl);
  if (!scope || !scope.containsRange(fn.getPos(), fn.getEnd())) return false;
  // The handler must not declare the name again (a parameter or local of its own).
  return !fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name && isDeclaredName(id));
}

/** A binding nothing assigns again: an import, enum, class, function, const, or a parameter never assigned. */
function unchanging(decl: Node, name: string): boolean {
  if (Node.isImportSpecifier(decl) || Node.isImportClause(decl) || Node.isNamespaceImport(decl) || Node.isImportDeclaration(decl)) return true;
  if (Node.isEnumDeclaration(decl) || Node.isClassDeclaration(decl) || Node.isFunctionDeclaration(decl)) return true;
  if (Node.isVariableDeclaration(decl)) {
    const list = decl.getParent();
    return Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
  }
  if (Node.isParameterDeclaration(decl)) {
    const owner = decl.getParent();
    return !owner.getDescendantsOfKind(SyntaxKind.BinaryExpression).some((b) =>
      b.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment && b.getOperatorToken().getKind() <= SyntaxKind.LastAssignment &&
      unwrapExpression(b.getLeft()).getText() === name);
  }
  return false;
}

/** The node whose extent the binding is visible in. */
function declarationScope(decl: Node): Node | undefined {
  if (Node.isParameterDeclaration(decl)) return decl.getParent();
  return decl.getFirstAncestor((a) =>
    Node.isBlock(a) || Node.isSourceFile(a) || Node.isModuleBlock(a) || Node.isForOfStatement(a) || Node.isForInStatement(a) ||
    Node.isForStatement(a) || Node.isCaseClause(a) || Node.isDefaultClause(a));
}

function isDeclaredName(id: Node): boolean {
  const parent = id.getParent();
  return !!parent && (Node.isParameterDeclaration(parent) || Node.isVariableDeclaration(parent) || Node.isBindingElement(parent) ||
    Node.isFunctionDeclaration(parent)) && (parent as { getNameNode(): Node }).getNameNode() === id;
}

/** `this` at the registration is the `this` the handler sees: an arrow in the same function, or a method of the same class. */
function sameThis(thisNode: Node, fn: Node): boolean {
  const owner = (n: Node) => n.getFirstAncestor((a) => !Node.isArrowFunction(a) && (Node.isFunctionDeclaration(a) || Node.isFunctionExpression(a) ||
    Node.isMethodDeclaration(a) || Node.isConstructorDeclaration(a) || Node.isGetAccessorDeclaration(a) || Node.isPropertyDeclaration(a) ||
    Node.isClassStaticBlockDeclaration(a)));
  if (Node.isArrowFunction(fn)) return owner(fn) === owner(thisNode) && owner(thisNode) !== undefined;
  if (Node.isMethodDeclaration(fn) && !fn.isStatic()) {
    const cls = (n: Node) => n.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
    return cls(fn) !== undefined && cls(fn) === cls(thisNode);
  }
  return false;
}
