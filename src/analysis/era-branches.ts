// Dual-era handlers: a handler that already answers 2026-07-28 with `inputRequired(...)` and asks
// the client directly only inside an explicit 2025-era branch (`if (reqCtx.era === 'legacy')`,
// `if (isLegacyRequest(req))`). That push is right for the clients the branch serves, so it is left
// as it is and noted, never rewritten.
import { Node, SyntaxKind } from 'ts-morph';
import type { HandlerInfo } from './handlers.js';
import type { PushSite } from './push-sites.js';

/** The condition of the 2025-era branch the site sits in (as written), when its handler already answers with inputRequired. */
export function legacyEraBranch(site: PushSite): string | undefined {
  const handler: HandlerInfo | undefined = site.handler;
  if (!handler || !answersWithInputRequired(handler.fn)) return undefined;
  for (let child: Node = site.node, parent = child.getParent(); parent && parent !== handler.fn; child = parent, parent = parent.getParent()) {
    if (!Node.isIfStatement(parent) || parent.getExpression() === child) continue;
    const era = eraTested(parent.getExpression());
    const inThen = parent.getThenStatement() === child;
    if ((inThen && era === 'legacy') || (!inThen && era === 'modern')) return parent.getExpression().getText().replace(/\s+/g, ' ');
  }
  return undefined;
}

function answersWithInputRequired(fn: Node): boolean {
  return fn.getDescendantsOfKind(SyntaxKind.CallExpression).some((call) => call.getExpression().getText() === 'inputRequired');
}

/** Which era a branch condition selects when true: `x.era === 'legacy'`, `isLegacyRequest(…)`, and their negations. */
function eraTested(condition: Node): 'legacy' | 'modern' | undefined {
  const e = Node.isParenthesizedExpression(condition) ? condition.getExpression() : condition;
  if (Node.isPrefixUnaryExpression(e) && e.getOperatorToken() === SyntaxKind.ExclamationToken) {
    const inner = eraTested(e.getOperand());
    return inner === 'legacy' ? 'modern' : inner === 'modern' ? 'legacy' : undefined;
  }
  if (Node.isCallExpression(e)) return /(^|\.)isLegacy\w*$/.test(e.getExpression().getText()) ? 'legacy' : undefined;
  if (!Node.isBinaryExpression(e)) return undefined;
  const op = e.getOperatorToken().getKind();
  const equal = op === SyntaxKind.EqualsEqualsEqualsToken || op === SyntaxKind.EqualsEqualsToken;
  const unequal = op === SyntaxKind.ExclamationEqualsEqualsToken || op === SyntaxKind.ExclamationEqualsToken;
  if (!equal && !unequal) return undefined;
  const [left, right] = [e.getLeft(), e.getRight()];
  const literal = Node.isStringLiteral(right) ? right.getLiteralValue() : Node.isStringLiteral(left) ? left.getLiteralValue() : undefined;
  const subject = (Node.isStringLiteral(right) ? left : right).getText();
  if (literal === undefined || !/(^|\.)(era|protocolEra)$/.test(subject)) return undefined;
  const selects = literal === 'legacy' || literal.startsWith('2025') ? 'legacy' : literal === 'modern' || literal.startsWith('2026') ? 'modern' : undefined;
  if (!selects) return undefined;
  return equal ? selects : selects === 'legacy' ? 'modern' : 'legacy';
}
