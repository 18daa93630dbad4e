// What each question becomes in the plan (an Ask): its kind, its params as emitted, and whether
// they are built once and carried or rebuilt on every leg; for a helper, how its outcome function
// is called on the answer.
import { Node } from '../../ts-morph.js';
import { isPureExpression } from '../../analysis/purity.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { HelperCall } from '../recognise/helpers.js';
import { stripUrlModeFields } from '../recognise/dropped-arguments.js';
import type { Ask, AskKind } from './handler-plan.js';

/**
 * The code that builds an ask's request before its round, when the request is carried: the params
 * object, or for a helper the call's arguments its outcome function does not take (not the push
 * site's params, which sit in the helper).
 */
export function paramsBuiltBefore(ask: Ask): Node[] {
  if (!ask.paramsHoisted) return [];
  if (ask.helperCall) return ask.helperCall.notForOutcome;
  return ask.site.params ? [ask.site.params] : [];
}

/** The Ask for a question awaited at `awaitNode`, not yet named (see ask-names.ts). */
export function makeAsk(site: PushSite, awaitNode: Node, helperCall: HelperCall | undefined, ctxName: string): Ask {
  const kind: AskKind = site.kind === 'roots' ? 'roots' : site.kind === 'sampling' ? 'sampling' : site.elicitMode === 'url' ? 'elicit-url' : 'elicit';
  if (helperCall) {
    // The helper's request builder is pure (checked when the helper was found), and so are the
    // arguments; one whose code before the question has effects runs once, and its request is carried.
    const { helper } = helperCall;
    const carried = helper.nested !== undefined && !helper.nested.rebuilt;
    const args = [...(helper.context?.params ? [ctxName] : []), helperCall.requestArgs].filter(Boolean).join(', ');
    const awaited = helper.nested?.paramsAsync === true;
    const paramsText = kind === 'roots' ? undefined : `${awaited ? 'await ' : ''}${helper.receiver}${helper.requestFn}(${args})`;
    const requestType = carried && helper.guarded && !helper.receiver
      ? (awaited ? `Awaited<ReturnType<typeof ${helper.requestFn}>>` : `ReturnType<typeof ${helper.requestFn}>`) : undefined;
    return {
      site, kind, key: '', answerName: '', paramsText, paramsHoisted: carried, awaitNode, helperCall,
      ...(requestType ? { requestType } : {}), ...(helper.context?.outcome ? { outcomeContext: ctxName } : {}),
    };
  }
  let paramsText: string | undefined;
  if (site.params && kind !== 'roots') {
    paramsText = kind === 'elicit-url' ? stripUrlModeFields(site.params) : site.params.getText();
  }
  // Params that only compute from values at hand are rebuilt on each leg; anything else is built once and carried.
  // (URL mode: only what stays after `mode` and `elicitationId` are stripped counts.)
  const counted = kind === 'elicit-url' && site.params && Node.isObjectLiteralExpression(site.params)
    ? site.params.getProperties().filter((p) => !/^(mode|elicitationId)$/.test(Node.isPropertyAssignment(p) || Node.isShorthandPropertyAssignment(p) ? p.getName() : ''))
    : site.params ? [site.params] : [];
  const paramsHoisted = site.params !== undefined && kind !== 'roots' && !counted.every((n) => isPureExpression(n));
  return { site, kind, key: '', answerName: '', paramsText, paramsHoisted, awaitNode };
}

/** The call of a lifted helper's outcome function on `answer` (undefined: the helper returns the answer as it is). */
export function helperOutcomeCall(ask: Ask, answer: string): string | undefined {
  const call = ask.helperCall;
  if (!call?.helper.resultFn) return undefined;
  const args = [ask.outcomeContext ?? '', call.outcomeArgs, answer].filter(Boolean).join(', ');
  return `${call.helper.resultAsync ? 'await ' : ''}${call.helper.receiver}${call.helper.resultFn}(${args})`;
}
