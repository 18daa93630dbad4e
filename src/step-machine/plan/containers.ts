// Where the questions sit: the blocks that hold them (containers), and whether the way from the
// handler body to each can run again on every leg; side effects on that way before a statement
// that asks are lifted into a prefix that runs on the first leg only.
import { Node, type Block, type Statement } from '../../ts-morph.js';
import { isPureExpression, isPureStatement } from '../../analysis/purity.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { alwaysExits } from '../../ast/exits.js';
import type { LoopAsk, LoopBatch } from './loops.js';
import type { Problem } from './question-problems.js';

type Located = { containers: Map<Block, PushSite[]>; lifts: Map<Block, Set<Statement>> } | { problem: Problem };

/**
 * The containers with their questions, and the lifts (see containersFor). A question in a re-ask
 * loop is located by its loop statement (see loops.ts).
 */
export function locateQuestions(
  sites: PushSite[],
  loops: ReadonlyMap<PushSite, LoopAsk | LoopBatch>,
  body: Block,
  finallyProblem: (finallyBlock: Block) => string | undefined,
): Located {
  const proxies = new Map(sites.map((site) => [loops.has(site) ? { ...site, node: loops.get(site)!.statement } : site, site]));
  const located = containersFor([...proxies.keys()], body, finallyProblem);
  if (!('problem' in located)) {
    for (const [block, list] of located.containers) located.containers.set(block, list.map((s) => proxies.get(s)!));
  }
  return located;
}

/** How many if / try / switch-case blocks deep a question may sit. */
const MAX_NESTING = 6;

/**
 * The blocks holding the questions directly (no nested block in between), innermost first. Each
 * is reached from the handler body only through if branches, try blocks, braced switch cases and
 * plain blocks whose surroundings run again harmlessly on every leg: pure code, or — with several
 * blocks — an if whose question-holding branches always return (a retry for a later block passes
 * them by). Side effects before a statement that asks, in a block on the way that is not a
 * container itself, are lifted: `lifts` maps that block to those statements (the anchors).
 */
function containersFor(sites: PushSite[], body: Block, finallyProblem: (finallyBlock: Block) => string | undefined): Located {
  const containers = new Map<Block, PushSite[]>();
  for (const site of sites) {
    let container: Block | undefined;
    for (let node: Node | undefined = site.node.getParent(); node && node !== body.getParent(); node = node.getParent()) {
      if (Node.isBlock(node)) {
        container = topLevelStatement(site.node, node) ? node : undefined;
        break;
      }
    }
    if (!container) {
      return {
        problem: {
          rule: 'push-nested-block',
          message: 'the question is inside a switch case without braces, a labelled statement or a branch without braces; the step machine cannot resume into it with certainty',
          suggestion: 'Add braces around the branch or case, or move the question to the top level of the handler, then run the migration again.',
        },
      };
    }
    containers.set(container, [...(containers.get(container) ?? []), site]);
  }
  const blocks = [...containers.keys()];
  const holdsQuestion = (node: Node) => sites.some((s) => node.containsRange(s.node.getPos(), s.node.getEnd()));
  const lifts = new Map<Block, Set<Statement>>();
  for (const container of blocks) {
    // A block inside a container is re-emitted with it, so it cannot hold a prefix of its own.
    const liftable = (level: Block) => !blocks.some((b) => b.containsRange(level.getPos(), level.getEnd()));
    const result = pathProblem(container, body, holdsQuestion, blocks.length > 1, liftable, finallyProblem);
    if ('problem' in result) return { problem: result.problem };
    for (const [level, anchors] of result.lifts) lifts.set(level, new Set([...(lifts.get(level) ?? []), ...anchors]));
  }
  // Innermost first, so an inner block's rewrite is ready when the block around it is emitted.
  const depth = (b: Block) => b.getAncestors().length;
  return { containers: new Map([...containers].sort((a, b) => depth(b[0]) - depth(a[0]))), lifts };
}

/**
 * Why the way from the handler body to `container` cannot run again on every leg, if it cannot;
 * else the blocks on the way whose side effects before the first asking statement are lifted into
 * a prefix (only blocks `liftable` allows: a container's own code before its questions is its P0).
 */
function pathProblem(
  container: Block,
  body: Block,
  holdsQuestion: (node: Node) => boolean,
  several: boolean,
  liftable: (level: Block) => boolean,
  finallyProblem: (finallyBlock: Block) => string | undefined,
): { problem: Problem } | { lifts: Map<Block, Statement[]> } {
  const fail = (problem: Problem) => ({ problem });
  const lifts = new Map<Block, Statement[]>();
  let nesting = 0;
  for (let block: Block = container; block !== body;) {
    const parent = block.getParentOrThrow();
    let statement: Node;
    if (Node.isIfStatement(parent)) {
      // Walk up an else-if chain: every condition on the way is evaluated again on each leg.
      let top: Node = parent;
      for (let current: Node = parent; Node.isIfStatement(current); current = current.getParentOrThrow()) {
        if (!isPureExpression(current.getExpression())) {
          return fail(impure('the condition of an if around the question has side effects or may change between legs'));
        }
        top = current;
        const up = current.getParentOrThrow();
        if (!(Node.isIfStatement(up) && up.getElseStatement() === current)) break;
      }
      statement = top;
      nesting++;
    } else if (Node.isTryStatement(parent)) {
      if (parent.getTryBlock() !== block) {
        return fail({ rule: 'push-in-try', message: 'the question is asked inside a catch or finally block', suggestion: 'Ask before the try statement, or return the input request from the try block.' });
      }
      const finallyBlock = parent.getFinallyBlock();
      const why = finallyBlock && finallyProblem(finallyBlock);
      if (why !== undefined) {
        return fail({ rule: 'push-in-try', message: `the try around the question has a finally block, which would run once per leg after migration${why ? `: ${why}` : ''}`, suggestion: 'Move the question out of the try/finally (keep the finally around the code after it), then run the migration again.' });
      }
      statement = parent;
      nesting++;
    } else if (Node.isCaseClause(parent) || Node.isDefaultClause(parent)) {
      const problem = caseProblem(block, parent);
      if (problem) return fail(problem);
      statement = parent.getParentOrThrow().getParentOrThrow();
      nesting++;
    } else if (Node.isBlock(parent) || Node.isSourceFile(parent)) {
      statement = block;
    } else {
      return fail({ rule: 'push-nested-block', message: 'the question is inside a loop or labelled statement', suggestion: 'Move the question to the top level of the handler, then run the migration again.' });
    }
    if (nesting > MAX_NESTING) {
      return fail({ rule: 'push-nested-block', message: `the question sits more than ${MAX_NESTING} if/try/switch blocks deep`, suggestion: 'Move the question (or the checks around it) up a few levels, e.g. with early returns, then run the migration again.' });
    }
    const list = statement.getParentOrThrow();
    if (!Node.isBlock(list)) {
      return fail({ rule: 'push-nested-block', message: 'the question is inside a branch without braces', suggestion: 'Add braces around the branch, then run the migration again.' });
    }
    // Before the first statement that asks: pure, or lifted. From there on to this path's
    // statement: pure, or an earlier question's branch that a retry passes by — or, when the
    // block may hold a prefix, lifted as a whole (a retry for this statement skips all of it).
    const statements = list.getStatements();
    const anchor = statements.findIndex((st) => holdsQuestion(st));
    const at = statements.indexOf(statement as Statement);
    const mine: Statement[] = [];
    const rerun = statements.slice(anchor, at).find((st) => !isPureStatement(st) && !(several && passesBy(st, holdsQuestion)));
    if (rerun && liftable(list)) {
      mine.push(statement as Statement);
    } else if (rerun) {
      return fail(holdsQuestion(rerun)
        ? { ...impure('an earlier block that asks does not always return, so a retry for a later question would run it again'),
          suggestion: 'End the earlier block that asks with a return (e.g. move what follows it into a helper called from both places), or ask both questions before the blocks, then run the migration again.' }
        : impure('code before the block that asks has side effects and would run again on every leg'));
    }
    if (statements.slice(0, anchor).some((st) => !isPureStatement(st))) {
      if (!liftable(list)) return fail(impure('code before the block that asks has side effects and would run again on every leg'));
      mine.push(statements[anchor]);
    }
    if (mine.length > 0) lifts.set(list, [...(lifts.get(list) ?? []), ...mine]);
    block = list;
  }
  return { lifts };
}

/**
 * A braced case is re-entered on every leg by evaluating the switch again: its subject and the
 * labels must be pure, and no other case's code may run before or after it by falling through.
 */
function caseProblem(block: Block, clause: import('ts-morph').CaseClause | import('ts-morph').DefaultClause): Problem | undefined {
  const nested = (message: string, suggestion: string): Problem => ({ rule: 'push-nested-block', message, suggestion });
  if (clause.getStatements()[0] !== block) {
    return nested('the question is in a switch case whose braces do not hold the whole case', 'Put the braces around everything the case does, then run the migration again.');
  }
  const switchStatement = clause.getParentOrThrow().getParentOrThrow() as import('ts-morph').SwitchStatement;
  const clauses = switchStatement.getCaseBlock().getClauses();
  if (!isPureExpression(switchStatement.getExpression()) || clauses.some((c) => Node.isCaseClause(c) && !isPureExpression(c.getExpression()))) {
    return nested('the subject or a label of the switch around the question has side effects or may change between legs', 'Compute the value to switch on into a local first (from the arguments), then run the migration again.');
  }
  const index = clauses.indexOf(clause);
  const fallsThrough = (c: import('ts-morph').CaseOrDefaultClause) => c.getStatements().length > 0 && !c.getStatements().some((st) => leavesCase(st));
  const before = clauses.slice(0, index).reverse().find((c) => c.getStatements().length > 0);
  if ((before && fallsThrough(before)) || (index < clauses.length - 1 && fallsThrough(clause))) {
    return nested('the switch case that asks falls through from or into another case', 'End each case with return or break, then run the migration again.');
  }
  return undefined;
}

/** Every path through `statement` leaves the switch case (return, throw or an unlabelled break). */
function leavesCase(statement: Node): boolean {
  if (Node.isBreakStatement(statement)) return statement.getLabel() === undefined;
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement)) return true;
  if (Node.isBlock(statement)) return statement.getStatements().some((s) => leavesCase(s));
  if (Node.isIfStatement(statement)) {
    const otherwise = statement.getElseStatement();
    return otherwise !== undefined && leavesCase(statement.getThenStatement()) && leavesCase(otherwise);
  }
  if (Node.isTryStatement(statement)) {
    const handler = statement.getCatchClause();
    return leavesCase(statement.getTryBlock()) && (!handler || leavesCase(handler.getBlock()));
  }
  return false;
}

/**
 * An if (chain) with pure conditions whose branches that ask always return or throw, and whose
 * other branches are pure: a retry meant for a later question takes the same branches again and
 * falls through, as the first leg did.
 */
function passesBy(statement: Node, holdsQuestion: (node: Node) => boolean): boolean {
  if (!Node.isIfStatement(statement) || !isPureExpression(statement.getExpression())) return false;
  const branches = [statement.getThenStatement(), statement.getElseStatement()].filter((b): b is Statement => b !== undefined);
  return branches.every((branch) =>
    Node.isIfStatement(branch) ? passesBy(branch, holdsQuestion) : holdsQuestion(branch) ? alwaysExits(branch) : isPureStatement(branch));
}

function impure(message: string): Problem {
  return {
    rule: 'push-nested-block',
    message,
    suggestion: 'Move the question to the top level of the handler (before the side effects, or compute the condition first and ask unconditionally), then run the migration again.',
  };
}

/** The statement directly in `body` that holds `node`, when no block/if/switch lies in between. */
export function topLevelStatement(node: Node, body: Node): Statement | undefined {
  let current: Node | undefined = node;
  while (current && current.getParent() !== body) {
    const parent: Node | undefined = current.getParent();
    if (!parent) return undefined;
    // The condition of an if (or a switch's subject) runs before its branches: that is still "in" the statement.
    const inHead = (Node.isIfStatement(parent) || Node.isSwitchStatement(parent)) && parent.getExpression() === current;
    if (!inHead && (Node.isBlock(parent) || Node.isIfStatement(parent) || Node.isSwitchStatement(parent) ||
      Node.isCaseClause(parent) || Node.isDefaultClause(parent) || Node.isLabeledStatement(parent))) {
      return undefined;
    }
    current = parent;
  }
  return current && Node.isStatement(current) ? current : undefined;
}
