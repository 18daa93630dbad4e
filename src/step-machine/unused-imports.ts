// Imports the rewrite leaves without a use: an SDK name only the replaced push calls used, an id
// generator only a stripped `elicitationId` used, a helper's import only its migrated calls used.
import { SyntaxKind, type Node, type SourceFile } from 'ts-morph';
import type { TextEdit } from '../types.js';
import { removalRange } from '../removal.js';

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

