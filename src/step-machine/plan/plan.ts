// Analysis half of the step machine: decides whether a handler can be split with certainty, and
// if so, into which rounds. Nothing here edits text. The intermediate form (written down so the
// emitted code is predictable):
//
//   body = P0 · G1 · B1 · G2 · B2 … Gn · Bn
//
// P0 are the statements before the first question; Gk the consecutive top-level statements that
// ask round k's questions (independent of each other); Bk the statements after them up to the
// next round. Values declared before round k and used from round k on are "live at k" and travel
// in the state minted for round k.
//
// The body is the handler's block, or — when the questions sit inside `if` branches, `try` blocks
// or braced `switch` cases, nested up to MAX_NESTING deep — those inner blocks (the "containers").
// Everything on the way to a container (if-conditions, switch subjects and labels) runs again on
// every leg, so it must be pure: same value from the same re-sent arguments, no side effects. A
// `finally` would run on every leg, so it is refused (unless all it does is forget a completion
// notifier that becomes a no-op, see stored-notifier.ts). Side-effecting statements before the first
// statement that asks, at any level on the way that is not itself a container, become a prefix
// (see prefix.ts) that runs on the first leg only; so does everything before a later statement
// that asks after an earlier one that does not always return.
import { descendantsOfKinds, Node, SyntaxKind, type Block, type Statement, type VariableStatement } from '../../ts-morph.js';
import { changesInPlace, isLiteralZodParse, isLiteralZodSchemaRead, isPureExpression, isPureStatement } from '../../analysis/purity.js';
import type { HelperCall, LiftableHelper } from '../recognise/helpers.js';
import { handlerLabel, type HandlerInfo } from '../../analysis/handlers.js';
import { droppedWithEffects, droppedWithEffectsProblem, stripUrlModeFields } from '../recognise/dropped-arguments.js';
import { declaredWithin } from '../../ast/resolve.js';
import { isAwaited, type PushSite } from '../../analysis/push-sites.js';
import type { FindingInput } from '../../types.js';
import { camelCase, snakeCase, uniqueName } from '../../ast/naming.js';
import { oneLine } from '../../ast/text.js';
import { bindingNames, referencedNames, referenceNodes } from '../../ast/names.js';
import { alwaysExits } from '../../ast/exits.js';
import { parentOutsideParentheses } from '../../ast/unwrap.js';
import { droppableRaceMember } from './race-timers.js';
import { deferredAwait, requestConst, type DeferredAwait } from './deferred.js';
import { reaskLoop, type LoopAsk, type LoopBatch } from './loops.js';
import { lostFirstLegWrite } from './first-leg-writes.js';
import { contextName } from './handler-context.js';
import type { Ask, AskKind, ContainerPlan, Declared, PlanResult, PrefixPlan, Round } from './handler-plan.js';
import { changesBetweenLegs, mayHoldSharedObject, outsideDeclaration } from './shared-state.js';

const PROMISE_BATCH = new Set(['all', 'allSettled']);

/**
 * `removedElsewhere` marks statements another rewrite deletes (they neither declare nor use
 * anything); `finallyProblem` says why a finally block may not run at the end of every leg
 * (undefined: it may, and a try around a question keeps it; see stored-notifier.ts).
 */
export function planHandler(
  handler: HandlerInfo,
  sites: PushSite[],
  removedElsewhere: (node: Node) => boolean = () => false,
  helperCalls: ReadonlyMap<Node, HelperCall> = new Map(),
  finallyProblem: (finallyBlock: Block) => string | undefined = () => '',
): PlanResult {
  const findings: FindingInput[] = [];
  const reject = (site: PushSite, rule: string, message: string, suggestion: string) =>
    findings.push({ rule, severity: 'warning', pos: site.node.getStart(), message, suggestion });
  const where = handlerLabel(handler);
  const body = handler.fn.getBody();
  if (!body || !Node.isBlock(body)) {
    for (const site of sites) {
      reject(site, 'push-unsupported-shape', `${site.api} in ${where}, whose body is an expression`, 'Give the handler a block body; the migration then splits it into steps.');
    }
    return { ok: false, findings };
  }
  // A question started into a local and awaited later is asked at the await, and a request built
  // into a local is rebuilt where it is sent; the declaration goes.
  const deferred = new Map<PushSite, DeferredAwait>();
  for (const site of sites) {
    const found = deferredAwait(site, handler.fn) ?? requestConst(site, handler.fn);
    // Values from outside the handler must not change in between either: module lets are refused.
    if (found && found.outside.every((name) => stableOutside(name, handler.fn))) deferred.set(site, found);
  }
  const removed = (node: Node) => removedElsewhere(node) || [...deferred.values()].some((d) => d.declaration === node);
  // A question in a re-ask loop is located by its loop statement (see loops.ts).
  const loops = new Map<PushSite, LoopAsk | LoopBatch>();
  for (const site of sites) {
    const loop = reaskLoop(site, sites);
    if (loop && 'problem' in loop) {
      reject(site, loop.problem.rule, `${site.api} in ${where} ${loop.problem.message}`, loop.problem.suggestion);
      continue;
    }
    if (loop) loops.set(site, loop.loop);
    const problem = siteProblem(deferred.has(site) ? { ...site, awaited: true } : loop ? { ...site, inLoop: false, nestedFunction: undefined } : site, where);
    if (problem) reject(site, problem.rule, problem.message, problem.suggestion);
  }
  if (findings.length > 0) return refuseAll();
  const proxies = new Map(sites.map((site) => [loops.has(site) ? { ...site, node: loops.get(site)!.statement } : site, site]));
  const located = containersFor([...proxies.keys()], body, finallyProblem);
  if (!('problem' in located)) {
    for (const [block, list] of located.containers) located.containers.set(block, list.map((s) => proxies.get(s)!));
  }
  if ('problem' in located) {
    for (const site of sites) reject(site, located.problem.rule, `${site.api} in ${where}: ${located.problem.message}`, located.problem.suggestion);
    return { ok: false, findings };
  }

  const paramNames = new Set(handler.params.flatMap((p) => bindingNames(p.getNameNode())));
  // Helpers that read the client's capabilities are handed this request's context.
  const ctxName = contextName(handler);
  // Names the generated code imports are never reused for locals; keys are unique in the handler.
  const companions = [...helperCalls.values()].flatMap((c) => [c.helper.requestFn, c.helper.resultFn ?? '']);
  const taken = new Set<string>([...identifierNames(handler.fn), ...GENERATED_IMPORTS, ...companions]);
  const keys = new Set<string>();
  const droppedOptions: PushSite[] = [];
  const containers: ContainerPlan[] = [];
  for (const [container, containerSites] of located.containers) {
    const planned = planContainer(container, containerSites);
    if (!planned) return findings.length > 0 ? refuseAll() : { ok: false, findings };
    containers.push(planned);
  }

  // Parameters reassigned before a split would be restored from the re-sent arguments: refuse.
  for (const name of paramNames) {
    if (isReassigned(name, body)) {
      for (const site of sites) {
        reject(site, 'push-unsupported-shape', `${site.api} in ${where}: handler parameter ${name} is reassigned`, `Copy ${name} into a local before changing it.`);
      }
      return { ok: false, findings };
    }
  }
  // Side effects before the blocks that ask run on the first leg only; what they declare and the
  // rest of the block uses travels in the state of every step below them.
  const prefixes: PrefixPlan[] = [];
  // What a retry never runs again: a container's statements before its first question (those not
  // recomputed on every leg) and the params built there for that question, which travel as the request.
  const firstLeg = containers.flatMap((c) => [
    ...c.statements.slice(0, c.rounds[0].first).filter((st) => !c.hoisted.includes(st)),
    ...c.rounds[0].asks.flatMap(paramsBuiltBefore),
  ]);
  const firstLegOnly = (node: Node) => firstLeg.some((r) => r.containsRange(node.getPos(), node.getEnd()));
  for (const [level, anchors] of located.lifts) {
    for (const anchor of anchors) {
      // (Guards re-run after the restore only where the block has one prefix: see PrefixPlan.rerun.)
      const planned = planPrefix(level, anchor, body, removed, firstLegOnly, anchors.size === 1 ? (n) => paramNames.has(n) || stableOutside(n, handler.fn) : undefined);
      if (typeof planned === 'string') {
        for (const site of sites) reject(site, 'push-unsupported-shape', `${site.api} in ${where}: ${planned}`, PREFIX_SUGGESTION);
        return { ok: false, findings };
      }
      prefixes.push(planned);
    }
  }
  // Outermost level first; within a level, in the order of their anchors.
  prefixes.sort((a, b) => a.block.getAncestors().length - b.block.getAncestors().length || a.anchor.getStart() - b.anchor.getStart());
  const lost = lostFirstLegWrite(handler.fn, containers, prefixes);
  if (lost) {
    for (const site of sites) {
      reject(site, 'push-unsupported-shape', `${site.api} in ${where}: ${lost} is changed by code that a later retry skips (it runs once, before a question), and the retry computes ${lost} again instead of restoring it`,
        `Declare ${lost} next to the code that changes it, or compute its final value after the question, then run the migration again.`);
    }
    return { ok: false, findings };
  }
  return { ok: true, plan: { handler, containers, droppedOptions, prefixes, deferred: [...deferred.values()] } };

  function planContainer(container: Block, containerSites: PushSite[]): ContainerPlan | undefined {
    const statements = container.getStatements();
    const asksByStatement = new Map<number, Ask[]>();
    for (const site of containerSites) {
      const later = deferred.get(site);
      const loop = loops.get(site);
      const statement = loop ? loop.statement : topLevelStatement(later?.awaitNode ?? site.node, container)!;
      const index = statements.indexOf(statement);
      const awaitNode = later?.awaitNode ?? awaitOf(site);
      if (!awaitNode) {
        reject(site, 'push-not-awaited', `${site.api} in ${where} is not awaited directly`, 'Await the request where it is made, so the answer can be read at the resume step.');
        continue;
      }
      if (loop?.kind === 'batch' && site.elicitMode === 'url') {
        reject(site, 'push-in-loop', `${site.api} in ${where} is made once per item in URL mode`, 'Ask a form question in the loop, then run the migration again.');
        continue;
      }
      // Per item through a helper: every item's request is built by the helper's request builder in
      // the requests' map, and its code after the question runs in the loop on each answer. Like
      // the loop's own code, that code must only compute.
      const perItemHelper = loop?.kind === 'batch' ? helperCalls.get(site.node)?.helper : undefined;
      const notComputing = perItemHelper && outcomeBeyondComputing(perItemHelper);
      if (notComputing) {
        reject(site, 'push-in-loop', `${site.api} in ${where} is made once per item through a helper that ${notComputing} (the loop's items would all be asked at once, where the original could stop before the later ones)`,
          'Ask the question directly in the loop and handle each answer there, then run the migration again.');
        continue;
      }
      if (loop && isBatchAwait(awaitNode)) {
        reject(site, 'push-in-loop', `${site.api} in ${where} is batched in a Promise.all inside a loop`, 'Await the question on its own inside the loop, then run the migration again.');
        continue;
      }
      if (!hoistable(awaitNode, loop?.inner ?? statement)) {
        reject(site, 'push-conditional-expression', `${site.api} in ${where} is awaited inside a conditional expression (&&, ||, ??, ?:) or after other calls in the same statement`, 'Ask in a statement of its own before the expression (const answer = await …), then use the answer.');
        continue;
      }
      if (isBatchAwait(awaitNode) && !batchOfQuestions(awaitNode, containerSites)) {
        reject(site, 'push-unsupported-shape', `${site.api} in ${where} is awaited in a Promise.all together with other work`, 'Await the other work before the questions (or after them), and batch only the questions.');
        continue;
      }
      const helperCall = helperCalls.get(site.node);
      if (helperCall?.helper.resultFn && isBatchAwait(awaitNode)) {
        reject(site, 'push-unsupported-shape', `${site.api} in ${where} is batched in Promise.all, and the helper works on the answer afterwards`, 'Await the helper calls one by one, or batch the underlying requests directly.');
        continue;
      }
      if (helperCall?.helper.nested && !helperCall.helper.nested.rebuilt && (loop || isBatchAwait(awaitNode))) {
        reject(site, 'push-in-loop', `${site.api} in ${where} runs code with side effects before its question and is called in a loop or a Promise.all`, 'Call it once outside the loop (or ask the question directly), then run the migration again.');
        continue;
      }
      if (helperCall?.helper.guarded && (loop || isBatchAwait(awaitNode))) {
        reject(site, 'push-in-loop', `${site.api} in ${where} can return without asking and is called in a loop or a Promise.all`, 'Call it once outside the loop (or ask the question directly), then run the migration again.');
        continue;
      }
      if (site.options) droppedOptions.push(site);
      const asks = asksByStatement.get(index) ?? [];
      asks.push(makeAsk(site, awaitNode, helperCall, ctxName));
      asksByStatement.set(index, asks);
    }
    if (findings.length > 0) return undefined;

    // Statements that ask more than one question must do so through one Promise.all/allSettled.
    for (const asks of asksByStatement.values()) {
      if (asks.length > 1 && !asks.every((a) => a.awaitNode === asks[0].awaitNode)) {
        for (const ask of asks) {
          reject(ask.site, 'push-unsupported-shape', `${ask.site.api} in ${where}: several requests awaited separately in one statement`, 'Split the statement so each request is awaited in a statement of its own, or batch them in one Promise.all.');
        }
        return undefined;
      }
    }

    const kept = statements.filter((st) => !removed(st));
    const declared = topLevelDeclarations(kept, statements);
    if (declared === undefined) {
      for (const site of containerSites) {
        reject(site, 'push-unsupported-shape', `${site.api} in ${where}: a function or class declared in the handler body is used across the question`, 'Move the local function or class out of the handler.');
      }
      return undefined;
    }
    const indices = [...asksByStatement.keys()].sort((a, b) => a - b);
    const loopAt = new Map([...loops.values()].map((l) => [statements.indexOf(l.statement), l]));
    for (const index of indices) {
      for (const ask of asksByStatement.get(index)!) nameAsk(ask, loopAt.get(index)?.inner ?? statements[index], keys, taken);
    }

    // Rounds: consecutive asking statements whose requests do not use an earlier answer of the round.
    const rounds: Round[] = [];
    for (const index of indices) {
      const asks = asksByStatement.get(index)!;
      const previous = rounds[rounds.length - 1];
      const bound = previous ? previous.asks.flatMap((a) => boundNames(statements[previous.last], a)) : [];
      const usesEarlier = asks.some((a) => a.site.params && referencedNames(a.site.params).some((n) => bound.includes(n)));
      const looped = loopAt.has(index) || (previous !== undefined && previous.loop !== undefined);
      if (previous && previous.last === index - 1 && !usesEarlier && !looped && onlyReceives(statements[previous.last], previous.asks)) {
        previous.last = index;
        previous.asks.push(...asks);
      } else {
        const loop = loopAt.get(index);
        const base = camelCase(asks[0].key);
        rounds.push({
          first: index, last: index, asks, step: '', dropped: new Set(),
          loop: loop?.kind === 'reask' ? { ...loop, dropInner: asks[0].replacement === undefined, usedFlag: uniqueName(`${base}AnswerUsed`, taken, '') } : undefined,
          batch: loop?.kind === 'batch'
            ? { ...loop, requests: uniqueName(`${base}Requests`, taken, ''), answers: uniqueName(`${base}Answers`, taken, ''), index: uniqueName(`${base}Index`, taken, '') }
            : undefined,
        });
      }
    }
    for (const round of rounds) {
      round.step = round.asks.map((a) => a.key).join('+');
      for (let i = round.first; i <= round.last; i++) {
        const asks = asksByStatement.get(i)!;
        if (!round.loop && !round.batch && asks.every((a) => a.replacement === undefined && !isBatchAwait(a.awaitNode))) round.dropped.add(i);
      }
    }

    // Code that runs on the first leg only before this block: the statements before it on the way from the handler's body.
    const outerFirstLeg = container.getAncestors().filter((a): a is Block => Node.isBlock(a) && handler.fn.containsRange(a.getPos(), a.getEnd()))
      .flatMap((b) => b.getStatements().filter((st) => st.getEnd() <= container.getStart()));
    const recomputed = recomputedOnEveryLeg(statements, kept, rounds, declared, {
      fixed: (name) => paramNames.has(name) || (!declared.has(name) && !changesBetweenLegs(name, handler.fn)),
      shared: (name) => !paramNames.has(name) && !declared.has(name) && changesBetweenLegs(name, handler.fn),
    }, (n) => containerSites.some((site) => site.params?.containsRange(n.getPos(), n.getEnd())),
    (st) => sites.some((site) => st.containsRange(site.node.getPos(), site.node.getEnd())), outerFirstLeg);
    if ('unchecked' in recomputed) {
      const name = recomputed.unchecked;
      for (const site of containerSites) {
        reject(site, 'push-unsupported-shape',
          `${site.api} in ${where}: ${name} is declared before the block that asks, and the block checks it after other code before the question: a retry would reach the code after the question without that check`,
          `Check ${name} where it is declared (before the block) or first thing in the block, then run the migration again.`);
      }
      return undefined;
    }
    if ('held' in recomputed) {
      const { held, root, why } = recomputed;
      for (const site of containerSites) {
        reject(site, 'push-unsupported-shape',
          `${site.api} in ${where}: ${held} holds an object kept in ${root}, which may change between the legs of a call, and the code after the question changes ${held} in place: a copy carried in requestState would take that change instead of ${root}, and looking ${held} up again on the retry ${why}`,
          `Look ${held} up again from ${root} after the question (and check it there), then run the migration again.`);
      }
      return undefined;
    }
    const { hoisted, recomputable } = recomputed;
    // Params built before their round travel as the request: what only they read does not travel again.
    // Params written outside their round (a deferred question's deleted declaration) are rebuilt at
    // the question: what they read is used there.
    const rebuilt = rounds.map((round) => round.asks.flatMap((a) => (!a.paramsHoisted && a.site.params &&
      !statements.slice(round.first, round.last + 1).some((st) => st.containsRange(a.site.params!.getPos(), a.site.params!.getEnd())) ? [a.site.params] : [])));
    const live = rounds.map((round, k) => liveAt(round.first, kept, statements, declared, round.asks.flatMap(paramsBuiltBefore),
      rebuilt.slice(k).flat()).filter((n) => !recomputable.has(n)));
    // A request hoisted before its round is carried into it.
    rounds.forEach((round, k) => {
      for (const ask of round.asks) if (ask.paramsHoisted && ask.requestName) live[k].push(ask.requestName);
    });
    return { container, statements, rounds, declared, live, hoisted, deleted: statements.filter((st) => removed(st)) };
  }

  /** Never half-migrate: every other site of this handler is left as it was too. */
  function refuseAll(): PlanResult {
    for (const site of sites) {
      if (!findings.some((f) => f.pos === site.node.getStart())) {
        reject(site, 'push-request', `${site.api} in ${where} left as it was: another request in this handler cannot be migrated automatically`, 'Resolve the other findings of this handler first; then run the migration again.');
      }
    }
    return { ok: false, findings };
  }
}

type Problem = { rule: string; message: string; suggestion: string };
type Located = { containers: Map<Block, PushSite[]>; lifts: Map<Block, Set<Statement>> } | { problem: Problem };

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

const PREFIX_SUGGESTION = 'Move the side effects before the question into a helper that returns plain data, or after the question, then run the migration again.';

/**
 * The prefix of `level`: its statements before `anchor`, what they declare, and which of those
 * the code from the anchor on uses (block scoping keeps them inside `level`). A string says why not.
 */
function planPrefix(level: Block, anchor: Statement, body: Block, removed: (node: Node) => boolean, firstLegOnly: (node: Node) => boolean,
  fixed?: (name: string) => boolean): PrefixPlan | string {
  const all = level.getStatements();
  let anchorIndex = all.indexOf(anchor);
  const rerun = fixed ? trailingGuards(all.slice(0, anchorIndex), all, fixed) : [];
  anchorIndex -= rerun.length;
  const statements = all.slice(0, anchorIndex).filter((st) => !removed(st));
  const declared = topLevelDeclarations(statements, all);
  if (declared === undefined) return 'a function or class declared before the question is used across it';
  // A nested `var` is visible beyond its block: turning it into a block-scoped `let` would hide it.
  if (level !== body && statements.some((st) => Node.isVariableStatement(st) && st.getDeclarationKind() === 'var')) {
    return 'a var declared before the question inside a nested block would change its scope';
  }
  const uses = all.slice(anchorIndex).flatMap((st) => referenceNodes(st));
  const used = new Set(uses.map((n) => n.getText()));
  // A retry restores only what it reads again (not what the blocks below read on the first leg only).
  const reread = new Set(uses.filter((n) => !firstLegOnly(n)).map((n) => n.getText()));
  const visible = [...declared.keys()].filter((name) => used.has(name));
  // Only names that hold a value when the prefix ends are carried (`let x;` assigned later is not).
  const assigned = (name: string) => statements.some((st) => isReassigned(name, st)) ||
    statements.some((st) => Node.isVariableStatement(st) && st.getDeclarations().some((d) => d.getInitializer() && bindingNames(d.getNameNode()).includes(name)));
  const live = visible.filter((name) => reread.has(name) && assigned(name));
  return { block: level, statements, anchor, live, unrestored: visible.filter((name) => !live.includes(name) && assigned(name)), visible, declared, rerun };
}

/**
 * The `if (…) return/throw …` statements (no else) that end `before`, whose conditions are pure and
 * read only locals declared before them at this level, parameters and module constants: run again
 * after the restore, they pass as they passed on the first leg (the restored values are those
 * values) and narrow the same.
 */
function trailingGuards(before: Statement[], all: Statement[], fixed: (name: string) => boolean): Statement[] {
  const guards: Statement[] = [];
  for (let i = before.length - 1; i > 0; i--) {
    const st = before[i];
    if (!Node.isIfStatement(st) || st.getElseStatement() || !alwaysExits(st.getThenStatement()) || !isPureExpression(st.getExpression())) break;
    const locals = topLevelDeclarations(before.slice(0, i), all);
    if (!locals || !referencedNames(st.getExpression()).every((n) => locals.has(n) || fixed(n))) break;
    guards.unshift(st);
  }
  return guards;
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

/**
 * A name used in the handler but declared outside it is not reassigned while the handler runs: a
 * module or enclosing-scope `const`, an import, a function or class, or a global. A `let`/`var` or
 * an enclosing function's parameter may be. (What a `const` object holds may still change: see
 * shared-state.ts for values that must hold the same on every leg.)
 */
function stableOutside(name: string, fn: Node): boolean {
  const declared = outsideDeclaration(name, fn);
  return declared?.kind !== 'parameter' && !(declared?.kind === 'variable' && declared.keyword !== 'const');
}

/** How a value read by a recomputed constant behaves between legs (see shared-state.ts). */
interface LegReads {
  /** Holds the same on every leg: a parameter, or declared outside the handler and never changed. */
  fixed(name: string): boolean;
  /** Declared outside the handler, and what it holds may change between legs (module state). */
  shared(name: string): boolean;
}

type Recomputed = { hoisted: Statement[]; recomputable: Set<string> } | { held: string; root: string; why: string } | { unchecked: string };

/**
 * Constants computed purely from the arguments and from module values that hold the same on every
 * leg are recomputed on every leg instead of travelling in the state ("only what cannot be
 * recomputed travels"); so are type declarations. A constant that reads module state a retry may
 * find changed (by the first leg's own code, or by another request in between: `effects.length`,
 * `items.get(name)`) travels as the first leg saw it, as the original held it across the await —
 * except (part of) a shared object that the code after the split changes in place
 * (`item.owner = undefined`): a copy would take that change, so it is looked up again on every leg
 * (the same object, unless another request replaced it in between), and refused when the code
 * before the question changes where it is kept.
 * A recomputed value's guard before the first question (`if (!item || !item.owner) return …`) must
 * run where the value is, on every leg, or a retry works on a value that no longer passes it (the
 * item was removed in between): the guard moves up with it when nothing before it there has an
 * effect and it needs only recomputed values; otherwise the value travels in the state instead,
 * checked once, as the first leg saw it (a shared object changed after the split is refused).
 * So must a guard of a value declared before this block, outside it (run again on every leg, or
 * restored): it moves up the same way; where it cannot, nothing here can carry that value, and the
 * handler is refused (`unchecked`).
 */
function recomputedOnEveryLeg(
  statements: Statement[],
  kept: Statement[],
  rounds: Round[],
  declared: Map<string, Declared>,
  reads: LegReads,
  asked: (n: Node) => boolean,
  asks: (st: Statement) => boolean,
  outerFirstLeg: Node[],
): Recomputed {
  const before = kept.filter((k) => statements.indexOf(k) < rounds[0].first);
  // A value changed in place by code that runs on one leg only (before the last round, or inside a
  // re-ask loop) must travel as it is then: recomputing it would lose the change.
  // (Before the first round only a visible member change counts: passing a string on is common.)
  const changedBetween = statements.filter((_, i) =>
    (i >= rounds[0].first && i < rounds[rounds.length - 1].first) || rounds.some((r) => r.loop && r.first === i));
  const afterSplit = kept.filter((k) => statements.indexOf(k) >= rounds[0].first);
  // Only a value the code after the split uses needs its guards there.
  const usedAfter = new Set(afterSplit.flatMap((st) => referencedNames(st)));
  const outer = new Set(outerFirstLeg.filter((st): st is VariableStatement => Node.isVariableStatement(st))
    .flatMap((st) => st.getDeclarations().flatMap((d) => bindingNames(d.getNameNode()))).filter((n) => !declared.has(n)));
  const carried = new Set<string>();
  for (;;) {
    const hoisted: Statement[] = [];
    const recomputable = new Set<string>();
    // Recomputed shared objects, with the module values they are kept in.
    const held = new Map<string, string[]>();
    const stable = (n: string) => (recomputable.has(n) && !held.has(n)) || reads.fixed(n);
    const rootsOf = (n: string) => held.get(n) ?? (reads.shared(n) ? [n] : undefined);
    for (const st of before) {
      const names = Node.isVariableStatement(st) ? st.getDeclarations().flatMap((d) => bindingNames(d.getNameNode())) : [];
      if (names.some((n) => carried.has(n))) continue;
      if (Node.isTypeAliasDeclaration(st) || Node.isInterfaceDeclaration(st)) {
        hoisted.push(st);
        continue;
      }
      if (!Node.isVariableStatement(st) || st.getDeclarationKind() !== 'const') continue;
      const inits = st.getDeclarations().map((d) => d.getInitializer());
      // (Parsing the arguments with a zod schema made of literals is pure too: see isLiteralZodParse.)
      if (!inits.every((init) => init !== undefined && isPureExpression(init, isLiteralZodParse))) continue;
      // (The client's capabilities come with every request: reading them reads no module state.)
      // (Nor does a zod schema of literals this module keeps to itself: see isLiteralZodSchemaRead.)
      const readNames = inits.flatMap((init) => referenceNodes(init!).filter((id) => !readsCapabilities(id) && !isLiteralZodSchemaRead(id)).map((id) => id.getText()));
      if (readNames.every(stable)) {
        const at = statements.indexOf(st);
        const firstLeg = statements.slice(at + 1, rounds[0].first);
        if (names.some((n) => changedBetween.some((other) => changesInPlace(other, n, asked)) ||
          firstLeg.some((other) => changesInPlace(other, n, asked, false)))) continue;
      } else {
        // Reads module state: travels, unless it is a shared object the code after the split changes.
        const roots = readNames.flatMap((n) => (stable(n) ? [] : rootsOf(n) ?? [undefined]));
        if (roots.includes(undefined) || !inits.some((init) => mayHoldSharedObject(init!)) ||
          !names.some((n) => afterSplit.some((other) => changesInPlace(other, n, asked, false)))) continue;
        for (const n of names) held.set(n, [...new Set(roots as string[])]);
      }
      hoisted.push(st);
      for (const n of names) recomputable.add(n);
    }
    // Guards of recomputed values: moved up with them, or their values carried instead.
    const stays = before.filter((st) => !hoisted.includes(st));
    const guards = stays.filter((st) => Node.isIfStatement(st) && alwaysExits(st.getThenStatement()) && !asks(st) &&
      referencedNames(st).some((n) => (recomputable.has(n) || outer.has(n)) && usedAfter.has(n)));
    const unmovable = guards.filter((guard) => !isPureExpression((guard as import('ts-morph').IfStatement).getExpression()) ||
      !referencedNames((guard as import('ts-morph').IfStatement).getExpression()).every((n) => stable(n) || held.has(n)) ||
      !referencedNames(guard).every((n) => !declared.has(n) || recomputable.has(n)) ||
      stays.slice(0, stays.indexOf(guard)).some((st) => !guards.includes(st) && !isPureStatement(st)));
    const unheld = unmovable.flatMap((guard) => referencedNames(guard).filter((n) => held.has(n) && usedAfter.has(n)));
    if (unheld.length > 0) return { held: unheld[0], root: held.get(unheld[0])![0], why: 'would skip its check, which comes after other code before the question' };
    const unchecked = unmovable.flatMap((guard) => referencedNames(guard).filter((n) => outer.has(n) && usedAfter.has(n)));
    if (unchecked.length > 0) return { unchecked: unchecked[0] };
    if (unmovable.length === 0) {
      // Code that runs on the first leg only must leave the shared objects where they were.
      const moved = [...hoisted, ...guards];
      const firstLegOnly = [...outerFirstLeg, ...statements.slice(0, rounds[rounds.length - 1].first).filter((st) => !moved.includes(st))];
      for (const [name, roots] of held) {
        const root = roots.find((r) => firstLegOnly.some((st) => changesInPlace(st, r, asked)));
        if (root) return { held: name, root, why: `would not see what the code before the question did to ${root}` };
      }
      return { hoisted: statements.filter((st) => moved.includes(st)), recomputable };
    }
    for (const guard of unmovable) for (const n of referencedNames(guard)) if (recomputable.has(n) && usedAfter.has(n)) carried.add(n);
  }
}

/** `server.server.getClientCapabilities()`: `id` is the receiver the capabilities are read from. */
function readsCapabilities(id: Node): boolean {
  let callee: Node = id;
  while (Node.isPropertyAccessExpression(callee.getParent()) && (callee.getParent() as import('ts-morph').PropertyAccessExpression).getExpression() === callee) callee = callee.getParent()!;
  return Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities' && Node.isCallExpression(callee.getParent());
}

function impure(message: string): { rule: string; message: string; suggestion: string } {
  return {
    rule: 'push-nested-block',
    message,
    suggestion: 'Move the question to the top level of the handler (before the side effects, or compute the condition first and ask unconditionally), then run the migration again.',
  };
}

function siteProblem(site: PushSite, where: string): { rule: string; message: string; suggestion: string } | undefined {
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
  const dropped = droppedWithEffects(site);
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

/** The other members of `await Promise.race([…])` when the site's question is one of them. */
function racedAgainst(site: PushSite): Node[] {
  const race = awaitOf(site);
  if (!race || !Node.isAwaitExpression(race) || !isRaceAwait(race)) return [];
  const call = race.getExpression();
  const list = Node.isCallExpression(call) ? call.getArguments()[0] : undefined;
  const elements = list && Node.isArrayLiteralExpression(list) ? list.getElements() : [];
  const own = site.call ?? site.node;
  return elements.filter((e) => !e.containsRange(own.getPos(), own.getEnd()));
}

/** The statement directly in `body` that holds `node`, when no block/if/switch lies in between. */
function topLevelStatement(node: Node, body: Node): Statement | undefined {
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

/** The await expression whose value is this site's answer (the site itself, or its Promise.all). */
function awaitOf(site: PushSite): Node | undefined {
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

/**
 * The asking statement does nothing but receive its answers (`const a = await ask(…)`, a
 * destructuring, `await ask(…);`): nothing runs between it and the next question, so both can go
 * out in one round. `if ((await ask(…)).action !== 'accept') return …` decides whether the next
 * question is asked at all, so it cannot.
 */
function onlyReceives(statement: Statement, asks: Ask[]): boolean {
  const awaited = new Set(asks.map((a) => a.awaitNode));
  const direct = (expr: Node | undefined): boolean => {
    while (expr && Node.isParenthesizedExpression(expr)) expr = expr.getExpression();
    return expr !== undefined && awaited.has(expr);
  };
  if (Node.isVariableStatement(statement)) return statement.getDeclarations().every((d) => direct(d.getInitializer()));
  if (Node.isExpressionStatement(statement)) return direct(statement.getExpression());
  return false;
}

/** Every element of `await Promise.all([...])` is one of the handler's questions. */
function batchOfQuestions(awaitNode: Node, sites: PushSite[]): boolean {
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
function hoistable(awaitNode: Node, statement: Statement): boolean {
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

/**
 * The code that builds an ask's request before its round, when the request is carried: the params
 * object, or for a helper the call's arguments its outcome function does not take (not the push
 * site's params, which sit in the helper).
 */
function paramsBuiltBefore(ask: Ask): Node[] {
  if (!ask.paramsHoisted) return [];
  if (ask.helperCall) return ask.helperCall.notForOutcome;
  return ask.site.params ? [ask.site.params] : [];
}

function makeAsk(site: PushSite, awaitNode: Node, helperCall: HelperCall | undefined, ctxName: string): Ask {
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

const GENERATED_IMPORTS = ['inputRequired', 'mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities'];

/** Receiver names that say nothing about what is asked: the key comes from the schema or the kind. */
const GENERIC_NAMES = new Set(['answer', 'answers', 'result', 'results', 'res', 'resp', 'response', 'reply', 'input', 'r',
  'value', 'data', 'elicitation', 'elicit_result', 'elicitation_result', 'sampling_result', 'roots_result', 'user_input', 'output']);

const DEFAULT_KEYS: Record<AskKind, string> = { elicit: 'confirm', 'elicit-url': 'consent', sampling: 'summary', roots: 'roots' };

/** Input key after what is asked; answer and request locals after the key. */
function nameAsk(ask: Ask, statement: Statement, keys: Set<string>, taken: Set<string>): void {
  const awaited = ask.awaitNode;
  const batch = isBatchAwait(awaited);
  const parent = parentOutsideParentheses(awaited);
  let receiver: string | undefined;
  if (batch) {
    receiver = batchBindingName(ask);
  } else if (parent && Node.isVariableDeclaration(parent) && Node.isIdentifier(parent.getNameNode()) && Node.isVariableStatement(statement)) {
    receiver = parent.getName();
  } else if (parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken && Node.isIdentifier(parent.getLeft())) {
    receiver = parent.getLeft().getText();
  }
  const fromReceiver = receiver && !GENERIC_NAMES.has(snakeCase(receiver)) ? snakeCase(receiver) : undefined;
  const base = fromReceiver ?? ask.helperCall?.helper.keyHint ?? schemaSingleProperty(ask) ?? DEFAULT_KEYS[ask.kind];
  ask.key = uniqueName(base || DEFAULT_KEYS[ask.kind], keys);
  const simpleBinding = !batch && parent && Node.isVariableDeclaration(parent) &&
    Node.isIdentifier(parent.getNameNode()) && Node.isVariableStatement(statement) &&
    statement.getDeclarationList().getDeclarations().length === 1;
  const resultFn = ask.helperCall?.helper.resultFn;
  const ignored = !batch && parent !== undefined && Node.isExpressionStatement(parent) && !resultFn;
  const guarded = ask.helperCall?.helper.guarded === true;
  if (simpleBinding && !resultFn && !guarded) {
    ask.answerName = (parent as import('ts-morph').VariableDeclaration).getName();
    ask.replacement = undefined;
  } else {
    const camel = camelCase(ask.key);
    const preferred = /answer$/i.test(camel) || GENERATED_IMPORTS.includes(`${camel}Answer`) ? `${camel}Result` : `${camel}Answer`;
    ask.answerName = uniqueName(preferred, taken, '');
    // A statement that only awaited the answer (`await ask(...)`) goes; a batch keeps its statement.
    ask.replacement = batch || ignored ? undefined : ask.answerName;
    if (resultFn && ask.replacement !== undefined) {
      // The helper's code after the question runs here, at the resume step, on the answer.
      ask.replacement = helperOutcomeCall(ask, ask.answerName);
    }
    if (guarded && ask.replacement !== undefined) {
      // The request line says whether the helper asked (`ask`) or returned without asking (`done`).
      ask.requestName = uniqueName(`${camelCase(ask.key)}Request`, taken, '');
      const outcome = resultFn ? ask.replacement.replace(new RegExp(`${ask.answerName}\\)$`), `${ask.answerName}!)`) : `${ask.answerName}!`;
      const choice = `'done' in ${ask.requestName} ? ${ask.requestName}.done : ${outcome}`;
      let outer: Node = awaited;
      while (outer.getParent() && Node.isParenthesizedExpression(outer.getParent()!)) outer = outer.getParent()!;
      const holder = outer.getParent();
      const bare = outer === awaited && holder !== undefined && (Node.isVariableDeclaration(holder) || Node.isReturnStatement(holder) || Node.isIfStatement(holder));
      ask.replacement = bare ? choice : `(${choice})`;
      ask.replaceNode = outer;
      return;
    }
    // `(await ask(p)).action` → `answer.action`: parentheses around a plain name or call go too.
    if (ask.replacement !== undefined && !ask.replacement.startsWith('await ')) {
      let outer: Node = awaited;
      while (outer.getParent() && Node.isParenthesizedExpression(outer.getParent()!)) outer = outer.getParent()!;
      ask.replaceNode = outer;
    }
  }
  if (ask.kind !== 'roots') ask.requestName = uniqueName(`${camelCase(ask.key)}Request`, taken, '');
}

export function isBatchAwait(awaitNode: Node): boolean {
  if (!Node.isAwaitExpression(awaitNode)) return false;
  const inner = awaitNode.getExpression();
  if (!Node.isCallExpression(inner)) return false;
  const callee = inner.getExpression();
  return Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Promise' && PROMISE_BATCH.has(callee.getName());
}

/** `const [a, b] = await Promise.all([…])`: the name bound to this ask's element. */
function batchBindingName(ask: Ask): string | undefined {
  const call = (ask.awaitNode as import('ts-morph').AwaitExpression).getExpression() as import('ts-morph').CallExpression;
  const array = call.getArguments()[0];
  if (!array || !Node.isArrayLiteralExpression(array)) return undefined;
  const index = array.getElements().findIndex((e) => e === (ask.site.call ?? ask.site.node) || e.getDescendants().includes(ask.site.call ?? ask.site.node));
  const decl = parentOutsideParentheses(ask.awaitNode);
  if (!decl || !Node.isVariableDeclaration(decl)) return undefined;
  const nameNode = decl.getNameNode();
  if (!Node.isArrayBindingPattern(nameNode)) return undefined;
  const element = nameNode.getElements()[index];
  return element && Node.isBindingElement(element) && Node.isIdentifier(element.getNameNode()) ? element.getName() : undefined;
}

function schemaSingleProperty(ask: Ask): string | undefined {
  const params = ask.site.params;
  if (!params || !Node.isObjectLiteralExpression(params)) return undefined;
  const schema = params.getProperty('requestedSchema');
  if (!schema || !Node.isPropertyAssignment(schema)) return undefined;
  const init = schema.getInitializer();
  if (!init || !Node.isObjectLiteralExpression(init)) return undefined;
  const props = init.getProperty('properties');
  if (!props || !Node.isPropertyAssignment(props)) return undefined;
  const obj = props.getInitializer();
  if (!obj || !Node.isObjectLiteralExpression(obj)) return undefined;
  const names = obj.getProperties().map((p) => (Node.isPropertyAssignment(p) ? p.getName().replace(/^['"]|['"]$/g, '') : undefined));
  return names.length === 1 && names[0] ? snakeCase(names[0]) : undefined;
}

/** Names a round's statement binds from this ask's answer. */
function boundNames(statement: Statement, ask: Ask): string[] {
  if (Node.isVariableStatement(statement)) {
    return statement.getDeclarationList().getDeclarations().flatMap((d) => bindingNames(d.getNameNode()));
  }
  return ask.answerName ? [ask.answerName] : [];
}

function topLevelDeclarations(kept: Statement[], statements: Statement[]): Map<string, Declared> | undefined {
  const declared = new Map<string, Declared>();
  for (const statement of kept) {
    const index = statements.indexOf(statement);
    if (Node.isVariableStatement(statement)) {
      const keyword = statement.getDeclarationKind() === 'const' ? 'const' : 'let';
      for (const decl of statement.getDeclarations()) {
        const visit = (node: Node) => {
          if (Node.isIdentifier(node)) declared.set(node.getText(), { name: node.getText(), keyword, index, nameNode: node });
          else if (Node.isObjectBindingPattern(node) || Node.isArrayBindingPattern(node)) {
            for (const e of node.getElements()) if (Node.isBindingElement(e)) visit(e.getNameNode());
          }
        };
        visit(decl.getNameNode());
      }
    } else if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) {
      // A declaration would end up inside one step's block, invisible to the others.
      return undefined;
    }
  }
  return declared;
}

/** Names declared before statement `first` and read from it on (outside `built`, evaluated before it). */
function liveAt(first: number, kept: Statement[], statements: Statement[], declared: Map<string, Declared>, built: Node[] = [], rebuilt: Node[] = []): string[] {
  const used = new Set<string>(rebuilt.flatMap((params) => referenceNodes(params).map((n) => n.getText())));
  for (const statement of kept) {
    if (statements.indexOf(statement) < first) continue;
    for (const n of referenceNodes(statement)) {
      if (!built.some((b) => b.containsRange(n.getPos(), n.getEnd())) && !declaredWithin(n, statement)) used.add(n.getText());
    }
  }
  return [...declared.values()].filter((d) => d.index >= 0 && d.index < first && used.has(d.name)).map((d) => d.name);
}

function identifierNames(node: Node): string[] {
  return node.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText());
}

/** The kinds of expression that can assign a name. */
const ASSIGNING = [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression];

function isReassigned(name: string, body: Node): boolean {
  return descendantsOfKinds(body, ASSIGNING).some((d) => {
    if (Node.isBinaryExpression(d) && d.getOperatorToken().getKind() >= SyntaxKind.FirstAssignment &&
      d.getOperatorToken().getKind() <= SyntaxKind.LastAssignment) {
      return d.getLeft().getText() === name;
    }
    if ((Node.isPrefixUnaryExpression(d) || Node.isPostfixUnaryExpression(d)) && d.getOperand().getText() === name) {
      const op = d.getOperatorToken();
      return op === SyntaxKind.PlusPlusToken || op === SyntaxKind.MinusMinusToken;
    }
    return false;
  });
}
