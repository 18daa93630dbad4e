// How a question is awaited: the await whose value is its answer (its own, or a Promise.all batch
// or a Promise.race against a timer that holds it), and whether that await can move into a
// statement of its own without changing when it runs.
import { descendantsOfKinds, Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';

const PROMISE_BATCH = new Set(['all', 'allSettled']);

/** The await expression whose value is this site's answer (the site itself, or its Promise.all). */
export function awaitOf(site: PushSite): Node | undefined {
  let node: Node = site.call ?? site.node;
  let parent = node.getParent();
  while (parent && Node.isParenthesizedExpression(parent)) {
    node = parent;
    parent = parent.getParent();
  }
  if (parent && Node.isAwaitExpression(parent)) return parent;
  // await Promise.all([a, b]); await Promise.race([ask, timeout]) (the timer goes: nothing waits now)
  if (parent && Node.isArrayLiteralExpression(parent)) {
    const call = parent.getParent();
    if (call && Node.isCallExpression(call)) {
      const callee = call.getExpression();
      const outer = call.getParent();
      if (Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Promise' && outer && Node.isAwaitExpression(outer)) {
        if (PROMISE_BATCH.has(callee.getName()) && parent.getElements().every((e) => isPushCallLike(e))) return outer;
        if (callee.getName() === 'race' && parent.getElements().filter((e) => e === node || e.getText() === node.getText()).length === 1 &&
          parent.getElements().filter((e) => e !== node).every((e) => !/elicitInput|requestSampling|createMessage|listRoots|\.send\(|sendRequest/.test(e.getText()))) {
          return outer;
        }
      }
    }
  }
  return undefined;
}

/** `await Promise.race([request, timer])`: the timer is dropped with the race. */
export function isRaceAwait(awaitNode: Node): boolean {
  return Node.isAwaitExpression(awaitNode) && /^Promise\s*\.\s*race\s*\(/.test(awaitNode.getExpression().getText());
}

/** `await Promise.all([…])` or `await Promise.allSettled([…])`. */
export function isBatchAwait(awaitNode: Node): boolean {
  if (!Node.isAwaitExpression(awaitNode)) return false;
  const inner = awaitNode.getExpression();
  if (!Node.isCallExpression(inner)) return false;
  const callee = inner.getExpression();
  return Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Promise' && PROMISE_BATCH.has(callee.getName());
}

/** The other members of `await Promise.race([…])` when the site's question is one of them. */
export function racedAgainst(site: PushSite): Node[] {
  const race = awaitOf(site);
  if (!race || !Node.isAwaitExpression(race) || !isRaceAwait(race)) return [];
  const call = race.getExpression();
  const list = Node.isCallExpression(call) ? call.getArguments()[0] : undefined;
  const elements = list && Node.isArrayLiteralExpression(list) ? list.getElements() : [];
  const own = site.call ?? site.node;
  return elements.filter((e) => !e.containsRange(own.getPos(), own.getEnd()));
}

/** Every element of `await Promise.all([...])` is one of the handler's questions. */
export function batchOfQuestions(awaitNode: Node, sites: PushSite[]): boolean {
  const call = (awaitNode as import('ts-morph').AwaitExpression).getExpression() as import('ts-morph').CallExpression;
  const array = call.getArguments()[0];
  if (!array || !Node.isArrayLiteralExpression(array)) return false;
  const questions = new Set(sites.map((s) => s.call ?? s.node));
  return array.getElements().every((e) => {
    let inner: Node = e;
    while (Node.isParenthesizedExpression(inner)) inner = inner.getExpression();
    return questions.has(inner);
  });
}

function isPushCallLike(node: Node): boolean {
  return Node.isCallExpression(node) || Node.isParenthesizedExpression(node);
}

/**
 * The await can move to a statement of its own before this one without changing when it runs:
 * it is not in a conditional branch or short-circuit operand, and nothing evaluated before it in
 * the statement can have side effects.
 */
export function hoistable(awaitNode: Node, statement: Statement): boolean {
  let child: Node = awaitNode;
  let parent = child.getParent();
  while (parent && parent !== statement) {
    if (Node.isConditionalExpression(parent) && child !== parent.getCondition()) return false;
    if (Node.isBinaryExpression(parent)) {
      const op = parent.getOperatorToken().getKind();
      const shortCircuit = op === SyntaxKind.AmpersandAmpersandToken || op === SyntaxKind.BarBarToken ||
        op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.AmpersandAmpersandEqualsToken ||
        op === SyntaxKind.BarBarEqualsToken || op === SyntaxKind.QuestionQuestionEqualsToken;
      if (shortCircuit && child === parent.getRight()) return false;
    }
    if (Node.isFunctionLikeDeclaration(parent)) return false;
    // Siblings evaluated before `child` must be free of calls and awaits.
    for (const sibling of parent.getChildren()) {
      if (sibling === child) break;
      if (sibling.getEnd() <= child.getStart() && hasEffects(sibling)) return false;
    }
    child = parent;
    parent = parent.getParent();
  }
  return parent === statement;
}

function hasEffects(node: Node): boolean {
  if (Node.isCallExpression(node) || Node.isNewExpression(node) || Node.isAwaitExpression(node)) return true;
  if (Node.isBinaryExpression(node) && node.getOperatorToken().getKind() === SyntaxKind.EqualsToken) return true;
  const kinds = [SyntaxKind.CallExpression, SyntaxKind.NewExpression, SyntaxKind.AwaitExpression, SyntaxKind.PostfixUnaryExpression, SyntaxKind.PrefixUnaryExpression];
  return descendantsOfKinds(node, kinds).some((d) => !Node.isPrefixUnaryExpression(d) || ['++', '--'].includes(d.getText().slice(0, 2)));
}
