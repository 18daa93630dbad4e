// The values in a low-level handler's result that v2's result type rejects while v1 let them
// through (any object passed as a `ServerResult`), and the one fix each takes (see
// handler-results.ts, which tries them on a typed copy and keeps only those after which the
// handler fits and the file has no new error):
// - a value held in an untyped variable of the file initialised with a literal
//   (`const content = []`, `const messages = [{ role: 'user', … }]`) gets v2's type declared, so
//   that what is written into it is checked as written (no value changes);
// - a value that may be null where v2 takes only undefined (`nextCursor: page.next`) gets
//   `?? undefined` (a null there is rejected by the clients' own schemas of both eras);
// - a handler named by a function of the file (not exported) whose declared return type v2 does
//   not take (`Promise<ServerResult>`) gets v2's result type declared instead;
// - any other value (a call, a variable of a wider type) is asserted as v2's type at its spot
//   (`x as CallToolResult['content']`): what is sent stays what v1 sent. TypeScript refuses an
//   assertion between types that do not overlap (a resource listing entry as resource contents),
//   and such a handler stays as it was. Input and output schemas are never asserted here: that an
//   object schema is what a converter returns is proven in zod-json-schema.ts or not at all.
import { ts } from '../../ts-morph.js';
import { isExportedStatement } from '../../ast/exports.js';

/** One step into a result type: a property, or an array's element. */
export type ResultAccess = { key: string; mayBeUndefined: boolean } | { element: true; mayBeUndefined: boolean };

export interface ResultValueFix {
  kind: 'declare' | 'assert' | 'null-to-undefined' | 'retype';
  /** The expression fixed (for `declare`, the variable's name; for `retype`, the declared return type), in the text checked. */
  start: number;
  end: number;
  /** Where its text goes: after the name (`declare`), after the expression (the others). */
  at: number;
  /** `{ content }`: the shorthand property's name (an assertion needs `content: content as …`). */
  shorthand?: string;
  /** The expression must be parenthesised before `as` or `??`. */
  wrap: boolean;
  /** A returned promise, asserted as `Promise<…>`. */
  promise: boolean;
  /** The path into the result type (`content[]`), and the steps that name its type. */
  path: string;
  access: ResultAccess[];
  /** Its type as inferred, and what v2 wants there. */
  actual: string;
  wanted: string;
  /** The members v2 requires there that the value's type lacks. */
  missing: string[];
  /** `retype`: the type as written, and the function's name. */
  value?: string;
  name?: string;
}

/** What a handler's failing returns need: the fixes, or the first return no fix of ours reaches. */
export interface ResultValueFixes {
  fixes: ResultValueFix[];
  /**
   * The first return that cannot be fixed, or (set by handler-results.ts) the fix tried that did
   * not fit: where, and what of it.
   */
  unfixed?: { start: number; path: string; value: string; actual: string; wanted: string; missing: string[]; kind?: ResultValueFix['kind'] };
}

/** `CallToolResult['content'][number]`, with NonNullable<…> where a step may be undefined. */
export function resultPartType(root: string, access: readonly ResultAccess[]): string {
  let type = root;
  let mayBeUndefined = false;
  for (const step of access) {
    const base = mayBeUndefined ? `NonNullable<${type}>` : type;
    type = 'key' in step ? `${base}['${step.key}']` : `${base}[number]`;
    mayBeUndefined = step.mayBeUndefined;
  }
  return type;
}

/** The results' schema members an assertion never covers (see the header). */
const SCHEMA_MEMBERS = /(^|\.)(inputSchema|outputSchema)(\.|\[|$)/;

/**
 * The fixes of each return of `handler` whose value does not fit `target` (v2's result, awaited).
 * A handler named by an identifier is followed to its function in this file (not exported: its
 * other users are not read here); one with a declared return type gets that type retyped.
 */
export function resultValueFixes(checker: ts.TypeChecker, handler: ts.Expression, target: ts.Type): ResultValueFixes {
  const fn = ts.isIdentifier(handler) ? ownFunction(checker, handler) : ts.isArrowFunction(handler) || ts.isFunctionExpression(handler) ? handler : undefined;
  if (!fn) return { fixes: [] };
  if (fn.type) return retyped(checker, fn, fn.type, target);
  const fixes: ResultValueFix[] = [];
  let unfixed: ResultValueFixes['unfixed'];
  for (const returned of returnedExpressions(fn)) {
    const type = checker.getTypeAtLocation(returned);
    const awaited = checker.getAwaitedType(type) ?? type;
    if (checker.isTypeAssignableTo(awaited, target)) continue;
    const found = spotIn(checker, returned, awaited, target, [], '', awaited !== type);
    if (found.fix) fixes.push(found.fix);
    else unfixed ??= unfixedAt(checker, found);
  }
  return { fixes, unfixed };
}

type OwnFunction = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/** The function `name` refers to when this file declares it (`function f`, `const f = () => …`) and does not export it. */
function ownFunction(checker: ts.TypeChecker, name: ts.Identifier): OwnFunction | undefined {
  const declarations = checker.getSymbolAtLocation(name)?.declarations;
  const declaration = declarations?.length === 1 ? declarations[0] : undefined;
  if (!declaration || declaration.getSourceFile() !== name.getSourceFile()) return undefined;
  let fn: OwnFunction | undefined;
  let statement: ts.Statement | undefined;
  if (ts.isFunctionDeclaration(declaration) && declaration.body && declaration.name) {
    fn = declaration;
    statement = declaration;
  } else if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && !declaration.type && declaration.initializer &&
      (ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer)) && ts.isVariableStatement(declaration.parent.parent)) {
    fn = declaration.initializer;
    statement = declaration.parent.parent;
  }
  if (!fn || !statement || isExportedStatement(statement, name.text)) return undefined;
  return fn;
}

/**
 * A declared return type v2 does not take (v1's `ServerResult`, a package's own loose type): the
 * declaration becomes v2's result type, against which what the function returns is then checked.
 */
function retyped(checker: ts.TypeChecker, fn: OwnFunction, type: ts.TypeNode, target: ts.Type): ResultValueFixes {
  const declared = checker.getTypeFromTypeNode(type);
  const awaited = checker.getAwaitedType(declared) ?? declared;
  if (checker.isTypeAssignableTo(awaited, target)) return { fixes: [] };
  const promise = awaited !== declared || (ts.getModifiers(fn) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
  return {
    fixes: [{
      kind: 'retype', start: type.getStart(), end: type.end, at: type.end, wrap: false, promise, path: '', access: [],
      actual: shortType(checker, awaited, type), wanted: shortType(checker, target, type), missing: [], value: type.getText(),
      name: fnName(fn),
    }],
  };
}

function fnName(fn: OwnFunction): string | undefined {
  if (fn.name) return fn.name.text;
  return ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name) ? fn.parent.name.text : undefined;
}

/** What of a value that does not fit is reported: the deepest member that does not. */
function unfixedAt(checker: ts.TypeChecker, found: Found): NonNullable<ResultValueFixes['unfixed']> {
  const deepest = deepestMismatch(checker, found.actual, found.wanted, found.path);
  return {
    start: found.node.getStart(), path: deepest.path, value: found.node.getText(),
    actual: shortType(checker, deepest.actual, found.node), wanted: shortType(checker, deepest.wanted, found.node), missing: missingMembers(deepest.actual, deepest.wanted),
  };
}

/** The expressions a handler returns (its own returns, not those of functions inside it). */
function returnedExpressions(handler: OwnFunction): ts.Expression[] {
  if (!handler.body) return [];
  if (!ts.isBlock(handler.body)) return [handler.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isReturnStatement(node) && node.expression) found.push(node.expression);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(handler.body, visit);
  return found;
}

interface Found {
  fix?: ResultValueFix;
  /** The deepest value that does not fit, and its types (for the report when there is no fix). */
  node: ts.Node;
  path: string;
  actual: ts.Type;
  wanted: ts.Type;
}

/** Down a returned literal to the value that does not fit, and the fix it takes there. */
function spotIn(checker: ts.TypeChecker, node: ts.Expression, type: ts.Type, target: ts.Type, access: ResultAccess[], path: string, promise: boolean): Found {
  const expression = skipParentheses(node);
  const here: Found = { node: expression, path, actual: type, wanted: target };
  if (ts.isObjectLiteralExpression(expression)) {
    // Into a union (a content block of several kinds), followed to the member the literal's own
    // members pick, for the report only: no fix is made below (a fix would have to name that member).
    if (target.isUnion()) {
      const picked = target.types.filter((member) => !!(member.flags & ts.TypeFlags.Object) && picks(checker, expression, type, member));
      return picked.length === 1 ? { ...spotIn(checker, node, type, picked[0]!, access, path, promise), fix: undefined } : here;
    }
    if (!(target.flags & ts.TypeFlags.Object)) return here;
    for (const property of expression.properties) {
      if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) continue;
      const name = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
      const member = name === undefined ? undefined : checker.getPropertyOfType(target, name);
      if (!member || name === undefined) continue;
      const wanted = checker.getTypeOfSymbol(member);
      const value = ts.isPropertyAssignment(property) ? property.initializer : property.name;
      // (At the name of `{ content }`, the variable's type there: an array built by push has evolved.)
      const valueType = checker.getTypeAtLocation(value);
      if (checker.isTypeAssignableTo(valueType, wanted)) continue;
      const step: ResultAccess = { key: name, mayBeUndefined: (member.flags & ts.SymbolFlags.Optional) !== 0 || includesUndefined(wanted) };
      const key = path ? `${path}.${name}` : name;
      // (Optional members: what is below them is of the type without undefined.)
      const below = checker.getNonNullableType(wanted);
      if (ts.isShorthandPropertyAssignment(property)) return leaf(checker, property.name, valueType, below, [...access, step], key, false, name);
      return spotIn(checker, value, valueType, below, [...access, step], key, false);
    }
    return here;
  }
  if (ts.isArrayLiteralExpression(expression)) {
    const elementTarget = checker.isArrayType(target) ? checker.getTypeArguments(target as ts.TypeReference)[0] : undefined;
    if (!elementTarget) return here;
    for (const element of expression.elements) {
      if (ts.isSpreadElement(element) || ts.isOmittedExpression(element)) continue;
      const elementType = checker.getTypeAtLocation(element);
      if (checker.isTypeAssignableTo(elementType, elementTarget)) continue;
      return spotIn(checker, element, elementType, elementTarget, [...access, { element: true, mayBeUndefined: false }], `${path}[]`, false);
    }
    return here;
  }
  return leaf(checker, expression, type, target, access, path, promise);
}

/** Every member of `literal` whose type is a unit (`type: 'resource'`) fits that member of `member`. */
function picks(checker: ts.TypeChecker, literal: ts.ObjectLiteralExpression, type: ts.Type, member: ts.Type): boolean {
  let discriminants = 0;
  for (const own of type.getProperties()) {
    const ownType = checker.getTypeOfSymbol(own);
    if (!(ownType.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral))) continue;
    const wanted = checker.getPropertyOfType(member, own.getName());
    if (!wanted || !checker.isTypeAssignableTo(ownType, checker.getTypeOfSymbol(wanted))) return false;
    discriminants++;
  }
  return discriminants > 0 && literal.properties.length > 0;
}

/** The fix of a value that is not a literal written here (see the header). */
function leaf(checker: ts.TypeChecker, node: ts.Expression, type: ts.Type, target: ts.Type, access: ResultAccess[], path: string, promise: boolean, shorthand?: string): Found {
  const here: Found = { node, path, actual: type, wanted: target };
  const base = { start: node.getStart(), end: node.end, at: node.end, wrap: !bindsTighterThanAs(node), promise, path, access, actual: shortType(checker, type, node), wanted: shortType(checker, target, node), missing: missingMembers(type, target) };
  // Null where only undefined is taken (an optional member): `?? undefined`.
  const parts = type.isUnion() ? type.types : [type];
  if (parts.some((t) => t.flags & ts.TypeFlags.Null)) {
    const optional = access.length > 0 && access[access.length - 1]!.mayBeUndefined;
    const withoutNull = checker.getNonNullableType(type);
    if (!optional || promise || shorthand !== undefined || !checker.isTypeAssignableTo(withoutNull, checker.getNonNullableType(target))) return here;
    return { ...here, fix: { ...base, kind: 'null-to-undefined' } };
  }
  const declared = untypedLiteralVariable(checker, node);
  if (declared && !promise) {
    return { ...here, fix: { ...base, kind: 'declare', start: declared.name.getStart(), end: declared.name.end, at: declared.name.end, wrap: false } };
  }
  if (SCHEMA_MEMBERS.test(path) || SCHEMA_MEMBERS.test(deepestMismatch(checker, type, target, path).path)) return here;
  return { ...here, fix: { ...base, kind: 'assert', ...(shorthand !== undefined ? { shorthand, wrap: false } : {}) } };
}

/**
 * The declaration of `node` when it names a variable of this file declared without a type and
 * initialised with an array or object literal, not exported (a declared type there changes what
 * the file's importers see, which this check does not read).
 */
function untypedLiteralVariable(checker: ts.TypeChecker, node: ts.Expression): ts.VariableDeclaration & { name: ts.Identifier } | undefined {
  if (!ts.isIdentifier(node)) return undefined;
  const symbol = ts.isShorthandPropertyAssignment(node.parent) ? checker.getShorthandAssignmentValueSymbol(node.parent) : checker.getSymbolAtLocation(node);
  const declaration = symbol?.declarations?.length === 1 ? symbol.declarations[0] : undefined;
  if (!declaration || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name) || declaration.type) return undefined;
  if (declaration.getSourceFile() !== node.getSourceFile() || !declaration.initializer) return undefined;
  const initializer = skipParentheses(declaration.initializer);
  if (!ts.isArrayLiteralExpression(initializer) && !ts.isObjectLiteralExpression(initializer)) return undefined;
  if (!ts.isVariableDeclarationList(declaration.parent) || !ts.isVariableStatement(declaration.parent.parent)) return undefined;
  if (isExportedStatement(declaration.parent.parent, declaration.name.text)) return undefined;
  return declaration as ts.VariableDeclaration & { name: ts.Identifier };
}

/** The first member of `type` that does not fit `target`, below `path` (objects and arrays only): where, and its types. */
function deepestMismatch(checker: ts.TypeChecker, type: ts.Type, target: ts.Type, path: string, depth = 0): { path: string; actual: ts.Type; wanted: ts.Type } {
  const here = { path, actual: type, wanted: target };
  if (depth > 6 || checker.isTypeAssignableTo(type, target)) return here;
  if (checker.isArrayType(type) && checker.isArrayType(target)) {
    const [s] = checker.getTypeArguments(type as ts.TypeReference);
    const [t] = checker.getTypeArguments(target as ts.TypeReference);
    return s && t ? deepestMismatch(checker, s, t, `${path}[]`, depth + 1) : here;
  }
  if (type.isUnion() || target.isUnion() || !(type.flags & ts.TypeFlags.Object)) return here;
  for (const property of target.getProperties()) {
    const own = type.getProperty(property.getName());
    if (!own) continue;
    const ownType = checker.getTypeOfSymbol(own);
    const wanted = checker.getTypeOfSymbol(property);
    if (checker.isTypeAssignableTo(ownType, wanted)) continue;
    const key = path ? `${path}.${property.getName()}` : property.getName();
    return deepestMismatch(checker, checker.getNonNullableType(ownType), checker.getNonNullableType(wanted), key, depth + 1);
  }
  // A record read as a whole (`Record<string, unknown>` where members are typed): its values.
  const ownIndex = checker.getIndexInfosOfType(type)[0];
  const wantedIndex = checker.getIndexInfosOfType(target)[0];
  if (ownIndex && wantedIndex && !checker.isTypeAssignableTo(ownIndex.type, wantedIndex.type)) {
    return { path: `${path}[string]`, actual: ownIndex.type, wanted: wantedIndex.type };
  }
  return here;
}

/** The members v2's type requires (of any of its kinds) that the value's type does not have. */
function missingMembers(actual: ts.Type, wanted: ts.Type): string[] {
  if (!(actual.flags & ts.TypeFlags.Object) || actual.isUnion() || actual.getCallSignatures().length > 0) return [];
  // (An array lacks nothing a reader needs told.)
  if ((wanted.isUnion() ? wanted.types : [wanted]).some((t) => !(t.flags & ts.TypeFlags.Object) || t.getNumberIndexType())) return [];
  // Said only when every kind lacks something (a block of the right members but a widened `type` lacks nothing).
  const missing = new Set<string>();
  for (const kind of wanted.isUnion() ? wanted.types : [wanted]) {
    const lacking = kind.getProperties().filter((member) => !(member.flags & ts.SymbolFlags.Optional) && !actual.getProperty(member.getName()));
    if (lacking.length === 0) return [];
    for (const member of lacking) missing.add(member.getName());
  }
  return [...missing];
}

/** `x as T` and `x ?? undefined` need no parentheses around `x`. */
function bindsTighterThanAs(node: ts.Expression): boolean {
  return ts.isIdentifier(node) || ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node) ||
    ts.isNewExpression(node) || ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node) || ts.isNonNullExpression(node) ||
    ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || node.kind === ts.SyntaxKind.ThisKeyword;
}

function skipParentheses(node: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(node)) node = node.expression;
  return node;
}

function includesUndefined(type: ts.Type): boolean {
  return (type.isUnion() ? type.types : [type]).some((t) => t.flags & ts.TypeFlags.Undefined);
}

export function shortType(checker: ts.TypeChecker, type: ts.Type, at?: ts.Node): string {
  // Named as the code there names it (`Resource`) where it can be.
  const text = checker.typeToString(type, at, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope).replace(/\s+/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
