// `throw new UrlElicitationRequiredError([...])` in a handler: whether the throw can become a
// returned input request (emit/url-throws.ts writes it), or why not.
import { Node, type Expression, type NewExpression, type ThrowStatement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput } from '../../types.js';
import { droppedWithEffects, droppedWithEffectsProblem } from '../recognise/dropped-arguments.js';
import { handlerLabel } from '../../analysis/handlers.js';

export interface UrlThrow {
  site: PushSite;
  statement: ThrowStatement;
  elicitations: Expression[];
  /** The error's own message argument, reused when the user declines. */
  message?: string;
  notes: FindingInput[];
}

/**
 * `throw new UrlElicitationRequiredError([{ mode: 'url', message, url, elicitationId }])` can
 * become an input request when nothing but the handler would have seen the throw (no try around
 * it, not in a nested function) and its elicitations are written out.
 */
export function urlThrowCheck(site: PushSite): UrlThrow | { refusal: FindingInput } {
  const where = site.handler ? handlerLabel(site.handler) : 'this file';
  const refuse = (message: string, suggestion: string) => ({
    refusal: { rule: 'push-request' as const, severity: 'warning' as const, pos: site.node.getStart(), message: `${site.api} in ${where}: ${message}`, suggestion },
  });
  const target = 'return inputRequired({ inputRequests: { consent: inputRequired.elicitUrl({ message, url }) }, requestState })';
  const statement = site.node;
  if (site.nestedFunction || !Node.isThrowStatement(statement)) {
    return refuse('thrown from a nested function or not thrown directly', `Return ${target} from the handler itself.`);
  }
  for (let node: Node | undefined = statement.getParent(); node && node !== site.handler!.fn; node = node.getParent()) {
    if (Node.isTryStatement(node) && node.getTryBlock().containsRange(statement.getPos(), statement.getEnd())) {
      return refuse('thrown inside a try block, whose catch would have seen it', `Return ${target} instead of throwing, and check the catch block by hand.`);
    }
  }
  const list = site.params;
  if (!list || !Node.isArrayLiteralExpression(list) || list.getElements().length === 0 ||
    !list.getElements().every((e) => Node.isObjectLiteralExpression(e))) {
    return refuse('its elicitations are not written as an array of object literals', `${target}.`);
  }
  const dropped = list.getElements().map((e) => droppedWithEffects({ params: e as Expression, elicitMode: 'url', kind: 'elicitation' })).find((d) => d !== undefined);
  if (dropped) {
    const { message, suggestion } = droppedWithEffectsProblem(dropped);
    return refuse(message, suggestion);
  }
  const errorArgs = site.call ? [] : (statement.getExpression() as NewExpression).getArguments?.() ?? [];
  const notes: FindingInput[] = [{
    rule: 'url-elicitation-throw', severity: 'info', pos: statement.getStart(),
    message: `${site.api} in ${where} now returns the URL elicitation as an input request; the client retries the call after the user's consent, a decline ends the call with an error as before`,
  }];
  if (/\belicitationId\b/.test(list.getText())) {
    notes.push({
      rule: 'elicitation-id-removed', severity: 'info', pos: list.getStart(),
      message: `elicitationId removed from the URL elicitation in ${where}: 2026-07-28 has no elicitationId`,
      suggestion: 'If you correlate the out-of-band flow, carry your own identifier (e.g. in the URL or in requestState).',
    });
  }
  return { site, statement, elicitations: list.getElements() as Expression[], message: errorArgs[1]?.getText(), notes };
}
