// Why one question cannot be migrated where it is asked, whatever the rest of the handler does:
// how it is called, awaited, batched, raced, looped over or wrapped in a helper.
import { Node, SyntaxKind, type Statement } from '../../ts-morph.js';
import { isPureStatement } from '../../analysis/purity.js';
import { isAwaited, type PushSite } from '../../analysis/push-sites.js';
import { oneLine } from '../../ast/text.js';
import { parentOutsideParentheses } from '../../ast/unwrap.js';
import type { HelperCall, LiftableHelper } from '../recognise/helpers.js';
import { droppedWithEffects, droppedWithEffectsProblem } from '../recognise/dropped-arguments.js';
import type { LoopAsk, LoopBatch } from './loops.js';
import { batchOfQuestions, hoistable, isBatchAwait, racedAgainst } from './question-awaits.js';
import { droppableRaceMember } from './race-timers.js';
import type { RuleId } from '../../types.js';

export type Problem = { rule: RuleId; message: string; suggestion: string };

/** What refuses the question however its handler is split (the site as found, before its container is known). */
export function siteProblem(site: PushSite, where: string): Problem | undefined {
  if (!site.call && !Node.isThrowStatement(site.node)) {
    return {
      rule: 'push-in-callback',
      message: `${site.api} in ${where} is passed on or stored as a value`,
      suggestion: 'Make the request in the handler itself and pass the answer (not the request function) to the code that needs it.',
    };
  }
  if (site.nestedFunction) {
    return {
      rule: 'push-in-callback',
      message: `${site.api} in ${where} is made inside a nested function or callback`,
      suggestion: 'Make the request at the top level of the handler and pass the answer into the callback; the migration can then turn it into an input request.',
    };
  }
  if (site.inLoop) {
    return {
      rule: 'push-in-loop',
      message: `${site.api} in ${where} is made inside a loop`,
      suggestion: 'Carry the loop state (index, answers so far) in requestState and ask one question per round, or collect all inputs up front as tool arguments.',
    };
  }
  const chained = site.call?.getParent();
  if (!site.awaited && chained && Node.isPropertyAccessExpression(chained) && ['then', 'catch', 'finally'].includes(chained.getName())) {
    return {
      rule: 'then-chain',
      message: `${site.api} in ${where} is consumed through .${chained.getName()}(…) instead of await`,
      suggestion: 'Await the request in a statement of its own (const answer = await …) and move the .then body after it, then run the migration again.',
    };
  }
  if (!site.awaited && site.call && Node.isVariableDeclaration(parentOutsideParentheses(site.call) ?? site.call)) {
    return {
      rule: 'push-not-awaited',
      message: `${site.api} in ${where} is started into a local and not awaited right away; it can move to the await only when the promise is awaited once, later in the same block, and the params read nothing the code in between changes`,
      suggestion: 'Await the request where it is made (const answer = await …), or build its params from values that stay the same until the await.',
    };
  }
  if (!site.awaited && site.call && isAwaited(site.call)) {
    // Only a helper's call lands here: a race of questions through helpers is not taken apart.
    return {
      rule: 'push-not-awaited',
      message: `${site.api} in ${where} is awaited in a Promise.race or Promise.any with other promises, which the migration does not take apart for a helper's question`,
      suggestion: 'Await the helper on its own (or race the underlying question directly), then run the migration again.',
    };
  }
  if (!site.awaited) {
    return {
      rule: 'push-not-awaited',
      message: `${site.api} in ${where} is not awaited (fire-and-forget)`,
      suggestion: 'Await the request where it is made, or drop it: under 2026-07-28 a request nobody waits for cannot be sent at all.',
    };
  }
  // A helper's arguments go to its companions, not to a request (its own question was checked when it was lifted).
  const dropped = site.helperArgs ? undefined : droppedWithEffects(site);
  if (dropped) {
    const { message, suggestion } = droppedWithEffectsProblem(dropped);
    return { rule: 'push-unsupported-shape', message: `${site.api} in ${where}: ${message}`, suggestion };
  }
  const raced = racedAgainst(site).find((member) => !droppableRaceMember(member));
  if (raced) {
    return {
      rule: 'push-unsupported-shape',
      message: `${site.api} in ${where}: the rewrite would drop \`${oneLine(raced)}\`, raced against the question (nothing waits for the client under 2026-07-28), and evaluating it does more than start a timer`,
      suggestion: 'Run that code in a statement of its own before the race (its effects then stay), or race the question against a plain timer; then run the migration again.',
    };
  }
  return undefined;
}

/**
 * What refuses the question at its place in its container: `awaitNode` is the await whose value is
 * its answer (undefined: none), `statement` the container's statement that holds it.
 */
export function askProblem(
  site: PushSite,
  where: string,
  awaitNode: Node | undefined,
  statement: Statement,
  loop: LoopAsk | LoopBatch | undefined,
  helperCall: HelperCall | undefined,
  containerSites: PushSite[],
): Problem | undefined {
  const problem = (rule: RuleId, message: string, suggestion: string): Problem => ({ rule, message, suggestion });
  if (!awaitNode) {
    return problem('push-not-awaited', `${site.api} in ${where} is not awaited directly`, 'Await the request where it is made, so the answer can be read at the resume step.');
  }
  if (loop?.kind === 'batch' && site.elicitMode === 'url') {
    return problem('push-in-loop', `${site.api} in ${where} is made once per item in URL mode`, 'Ask a form question in the loop, then run the migration again.');
  }
  // Per item through a helper: every item's request is built by the helper's request builder in
  // the requests' map, and its code after the question runs in the loop on each answer. Like
  // the loop's own code, that code must only compute.
  const perItemHelper = loop?.kind === 'batch' ? helperCall?.helper : undefined;
  const notComputing = perItemHelper && outcomeBeyondComputing(perItemHelper);
  if (notComputing) {
    return problem('push-in-loop', `${site.api} in ${where} is made once per item through a helper that ${notComputing} (the loop's items would all be asked at once, where the original could stop before the later ones)`,
      'Ask the question directly in the loop and handle each answer there, then run the migration again.');
  }
  if (loop && isBatchAwait(awaitNode)) {
    return problem('push-in-loop', `${site.api} in ${where} is batched in a Promise.all inside a loop`, 'Await the question on its own inside the loop, then run the migration again.');
  }
  if (!hoistable(awaitNode, loop?.inner ?? statement)) {
    return problem('push-conditional-expression', `${site.api} in ${where} is awaited inside a conditional expression (&&, ||, ??, ?:) or after other calls in the same statement`, 'Ask in a statement of its own before the expression (const answer = await …), then use the answer.');
  }
  if (isBatchAwait(awaitNode) && !batchOfQuestions(awaitNode, containerSites)) {
    return problem('push-unsupported-shape', `${site.api} in ${where} is awaited in a Promise.all together with other work`, 'Await the other work before the questions (or after them), and batch only the questions.');
  }
  if (helperCall?.helper.resultFn && isBatchAwait(awaitNode)) {
    return problem('push-unsupported-shape', `${site.api} in ${where} is batched in Promise.all, and the helper works on the answer afterwards`, 'Await the helper calls one by one, or batch the underlying requests directly.');
  }
  if (helperCall?.helper.nested && !helperCall.helper.nested.rebuilt && (loop || isBatchAwait(awaitNode))) {
    return problem('push-in-loop', `${site.api} in ${where} runs code with side effects before its question and is called in a loop or a Promise.all`, 'Call it once outside the loop (or ask the question directly), then run the migration again.');
  }
  if (helperCall?.helper.guarded && (loop || isBatchAwait(awaitNode))) {
    return problem('push-in-loop', `${site.api} in ${where} can return without asking and is called in a loop or a Promise.all`, 'Call it once outside the loop (or ask the question directly), then run the migration again.');
  }
  return undefined;
}

/**
 * Why a helper asked once per item does more than build its request and compute its result from
 * the answer (pure declarations, ifs and returns); undefined when it does not.
 */
function outcomeBeyondComputing(helper: LiftableHelper): string | undefined {
  if (helper.via) return 'asks through another helper';
  const question = helper.site.node;
  if (helper.fn.getDescendantsOfKind(SyntaxKind.ThrowStatement).some((t) => t.getStart() >= question.getEnd())) return 'can throw after its question';
  if (helper.guarded) return 'can return before its question';
  if (helper.context) return 'reads the client\'s capabilities';
  // The nested form (see nested-helpers.ts): the question in if/try blocks, after code with effects, or beside a capability read.
  if (helper.nested) return 'asks inside if/try blocks, after code with effects or beside a capability check';
  if (helper.resultAsync) return 'awaits after its question';
  return helper.post.every((st) => isPureStatement(st)) ? undefined : 'runs code with effects after its question';
}
