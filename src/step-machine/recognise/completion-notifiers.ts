// URL-mode completion notifiers (`createElicitationCompletionNotifier`): 2026-07-28 has no
// completion notification. One created in a handler goes with that handler's migration (its calls
// may sit elsewhere, e.g. in an HTTP callback route), or becomes a no-op when the handler only stores
// it for a later caller (see stored-notifier.ts); anywhere else it is reported, and a notifier that
// cannot go keeps its handler whole.
import { Node, SyntaxKind } from '../../ts-morph.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { handlerLabel } from '../../analysis/handlers.js';
import { otherSiteFinding } from './site-findings.js';
import { NO_OP_NOTIFIER, storedNotifier, type StoredNotifier } from './stored-notifier.js';
import { lineEndAfter, lineStartOf } from '../../ast/text.js';

/** A notifier of a handler, and the edits that take it away (deleted statements, or the no-op). */
export interface NotifierRemoval {
  site: PushSite;
  edits: TextEdit[];
  stored?: StoredNotifier;
}

export interface HandlerNotifiers {
  /** The notifiers each handler's migration takes away. */
  removals: Map<HandlerInfo, NotifierRemoval[]>;
  /** Handlers with a notifier that cannot go: they stay whole. */
  blocked: Set<HandlerInfo>;
  findings: FindingInput[];
}

export function recogniseNotifiers(sites: PushSite[], text: string, v1: boolean): HandlerNotifiers {
  const removals = new Map<HandlerInfo, NotifierRemoval[]>();
  const blocked = new Set<HandlerInfo>();
  const findings: FindingInput[] = [];
  const add = (handler: HandlerInfo, removal: NotifierRemoval) => removals.set(handler, [...(removals.get(handler) ?? []), removal]);
  for (const site of sites.filter((s) => s.kind === 'completion-notifier')) {
    const removal = v1 || !site.handler ? undefined : notifierRemoval(site, text);
    // Stored for a later caller (an OAuth callback route): becomes a no-op notifier instead.
    const stored = removal || v1 || !site.handler || !site.call ? undefined : storedNotifier(site.call, site.handler.fn);
    if (stored && 'edit' in stored) {
      add(site.handler!, { site, edits: [stored.edit], stored });
      continue;
    }
    if (!removal) {
      const finding = otherSiteFinding(site, [])[0];
      findings.push(stored ? { ...finding, message: `${finding.message}, and it cannot become a no-op: ${stored.problem}` } : finding);
      // A notifier that cannot go (stored, passed on) keeps its handler as it was: never half-migrate.
      if (site.handler) blocked.add(site.handler);
      continue;
    }
    add(site.handler!, { site, edits: removal });
  }
  return { removals, blocked, findings };
}

/** The notifiers of a handler that stays as it was: reported as they are. */
export function keptNotifierFindings(notifiers: readonly NotifierRemoval[]): FindingInput[] {
  return notifiers.map((r) => otherSiteFinding(r.site, [])[0]);
}

/** What a migrated handler's notifiers became: removed, or a no-op whose later callers are told. */
export function notifierNotes(notifiers: NotifierRemoval[], handler: HandlerInfo): FindingInput[] {
  const where = handlerLabel(handler);
  return notifiers.flatMap(({ site, stored }) => !stored
    ? [{
      rule: 'completion-notifier-removed' as const, severity: 'info' as const, pos: site.node.getStart(),
      message: `${site.api} and its calls removed: notifications/elicitation/complete no longer exists; the client retries the request after the URL step`,
    }]
    : [{
      rule: 'completion-notifier-removed' as const, severity: 'info' as const, pos: site.node.getStart(),
      message: `${site.api} in ${where} replaced by a no-op notifier (${NO_OP_NOTIFIER}): notifications/elicitation/complete no longer exists; the client retries the request after the URL step. Where the notifier is stored and called later, the call now does nothing`,
    }, ...stored.laterCalls.map((call) => ({
      rule: 'completion-notifier-removed' as const, severity: 'info' as const, pos: call.getStart(), marker: true,
      message: `${call.getText().replace(/\s+/g, ' ').slice(0, 60)} may call the completion notifier of ${where}, which is now a no-op: the client is no longer told here that the URL step finished; it retries the request by itself`,
      suggestion: 'If the retried request must know that the out-of-band step finished, record it here (keyed by the id the handler carries in requestState) and check it in the handler.',
    }))]);
}

/**
 * `const notify = x.createElicitationCompletionNotifier(id)` whose only uses are statements calling
 * it (`await notify();`), or a statement calling the notifier directly: the statements to delete.
 */
function notifierRemoval(site: PushSite, text: string): TextEdit[] | undefined {
  const call = site.call;
  if (!call) return undefined;
  // A statement on lines of its own goes with its lines.
  const removal = (statement: Node): TextEdit => {
    const start = lineStartOf(text, statement.getStart());
    const ownLines = text.slice(start, statement.getStart()).trim() === '' &&
      text.slice(statement.getEnd(), lineEndAfter(text, statement.getEnd())).trim() === '';
    return ownLines
      ? { start, end: lineEndAfter(text, statement.getEnd()), text: '' }
      : { start: statement.getStart(), end: statement.getEnd(), text: '' };
  };
  const callStatement = (outer: Node): Node | undefined => {
    let node = outer.getParent();
    while (node && (Node.isParenthesizedExpression(node) || Node.isAwaitExpression(node) || Node.isVoidExpression(node))) node = node.getParent();
    return node && Node.isExpressionStatement(node) ? node : undefined;
  };
  // `await x.createElicitationCompletionNotifier(id)();`
  const parent = call.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getExpression() === call) {
    const statement = callStatement(parent);
    return statement ? [removal(statement)] : undefined;
  }
  const declaration = parent;
  if (!declaration || !Node.isVariableDeclaration(declaration) || !Node.isIdentifier(declaration.getNameNode())) return undefined;
  const list = declaration.getParent();
  const statement = list?.getParent();
  if (!statement || !Node.isVariableStatement(statement) || statement.getDeclarations().length !== 1) return undefined;
  const scope = statement.getParent();
  if (!scope) return undefined;
  const name = declaration.getName();
  const edits: TextEdit[] = [removal(statement)];
  for (const ref of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (ref.getText() !== name || ref === declaration.getNameNode()) continue;
    const use = ref.getParent();
    if (!use || !Node.isCallExpression(use) || use.getExpression() !== ref) return undefined;
    const useStatement = callStatement(use);
    if (!useStatement) return undefined;
    edits.push(removal(useStatement));
  }
  return edits;
}

