// Small helpers over the TypeScript compiler's own AST (not ts-morph's wrappers: the v1 upgrade
// walks every file that imports the v1 SDK, and the wrappers cost several times the walk).
import { ts } from '../ts-morph.js';

/** Strips parentheses, `as`, `satisfies`, `!` and `<T>x` (the wrappers unwrap.ts strips on ts-morph nodes). */
export function unwrap(expr: ts.Expression): ts.Expression {
  let current = expr;
  for (;;) {
    if (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current) ||
      ts.isTypeAssertionExpression(current)) {
      current = current.expression;
    } else {
      return current;
    }
  }
}

export function isStringLiteralLike(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
}

export function isFunctionLike(node: ts.Node): node is ts.ArrowFunction | ts.FunctionExpression {
  return ts.isArrowFunction(node) || ts.isFunctionExpression(node);
}

/** Visits every descendant of `node`; return false from `visit` to skip a subtree. */
export function walk(node: ts.Node, visit: (node: ts.Node) => boolean | void): void {
  const each = (child: ts.Node): void => {
    if (visit(child) === false) return;
    ts.forEachChild(child, each);
  };
  ts.forEachChild(node, each);
}

export interface ImportBinding {
  module: string;
  /** The exported name (`default`, `*` for a namespace import). */
  imported: string;
  typeOnly: boolean;
  declaration: ts.ImportDeclaration;
}

/** Local name → what it imports, for every import declaration of the file. */
export function importBindings(file: ts.SourceFile): Map<string, ImportBinding> {
  const bindings = new Map<string, ImportBinding>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const module = statement.moduleSpecifier.text;
    const typeOnly = clause.isTypeOnly;
    if (clause.name) bindings.set(clause.name.text, { module, imported: 'default', typeOnly, declaration: statement });
    const named = clause.namedBindings;
    if (named && ts.isNamespaceImport(named)) bindings.set(named.name.text, { module, imported: '*', typeOnly, declaration: statement });
    if (named && ts.isNamedImports(named)) {
      for (const element of named.elements) {
        const imported = (element.propertyName ?? element.name).text;
        bindings.set(element.name.text, { module, imported, typeOnly: typeOnly || element.isTypeOnly, declaration: statement });
      }
    }
  }
  return bindings;
}

/** The range that removes one named import (the whole declaration, and its line break, when it was its only binding). */
export function importSpecifierRemoval(file: ts.SourceFile, specifier: ts.ImportSpecifier): { start: number; end: number } {
  const text = file.text;
  const list = specifier.parent;
  const clause = list.parent;
  const declaration = clause.parent;
  if (list.elements.length === 1 && !clause.name) {
    let end = declaration.end;
    if (text[end] === '\r') end++;
    if (text[end] === '\n') end++;
    return { start: declaration.getStart(file), end };
  }
  const index = list.elements.indexOf(specifier);
  return index < list.elements.length - 1
    ? { start: specifier.getStart(file), end: list.elements[index + 1].getStart(file) }
    : { start: list.elements[index - 1].end, end: specifier.end };
}

/** The start of the line `pos` is on. */
export function lineStartOf(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** The whitespace that starts the line `pos` is on. */
export function indentAt(text: string, pos: number): string {
  return /^[ \t]*/.exec(text.slice(lineStartOf(text, pos)))![0];
}

/** Only whitespace stands between the start of its line and `pos`. */
export function startsLine(text: string, pos: number): boolean {
  return text.slice(lineStartOf(text, pos), pos).trim() === '';
}

/** The initializer of a same-file `const name = …` (the only declaration of that name), if any. */
export function constInitializer(file: ts.SourceFile, name: string): ts.Expression | undefined {
  let found: ts.Expression | undefined;
  let count = 0;
  walk(file, (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      count++;
      const list = node.parent;
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const && node.initializer) found = node.initializer;
    }
  });
  return count === 1 ? found : undefined;
}

/** Whether `name` is written anywhere inside `node` as an identifier (declared or referenced). */
export function mentions(node: ts.Node, name: string): boolean {
  let seen = false;
  walk(node, (child) => {
    if (seen) return false;
    if (ts.isIdentifier(child) && child.text === name) seen = true;
  });
  return seen;
}
