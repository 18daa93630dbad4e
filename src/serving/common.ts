// Shared pieces of the serve-2026 rewrites: references of a variable within the file, the
// transport classes, and the import bookkeeping (names the rewrite adds, names whose last use it
// removed).
import { Node, type Identifier, type SourceFile } from '../ts-morph.js';
import { importedNameOf, referencesTo, resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';

export { referencesTo };
import { identifierTexts, identifiersOf } from '../ast/identifiers.js';
import { removalRange } from '../ast/removal.js';
import { lineEndAfter, lineStartOf } from '../ast/text.js';
import type { TextStyle } from '../ast/text-style.js';
import type { TextEdit } from '../types.js';

export const SERVER_PACKAGE = '@modelcontextprotocol/server';
export const STDIO_PACKAGE = '@modelcontextprotocol/server/stdio';
export const NODE_PACKAGE = '@modelcontextprotocol/node';

export function isMcpSpecifier(spec: string): boolean {
  return spec === '@modelcontextprotocol/sdk' || spec.startsWith('@modelcontextprotocol/');
}

/** The module an identifier was imported from (alias-aware), or undefined. */
export function importSourceOf(id: Identifier): { module: string; name: string } | undefined {
  const decl = resolveIdentifier(id);
  if (decl && Node.isImportSpecifier(decl)) {
    return { module: decl.getImportDeclaration().getModuleSpecifierValue(), name: decl.getName() };
  }
  return undefined;
}


export function within(node: Node, range: { start: number; end: number }): boolean {
  return node.getStart() >= range.start && node.getEnd() <= range.end;
}

/** `new StdioServerTransport(...)` / `new X.StdioServerTransport(...)`, the class name matching `className`. */
export function isNewOf(node: Node, className: RegExp): boolean {
  const e = unwrapExpression(node);
  if (!Node.isNewExpression(e)) return false;
  const ctor = e.getExpression();
  const name = Node.isIdentifier(ctor) ? importedNameOf(ctor) : Node.isPropertyAccessExpression(ctor) ? ctor.getName() : '';
  return className.test(name);
}

/** A name not declared or used anywhere in the file. */
export function freshName(sourceFile: SourceFile, candidates: string[], taken: ReadonlySet<string> = new Set()): string {
  const used = new Set([...taken, ...identifierTexts(sourceFile)]);
  for (const name of candidates) if (!used.has(name)) return name;
  const base = candidates[0];
  for (let i = 2; ; i++) if (!used.has(`${base}${i}`)) return `${base}${i}`;
}

// ---------------------------------------------------------------------------------------------
// Imports

export interface ImportPlan {
  /** Names to import, by module. */
  add: Map<string, Set<string>>;
  /** Ranges whose code the rewrite removes or replaces (their identifiers no longer count as uses). */
  removed: { start: number; end: number }[];
  /** Identifiers the inserted code uses (they keep their imports). */
  inserted: Set<string>;
}

export function newImportPlan(): ImportPlan {
  return { add: new Map(), removed: [], inserted: new Set() };
}

export function addImport(plan: ImportPlan, module: string, name: string): void {
  const names = plan.add.get(module) ?? new Set<string>();
  names.add(name);
  plan.add.set(module, names);
  plan.inserted.add(name);
}

/**
 * Edits for the import declarations: names added (merged into an existing import of the module
 * when there is one), and named imports whose every use the rewrite removed dropped (a
 * declaration left empty goes with its line). Imports already unused before stay untouched.
 */
export function importEdits(sourceFile: SourceFile, text: string, plan: ImportPlan, style: TextStyle): TextEdit[] {
  const edits: TextEdit[] = [];
  const uses = new Map<string, { before: number; after: number }>();
  const declarations = sourceFile.getImportDeclarations();
  const importRanges = declarations.map((d) => ({ start: d.getStart(), end: d.getEnd() }));
  const file = sourceFile.compilerNode;
  const inside = (start: number, end: number, range: { start: number; end: number }) => start >= range.start && end <= range.end;
  for (const id of identifiersOf(sourceFile)) {
    const start = id.getStart(file);
    if (importRanges.some((r) => inside(start, id.end, r))) continue;
    const name = id.getText(file);
    const count = uses.get(name) ?? { before: 0, after: 0 };
    count.before++;
    if (!plan.removed.some((r) => inside(start, id.end, r))) count.after++;
    uses.set(name, count);
  }
  const gone = (local: string) => {
    if (plan.inserted.has(local)) return false;
    const count = uses.get(local);
    return count !== undefined && count.before > 0 && count.after === 0;
  };
  const pendingAdds = new Map([...plan.add].map(([m, names]) => [m, new Set(names)]));
  for (const decl of declarations) {
    const module = decl.getModuleSpecifierValue();
    const named = decl.getNamedImports();
    const keep = named.filter((s) => !gone((s.getAliasNode() ?? s.getNameNode()).getText()));
    const toAdd = pendingAdds.get(module);
    const addNames = toAdd && !decl.isTypeOnly() && !decl.getNamespaceImport() ? [...toAdd].filter((n) => !named.some((s) => s.getName() === n && !s.getAliasNode())) : [];
    if (toAdd && !decl.isTypeOnly() && !decl.getNamespaceImport()) pendingAdds.delete(module);
    if (keep.length === named.length && addNames.length === 0) continue;
    if (named.length === 0 && addNames.length === 0) continue;
    const defaultImport = decl.getDefaultImport()?.getText();
    if (keep.length === 0 && addNames.length === 0 && !defaultImport) {
      edits.push({ ...removalRange(text, decl), text: '' });
      continue;
    }
    const specs = [...keep.map((s) => s.getText()), ...addNames];
    const clause = decl.getImportClause();
    if (!clause) continue;
    const namedNode = clause.getNamedBindings();
    const body = `{ ${specs.join(', ')} }`;
    if (namedNode) edits.push({ start: namedNode.getStart(), end: namedNode.getEnd(), text: body });
    else if (defaultImport) {
      const def = clause.getDefaultImport()!;
      edits.push({ start: def.getEnd(), end: def.getEnd(), text: `, ${body}` });
    }
  }
  if (pendingAdds.size > 0) {
    const q = style.quote;
    const semi = style.semicolons ? ';' : '';
    const lines = [...pendingAdds].map(([module, names]) => `import { ${[...names].join(', ')} } from ${q}${module}${q}${semi}${style.eol}`).join('');
    const anchor = declarations[declarations.length - 1];
    if (anchor) {
      const end = lineEndAfter(text, anchor.getEnd());
      edits.push({ start: end, end, text: lines });
    } else {
      const first = sourceFile.getStatements()[0];
      const start = first ? lineStartOf(text, first.getStart()) : text.length;
      edits.push({ start, end: start, text: lines + style.eol });
    }
  }
  return edits;
}

