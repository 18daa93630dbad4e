// Code that runs on the first leg only — a lifted prefix, a container's code before its last
// round — must not change a local that a later leg computes again instead of restoring it: the
// retry would see the old value (`let label = 'none'; if (c) { label = await load(); ask }`).
// Locals the state restores (a prefix's live values) or that the code itself declares (carried
// by the container's own liveness) are safe.
import { descendantsOfKinds, Node, SyntaxKind } from '../../ts-morph.js';
import type { Block } from '../../ts-morph.js';
import { isPureExpression } from '../../analysis/purity.js';

interface Segmented {
  container: Block;
  statements: Node[];
  rounds: { first: number }[];
  hoisted: Node[];
}

interface Lifted {
  block: Block;
  anchor: Node;
  statements: Node[];
  live: string[];
}

/** The first local changed on the first leg only and computed again on the retry, if any. */
export function lostFirstLegWrite(fn: Node, containers: Segmented[], prefixes: Lifted[]): string | undefined {
  const locals = handlerLocals(fn);
  // A retry that skips code at `pos` in `block` restores the values of every prefix it skips too:
  // those whose block holds it and whose anchor is not after it.
  const restoredAt = (block: Block, pos: number) => new Set(prefixes
    .filter((p) => p.block.containsRange(block.getPos(), block.getEnd()) && pos >= p.anchor.getStart())
    .flatMap((p) => p.live));
  const others = containers.map((c) => c.container);
  for (const prefix of prefixes) {
    const name = writtenName(prefix.statements, locals, restoredAt(prefix.block, prefix.anchor.getStart()), []);
    if (name) return name;
  }
  for (const c of containers) {
    const lastRound = c.rounds[c.rounds.length - 1].first;
    const segment = c.statements.slice(0, lastRound).filter((st) => !c.hoisted.includes(st));
    // A container nested in this segment is checked on its own.
    const name = writtenName(segment, locals, restoredAt(c.container, c.container.getStart()), others.filter((o) => o !== c.container));
    if (name) return name;
  }
  return undefined;
}

function writtenName(segment: Node[], locals: Locals, restored: Set<string>, skipped: Node[]): string | undefined {
  const own = new Set(segment.flatMap((st) => declaredIn(st, true)));
  for (const statement of segment) {
    for (const node of [statement, ...statement.getDescendants()]) {
      if (skipped.some((s) => s.containsRange(node.getPos(), node.getEnd()))) continue;
      // A method called on a parameter (ctx.mcpReq.log(…), args.items.map(…)) is not counted as a change.
      const calls = methodReceiver(node);
      const names = calls ? [calls].filter((n) => locals.variables.has(n)) : targets(node).filter((n) => locals.all.has(n));
      const lost = names.find((n) => !restored.has(n) && !own.has(n));
      if (lost) return lost;
    }
  }
  return undefined;
}

/** The local whose (possibly mutating) method `node` calls: `list.push(x)` → list. */
function methodReceiver(node: Node): string | undefined {
  if (!Node.isCallExpression(node)) return undefined;
  const callee = node.getExpression();
  if (!(Node.isPropertyAccessExpression(callee) || Node.isElementAccessExpression(callee)) || isPureExpression(node)) return undefined;
  return rootName(callee.getExpression());
}

/** Locals `node` assigns, increments or deletes from. */
function targets(node: Node): string[] {
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    if (op < SyntaxKind.FirstAssignment || op > SyntaxKind.LastAssignment) return [];
    const left = node.getLeft();
    if (Node.isObjectLiteralExpression(left) || Node.isArrayLiteralExpression(left)) {
      return left.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText());
    }
    return [rootName(left)].filter((n): n is string => n !== undefined);
  }
  if ((Node.isPrefixUnaryExpression(node) || Node.isPostfixUnaryExpression(node)) &&
    (node.getOperatorToken() === SyntaxKind.PlusPlusToken || node.getOperatorToken() === SyntaxKind.MinusMinusToken)) {
    return [rootName(node.getOperand())].filter((n): n is string => n !== undefined);
  }
  if (Node.isDeleteExpression(node)) return [rootName(node.getExpression())].filter((n): n is string => n !== undefined);
  return [];
}

function rootName(node: Node): string | undefined {
  let current = node;
  while (Node.isPropertyAccessExpression(current) || Node.isElementAccessExpression(current) || Node.isNonNullExpression(current) ||
    Node.isParenthesizedExpression(current) || Node.isAsExpression(current)) {
    current = current.getExpression();
  }
  return Node.isIdentifier(current) ? current.getText() : undefined;
}

interface Locals {
  /** Parameters, variables and catch bindings declared anywhere in the handler. */
  all: Set<string>;
  /** Of those, the variables and catch bindings. */
  variables: Set<string>;
}

function handlerLocals(fn: Node): Locals {
  return { all: new Set(declaredIn(fn, true)), variables: new Set(declaredIn(fn, false)) };
}

function declaredIn(node: Node, withParameters: boolean): string[] {
  const names: string[] = [];
  const bind = (name: Node) => {
    if (Node.isIdentifier(name)) names.push(name.getText());
    else for (const id of name.getDescendantsOfKind(SyntaxKind.Identifier)) {
      const parent = id.getParent();
      // `{ a: b }` binds b, not a.
      if (parent && Node.isBindingElement(parent) && parent.getPropertyNameNode() === id) continue;
      names.push(id.getText());
    }
  };
  for (const d of [node, ...descendantsOfKinds(node, [SyntaxKind.VariableDeclaration, SyntaxKind.Parameter])]) {
    if (Node.isVariableDeclaration(d) || (withParameters && Node.isParameterDeclaration(d))) bind(d.getNameNode());
  }
  return names;
}
