// Whether a declaration is exported from its module, read from syntax. ts-morph's isExported() and
// isDefaultExport() ask the type checker for the file's export table when the declaration has no
// `export` keyword, and building the checker's program takes a few hundred milliseconds for a file
// that needs no types at all. The export table of a module is its syntax: `export` on the
// declaration, `export { name }` / `export { name as default }` without a module specifier, and
// `export default name` / `export = name`, all at the top level of the file; the answers are the same.
import { Node, ts } from '../ts-morph.js';

/** A declaration that can carry `export` (a function, class, interface, type, enum, variable statement…). */
type Exportable = Node & { hasExportKeyword(): boolean; hasDefaultKeyword(): boolean };

/** `node.isExported()`, without a type checker. */
export function isExported(node: Exportable): boolean {
  if (node.hasExportKeyword()) return true;
  const name = topLevelName(node);
  return name !== undefined && exportedLocals(node.getSourceFile().compilerNode).some((e) => e.local === name);
}

/** A top-level statement of the compiler's AST (`function f`, `const f = …`) that declares `name`: exported by its keyword or by an export statement. */
export function isExportedStatement(statement: ts.Statement, name: string): boolean {
  if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) return true;
  return exportedLocals(statement.getSourceFile()).some((e) => e.local === name);
}

/** `node.isDefaultExport()`, without a type checker. */
export function isDefaultExport(node: Exportable): boolean {
  if (node.hasDefaultKeyword()) return true;
  const name = topLevelName(node);
  return name !== undefined && exportedLocals(node.getSourceFile().compilerNode).some((e) => e.local === name && e.exported === 'default');
}

/**
 * The name under which the file's scope knows `node`: only a named declaration at the top level
 * of its file has a symbol the file's exports can point to (a variable statement has none).
 */
function topLevelName(node: Node): string | undefined {
  if (!Node.isSourceFile(node.getParent()) || Node.isVariableStatement(node)) return undefined;
  const named = node as Node & { getName?: () => string | undefined };
  return typeof named.getName === 'function' ? named.getName() : undefined;
}

/** The file's local names its export statements export, and the names they export them under. */
function exportedLocals(file: ts.SourceFile): { local: string; exported: string }[] {
  const found: { local: string; exported: string }[] = [];
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      // `export { local as exported }`: the compiler's propertyName is the local name when there is an alias.
      for (const specifier of statement.exportClause.elements) {
        found.push({ local: (specifier.propertyName ?? specifier.name).text, exported: specifier.name.text });
      }
    } else if (ts.isExportAssignment(statement) && ts.isIdentifier(statement.expression)) {
      found.push({ local: statement.expression.text, exported: statement.isExportEquals ? 'export=' : 'default' });
    }
  }
  return found;
}
