// What a function does when its question is not answered: a `catch` around the question or a
// client-capability check before it that goes ahead anyway (a confirmation that defaults to yes,
// roots that fall back to the working directory). Left unmigrated, such a question throws on
// 2026-07-28 (or the check skips it) and the action runs without anyone being asked: the findings
// on it, and on the handlers that reach it, are errors.
import { Node, SyntaxKind } from 'ts-morph';
import type { PushSite } from './push-sites.js';
import { enclosingFunction } from './reach.js';

export interface UnaskedFallback {
  /** Where the function goes ahead: a catch around the question, or a capability check before it. */
  where: 'catch' | 'guard';
  /** `returns true`, `returns { confirmed: true }`, `falls back to process.cwd()`. */
  what: string;
}

/** How the function goes ahead without an answer, when it does. */
export function fallbackWithoutAsking(site: PushSite): UnaskedFallback | undefined {
  if (site.kind !== 'elicitation' && site.kind !== 'roots') return undefined;
  const fn = enclosingFunction(site.node);
  if (!fn) return undefined;
  for (const statement of site.node.getAncestors()) {
    if (statement === fn) break;
    if (!Node.isTryStatement(statement) || !statement.getTryBlock().containsRange(site.node.getPos(), site.node.getEnd())) continue;
    const handler = statement.getCatchClause();
    const what = handler && goesAhead(handler.getBlock(), site.kind);
    if (what) return { where: 'catch', what };
  }
  for (const check of fn.getDescendantsOfKind(SyntaxKind.IfStatement)) {
    if (check.getEnd() > site.node.getStart() || enclosingFunction(check) !== fn || !readsCapabilities(check.getExpression())) continue;
    const what = goesAhead(check.getThenStatement(), site.kind);
    if (what) return { where: 'guard', what };
  }
  return undefined;
}

/** What leaving such a question means, in a sentence that ends where the action goes ahead. */
export function consequenceOf(fallback: UnaskedFallback, kind: PushSite['kind']): string {
  const asked = kind === 'roots' ? 'roots' : 'elicitation';
  const confirmed = kind === 'roots' ? '' : ', as if the user had confirmed';
  return fallback.where === 'catch'
    ? `on 2026-07-28 the request throws and its catch ${fallback.what}${confirmed}, so the action runs without asking`
    : `whenever the client does not announce ${asked}, its client-capability check ${fallback.what}${confirmed}, so the action runs without asking (and on 2026-07-28 the request throws for the clients that do)`;
}

/** The capability object of the client (`getClientCapabilities()`, `capabilities?.elicitation`). */
function readsCapabilities(condition: Node): boolean {
  const text = condition.getText();
  return /getClientCapabilities|[cC]apabilit/.test(text) && /elicitation|roots|sampling|getClientCapabilities/.test(text);
}

/** How `block` goes ahead without an answer: returns a confirmation, or falls back to `process.cwd()` for roots. */
function goesAhead(block: Node, kind: PushSite['kind']): string | undefined {
  const own = (n: Node) => !n.getFirstAncestor((a) => a !== block && block.containsRange(a.getPos(), a.getEnd()) &&
    (Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isFunctionDeclaration(a)));
  const returns = Node.isReturnStatement(block) ? [block] : block.getDescendantsOfKind(SyntaxKind.ReturnStatement).filter(own);
  for (const r of returns) {
    const value = r.getExpression();
    if (!value) continue;
    const inner = Node.isParenthesizedExpression(value) ? value.getExpression() : value;
    if (kind === 'elicitation' && inner.getKind() === SyntaxKind.TrueKeyword) return 'returns true';
    if (kind === 'elicitation' && Node.isObjectLiteralExpression(inner) && inner.getProperties().some((p) =>
      Node.isPropertyAssignment(p) && p.getInitializer()?.getKind() === SyntaxKind.TrueKeyword && /confirm|approv|proceed|accept|allow|consent|continue|grant|^ok$/i.test(p.getName()))) {
      return `returns ${inner.getText().replace(/\s+/g, ' ')}`;
    }
  }
  if (kind === 'roots' && /process\.cwd\(\)/.test(block.getText())) return 'falls back to process.cwd() as the root';
  return undefined;
}
