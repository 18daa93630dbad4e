// Where the object a method is called on comes from, told from the file's own code: an SDK class
// (`McpServer`, `Server`, `Client`, a transport) of `@modelcontextprotocol/sdk` or a v2 package,
// something else (a class of this file, an object literal, a value), or cannot be told. Only
// provable origins count, never a name:
//   new C(…)                 C imported from the SDK (also through `require`), or a class of this
//                            file (extending an SDK class: the SDK's; extending nothing: other)
//   this / super             the class around (its base for `super`)
//   const x = …, let x = …   what every assignment of x in the file gives
//   x: T (parameter, field)  T imported from the SDK, a class or interface of this file, an alias
//   this.f / x.f             a field of a class of this file, `<McpServer>.server`, a property of
//   (fields)                 an object literal
//   f(…)                     a function of this file whose every return gives the same
// Identifiers are resolved by the compiler's binder over this file alone (no library, no imports
// followed), so shadowing and hoisting are the language's. Compiler nodes, not ts-morph's
// wrappers: the v1 upgrade asks on every file that imports the SDK.
import { ts } from '../ts-morph.js';

export type OriginHow = 'construction' | 'annotation' | 'inheritance' | 'factory' | 'field';

export type ReceiverOrigin =
  /** `className` is the SDK class (`McpServer`); `subclass` the class of this file extending it, if any. */
  | { kind: 'sdk'; className: string; how: OriginHow; subclass?: ts.ClassLikeDeclaration }
  /** `what` says what it is, for messages; `declaration` is the class or object literal it is an instance of, when one. */
  | { kind: 'other'; what: string; declaration?: ts.ClassLikeDeclaration | ts.ObjectLiteralExpression }
  /** `declaration`: the class of this file it is an instance of, when one (whose base is not known). */
  | { kind: 'unknown'; why: string; declaration?: ts.ClassLikeDeclaration };

/** `@modelcontextprotocol/sdk` and its subpaths, and the v2 packages. */
export function isSdkModule(module: string): boolean {
  return /^@modelcontextprotocol\/(?:sdk|server|client|core|node|express|hono)(?:\/|$)/.test(module);
}

/** What McpServer exposes as a field, by class: the v1 and v2 `McpServer.server` is the low-level `Server`. */
const SDK_FIELDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  McpServer: { server: 'Server' },
};

/** Globals whose instances are plainly not the SDK's. */
const BUILTIN_CLASSES = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array', 'Object', 'Date', 'Error', 'Promise', 'URL', 'RegExp', 'AbortController', 'EventTarget', 'Headers', 'Request', 'Response']);

const MAX_DEPTH = 8;

interface Analysis {
  checker: ts.TypeChecker;
  memo: Map<ts.Node, ReceiverOrigin>;
  /** Assignments `x = …` and `this.f = …` of the file, by the name assigned. */
  assignments?: Map<string, ts.BinaryExpression[]>;
}

const analyses = new WeakMap<ts.SourceFile, Analysis>();

function analysisOf(file: ts.SourceFile): Analysis {
  let found = analyses.get(file);
  if (!found) {
    found = { checker: aloneChecker(file), memo: new Map() };
    analyses.set(file, found);
  }
  return found;
}

/** A checker over `file` alone: enough to tell which declaration a name of the file means. */
function aloneChecker(file: ts.SourceFile): ts.TypeChecker {
  const host: ts.CompilerHost = {
    getSourceFile: (name) => (name === file.fileName ? file : undefined),
    writeFile: () => {},
    getDefaultLibFileName: () => '/__no_lib__.d.ts',
    useCaseSensitiveFileNames: () => true,
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: () => '/',
    getNewLine: () => '\n',
    fileExists: (name) => name === file.fileName,
    readFile: () => undefined,
  };
  const options: ts.CompilerOptions = { noLib: true, noResolve: true, allowJs: true, types: [], target: ts.ScriptTarget.ES2022 };
  return ts.createProgram([file.fileName], options, host).getTypeChecker();
}

function unwrap(expr: ts.Expression): ts.Expression {
  let current = expr;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) || ts.isTypeAssertionExpression(current)) {
    current = current.expression;
  }
  return current;
}

/** Where the value of `expr` (a receiver) comes from. */
export function receiverOrigin(expr: ts.Expression): ReceiverOrigin {
  return valueOrigin(analysisOf(expr.getSourceFile()), expr, 0);
}

/** The SDK class a value of this type annotation is, when the annotation says so (see receiverOrigin). */
export function annotationOrigin(type: ts.TypeNode): ReceiverOrigin {
  return typeOrigin(analysisOf(type.getSourceFile()), type, 0);
}

/** What an instance of a class of this file is (a subclass of an SDK class is the SDK's). */
export function instanceOrigin(cls: ts.ClassLikeDeclaration): ReceiverOrigin {
  return instanceOf(analysisOf(cls.getSourceFile()), cls, 0);
}

const unknown = (why: string): ReceiverOrigin => ({ kind: 'unknown', why });

function valueOrigin(a: Analysis, expr: ts.Expression, depth: number): ReceiverOrigin {
  if (depth > MAX_DEPTH) return unknown('followed too far');
  const e = unwrap(expr);
  if (e.kind === ts.SyntaxKind.ThisKeyword) {
    const cls = thisClass(e);
    return cls ? instanceOf(a, cls, depth + 1) : unknown('`this` outside a class');
  }
  if (e.kind === ts.SyntaxKind.SuperKeyword) {
    const cls = thisClass(e);
    const base = cls && extendsClause(cls);
    return base ? classRefOrigin(a, base, depth + 1) : unknown('`super` without a base class');
  }
  if (ts.isNewExpression(e)) return classRefOrigin(a, e.expression, depth + 1);
  if (ts.isObjectLiteralExpression(e)) return { kind: 'other', what: 'an object literal', declaration: e };
  if (ts.isArrayLiteralExpression(e) || ts.isStringLiteralLike(e) || ts.isTemplateExpression(e) || ts.isNumericLiteral(e) || ts.isArrowFunction(e) || ts.isFunctionExpression(e) || ts.isRegularExpressionLiteral(e)) {
    return { kind: 'other', what: 'a literal value' };
  }
  if (ts.isClassExpression(e)) return { kind: 'other', what: 'a class', declaration: e };
  if (ts.isConditionalExpression(e)) return same(a, [e.whenTrue, e.whenFalse], depth);
  if (ts.isBinaryExpression(e) && (e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || e.operatorToken.kind === ts.SyntaxKind.BarBarToken)) {
    return same(a, [e.left, e.right], depth);
  }
  if (ts.isIdentifier(e)) return identifierOrigin(a, e, depth);
  if (ts.isPropertyAccessExpression(e)) return memberOrigin(a, e, depth);
  if (ts.isCallExpression(e)) return callOrigin(a, e, depth);
  if (ts.isAwaitExpression(e) && ts.isCallExpression(unwrap(e.expression))) return callOrigin(a, unwrap(e.expression) as ts.CallExpression, depth);
  return unknown('an expression this file does not say more of');
}

/** All of `exprs` have the one origin; else unknown. */
function same(a: Analysis, exprs: readonly ts.Expression[], depth: number): ReceiverOrigin {
  const origins = exprs.map((x) => valueOrigin(a, x, depth + 1));
  return agree(origins);
}

function agree(origins: readonly ReceiverOrigin[]): ReceiverOrigin {
  if (origins.length === 0) return unknown('no value');
  const [first] = origins;
  if (first.kind === 'unknown') return first;
  for (const o of origins.slice(1)) {
    if (o.kind === 'unknown') return o;
    if (o.kind !== first.kind) return unknown('an SDK object on one path and something else on another');
    if (o.kind === 'sdk' && first.kind === 'sdk' && o.className !== first.className) return unknown(`a ${first.className} on one path and a ${o.className} on another`);
  }
  return first;
}

/** The class whose `this` a node sees (arrow functions see their surroundings' `this`). */
function thisClass(node: ts.Node): ts.ClassLikeDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (ts.isClassLike(n)) return n;
    if (ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n)) return undefined;
  }
  return undefined;
}

function extendsClause(cls: ts.ClassLikeDeclaration): ts.Expression | undefined {
  const clause = cls.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
  return clause?.types[0]?.expression;
}

/** An instance of a class of this file. */
function instanceOf(a: Analysis, cls: ts.ClassLikeDeclaration, depth: number): ReceiverOrigin {
  const base = extendsClause(cls);
  if (!base) return { kind: 'other', what: `an instance of ${cls.name ? cls.name.text : 'a class'} (declared in this file)`, declaration: cls };
  const origin = classRefOrigin(a, base, depth + 1);
  if (origin.kind === 'sdk') return { ...origin, how: 'inheritance', subclass: origin.subclass ?? cls };
  if (origin.kind === 'other') return { kind: 'other', what: `an instance of ${cls.name ? cls.name.text : 'a class'} (declared in this file)`, declaration: cls };
  return { kind: 'unknown', why: `${cls.name ? cls.name.text : 'the class'} extends something this file does not say more of (${origin.why})`, declaration: cls };
}

/** The symbol's one declaration in this file (undefined: a global, or declared more than once). */
function declarationOf(a: Analysis, id: ts.Identifier): ts.Declaration | undefined {
  let symbol: ts.Symbol | undefined;
  try {
    symbol = a.checker.getSymbolAtLocation(id);
  } catch {
    return undefined;
  }
  const declarations = symbol?.declarations ?? [];
  if (symbol && ts.isShorthandPropertyAssignment(id.parent) && id.parent.name === id) {
    const value = a.checker.getShorthandAssignmentValueSymbol(id.parent);
    return value?.declarations?.length === 1 ? value.declarations[0] : undefined;
  }
  return declarations.length === 1 ? declarations[0] : undefined;
}

/** What `new <expr>` / `extends <expr>` constructs. */
function classRefOrigin(a: Analysis, expr: ts.Expression, depth: number): ReceiverOrigin {
  if (depth > MAX_DEPTH) return unknown('followed too far');
  const e = unwrap(expr);
  if (ts.isIdentifier(e)) {
    const decl = declarationOf(a, e);
    if (!decl) return BUILTIN_CLASSES.has(e.text) && !hasDeclarationNamed(a, e) ? { kind: 'other', what: `a ${e.text}` } : unknown(`${e.text} is not declared in this file`);
    const imported = importedFrom(decl);
    if (imported) {
      return isSdkModule(imported.module) && imported.name !== '*' && imported.name !== 'default'
        ? { kind: 'sdk', className: imported.name, how: 'construction' }
        : imported.module.startsWith('node:') || NODE_BUILTINS.has(imported.module)
          ? { kind: 'other', what: `a ${imported.name === 'default' ? e.text : imported.name} of ${imported.module}` }
          : unknown(`${e.text} is imported from ${imported.module}`);
    }
    if (ts.isClassDeclaration(decl)) return instanceOf(a, decl, depth + 1);
    if (ts.isVariableDeclaration(decl) && decl.initializer && isConstDeclaration(decl)) {
      const init = unwrap(decl.initializer);
      if (ts.isClassExpression(init)) return instanceOf(a, init, depth + 1);
      if (ts.isIdentifier(init) || ts.isPropertyAccessExpression(init)) return classRefOrigin(a, init, depth + 1);
    }
    return unknown(`${e.text} is not a class this file declares or imports from the SDK`);
  }
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression)) {
    const decl = declarationOf(a, e.expression);
    const imported = decl && importedFrom(decl);
    if (imported && imported.name === '*' && isSdkModule(imported.module)) return { kind: 'sdk', className: e.name.text, how: 'construction' };
    if (imported && imported.name !== '*' && isSdkModule(imported.module)) return unknown(`${e.getText()} is not a class of the SDK`);
  }
  return unknown('a class this file does not name');
}

/** `Map` with a local `Map` declared somewhere in the file (the binder found none in scope, or several). */
function hasDeclarationNamed(a: Analysis, id: ts.Identifier): boolean {
  try {
    return (a.checker.getSymbolAtLocation(id)?.declarations?.length ?? 0) > 0;
  } catch {
    return true;
  }
}

const NODE_BUILTINS = new Set(['events', 'fs', 'net', 'http', 'https', 'stream', 'readline', 'child_process', 'worker_threads', 'url', 'path', 'os', 'crypto', 'zlib']);

interface Imported {
  module: string;
  /** The exported name; `*` for a namespace (or a whole `require`), `default`. */
  name: string;
}

/** An import (ESM, or a `require` destructured or whole) the declaration stands for. */
function importedFrom(decl: ts.Declaration): Imported | undefined {
  if (ts.isImportSpecifier(decl)) {
    const spec = decl.parent.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(spec) ? { module: spec.text, name: (decl.propertyName ?? decl.name).text } : undefined;
  }
  if (ts.isImportClause(decl)) return ts.isStringLiteral(decl.parent.moduleSpecifier) ? { module: decl.parent.moduleSpecifier.text, name: 'default' } : undefined;
  if (ts.isNamespaceImport(decl)) {
    const spec = decl.parent.parent.moduleSpecifier;
    return ts.isStringLiteral(spec) ? { module: spec.text, name: '*' } : undefined;
  }
  if (ts.isImportEqualsDeclaration(decl) && ts.isExternalModuleReference(decl.moduleReference) && ts.isStringLiteral(decl.moduleReference.expression)) {
    return { module: decl.moduleReference.expression.text, name: '*' };
  }
  if (ts.isBindingElement(decl) && ts.isObjectBindingPattern(decl.parent) && ts.isVariableDeclaration(decl.parent.parent)) {
    const module = requiredModule(decl.parent.parent.initializer);
    const key = decl.propertyName ?? decl.name;
    return module !== undefined && ts.isIdentifier(key) ? { module, name: key.text } : undefined;
  }
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name)) {
    const module = requiredModule(decl.initializer);
    if (module !== undefined) return { module, name: '*' };
    // `const McpServer = require('…').McpServer`
    const init = decl.initializer && unwrap(decl.initializer);
    if (init && ts.isPropertyAccessExpression(init)) {
      const from = requiredModule(init.expression);
      if (from !== undefined) return { module: from, name: init.name.text };
    }
  }
  return undefined;
}

/** `require('m')` → 'm'. */
function requiredModule(expr: ts.Expression | undefined): string | undefined {
  const e = expr && unwrap(expr);
  if (!e || !ts.isCallExpression(e) || !ts.isIdentifier(e.expression) || e.expression.text !== 'require' || e.arguments.length !== 1) return undefined;
  const arg = e.arguments[0];
  return ts.isStringLiteralLike(arg) ? arg.text : undefined;
}

/** The declared type: the annotation, or in JavaScript the JSDoc one (`@param {McpServer} server`, `@type`). */
function declaredType(decl: ts.ParameterDeclaration | ts.VariableDeclaration | ts.PropertyDeclaration): ts.TypeNode | undefined {
  if (decl.type) return decl.type;
  return /\.[cm]?jsx?$/.test(decl.getSourceFile().fileName) ? ts.getJSDocType(decl) : undefined;
}

function isConstDeclaration(decl: ts.VariableDeclaration): boolean {
  return ts.isVariableDeclarationList(decl.parent) && (decl.parent.flags & ts.NodeFlags.Const) !== 0;
}

function identifierOrigin(a: Analysis, id: ts.Identifier, depth: number): ReceiverOrigin {
  const decl = declarationOf(a, id);
  if (!decl) return unknown(`${id.text} is not declared in this file`);
  const memo = a.memo.get(decl);
  if (memo) return memo;
  // A circle (`let a = b; b = a`) cannot be followed: unknown until answered.
  a.memo.set(decl, unknown(`${id.text} is defined through itself`));
  const origin = declarationOrigin(a, decl, id.text, depth);
  a.memo.set(decl, origin);
  return origin;
}

function declarationOrigin(a: Analysis, decl: ts.Declaration, name: string, depth: number): ReceiverOrigin {
  const imported = importedFrom(decl);
  if (imported) return isSdkModule(imported.module) ? unknown(`${name} is the SDK's ${imported.name === '*' ? 'module' : imported.name} itself, not an instance`) : unknown(`${name} is imported from ${imported.module}`);
  if (ts.isClassDeclaration(decl)) return { kind: 'other', what: `the class ${name} itself`, declaration: decl };
  if (ts.isFunctionDeclaration(decl) || ts.isEnumDeclaration(decl)) return { kind: 'other', what: `the ${ts.isFunctionDeclaration(decl) ? 'function' : 'enum'} ${name}` };
  if (ts.isParameter(decl)) {
    const type = declaredType(decl);
    if (type) {
      const typed = typeOrigin(a, type, depth + 1);
      if (typed.kind !== 'unknown') return { ...typed, ...(typed.kind === 'sdk' ? { how: 'annotation' as const } : {}) };
      return unknown(type.kind === ts.SyntaxKind.AnyKeyword ? `${name} is a parameter of type any` : `${name} is a parameter whose type this file does not settle: ${typed.why}`);
    }
    return unknown(`${name} is a parameter without a type`);
  }
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name)) {
    const type = declaredType(decl);
    if (type) {
      const typed = typeOrigin(a, type, depth + 1);
      if (typed.kind !== 'unknown') return typed.kind === 'sdk' ? { ...typed, how: 'annotation' } : typed;
    }
    const values = [...(decl.initializer ? [decl.initializer] : []), ...(isConstDeclaration(decl) ? [] : assignedValues(a, decl, name))];
    if (values.length === 0) return unknown(`${name} is declared without a value`);
    return same(a, values, depth);
  }
  return unknown(`${name} is declared in a way this file does not say more of`);
}

/** The values assigned to the variable `decl` anywhere in the file (`name = …`). */
function assignedValues(a: Analysis, decl: ts.Declaration, name: string): ts.Expression[] {
  return assignments(a, decl.getSourceFile()).get(name)?.filter((b) => ts.isIdentifier(b.left) && declarationOf(a, b.left) === decl).map((b) => b.right) ?? [];
}

/** Every `x = …` / `this.f = …` / `x.f = …` of the file, by the name on the left. */
function assignments(a: Analysis, file: ts.SourceFile): Map<string, ts.BinaryExpression[]> {
  if (!a.assignments) {
    const found = new Map<string, ts.BinaryExpression[]>();
    const visit = (node: ts.Node): void => {
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
        const left = unwrap(node.left);
        const key = ts.isIdentifier(left) ? left.text : ts.isPropertyAccessExpression(left) ? `.${left.name.text}` : undefined;
        if (key !== undefined) found.set(key, [...(found.get(key) ?? []), node]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    a.assignments = found;
  }
  return a.assignments;
}

/** What a value of the annotated type is. */
function typeOrigin(a: Analysis, type: ts.TypeNode, depth: number): ReceiverOrigin {
  if (depth > MAX_DEPTH) return unknown('followed too far');
  if (ts.isParenthesizedTypeNode(type)) return typeOrigin(a, type.type, depth + 1);
  if (ts.isUnionTypeNode(type)) {
    const members = type.types.filter((t) => t.kind !== ts.SyntaxKind.UndefinedKeyword && !(ts.isLiteralTypeNode(t) && t.literal.kind === ts.SyntaxKind.NullKeyword));
    return members.length === 1 ? typeOrigin(a, members[0], depth + 1) : unknown('a union type');
  }
  // A structural type is a contract anything with those members fits, the SDK's objects included.
  if (ts.isTypeLiteralNode(type)) return unknown('a type literal, which an SDK object may fit');
  // `import('@modelcontextprotocol/sdk/server/mcp.js').McpServer` (JSDoc, or TypeScript).
  if (ts.isImportTypeNode(type) && ts.isLiteralTypeNode(type.argument) && ts.isStringLiteral(type.argument.literal) && type.qualifier && !type.isTypeOf) {
    const module = type.argument.literal.text;
    const last = ts.isIdentifier(type.qualifier) ? type.qualifier.text : type.qualifier.right.text;
    return isSdkModule(module) ? { kind: 'sdk', className: last, how: 'annotation' } : unknown(`${type.getText()} is a type of ${module}`);
  }
  if (!ts.isTypeReferenceNode(type)) return unknown('a type this file does not say more of');
  const name = type.typeName;
  if (ts.isQualifiedName(name)) {
    if (!ts.isIdentifier(name.left)) return unknown('a qualified type');
    const decl = declarationOf(a, name.left);
    const imported = decl && importedFrom(decl);
    return imported && imported.name === '*' && isSdkModule(imported.module) ? { kind: 'sdk', className: name.right.text, how: 'annotation' } : unknown(`${name.getText()} is not declared in this file`);
  }
  const decl = declarationOf(a, name);
  if (!decl) return unknown(`${name.text} is not declared in this file`);
  const imported = importedFrom(decl);
  if (imported) {
    return isSdkModule(imported.module) && imported.name !== '*' && imported.name !== 'default' ? { kind: 'sdk', className: imported.name, how: 'annotation' } : unknown(`${name.text} is imported from ${imported.module}`);
  }
  if (ts.isClassDeclaration(decl)) return instanceOf(a, decl, depth + 1);
  if (ts.isInterfaceDeclaration(decl)) return unknown(`${name.text} is an interface of this file, which an SDK object may fit`);
  if (ts.isTypeAliasDeclaration(decl)) return typeOrigin(a, decl.type, depth + 1);
  return unknown(`${name.text} is declared in a way this file does not say more of`);
}

/** `this.f`, `x.f`, `x.server`. */
function memberOrigin(a: Analysis, access: ts.PropertyAccessExpression, depth: number): ReceiverOrigin {
  const holder = valueOrigin(a, access.expression, depth + 1);
  const name = access.name.text;
  // A field the class of this file declares says what it holds, whatever the class extends.
  if (holder.kind === 'unknown' && holder.declaration) return classField(a, holder.declaration, name, depth) ?? holder;
  if (holder.kind === 'sdk') {
    const field = SDK_FIELDS[holder.className]?.[name];
    // A field of a class of this file that extends the SDK's comes first.
    const own = holder.subclass && classField(a, holder.subclass, name, depth);
    if (own) return own;
    return field ? { kind: 'sdk', className: field, how: 'field' } : unknown(`${access.getText()} is not a field this tool knows of ${holder.className}`);
  }
  if (holder.kind === 'other' && holder.declaration) {
    const d = holder.declaration;
    if (ts.isObjectLiteralExpression(d)) {
      const prop = d.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === name);
      if (prop && ts.isPropertyAssignment(prop)) return valueOrigin(a, prop.initializer, depth + 1);
      if (prop && ts.isShorthandPropertyAssignment(prop)) return valueOrigin(a, prop.name, depth + 1);
      return unknown(`${access.getText()} is not a property the object literal is written with`);
    }
    if (ts.isClassLike(d)) return classField(a, d, name, depth) ?? unknown(`${access.getText()} is not a field ${d.name?.text ?? 'the class'} declares`);
  }
  return holder.kind === 'unknown' ? holder : unknown(`${access.getText()} is a field of something this file does not say more of`);
}

/**
 * A field of a class of this file (or a base class of this file): its type, its initializer,
 * a constructor parameter property, and every `this.f = …` inside the class, which must agree.
 */
function classField(a: Analysis, cls: ts.ClassLikeDeclaration, name: string, depth: number): ReceiverOrigin | undefined {
  if (depth > MAX_DEPTH) return unknown('followed too far');
  const origins: ReceiverOrigin[] = [];
  let declared = false;
  for (const member of cls.members) {
    if (ts.isPropertyDeclaration(member) && member.name && (ts.isIdentifier(member.name) || ts.isPrivateIdentifier(member.name)) && member.name.text === name) {
      declared = true;
      const type = declaredType(member);
      if (type) {
        const typed = typeOrigin(a, type, depth + 1);
        if (typed.kind !== 'unknown') return typed.kind === 'sdk' ? { ...typed, how: 'annotation' } : typed;
      }
      if (member.initializer) origins.push(valueOrigin(a, member.initializer, depth + 1));
    }
    if (ts.isConstructorDeclaration(member)) {
      for (const param of member.parameters) {
        if (!ts.isIdentifier(param.name) || param.name.text !== name || !ts.getModifiers(param)?.some((m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.PublicKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword || m.kind === ts.SyntaxKind.ReadonlyKeyword)) continue;
        declared = true;
        const type = declaredType(param);
        if (type) {
          const typed = typeOrigin(a, type, depth + 1);
          if (typed.kind !== 'unknown') return typed.kind === 'sdk' ? { ...typed, how: 'annotation' } : typed;
        }
        origins.push(unknown(`${name} is a constructor parameter without a type`));
      }
    }
  }
  for (const assignment of assignments(a, cls.getSourceFile()).get(`.${name}`) ?? []) {
    const left = unwrap(assignment.left) as ts.PropertyAccessExpression;
    if (unwrap(left.expression).kind !== ts.SyntaxKind.ThisKeyword || thisClass(left) !== cls) continue;
    declared = true;
    origins.push(valueOrigin(a, assignment.right, depth + 1));
  }
  if (!declared) {
    const base = extendsClause(cls);
    if (!base) return undefined;
    const baseOrigin = classRefOrigin(a, base, depth + 1);
    if (baseOrigin.kind === 'sdk') {
      const field = SDK_FIELDS[baseOrigin.className]?.[name];
      return field ? { kind: 'sdk', className: field, how: 'field' } : undefined;
    }
    if (baseOrigin.kind === 'other' && baseOrigin.declaration && ts.isClassLike(baseOrigin.declaration)) return classField(a, baseOrigin.declaration, name, depth + 1);
    return undefined;
  }
  return origins.length > 0 ? agree(origins) : unknown(`${name} is declared without a value`);
}

/** `f(…)` with f a function of this file: what every `return` of it gives. */
function callOrigin(a: Analysis, call: ts.CallExpression, depth: number): ReceiverOrigin {
  const callee = unwrap(call.expression);
  if (!ts.isIdentifier(callee)) return unknown(`${callee.getText()}(…) returns something this file does not say more of`);
  const decl = declarationOf(a, callee);
  let fn: ts.FunctionLikeDeclaration | undefined;
  if (decl && ts.isFunctionDeclaration(decl)) fn = decl;
  else if (decl && ts.isVariableDeclaration(decl) && decl.initializer && isConstDeclaration(decl)) {
    const init = unwrap(decl.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) fn = init;
  }
  if (!fn?.body) return unknown(`${callee.text}(…) is not a function this file declares`);
  if (fn.type) {
    const declared = fn.type;
    const inner = ts.isTypeReferenceNode(declared) && ts.isIdentifier(declared.typeName) && declared.typeName.text === 'Promise' && declared.typeArguments?.length === 1 ? declared.typeArguments[0] : declared;
    const typed = typeOrigin(a, inner, depth + 1);
    if (typed.kind !== 'unknown') return typed.kind === 'sdk' ? { ...typed, how: 'factory' } : typed;
  }
  if (!ts.isBlock(fn.body)) {
    const origin = valueOrigin(a, fn.body, depth + 1);
    return origin.kind === 'sdk' ? { ...origin, how: 'factory' } : origin;
  }
  const returned: ts.Expression[] = [];
  let bare = false;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && node !== fn) return;
    if (ts.isReturnStatement(node)) {
      if (node.expression) returned.push(node.expression);
      else bare = true;
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(fn.body, visit);
  if (bare || returned.length === 0) return unknown(`${callee.text}(…) returns no value on some path`);
  const origin = same(a, returned, depth);
  return origin.kind === 'sdk' ? { ...origin, how: 'factory' } : origin;
}

/**
 * The member `name` of the class of this file `origin` is an instance of (or of a class of this file
 * between it and the SDK class it extends): a subclass overriding an SDK method, or the method of a
 * non-SDK object.
 */
export function ownMember(origin: ReceiverOrigin, name: string): ts.ClassElement | ts.ObjectLiteralElementLike | undefined {
  const decl = origin.kind === 'sdk' ? origin.subclass : origin.kind === 'other' ? origin.declaration : undefined;
  if (!decl) return undefined;
  if (ts.isObjectLiteralExpression(decl)) return decl.properties.find((p) => p.name && memberName(p.name) === name);
  for (let cls: ts.ClassLikeDeclaration | undefined = decl, hops = 0; cls && hops < MAX_DEPTH; hops++) {
    const found = cls.members.find((m) => m.name && memberName(m.name) === name);
    if (found) return found;
    const base = extendsClause(cls);
    const next: ReceiverOrigin | undefined = base && classRefOrigin(analysisOf(cls.getSourceFile()), base, 0);
    cls = next && next.kind !== 'unknown' ? (next.kind === 'sdk' ? (next.subclass !== cls ? next.subclass : undefined) : next.declaration && ts.isClassLike(next.declaration) ? next.declaration : undefined) : undefined;
  }
  return undefined;
}

function memberName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** Every identifier of the file that refers to the declaration `decl` (its own name excluded). */
export function referencesOf(decl: ts.Declaration & { name: ts.Identifier }): ts.Identifier[] {
  const file = decl.getSourceFile();
  const a = analysisOf(file);
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === decl.name.text && node !== decl.name && declarationOf(a, node) === decl) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A call of an SDK method (asking, serving, registering) in a member's body: a wrapper around the SDK. */
const SDK_CALL = /\b(?:elicitInput|requestSampling|createMessage|listRoots|sendRequest|send|request|connect|createElicitationCompletionNotifier|registerTool|registerPrompt|registerResource|tool|prompt|resource|setRequestHandler)\s*\(/;

/**
 * A call or value read `<receiver>.<name>` whose receiver is provably not the SDK's: an object of
 * this file whose own `name` does not itself call an SDK method (a wrapper around the SDK's asks the
 * client, serves or registers all the same). For the stages after the upgrade (handlers, push sites,
 * serving).
 */
export function provablyNotSdk(receiver: ts.Expression, name: string): boolean {
  const origin = receiverOrigin(receiver);
  if (origin.kind !== 'other') return false;
  const member = ownMember(origin, name);
  if (!member) return true;
  const body = ts.isMethodDeclaration(member) || ts.isGetAccessorDeclaration(member) ? member.body
    : ts.isPropertyAssignment(member) || ts.isPropertyDeclaration(member) ? member.initializer
      : ts.isShorthandPropertyAssignment(member) ? member : undefined;
  if (!body) return !ts.isPropertySignature(member) && !ts.isMethodSignature(member) ? true : false;
  return !SDK_CALL.test(body.getText());
}
