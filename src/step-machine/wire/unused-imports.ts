// Imports the rewrite leaves without a use: an SDK name only the replaced push calls used, an id
// generator only a stripped `elicitationId` used, a helper's import only its migrated calls used.
// And module-level declarations it leaves without a use: a timer function only a dropped
// Promise.race called.
import { Node, SyntaxKind, ts, type SourceFile, type Statement } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import { applyEdits } from '../../ast/edits.js';
import { removalRange } from '../../ast/removal.js';
import { isPureExpression } from '../../analysis/purity.js';
import { isDefaultExport, isExported } from '../../ast/exports.js';

/** Named imports of other modules that only the replaced code used: their specifiers, or whole lines, go. */
export function otherImportRemovals(sourceFile: SourceFile, text: string, replaced: Node[], rewritten: ReadonlySet<Node> = new Set()): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const decl of sourceFile.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() === '@modelcontextprotocol/server' || rewritten.has(decl)) continue;
    const named = decl.getNamedImports();
    if (named.length === 0 || decl.getDefaultImport() || decl.getNamespaceImport()) continue;
    const unused = unusedAfter(sourceFile, named.map((i) => (i.getAliasNode() ?? i.getNameNode()).getText()), replaced, new Set());
    if (unused.size === 0) continue;
    if (unused.size === named.length) {
      edits.push({ ...removalRange(text, decl), text: '' });
      continue;
    }
    named.forEach((spec, i) => {
      if (!unused.has((spec.getAliasNode() ?? spec.getNameNode()).getText())) return;
      const next = named[i + 1];
      const previous = named[i - 1];
      edits.push(next ? { start: spec.getStart(), end: next.getStart(), text: '' } : { start: previous!.getEnd(), end: spec.getEnd(), text: '' });
    });
  }
  return edits;
}

/** Local names of the SDK's named imports. */
export function sdkImportNames(sourceFile: SourceFile): string[] {
  return sourceFile.getImportDeclarations()
    .filter((d) => d.getModuleSpecifierValue() === '@modelcontextprotocol/server')
    .flatMap((d) => d.getNamedImports().map((i) => (i.getAliasNode() ?? i.getNameNode()).getText()));
}

/** Of `names`, those imported and no longer referenced once the `replaced` statements are gone. */
export function unusedAfter(sourceFile: SourceFile, names: string[], replaced: Node[], uses: ReadonlySet<string>): Set<string> {
  const unused = new Set<string>();
  if (replaced.length === 0) return unused;
  for (const name of names) {
    // The generated code may use it again (a helper's outcome function typed with it).
    if (uses.has(name) || uses.has(`type ${name}`)) continue;
    const refs = sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) =>
      id.getText() === name && !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration));
    if (refs.length > 0 && refs.every((id) => replaced.some((r) => r.containsRange(id.getPos(), id.getEnd())))) unused.add(name);
  }
  return unused;
}


/**
 * Module-level declarations the input read and the output no longer does: a function, a const with
 * a function or a pure value, an interface or a type alias, not exported, that no edit touches. A
 * declaration has no effect of its own, so removing one nothing reads changes nothing, and keeping
 * it is an unused local under noUnusedLocals. Whether anything still reads it is decided on the
 * output text (the edits applied), identifiers only: a same-named identifier anywhere else keeps it.
 */
export function unreadDeclarationRemovals(sourceFile: SourceFile, text: string, edits: readonly TextEdit[]): { edits: TextEdit[]; removed: Statement[]; output?: ts.SourceFile } {
  const touches = (start: number, end: number) => edits.some((e) => (e.start < end && e.end > start) || (e.start === e.end && e.start > start && e.start < end));
  const kind = sourceFile.getScriptKind();
  const candidates = new Map<Statement, { name: string; own: number }>();
  let before: Map<string, number> | undefined;
  for (const st of sourceFile.getStatements()) {
    const name = removableName(st);
    if (!name) continue;
    const range = removalRange(text, st, { collapseBlank: true });
    if (touches(range.start, range.end)) continue;
    // `sourceFile` is the parse of `text`: its identifiers are the input's.
    before ??= countIdentifiers(sourceFile.compilerNode, new Map(), 1);
    const own = st.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === name).length;
    // Read by the input (elsewhere than in its own declaration): a declaration that was unused already stays as it was.
    if ((before.get(name) ?? 0) > own) candidates.set(st, { name, own });
  }
  const removed: Statement[] = [];
  const removals: TextEdit[] = [];
  // The output is parsed once: a removal takes out its statement's identifiers (its range is the
  // statement with comments and blank space, which no edit touches), counted as the parse counts them.
  const output = candidates.size > 0 ? ts.createSourceFile(sourceFile.getFilePath(), applyEdits(text, edits), ts.ScriptTarget.Latest, true, kind) : undefined;
  const counts = output ? countIdentifiers(output, new Map(), 1) : new Map<string, number>();
  for (let changed = candidates.size > 0; changed;) {
    changed = false;
    const round = new Map(counts);
    for (const [st, { name, own }] of candidates) {
      if ((round.get(name) ?? 0) > own) continue;
      const range = removalRange(text, st, { collapseBlank: true });
      if (removals.some((r) => r.start < range.end && r.end > range.start)) continue;
      removals.push({ ...range, text: '' });
      removed.push(st);
      candidates.delete(st);
      countIdentifiers(st.compilerNode, counts, -1);
      changed = true;
    }
  }
  // The output's parse, for unreadParameterEdits (which checks it is of the text it reads).
  return output ? { edits: removals, removed, output } : { edits: removals, removed };
}

function removableName(st: Statement): string | undefined {
  if (Node.isFunctionDeclaration(st) || Node.isInterfaceDeclaration(st) || Node.isTypeAliasDeclaration(st)) {
    if (isExported(st) || isDefaultExport(st) || st.hasDeclareKeyword()) return undefined;
    if (Node.isFunctionDeclaration(st) && !st.hasBody()) return undefined;
    return st.getName();
  }
  if (Node.isVariableStatement(st) && !isExported(st) && !st.hasDeclareKeyword() && st.getDeclarationKind() === 'const' && st.getDeclarations().length === 1) {
    const [decl] = st.getDeclarations();
    const init = decl.getInitializer();
    if (!Node.isIdentifier(decl.getNameNode()) || !init) return undefined;
    // Creating a function has no effect whatever its body does; other values must compute nothing.
    return Node.isArrowFunction(init) || Node.isFunctionExpression(init) || isPureExpression(init) ? decl.getName() : undefined;
  }
  return undefined;
}

/**
 * Adds `delta` to the count of every identifier under `root` (the forEachChild walk: not in
 * strings, comments or JSDoc); returns `counts`.
 */
function countIdentifiers(root: ts.Node, counts: Map<string, number>, delta: number): Map<string, number> {
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + delta);
    ts.forEachChild(node, visit);
  };
  visit(root);
  return counts;
}
