// Re-ask-until-valid loops: one question at the top level of a while / do…while / for(;;) body,
//
//   let ports: string | undefined;
//   while (!ports) {
//     const answer = await ctx.mcpReq.elicitInput(params);   // ← one round per time round the loop
//     if (answer.action !== 'accept') return …;
//     if (valid(answer)) ports = …; else hint = …;
//   }
//
// become one step that re-enters the loop: the values declared before the loop and used from it on
// (its state: attempt counters, hints, answers so far) are restored, the loop runs again from its
// head, and the question reads this leg's answer the first time round only; the next time round it
// returns inputRequired again with the loop state as it is then. That re-entry is the original run
// only when the loop head and the code before the question in the body compute the same thing
// again from the same values and touch nothing (they run once more per leg), so both must be pure.
// Per-item loops (for…of, for…in) and anything less certain are reported as push-in-loop.
import { Node, SyntaxKind, type Block, type Statement } from 'ts-morph';
import type { PushSite } from '../analysis/push-sites.js';
import { isPureExpression, isPureStatement } from './purity.js';

export interface LoopAsk {
  /** The loop statement: a statement of the block that becomes the step container. */
  statement: Statement;
  /** The loop body's statement that asks. */
  inner: Statement;
  body: Block;
}

export type LoopProblem = { rule: 'push-in-loop'; message: string; suggestion: string };

const SUGGESTION = 'Carry the loop state (index, answers so far) in requestState and ask one question per round, or collect all inputs up front as tool arguments.';

/**
 * The re-ask loop around `site`, a problem saying why its loop cannot be resumed with certainty,
 * or undefined when the site is not in a loop of its handler.
 */
export function reaskLoop(site: PushSite, sites: PushSite[]): { loop: LoopAsk } | { problem: LoopProblem } | undefined {
  if (!site.inLoop || site.nestedFunction || !site.handler) return undefined;
  const fn = site.handler.fn;
  const problem = (message: string, suggestion = SUGGESTION) => ({ problem: { rule: 'push-in-loop' as const, message, suggestion } });

  const loops = site.node.getAncestors().filter((a) => fn.containsRange(a.getPos(), a.getEnd()) && a !== fn && Node.isIterationStatement(a));
  if (loops.length === 0) return undefined;
  const loop = loops[0];
  if (Node.isForOfStatement(loop) || Node.isForInStatement(loop)) {
    return problem(`is made once per item of a ${Node.isForOfStatement(loop) ? 'for…of' : 'for…in'} loop; only a re-ask loop (while, do…while, for(;;)) around one question is resumed automatically`,
      'If the questions do not depend on each other, ask them all in one round (one inputRequests key per item); otherwise carry the index and the answers so far in requestState and ask one item per round.');
  }
  if (loops.length > 1) return problem('is made inside nested loops; only one loop around the question can be resumed automatically');
  const body = Node.isWhileStatement(loop) || Node.isDoStatement(loop) || Node.isForStatement(loop) ? loop.getStatement() : undefined;
  if (!body || !Node.isBlock(body)) return problem('is made inside a loop without a braced body', 'Add braces around the loop body, then run the migration again.');
  const inner = body.getStatements().find((st) => st.containsRange(site.node.getPos(), site.node.getEnd()));
  if (!inner || !asksDirectly(site.node, inner)) {
    return problem('is made inside a branch or block of the loop body; only a question at the top level of the loop body is resumed automatically',
      'Move the question to the top level of the loop body (ask unconditionally, then decide), then run the migration again.');
  }
  const others = sites.filter((s) => s !== site && loop.containsRange(s.node.getPos(), s.node.getEnd()));
  if (others.length > 0) return problem('shares its loop with another request; only a loop around one question is resumed automatically');
  const parent = loop.getParent();
  if (!parent || !Node.isBlock(parent)) return problem('is made inside a labelled loop or a loop that is not a statement of a block');

  // The loop head and the code before the question in the body run again when a retry re-enters the loop.
  if (Node.isForStatement(loop) && loop.getInitializer()) {
    return problem('is made inside a for loop with an initializer, which would start the loop over on every retry',
      'Declare the loop variable before the loop (let attempt = 0; for (; attempt < 3; attempt++)), then run the migration again.');
  }
  const head = Node.isWhileStatement(loop) || Node.isDoStatement(loop) ? loop.getExpression() : Node.isForStatement(loop) ? loop.getCondition() : undefined;
  if (!Node.isDoStatement(loop) && head && !isPureExpression(head)) {
    return problem('is made inside a loop whose condition has side effects; it would run again when a retry re-enters the loop',
      'Compute the condition into a variable inside the loop after the question, then run the migration again.');
  }
  const before = body.getStatements().slice(0, body.getStatements().indexOf(inner));
  if (!before.every((st) => isPureStatement(st))) {
    return problem('is made after code with side effects in the loop body, which would run again when a retry re-enters the loop',
      'Move that code after the question (or before the loop), then run the migration again.');
  }
  if (body.getDescendantsOfKind(SyntaxKind.LabeledStatement).length > 0 || Node.isLabeledStatement(parent)) {
    return problem('is made inside a loop with labelled statements');
  }
  return { loop: { statement: loop as Statement, inner, body } };
}

/** `node` is part of `statement` itself, not of a nested block, branch or function. */
function asksDirectly(node: Node, statement: Statement): boolean {
  for (let n: Node | undefined = node.getParent(); n && n !== statement; n = n.getParent()) {
    if (Node.isBlock(n) || Node.isFunctionLikeDeclaration(n) || Node.isIfStatement(n) || Node.isSwitchStatement(n) || Node.isIterationStatement(n)) return false;
  }
  return true;
}
