// Scope and literal resolution within one file, by syntax alone: what an identifier is declared as,
// the string or object literal an expression stands for, the function a callee names. Used where
// no type checker is at hand (plain JS, a file parsed alone) and as the fast path where one is.
import {
  Node,
  SyntaxKind,
  VariableDeclarationKind,
  type ArrowFunction,
  type BindingName,
  type FunctionDeclaration,
  type FunctionExpression,
  type Identifier,
  type MethodDeclaration,
  type ObjectLiteralExpression,
  type ParameterDeclaration,
} from '../ts-morph.js';
import { unwrapExpression } from './unwrap.js';

/** A function with a body that can be registered or called: arrow, function expression or declaration, method. */
export type FunctionNode = ArrowFunction | FunctionExpression | FunctionDeclaration | MethodDeclaration;

/**
 * The string an expression stands for: a string literal, a template without substitutions, or an
 * identifier bound to a `const` holding one (in this file).
 */
export function stringValue(expr: Node | undefined, depth = 0): string | undefined {
  if (!expr) return undefined;
  const e = unwrapExpression(expr);
  if (Node.isStringLiteral(e) || Node.isNoSubstitutionTemplateLiteral(e)) return e.getLiteralValue();
  if (Node.isIdentifier(e) && depth < 5) {
    const decl = resolveIdentifier(e);
    if (decl && Node.isVariableDeclaration(decl) && Node.isIdentifier(decl.getNameNode()) && isConst(decl)) {
      return stringValue(decl.getInitializer(), depth + 1);
    }
  }
  return undefined;
}

function isConst(decl: Node): boolean {
  const list = decl.getParent();
  return !!list && Node.isVariableDeclarationList(list) && list.getDeclarationKind() === VariableDeclarationKind.Const;
}

/** The object literal an expression is, or a const/let bound to one in this file. */
export function resolveObjectLiteral(expr: Node | undefined, depth = 0): ObjectLiteralExpression | undefined {
  if (!expr) return undefined;
  const e = unwrapExpression(expr);
  if (Node.isObjectLiteralExpression(e)) return e;
  if (Node.isIdentifier(e) && depth < 5) {
    const decl = resolveIdentifier(e);
    if (decl && Node.isVariableDeclaration(decl) && Node.isIdentifier(decl.getNameNode())) {
      return resolveObjectLiteral(decl.getInitializer(), depth + 1);
    }
  }
  return undefined;
}

/** A property (assignment, shorthand or method) of an object literal, by its static name. */
export function findProperty(obj: ObjectLiteralExpression, key: string): Node | undefined {
  return obj.getProperties().find((p) => propertyName(p) === key);
}

/** Static name of an object literal member; undefined for spreads and computed names. */
export function propertyName(prop: Node): string | undefined {
  if (
    Node.isPropertyAssignment(prop) ||
    Node.isShorthandPropertyAssignment(prop) ||
    Node.isMethodDeclaration(prop) ||
    Node.isGetAccessorDeclaration(prop) ||
    Node.isSetAccessorDeclaration(prop)
  ) {
    const name = prop.getNameNode();
    if (Node.isIdentifier(name) || Node.isPrivateIdentifier(name)) return name.getText();
    if (Node.isStringLiteral(name) || Node.isNoSubstitutionTemplateLiteral(name) || Node.isNumericLiteral(name)) {
      return name.getLiteralValue().toString();
    }
    if (Node.isComputedPropertyName(name)) return stringValue(name.getExpression());
  }
  return undefined;
}

/** For an identifier bound by an import: the exported name it imports (alias-aware); else its own text. */
export function importedNameOf(id: Identifier): string {
  const decl = resolveIdentifier(id);
  if (decl && Node.isImportSpecifier(decl)) return decl.getName();
  return id.getText();
}

export type FunctionLike = Node & { getParameters(): ParameterDeclaration[] };

/** Functions that open a new scope for `this`/parameters. */
export function isFunctionLike(node: Node): boolean {
  return (
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isFunctionDeclaration(node) ||
    Node.isMethodDeclaration(node) ||
    Node.isConstructorDeclaration(node) ||
    Node.isGetAccessorDeclaration(node) ||
    Node.isSetAccessorDeclaration(node)
  );
}

/** Every identifier in `root` (a file, or the scope of `decl`) that refers to `decl` (the declaration node resolveIdentifier returns). */
export function referencesTo(root: Node, name: string, decl: Node): Identifier[] {
  return root.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
    if (id.getText() !== name) return false;
    const parent = id.getParent();
    // `x.name` property names and `{ name: … }` keys are not references.
    if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if (parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === id) return false;
    if (parent && (Node.isVariableDeclaration(parent) || Node.isFunctionDeclaration(parent) || Node.isParameterDeclaration(parent)) && parent.getNameNode() === id) {
      return false;
    }
    if (parent && (Node.isImportSpecifier(parent) || Node.isBindingElement(parent))) return false;
    const target = resolveIdentifier(id);
    return target !== undefined && target.compilerNode === decl.compilerNode;
  });
}

/**
 * The declaration an identifier refers to, found by walking the enclosing scopes of this file:
 * a VariableDeclaration, ParameterDeclaration, BindingElement, FunctionDeclaration,
 * ClassDeclaration, EnumDeclaration, ImportSpecifier, ImportClause or NamespaceImport.
 * Undefined for globals and anything not declared in the file.
 */
export function resolveIdentifier(id: Identifier): Node | undefined {
  const name = id.getText();
  let scope: Node | undefined = id.getParent();
  while (scope) {
    const found = declarationIn(scope, name);
    if (found) return found;
    scope = scope.getParent();
  }
  return undefined;
}

/**
 * `id`'s name is declared in a scope between it and `outer` (`outer` included): a parameter, a
 * catch binding, a loop head, a block's declaration. Then `id` does not refer to what a scope
 * around `outer` declares under that name.
 */
export function declaredWithin(id: Node, outer: Node): boolean {
  const name = id.getText();
  for (let scope = id.getParent(); scope; scope = scope.getParent()) {
    if (declarationIn(scope, name)) return true;
    if (scope === outer) return false;
  }
  return false;
}

function declarationIn(scope: Node, name: string): Node | undefined {
  if (isFunctionLike(scope)) {
    for (const param of (scope as FunctionLike).getParameters()) {
      const hit = bindingIn(param.getNameNode(), name, param);
      if (hit) return hit;
    }
    if (Node.isFunctionExpression(scope) && scope.getName() === name) return scope;
    return undefined;
  }
  if (Node.isBlock(scope) || Node.isSourceFile(scope) || Node.isModuleBlock(scope) || Node.isCaseClause(scope) || Node.isDefaultClause(scope)) {
    return blockDeclarations(scope).get(name);
  }
  if (Node.isCaseBlock(scope)) {
    for (const clause of scope.getClauses()) {
      for (const statement of clause.getStatements()) {
        const hit = declarationInStatement(statement, name);
        if (hit) return hit;
      }
    }
    return undefined;
  }
  if (Node.isForStatement(scope) || Node.isForOfStatement(scope) || Node.isForInStatement(scope)) {
    const init = scope.getInitializer();
    if (init && Node.isVariableDeclarationList(init)) {
      for (const decl of init.getDeclarations()) {
        const hit = bindingIn(decl.getNameNode(), name, decl);
        if (hit) return hit;
      }
    }
    return undefined;
  }
  if (Node.isCatchClause(scope)) {
    const decl = scope.getVariableDeclaration();
    if (decl) return bindingIn(decl.getNameNode(), name, decl);
    return undefined;
  }
  if (Node.isClassExpression(scope) && scope.getName() === name) return scope;
  return undefined;
}

/** Declarations made directly in a block, by name; built once per block (files can be large). */
const blockCache = new WeakMap<object, Map<string, Node>>();

function blockDeclarations(block: Node & { getStatements(): Node[] }): Map<string, Node> {
  const key = block.compilerNode;
  let map = blockCache.get(key);
  if (map) return map;
  map = new Map();
  for (const statement of block.getStatements()) {
    for (const name of declaredNames(statement)) {
      if (map.has(name)) continue;
      const hit = declarationInStatement(statement, name);
      if (hit) map.set(name, hit);
    }
  }
  blockCache.set(key, map);
  return map;
}

function declaredNames(statement: Node): string[] {
  const names: string[] = [];
  const collect = (nameNode: BindingName): void => {
    if (Node.isIdentifier(nameNode)) names.push(nameNode.getText());
    else for (const element of nameNode.getElements()) if (!Node.isOmittedExpression(element)) collect(element.getNameNode());
  };
  if (Node.isVariableStatement(statement)) for (const decl of statement.getDeclarations()) collect(decl.getNameNode());
  else if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement) || Node.isEnumDeclaration(statement)) {
    const name = statement.getName();
    if (name) names.push(name);
  } else if (Node.isImportDeclaration(statement)) {
    const clause = statement.getImportClause();
    const def = clause?.getDefaultImport();
    if (def) names.push(def.getText());
    const ns = clause?.getNamespaceImport();
    if (ns) names.push(ns.getText());
    for (const spec of clause?.getNamedImports() ?? []) names.push((spec.getAliasNode() ?? spec.getNameNode()).getText());
  }
  return names;
}

function declarationInStatement(statement: Node, name: string): Node | undefined {
  if (Node.isVariableStatement(statement)) {
    for (const decl of statement.getDeclarations()) {
      const hit = bindingIn(decl.getNameNode(), name, decl);
      if (hit) return hit;
    }
  } else if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement) || Node.isEnumDeclaration(statement)) {
    if (statement.getName() === name) {
      if (Node.isFunctionDeclaration(statement) && !statement.hasBody()) {
        // An overload signature: the implementation is the declaration that matters.
        return statement.getImplementation() ?? statement;
      }
      return statement;
    }
  } else if (Node.isImportDeclaration(statement)) {
    const clause = statement.getImportClause();
    if (!clause) return undefined;
    if (clause.getDefaultImport()?.getText() === name) return clause;
    const ns = clause.getNamespaceImport();
    if (ns?.getText() === name) return ns.getParent();
    for (const spec of clause.getNamedImports()) {
      if ((spec.getAliasNode() ?? spec.getNameNode()).getText() === name) return spec;
    }
  }
  return undefined;
}

/** The VariableDeclaration/Parameter (plain name) or BindingElement (pattern) declaring `name`. */
function bindingIn(nameNode: BindingName, name: string, owner: Node): Node | undefined {
  if (Node.isIdentifier(nameNode)) return nameNode.getText() === name ? owner : undefined;
  for (const element of nameNode.getElements()) {
    if (Node.isOmittedExpression(element)) continue;
    const inner = element.getNameNode();
    if (Node.isIdentifier(inner)) {
      if (inner.getText() === name) return element;
    } else {
      const hit = bindingIn(inner, name, element);
      if (hit) return hit;
    }
  }
  return undefined;
}

/**
 * The function an expression stands for, resolved within the file: inline arrows / function
 * expressions, identifiers bound to function declarations or const function expressions,
 * `this.method` / `obj.method` / `Class.staticMethod`, and `.bind(...)` of any of these.
 */
export function resolveFunction(expr: Node, depth = 0): FunctionNode | undefined {
  if (depth > 6) return undefined;
  const e = unwrapExpression(expr);
  if (Node.isArrowFunction(e) || Node.isFunctionExpression(e)) return e;
  if (Node.isCallExpression(e)) {
    const callee = e.getExpression();
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind') {
      return resolveFunction(callee.getExpression(), depth + 1);
    }
    return undefined;
  }
  if (Node.isIdentifier(e)) {
    const decl = resolveIdentifier(e);
    if (!decl) return undefined;
    if (Node.isFunctionDeclaration(decl)) return decl.hasBody() ? decl : undefined;
    if (Node.isVariableDeclaration(decl)) {
      const init = decl.getInitializer();
      return init ? resolveFunction(init, depth + 1) : undefined;
    }
    return undefined;
  }
  if (Node.isPropertyAccessExpression(e)) {
    const member = e.getName();
    const target = unwrapExpression(e.getExpression());
    if (Node.isThisExpression(target)) {
      const cls = target.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a));
      if (cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls))) return classMemberFunction(cls, member, false, depth);
      const obj = target.getFirstAncestor((a) => Node.isObjectLiteralExpression(a));
      if (obj && Node.isObjectLiteralExpression(obj)) return objectMemberFunction(obj, member, depth);
      return undefined;
    }
    if (Node.isIdentifier(target)) {
      const decl = resolveIdentifier(target);
      if (decl && (Node.isClassDeclaration(decl) || Node.isClassExpression(decl))) return classMemberFunction(decl, member, true, depth);
      if (decl && Node.isVariableDeclaration(decl)) {
        const obj = resolveObjectLiteral(decl.getInitializer());
        if (obj) return objectMemberFunction(obj, member, depth);
        const init = decl.getInitializer();
        if (init) {
          const inner = unwrapExpression(init);
          if (Node.isClassExpression(inner)) return classMemberFunction(inner, member, true, depth);
        }
      }
    }
  }
  return undefined;
}

function classMemberFunction(cls: Node, member: string, isStatic: boolean, depth: number): FunctionNode | undefined {
  if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) return undefined;
  for (const m of cls.getMembers()) {
    if (Node.isMethodDeclaration(m) && propertyName(m) === member && m.isStatic() === isStatic && m.hasBody()) return m;
    if (Node.isPropertyDeclaration(m) && m.getName() === member && m.isStatic() === isStatic) {
      const init = m.getInitializer();
      if (init) return resolveFunction(init, depth + 1);
    }
  }
  return undefined;
}

function objectMemberFunction(obj: ObjectLiteralExpression, member: string, depth: number): FunctionNode | undefined {
  const prop = findProperty(obj, member);
  if (!prop) return undefined;
  if (Node.isMethodDeclaration(prop)) return prop;
  if (Node.isPropertyAssignment(prop)) {
    const init = prop.getInitializer();
    return init ? resolveFunction(init, depth + 1) : undefined;
  }
  if (Node.isShorthandPropertyAssignment(prop)) return resolveFunction(prop.getNameNode(), depth + 1);
  return undefined;
}
