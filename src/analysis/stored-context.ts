// A question asked through a request context kept on the instance (`this.ctx.mcpReq.elicitInput`,
// where some method did `this.ctx = ctx`): a base-class pattern of in-house tool frameworks. The
// helper is not given the request it asks for; which request that is depends on the last call
// that stored one (concurrent calls share the instance), so it cannot be migrated with certainty.
import { Node, SyntaxKind, type CallExpression } from '../ts-morph.js';
import { resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';

export interface StoredContext {
  /** The instance field holding the context (`ctx`). */
  field: string;
  /** The method that stores it (`run`). */
  setter: string;
}

/** Where the push call's receiver is `this.<field>…` and a method of the class (or a same-file base) assigns a parameter to it. */
export function storedContextOf(call: CallExpression | undefined): StoredContext | undefined {
  if (!call) return undefined;
  let e: Node = unwrapExpression(call.getExpression());
  while (Node.isPropertyAccessExpression(e) && !Node.isThisExpression(unwrapExpression(e.getExpression()))) e = unwrapExpression(e.getExpression());
  if (!Node.isPropertyAccessExpression(e)) return undefined;
  const field = e.getName();
  for (let cls = classOf(call), depth = 0; cls && depth < 5; cls = baseOf(cls), depth++) {
    for (const method of cls.getMethods()) {
      const params = new Set(method.getParameters().map((p) => p.getName()));
      const stores = method.getDescendantsOfKind(SyntaxKind.BinaryExpression).some((b) => {
        if (b.getOperatorToken().getKind() !== SyntaxKind.EqualsToken) return false;
        const left = unwrapExpression(b.getLeft());
        return Node.isPropertyAccessExpression(left) && Node.isThisExpression(left.getExpression()) && left.getName() === field &&
          params.has(unwrapExpression(b.getRight()).getText());
      });
      if (stores) return { field, setter: method.getName() };
    }
  }
  return undefined;
}

type ClassLike = import('ts-morph').ClassDeclaration | import('ts-morph').ClassExpression;

function classOf(node: Node): ClassLike | undefined {
  return node.getFirstAncestor((a) => Node.isClassDeclaration(a) || Node.isClassExpression(a)) as ClassLike | undefined;
}

function baseOf(cls: ClassLike): ClassLike | undefined {
  const base = cls.getExtends()?.getExpression();
  if (!base || !Node.isIdentifier(base)) return undefined;
  const decl = resolveIdentifier(base);
  return decl && (Node.isClassDeclaration(decl) || Node.isClassExpression(decl)) ? decl : undefined;
}
