// What code before a split the code on one side of it needs: a lifted helper's request builder and
// its outcome each repeat only the declarations they read (and those these read in turn), so that
// neither half declares a local or takes a parameter it never reads.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import { statementDeclaredNames } from '../../ast/names.js';
import { isPropertyName } from '../../ast/references.js';

/** The identifiers of `node` that name values (`x` in `x.y` and `{ y: x }`, not `y`). */
export function valueIdentifiers(node: Node): Node[] {
  return [node, ...node.getDescendantsOfKind(SyntaxKind.Identifier)].filter((n) => Node.isIdentifier(n) && !isPropertyName(n));
}

/** The value names `nodes` spell (reads and declarations alike). */
export function valueNames(nodes: readonly Node[]): Set<string> {
  return new Set(nodes.flatMap(valueIdentifiers).map((n) => n.getText()));
}

/**
 * The statements of `statements` that `roots` need, in their order: the declarations they read, and
 * the declarations those read in turn. With `others: 'keep'` every statement that is not a variable,
 * type or interface declaration (a guard, a function declaration) is kept too, with what it reads.
 */
export function statementsNeededBy(statements: readonly Statement[], roots: readonly Node[], others: 'keep' | 'drop'): Statement[] {
  const declaring = new Map<string, Statement[]>();
  const kept = new Set<Statement>();
  const queue = [...valueNames(roots)];
  const keep = (statement: Statement) => {
    if (kept.has(statement)) return;
    kept.add(statement);
    queue.push(...valueNames([statement]));
  };
  for (const statement of statements) {
    const declared = statementDeclaredNames(statement);
    if (declared.length > 0 && (others === 'drop' || isDroppableDeclaration(statement))) {
      for (const name of declared) declaring.set(name, [...(declaring.get(name) ?? []), statement]);
    } else if (others === 'keep') {
      keep(statement);
    }
  }
  while (queue.length > 0) for (const statement of declaring.get(queue.pop()!) ?? []) keep(statement);
  return statements.filter((statement) => kept.has(statement));
}

function isDroppableDeclaration(statement: Statement): boolean {
  return Node.isVariableStatement(statement) || Node.isTypeAliasDeclaration(statement) || Node.isInterfaceDeclaration(statement);
}
