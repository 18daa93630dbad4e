// Every identifier of a file, read on the compiler's nodes. ts-morph's
// getDescendantsOfKind(SyntaxKind.Identifier) finds the same ones, but identifiers are tokens, so
// it walks the full token tree and wraps every node it passes: on a 4,000-line file most of a
// run's time went there.
import { ts, type SourceFile } from '../ts-morph.js';

/**
 * The file's identifiers in the order getDescendantsOfKind(SyntaxKind.Identifier) gives them:
 * depth first, a node's JSDoc before its children (the token tree holds no other identifiers).
 */
export function identifiersOf(sourceFile: SourceFile): ts.Identifier[] {
  const found: ts.Identifier[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) found.push(node);
    for (const doc of (node as { jsDoc?: ts.Node[] }).jsDoc ?? []) visit(doc);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(sourceFile.compilerNode, visit);
  return found;
}

/** The names spelled by the file's identifiers. */
export function identifierTexts(sourceFile: SourceFile): Set<string> {
  const file = sourceFile.compilerNode;
  return new Set(identifiersOf(sourceFile).map((id) => id.getText(file)));
}
