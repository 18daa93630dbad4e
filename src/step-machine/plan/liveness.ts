// What a block declares at its top level, and which of those names are live at a statement:
// declared before it and read from it on, so a split there must carry them (or recompute them).
import { Node, type Statement } from '../../ts-morph.js';
import { referenceNodes } from '../../ast/names.js';
import { declaredWithin } from '../../ast/resolve.js';
import type { Declared } from './handler-plan.js';

/**
 * The names the `kept` statements declare, with their index in `statements`; undefined when one
 * is a function or class declaration.
 */
export function topLevelDeclarations(kept: Statement[], statements: Statement[]): Map<string, Declared> | undefined {
  const declared = new Map<string, Declared>();
  for (const statement of kept) {
    const index = statements.indexOf(statement);
    if (Node.isVariableStatement(statement)) {
      const keyword = statement.getDeclarationKind() === 'const' ? 'const' : 'let';
      for (const decl of statement.getDeclarations()) {
        const visit = (node: Node) => {
          if (Node.isIdentifier(node)) declared.set(node.getText(), { name: node.getText(), keyword, index, nameNode: node });
          else if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
            for (const e of node.getElements()) if (Node.isBindingElement(e)) visit(e.getNameNode());
          }
        };
        visit(decl.getNameNode());
      }
    } else if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) {
      // A declaration would end up inside one step's block, invisible to the others.
      return undefined;
    }
  }
  return declared;
}

/** Names declared before statement `first` and read from it on (outside `built`, evaluated before it). */
export function liveAt(first: number, kept: Statement[], statements: Statement[], declared: Map<string, Declared>, built: Node[] = [], rebuilt: Node[] = []): string[] {
  const used = new Set<string>(rebuilt.flatMap((params) => referenceNodes(params).map((n) => n.getText())));
  for (const statement of kept) {
    if (statements.indexOf(statement) < first) continue;
    for (const n of referenceNodes(statement)) {
      if (!built.some((b) => b.containsRange(n.getPos(), n.getEnd())) && !declaredWithin(n, statement)) used.add(n.getText());
    }
  }
  return [...declared.values()].filter((d) => d.index >= 0 && d.index < first && used.has(d.name)).map((d) => d.name);
}
