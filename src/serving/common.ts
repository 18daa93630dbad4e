// Shared pieces of the serve-2026 rewrites: references of a variable within the file, statement
// line ranges (with their own comment lines), moving statements into a factory function, and the
// import bookkeeping (names the rewrite adds, names whose last use it removed).
import { Node, SyntaxKind, type Identifier, type ImportDeclaration, type SourceFile, type Statement } from 'ts-morph';
import { resolveIdentifier } from '../analysis/handlers.js';
import { insideLiteralToken } from '../literal-tokens.js';
import type { TextStyle } from '../text-style.js';
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

/** Every identifier of the file that refers to `decl` (the declaration node resolveIdentifier returns). */
export function referencesTo(sourceFile: SourceFile, name: string, decl: Node): Identifier[] {
  return sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
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

/** The statement of `block` (a SourceFile or Block) that contains `node`. */
export function statementIn(block: Node, node: Node): Statement | undefined {
  let current: Node | undefined = node;
  while (current && current.getParent() !== block) current = current.getParent();
  return current && Node.isStatement(current) ? current : undefined;
}

export function within(node: Node, range: { start: number; end: number }): boolean {
  return node.getStart() >= range.start && node.getEnd() <= range.end;
}

/** The lines a statement occupies, with comment lines directly above it: [lineStart, after its line break). */
export function statementLines(text: string, statement: Node): { start: number; end: number } {
  let start = statement.getStart();
  for (const comment of statement.getLeadingCommentRanges()) {
    const lineStart = text.lastIndexOf('\n', comment.getPos() - 1) + 1;
    if (text.slice(lineStart, comment.getPos()).trim() === '') {
      start = Math.min(start, comment.getPos());
      break;
    }
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (text.slice(lineStart, start).trim() === '') start = lineStart;
  let end = statement.getEnd();
  const lineEnd = text.indexOf('\n', end);
  if (text.slice(end, lineEnd === -1 ? text.length : lineEnd).trim() === '') end = lineEnd === -1 ? text.length : lineEnd + 1;
  return { start, end };
}

/**
 * The range that removes a statement's lines; when blank lines surround it, the blank line after
 * it goes too, so removing statements never leaves a run of blank lines behind.
 */
export function removalRange(text: string, statement: Node): { start: number; end: number } {
  const lines = statementLines(text, statement);
  const prevStart = text.lastIndexOf('\n', lines.start - 2) + 1;
  const blankBefore = lines.start === 0 || text.slice(prevStart, lines.start).trim() === '';
  const nextEnd = text.indexOf('\n', lines.end);
  const nextLine = text.slice(lines.end, nextEnd === -1 ? text.length : nextEnd + 1);
  if (blankBefore && lines.end < text.length && nextLine.trim() === '') return { start: lines.start, end: lines.end + nextLine.length };
  return lines;
}

export function lineIndent(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** Adds `unit` to every line of `range` that does not start inside a string or template literal. */
export function indentRange(sourceFile: SourceFile, text: string, range: { start: number; end: number }, unit: string): string {
  let out = '';
  let pos = range.start;
  while (pos < range.end) {
    const next = text.indexOf('\n', pos);
    const lineEnd = next === -1 || next >= range.end ? range.end : next + 1;
    const line = text.slice(pos, lineEnd);
    const blank = line.trim() === '';
    out += blank || insideLiteralToken(sourceFile, pos) ? line : unit + line;
    pos = lineEnd;
  }
  return out;
}


/** `await` outside nested functions. */
export function hasTopLevelAwait(node: Node): boolean {
  return node.getDescendantsOfKind(SyntaxKind.AwaitExpression).some((a) => {
    const owner = a.getFirstAncestor((n) => Node.isFunctionLikeDeclaration(n) || Node.isArrowFunction(n) || Node.isFunctionExpression(n));
    return !owner || !within(owner, { start: node.getStart(), end: node.getEnd() });
  });
}

/** A name not declared or used anywhere in the file. */
export function freshName(sourceFile: SourceFile, candidates: string[]): string {
  const used = new Set(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
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
  const inImport = (id: Node) => declarations.some((d) => within(id, { start: d.getStart(), end: d.getEnd() }));
  for (const id of sourceFile.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (inImport(id)) continue;
    const count = uses.get(id.getText()) ?? { before: 0, after: 0 };
    count.before++;
    if (!plan.removed.some((r) => within(id, r))) count.after++;
    uses.set(id.getText(), count);
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
      const lines = statementLines(text, decl);
      edits.push({ start: lines.start, end: lines.end, text: '' });
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
    const anchor = lastImport(declarations);
    if (anchor) {
      const end = statementLines(text, anchor).end;
      edits.push({ start: end, end, text: lines });
    } else {
      const start = firstStatementStart(sourceFile, text);
      edits.push({ start, end: start, text: lines + style.eol });
    }
  }
  return edits;
}

function lastImport(declarations: ImportDeclaration[]): ImportDeclaration | undefined {
  return declarations[declarations.length - 1];
}

function firstStatementStart(sourceFile: SourceFile, text: string): number {
  const first = sourceFile.getStatements()[0];
  if (!first) return text.length;
  return statementLines(text, first).start;
}
