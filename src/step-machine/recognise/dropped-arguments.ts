// Arguments of a question that 2026-07-28 has no place for: URL-mode `mode` and `elicitationId`,
// request options, a result schema. Dropping them is safe only when evaluating them has no effects.
import { Node, type Expression } from '../../ts-morph.js';
import { evaluatesWithoutEffects } from '../../analysis/purity.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { oneLine } from '../../ast/text.js';

/**
 * What the rewrite of a question would drop although evaluating it has effects: a URL-mode `mode`
 * or `elicitationId` value (`elicitationId: track(user)`, which records the id for the out-of-band
 * completion; 2026-07-28 has neither), or a request argument it has no place for (request options
 * `{ timeout: nextTimeout() }`, a result schema built by a call). Undefined when nothing is.
 */
export function droppedWithEffects(site: Pick<PushSite, 'call' | 'params' | 'elicitMode' | 'kind'>): { node: Node; what: string } | undefined {
  if (site.elicitMode === 'url' && site.params && Node.isObjectLiteralExpression(site.params)) {
    for (const property of site.params.getProperties()) {
      if (!Node.isPropertyAssignment(property) || !/^(mode|elicitationId)$/.test(property.getName())) continue;
      const value = property.getInitializer();
      if (value && !evaluatesWithoutEffects(value)) return { node: value, what: `its ${property.getName()}` };
    }
  }
  // The request (or its params) comes first; what follows (result schema, options) goes. A roots
  // question keeps nothing of its arguments.
  const args = site.call?.getArguments() ?? [];
  for (const arg of site.kind === 'roots' ? args : args.slice(1)) {
    if (!evaluatesWithoutEffects(arg)) return { node: arg, what: Node.isObjectLiteralExpression(arg) ? 'its request options' : 'an argument of its request' };
  }
  return undefined;
}

/** The finding's words for droppedWithEffects. */
export function droppedWithEffectsProblem(dropped: { node: Node; what: string }): { message: string; suggestion: string } {
  return {
    message: `the rewrite would drop ${dropped.what} (\`${oneLine(dropped.node)}\`), which 2026-07-28 has no place for, and evaluating that code has effects`,
    suggestion: 'Run that code in a statement of its own before the question (its effects then stay; a URL-mode id can go into the URL if the out-of-band flow needs it), then run the migration again.',
  };
}

/** URL-mode params for inputRequired.elicitUrl: no `mode`, no `elicitationId`. */
export function stripUrlModeFields(params: Expression): string {
  if (!Node.isObjectLiteralExpression(params)) return params.getText();
  const kept = params.getProperties().filter((p) => {
    const name = Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : undefined;
    return name !== 'mode' && name !== 'elicitationId';
  });
  return `{ ${kept.map((p) => p.getText()).join(', ')} }`;
}
