// Tool definitions that registrations reach through values rather than through a function written
// at the registration: an object `{ name, handler }` (exported, built by a factory, gathered in an
// array or a table, possibly in other modules), or a class whose subclasses implement the method
// the base class calls. Pure syntax over a ModuleWorld (the modules of the run that imports lead
// to); nothing here guesses: a value that cannot be followed is simply not a definition.
import {
  Node,
  SyntaxKind,
  VariableDeclarationKind,
  type CallExpression,
  type ClassDeclaration,
  type ClassExpression,
  type ObjectLiteralExpression,
  type SourceFile,
  type TypeNode,
} from '../ts-morph.js';
import { type HandlerFunction } from './handlers.js';
import { findProperty, isFunctionLike, resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { isDefaultExport, isExported } from '../ast/exports.js';

/** The modules a file's imports lead to, parsed on demand. */
export interface ModuleWorld {
  /** The module `specifier` names from `from`, when it is a file of the run. */
  resolve(from: SourceFile, specifier: string): SourceFile | undefined;
  /** The modules known so far (subclasses of a base class are searched among them). */
  modules(): SourceFile[];
}

/** A world of one file: imports lead nowhere. */
export function singleFileWorld(file: SourceFile): ModuleWorld {
  return { resolve: () => undefined, modules: () => [file] };
}

export type Definition =
  | { kind: 'object'; node: ObjectLiteralExpression }
  | { kind: 'class'; node: ClassDeclaration | ClassExpression };

const MAX_DEPTH = 8;

/** What a declaration stands for: a const's initializer, an imported export, a function or class. */
function bindingValue(decl: Node, world: ModuleWorld, depth: number): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Node.isVariableDeclaration(decl)) {
    const list = decl.getParent();
    if (!Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== VariableDeclarationKind.Const || !Node.isIdentifier(decl.getNameNode())) return undefined;
    const init = decl.getInitializer();
    return init ? valueOf(init, world, depth + 1) : undefined;
  }
  if (Node.isImportSpecifier(decl)) {
    const module = world.resolve(decl.getSourceFile(), decl.getImportDeclaration().getModuleSpecifierValue());
    const exported = module && exportedDeclaration(module, decl.getName(), world, depth + 1);
    return exported && bindingValue(exported, world, depth + 1);
  }
  if (Node.isImportClause(decl)) {
    const declaration = decl.getParent();
    if (!Node.isImportDeclaration(declaration)) return undefined;
    const module = world.resolve(decl.getSourceFile(), declaration.getModuleSpecifierValue());
    const exported = module && exportedDeclaration(module, 'default', world, depth + 1);
    return exported && bindingValue(exported, world, depth + 1);
  }
  if (Node.isFunctionDeclaration(decl)) return decl.hasBody() ? decl : decl.getImplementation();
  if (Node.isClassDeclaration(decl)) return decl;
  if (Node.isExpression(decl)) return valueOf(decl, world, depth + 1);
  return undefined;
}

/**
 * The declaration a module exports under `name` (`export const`, `export function`, `export class`,
 * `export { a as name }`, re-exports, `export default`); undefined when it cannot be found.
 */
export function exportedDeclaration(module: SourceFile, name: string, world: ModuleWorld, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  for (const statement of module.getStatements()) {
    if (Node.isVariableStatement(statement) && isExported(statement) && name !== 'default') {
      const decl = statement.getDeclarations().find((d) => d.getName() === name);
      if (decl) return decl;
    } else if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && isExported(statement)) {
      if (name === 'default' ? isDefaultExport(statement) : statement.getName() === name && !isDefaultExport(statement)) return statement;
    } else if (Node.isExportAssignment(statement) && name === 'default' && !statement.isExportEquals()) {
      return statement.getExpression();
    } else if (Node.isExportDeclaration(statement) && !statement.isTypeOnly()) {
      const specifier = statement.getModuleSpecifierValue();
      const target = specifier === undefined ? undefined : world.resolve(module, specifier);
      const named = statement.getNamedExports();
      if (named.length === 0 && target && name !== 'default') {
        const found = exportedDeclaration(target, name, world, depth + 1);
        if (found) return found;
        continue;
      }
      for (const spec of named) {
        if ((spec.getAliasNode()?.getText() ?? spec.getName()) !== name) continue;
        if (target) return exportedDeclaration(target, spec.getName(), world, depth + 1);
        if (specifier === undefined) return topLevelDeclaration(module, spec.getName());
      }
    }
  }
  return undefined;
}

/** A declaration at the top of a module by name: a variable, function, class or import. */
function topLevelDeclaration(module: SourceFile, name: string): Node | undefined {
  for (const statement of module.getStatements()) {
    if (Node.isVariableStatement(statement)) {
      const decl = statement.getDeclarations().find((d) => d.getName() === name);
      if (decl) return decl;
    } else if ((Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) && statement.getName() === name) return statement;
    else if (Node.isImportDeclaration(statement)) {
      const spec = statement.getNamedImports().find((s) => (s.getAliasNode() ?? s.getNameNode()).getText() === name);
      if (spec) return spec;
      const clause = statement.getImportClause();
      if (clause?.getDefaultImport()?.getText() === name) return clause;
    }
  }
  return undefined;
}

/**
 * What an expression evaluates to, followed through identifiers (consts, imports of modules of the
 * run) and `ns.X` of a namespace import: an object or array literal, a function, a class, a call…
 */
export function valueOf(expr: Node, world: ModuleWorld, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const e = unwrapExpression(expr);
  if (Node.isIdentifier(e)) {
    const decl = resolveIdentifier(e);
    return decl ? bindingValue(decl, world, depth + 1) : undefined;
  }
  if (Node.isPropertyAccessExpression(e)) {
    const target = unwrapExpression(e.getExpression());
    const decl = Node.isIdentifier(target) ? resolveIdentifier(target) : undefined;
    if (decl && Node.isNamespaceImport(decl)) {
      const declaration = decl.getFirstAncestorByKind(SyntaxKind.ImportDeclaration);
      const module = declaration && world.resolve(decl.getSourceFile(), declaration.getModuleSpecifierValue());
      const exported = module && exportedDeclaration(module, e.getName(), world, depth + 1);
      return exported && bindingValue(exported, world, depth + 1);
    }
    // A member of a const object literal (`TOOLS.archive`).
    const obj = valueOf(target, world, depth + 1);
    if (obj && Node.isObjectLiteralExpression(obj)) {
      const prop = findProperty(obj, e.getName());
      if (prop && Node.isPropertyAssignment(prop)) return valueOf(prop.getInitializerOrThrow(), world, depth + 1);
      if (prop && Node.isShorthandPropertyAssignment(prop)) return valueOf(prop.getNameNode(), world, depth + 1);
    }
    return e;
  }
  return e;
}

/** The function a value is (a declaration, an arrow or function expression). */
export function functionValue(expr: Node, world: ModuleWorld, depth = 0): HandlerFunction | undefined {
  let value = valueOf(expr, world, depth);
  // `fn.bind(x)` stands for fn.
  if (value && Node.isCallExpression(value)) {
    const callee = unwrapExpression(value.getExpression());
    if (Node.isPropertyAccessExpression(callee) && callee.getName() === 'bind') value = valueOf(callee.getExpression(), world, depth + 1);
  }
  if (value && (Node.isArrowFunction(value) || Node.isFunctionExpression(value) || Node.isFunctionDeclaration(value) || Node.isMethodDeclaration(value))) {
    return value.getBody() ? value : undefined;
  }
  return undefined;
}

/** The expressions a function returns (its arrow body, or its own return statements). */
export function returnedExpressions(fn: Node): Node[] {
  if (Node.isArrowFunction(fn)) {
    const body = fn.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  if (!isFunctionLike(fn)) return [];
  return fn.getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor(isFunctionLike) === fn)
    .flatMap((r) => (r.getExpression() ? [r.getExpression()!] : []));
}

/** The function a call calls, in this module or one of the run (`f(…)`, `ns.f(…)`). */
export function calledFunction(call: CallExpression, world: ModuleWorld, depth = 0): HandlerFunction | undefined {
  return functionValue(call.getExpression(), world, depth);
}

/**
 * The elements of a collection: an array literal (spreads included), a table's values (an object
 * literal, `Object.values(x)`), what a function returns (`getAllTools()`), a subset of one
 * (`filter`, `slice`); undefined when the expression is none of these.
 */
export function elementsOf(expr: Node, world: ModuleWorld, depth = 0): Node[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const value = valueOf(expr, world, depth);
  if (!value) return undefined;
  if (Node.isArrayLiteralExpression(value)) {
    return value.getElements().flatMap((el) => (Node.isSpreadElement(el) ? elementsOf(el.getExpression(), world, depth + 1) ?? [] : [el]));
  }
  if (Node.isObjectLiteralExpression(value)) {
    return value.getProperties().flatMap((p) => {
      if (Node.isPropertyAssignment(p)) return [p.getInitializerOrThrow()];
      if (Node.isShorthandPropertyAssignment(p)) return [p.getNameNode()];
      if (Node.isSpreadAssignment(p)) return elementsOf(p.getExpression(), world, depth + 1) ?? [];
      return [];
    });
  }
  if (Node.isCallExpression(value)) {
    const callee = unwrapExpression(value.getExpression());
    if (Node.isPropertyAccessExpression(callee)) {
      const method = callee.getName();
      const target = callee.getExpression();
      if (target.getText() === 'Object' && method === 'values') {
        const arg = value.getArguments()[0];
        return arg ? elementsOf(arg, world, depth + 1) : undefined;
      }
      if (method === 'filter' || method === 'slice') return elementsOf(target, world, depth + 1);
      if (method === 'concat') {
        return [target, ...value.getArguments()].flatMap((part) => elementsOf(part, world, depth + 1) ?? []);
      }
    }
    const fn = calledFunction(value, world, depth + 1);
    if (!fn) return undefined;
    return returnedExpressions(fn).flatMap((r) => elementsOf(r, world, depth + 1) ?? []);
  }
  return undefined;
}

/**
 * The definitions a value may be: an object literal, an instance of a class (`new X(…)`), what a
 * factory returns (`createDeployTool(api)`).
 */
export function definitionsOf(expr: Node, world: ModuleWorld, depth = 0): Definition[] {
  if (depth > MAX_DEPTH) return [];
  const value = valueOf(expr, world, depth);
  if (!value) return [];
  if (Node.isObjectLiteralExpression(value)) return [{ kind: 'object', node: value }];
  if (Node.isNewExpression(value)) {
    const cls = valueOf(value.getExpression(), world, depth + 1);
    return cls && (Node.isClassDeclaration(cls) || Node.isClassExpression(cls)) ? [{ kind: 'class', node: cls }] : [];
  }
  if (Node.isCallExpression(value)) {
    const fn = calledFunction(value, world, depth + 1);
    return fn ? returnedExpressions(fn).flatMap((r) => definitionsOf(r, world, depth + 1)) : [];
  }
  return [];
}

/** The function a definition has under `member`: an object's method or function property, a class's (or base class's) method. */
export function memberFunction(def: Definition, member: string, world: ModuleWorld): HandlerFunction | undefined {
  if (def.kind === 'object') {
    const prop = findProperty(def.node, member);
    if (!prop) return undefined;
    if (Node.isMethodDeclaration(prop)) return prop.hasBody() ? prop : undefined;
    if (Node.isPropertyAssignment(prop)) return functionValue(prop.getInitializerOrThrow(), world);
    if (Node.isShorthandPropertyAssignment(prop)) return functionValue(prop.getNameNode(), world);
    return undefined;
  }
  for (let cls: Node | undefined = def.node, depth = 0; cls && depth < MAX_DEPTH; depth++) {
    if (!Node.isClassDeclaration(cls) && !Node.isClassExpression(cls)) return undefined;
    const own = classMember(cls, member);
    if (own) return own;
    const base: Node | undefined = cls.getExtends()?.getExpression();
    cls = base ? valueOf(base, world) : undefined;
  }
  return undefined;
}

/** An instance method with a body, or an instance property holding an arrow function, of the class itself. */
export function classMember(cls: ClassDeclaration | ClassExpression, member: string): HandlerFunction | undefined {
  for (const m of cls.getMembers()) {
    if (Node.isMethodDeclaration(m) && m.getName() === member && !m.isStatic()) return m.hasBody() ? m : undefined;
    if (Node.isPropertyDeclaration(m) && m.getName() === member && !m.isStatic()) {
      const init = m.getInitializer();
      const fn = init && unwrapExpression(init);
      return fn && (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) ? fn : undefined;
    }
  }
  return undefined;
}

/** Classes of the world that extend `base`, directly or through other classes, nearest first. */
export function subclassesOf(base: ClassDeclaration | ClassExpression, world: ModuleWorld): ClassDeclaration[] {
  const found: ClassDeclaration[] = [];
  const known = new Set<Node>([base]);
  for (let changed = true; changed; ) {
    changed = false;
    for (const module of world.modules()) {
      for (const cls of module.getDescendantsOfKind(SyntaxKind.ClassDeclaration)) {
        if (known.has(cls)) continue;
        const heritage = cls.getExtends()?.getExpression();
        const parent = heritage && valueOf(heritage, world);
        if (parent && known.has(parent)) {
          known.add(cls);
          found.push(cls);
          changed = true;
        }
      }
    }
  }
  return found;
}

/** The `name` property of an object definition (its value expression), if it has one. */
export function definitionNameExpression(def: Definition): Node | undefined {
  if (def.kind !== 'object') return undefined;
  const prop = findProperty(def.node, 'name');
  if (prop && Node.isPropertyAssignment(prop)) return prop.getInitializerOrThrow();
  if (prop && Node.isShorthandPropertyAssignment(prop)) return prop.getNameNode();
  return undefined;
}

/**
 * The types a definition is declared with, where it is written: its variable's annotation, a
 * `satisfies` / `as`, its factory's return type, the element type of the array or table it is
 * written in (`const tools: Tool[] = [{ … }]`, `Record<string, Tool>`).
 */
export function declaredDefinitionTypes(def: Definition): TypeNode[] {
  if (def.kind !== 'object') return [];
  const types: TypeNode[] = [];
  let node: Node = def.node;
  for (let parent = node.getParent(); parent; node = parent, parent = parent.getParent()) {
    if (Node.isParenthesizedExpression(parent) || Node.isAsExpression(parent) || Node.isSatisfiesExpression(parent)) {
      if (!Node.isParenthesizedExpression(parent)) types.push(parent.getTypeNode()!);
      continue;
    }
    if (Node.isVariableDeclaration(parent)) {
      const type = parent.getTypeNode();
      if (type) types.push(type);
    } else if (Node.isReturnStatement(parent) || (Node.isArrowFunction(parent) && parent.getBody() === node)) {
      const fn = Node.isReturnStatement(parent) ? parent.getFirstAncestor(isFunctionLike) : parent;
      const type = fn && (fn as unknown as { getReturnTypeNode?(): TypeNode | undefined }).getReturnTypeNode?.();
      if (type) types.push(type);
    } else if (Node.isArrayLiteralExpression(parent) || Node.isPropertyAssignment(parent)) {
      // An element of a collection: the collection's declared element type.
      const collection = Node.isPropertyAssignment(parent) ? parent.getParent() : parent;
      const holder = collection.getParent();
      const type = holder && Node.isVariableDeclaration(holder) ? holder.getTypeNode() : undefined;
      const element = type && collectionElementType(type);
      if (element) types.push(element);
    }
    break;
  }
  return types;
}

/** `T[]`, `Array<T>`, `ReadonlyArray<T>`, `Record<K, T>`, `{ [k: string]: T }` → T. */
export function collectionElementType(type: TypeNode): TypeNode | undefined {
  if (Node.isArrayTypeNode(type)) return type.getElementTypeNode();
  if (Node.isTypeOperatorTypeNode(type)) return collectionElementType(type.getTypeNode());
  if (Node.isTypeReference(type)) {
    const name = type.getTypeName().getText();
    const args = type.getTypeArguments();
    if ((name === 'Array' || name === 'ReadonlyArray') && args.length === 1) return args[0];
    if (name === 'Record' && args.length === 2) return args[1];
  }
  if (Node.isTypeLiteral(type)) {
    const index = type.getIndexSignatures()[0];
    return index?.getReturnTypeNode();
  }
  return undefined;
}

/**
 * The function type a declared type gives `member` (`interface Tool { handler: (a, c) => R }`,
 * `type Tool = Base & { execute(a): R }`), followed into type aliases and interfaces of the world.
 */
export function memberFunctionType(type: TypeNode, member: string, world: ModuleWorld, depth = 0): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Node.isParenthesizedTypeNode(type)) return memberFunctionType(type.getTypeNode(), member, world, depth + 1);
  if (Node.isIntersectionTypeNode(type)) {
    for (const part of type.getTypeNodes()) {
      const found = memberFunctionType(part, member, world, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (Node.isTypeLiteral(type)) return memberOfTypeMembers(type.getMembers(), member, world, depth);
  if (!Node.isTypeReference(type)) return undefined;
  const nameNode = type.getTypeName();
  if (!Node.isIdentifier(nameNode)) return undefined;
  const decl = resolveIdentifier(nameNode) ?? topLevelTypeDeclaration(type.getSourceFile(), nameNode.getText());
  const target = decl && typeDeclaration(decl, world, depth);
  if (!target) return undefined;
  if (Node.isInterfaceDeclaration(target)) return memberOfTypeMembers(target.getMembers(), member, world, depth);
  if (Node.isTypeAliasDeclaration(target)) {
    const inner = target.getTypeNode();
    return inner ? memberFunctionType(inner, member, world, depth + 1) : undefined;
  }
  return undefined;
}

/** The function type an interface or type alias declares `member` with. */
export function declaredMemberType(owner: Node, member: string, world: ModuleWorld): Node | undefined {
  if (Node.isInterfaceDeclaration(owner)) return memberOfTypeMembers(owner.getMembers(), member, world, 0);
  if (Node.isTypeAliasDeclaration(owner)) {
    const inner = owner.getTypeNode();
    return inner ? memberFunctionType(inner, member, world) : undefined;
  }
  return undefined;
}

function memberOfTypeMembers(members: Node[], member: string, world: ModuleWorld, depth: number): Node | undefined {
  for (const m of members) {
    if (Node.isMethodSignature(m) && m.getName() === member) return m;
    if (Node.isPropertySignature(m) && m.getName() === member) {
      const t = m.getTypeNode();
      return t && functionTypeNode(t, world, depth);
    }
  }
  return undefined;
}

/** A function type, written out or named (`handler: ToolHandler`, `type ToolHandler = (…) => …`, here or imported). */
function functionTypeNode(type: TypeNode, world: ModuleWorld, depth: number): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (Node.isParenthesizedTypeNode(type)) return functionTypeNode(type.getTypeNode(), world, depth + 1);
  if (Node.isFunctionTypeNode(type)) return type;
  const nameNode = Node.isTypeReference(type) ? type.getTypeName() : undefined;
  if (!nameNode || !Node.isIdentifier(nameNode)) return undefined;
  const decl = resolveIdentifier(nameNode) ?? topLevelTypeDeclaration(type.getSourceFile(), nameNode.getText());
  const target = decl && typeDeclaration(decl, world, depth);
  const inner = target && Node.isTypeAliasDeclaration(target) ? target.getTypeNode() : undefined;
  return inner && functionTypeNode(inner, world, depth + 1);
}

function topLevelTypeDeclaration(file: SourceFile, name: string): Node | undefined {
  return file.getInterface(name) ?? file.getTypeAlias(name) ?? topLevelDeclaration(file, name);
}

/** An interface or type alias, in this module or (through an import) another of the world. */
function typeDeclaration(decl: Node, world: ModuleWorld, depth: number): Node | undefined {
  if (Node.isInterfaceDeclaration(decl) || Node.isTypeAliasDeclaration(decl)) return decl;
  if (Node.isImportSpecifier(decl)) {
    const module = world.resolve(decl.getSourceFile(), decl.getImportDeclaration().getModuleSpecifierValue());
    if (!module) return undefined;
    const exported = exportedTypeDeclaration(module, decl.getName(), world, depth + 1);
    return exported;
  }
  return undefined;
}

function exportedTypeDeclaration(module: SourceFile, name: string, world: ModuleWorld, depth: number): Node | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const own = module.getInterface(name) ?? module.getTypeAlias(name);
  if (own) return isExported(own) ? own : undefined;
  for (const statement of module.getExportDeclarations()) {
    const specifier = statement.getModuleSpecifierValue();
    const target = specifier === undefined ? undefined : world.resolve(module, specifier);
    if (!target) continue;
    const named = statement.getNamedExports();
    if (named.length === 0) {
      const found = exportedTypeDeclaration(target, name, world, depth + 1);
      if (found) return found;
    }
    for (const spec of named) {
      if ((spec.getAliasNode()?.getText() ?? spec.getName()) === name) return exportedTypeDeclaration(target, spec.getName(), world, depth + 1);
    }
  }
  return undefined;
}
