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
import { descendantsOfKinds, Node, SyntaxKind, type Block, type Statement } from '../../ts-morph.js';
import { isPureExpression } from '../../analysis/purity.js';
import type { HelperCall } from '../recognise/helpers.js';
import { handlerLabel, type HandlerInfo } from '../../analysis/handlers.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput, RuleId } from '../../types.js';
import { bindingNames, referencedNames, referenceNodes } from '../../ast/names.js';
import { alwaysExits } from '../../ast/exits.js';
import { deferredAwait, requestConst, type DeferredAwait } from './deferred.js';
import { reaskLoop, type LoopAsk, type LoopBatch } from './loops.js';
import { lostFirstLegWrite } from './first-leg-writes.js';
import { contextName } from './handler-context.js';
import type { Ask, ContainerPlan, Declared, PlanResult, PrefixPlan, Round } from './handler-plan.js';
import { changesBetweenLegs, outsideDeclaration } from './shared-state.js';
import { GENERATED_IMPORTS, nameAsk } from './ask-names.js';
import { makeAsk, paramsBuiltBefore } from './asks.js';
import { locateQuestions, topLevelStatement } from './containers.js';
import { liveAt, topLevelDeclarations } from './liveness.js';
import { awaitOf } from './question-awaits.js';
import { askProblem, siteProblem } from './question-problems.js';
import { recomputedOnEveryLeg } from './recomputed.js';
import { groupRounds } from './rounds.js';

/**
 * Checks each question, locates the blocks that hold them (containers.ts), plans each block (its
 * asks, their names, rounds, what travels into each), then the prefixes; one refusal refuses all.
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
  const r: Refusals = { sites, where: handlerLabel(handler), findings: [] };
  const body = handler.fn.getBody();
  if (!body || !Node.isBlock(body)) {
    for (const site of sites) {
      reject(r, site, 'push-unsupported-shape', `${site.api} in ${r.where}, whose body is an expression`, 'Give the handler a block body; the migration then splits it into steps.');
    }
    return { ok: false, findings: r.findings };
  }
  const deferred = deferredQuestions(handler, sites);
  const loops = checkQuestions(r, deferred);
  if (r.findings.length > 0) return refuseAll(r);
  const located = locateQuestions(sites, loops, body, finallyProblem);
  if ('problem' in located) return refuse(r, sites, located.problem.rule, located.problem.message, located.problem.suggestion);
  const p = planning(r, handler, body, helperCalls, deferred, loops, removedElsewhere);
  const containers: ContainerPlan[] = [];
  for (const [container, containerSites] of located.containers) {
    const planned = planContainer(p, container, containerSites);
    if (!planned) return r.findings.length > 0 ? refuseAll(r) : { ok: false, findings: r.findings };
    containers.push(planned);
  }
  // Parameters reassigned before a split would be restored from the re-sent arguments: refuse.
  const reassigned = [...p.paramNames].find((name) => isReassigned(name, body));
  if (reassigned !== undefined) {
    return refuse(r, sites, 'push-unsupported-shape', `handler parameter ${reassigned} is reassigned`, `Copy ${reassigned} into a local before changing it.`);
  }
  const prefixes = planPrefixes(p, located.lifts, containers);
  if (typeof prefixes === 'string') return refuse(r, sites, 'push-unsupported-shape', prefixes, PREFIX_SUGGESTION);
  const lost = lostFirstLegWrite(handler.fn, containers, prefixes);
  if (lost) {
    return refuse(r, sites, 'push-unsupported-shape', `${lost} is changed by code that a later retry skips (it runs once, before a question), and the retry computes ${lost} again instead of restoring it`,
      `Declare ${lost} next to the code that changes it, or compute its final value after the question, then run the migration again.`);
  }
  return { ok: true, plan: { handler, containers, droppedOptions: p.droppedOptions, prefixes, deferred: [...deferred.values()] } };
}

/** The handler being planned and its refusals so far, in the order they are reported. */
interface Refusals {
  sites: PushSite[];
  where: string;
  findings: FindingInput[];
}

/** What the stages share once the questions are located (`findings` is the same list). */
interface Planning extends Refusals {
  handler: HandlerInfo;
  body: Block;
  helperCalls: ReadonlyMap<Node, HelperCall>;
  deferred: ReadonlyMap<PushSite, DeferredAwait>;
  loops: ReadonlyMap<PushSite, LoopAsk | LoopBatch>;
  /** Statements another rewrite deletes, a deferred question's declaration among them. */
  removed: (node: Node) => boolean;
  paramNames: Set<string>;
  ctxName: string;
  /** Names new locals may not take, and the input keys so far: both grow as asks are named, in order. */
  taken: Set<string>;
  keys: Set<string>;
  droppedOptions: PushSite[];
}

function reject(r: Refusals, site: PushSite, rule: RuleId, message: string, suggestion: string): void {
  r.findings.push({ rule, severity: 'warning', pos: site.node.getStart(), message, suggestion });
}

/** Refuses each of `sites` for one reason, told after "<api> in <handler>: ". */
function refuse(r: Refusals, sites: PushSite[], rule: RuleId, because: string, suggestion: string): PlanResult {
  for (const site of sites) reject(r, site, rule, `${site.api} in ${r.where}: ${because}`, suggestion);
  return { ok: false, findings: r.findings };
}

/** Never half-migrate: every other site of this handler is left as it was too. */
function refuseAll(r: Refusals): PlanResult {
  for (const site of r.sites) {
    if (!r.findings.some((f) => f.pos === site.node.getStart())) {
      reject(r, site, 'push-request', `${site.api} in ${r.where} left as it was: another request in this handler cannot be migrated automatically`, 'Resolve the other findings of this handler first; then run the migration again.');
    }
  }
  return { ok: false, findings: r.findings };
}

/**
 * A question started into a local and awaited later is asked at the await, and a request built
 * into a local is rebuilt where it is sent; the declaration goes.
 */
function deferredQuestions(handler: HandlerInfo, sites: PushSite[]): Map<PushSite, DeferredAwait> {
  const deferred = new Map<PushSite, DeferredAwait>();
  for (const site of sites) {
    const found = deferredAwait(site, handler.fn) ?? requestConst(site, handler.fn);
    // Values from outside the handler must not change in between either: module lets are refused.
    if (found && found.outside.every((name) => stableOutside(name, handler.fn))) deferred.set(site, found);
  }
  return deferred;
}

/** Refuses each question that cannot be migrated where it is asked; the re-ask loops that hold questions (see loops.ts). */
function checkQuestions(r: Refusals, deferred: ReadonlyMap<PushSite, DeferredAwait>): Map<PushSite, LoopAsk | LoopBatch> {
  const loops = new Map<PushSite, LoopAsk | LoopBatch>();
  for (const site of r.sites) {
    const loop = reaskLoop(site, r.sites);
    if (loop && 'problem' in loop) {
      reject(r, site, loop.problem.rule, `${site.api} in ${r.where} ${loop.problem.message}`, loop.problem.suggestion);
      continue;
    }
    if (loop) loops.set(site, loop.loop);
    const problem = siteProblem(deferred.has(site) ? { ...site, awaited: true } : loop ? { ...site, inLoop: false, nestedFunction: undefined } : site, r.where);
    if (problem) reject(r, site, problem.rule, problem.message, problem.suggestion);
  }
  return loops;
}

function planning(
  r: Refusals,
  handler: HandlerInfo,
  body: Block,
  helperCalls: ReadonlyMap<Node, HelperCall>,
  deferred: ReadonlyMap<PushSite, DeferredAwait>,
  loops: ReadonlyMap<PushSite, LoopAsk | LoopBatch>,
  removedElsewhere: (node: Node) => boolean,
): Planning {
  const removed = (node: Node) => removedElsewhere(node) || [...deferred.values()].some((d) => d.declaration === node);
  const paramNames = new Set(handler.params.flatMap((p) => bindingNames(p.getNameNode())));
  // Helpers that read the client's capabilities are handed this request's context.
  const ctxName = contextName(handler);
  // Names the generated code imports are never reused for locals; keys are unique in the handler.
  const companions = [...helperCalls.values()].flatMap((c) => [c.helper.requestFn, c.helper.resultFn ?? '']);
  const taken = new Set<string>([...identifierNames(handler.fn), ...GENERATED_IMPORTS, ...companions]);
  return { ...r, handler, body, helperCalls, deferred, loops, removed, paramNames, ctxName, taken, keys: new Set(), droppedOptions: [] };
}

/** One container's plan: its asks, named and grouped into rounds, and what travels into each round. */
function planContainer(p: Planning, container: Block, containerSites: PushSite[]): ContainerPlan | undefined {
  const statements = container.getStatements();
  const asksByStatement = asksOf(p, container, statements, containerSites);
  if (p.findings.length > 0) return undefined;
  // Statements that ask more than one question must do so through one Promise.all/allSettled.
  for (const asks of asksByStatement.values()) {
    if (asks.length > 1 && !asks.every((a) => a.awaitNode === asks[0].awaitNode)) {
      for (const ask of asks) {
        reject(p, ask.site, 'push-unsupported-shape', `${ask.site.api} in ${p.where}: several requests awaited separately in one statement`, 'Split the statement so each request is awaited in a statement of its own, or batch them in one Promise.all.');
      }
      return undefined;
    }
  }
  const kept = statements.filter((st) => !p.removed(st));
  const declared = topLevelDeclarations(kept, statements);
  if (declared === undefined) {
    refuse(p, containerSites, 'push-unsupported-shape', 'a function or class declared in the handler body is used across the question', 'Move the local function or class out of the handler.');
    return undefined;
  }
  const indices = [...asksByStatement.keys()].sort((a, b) => a - b);
  const loopAt = new Map([...p.loops.values()].map((l) => [statements.indexOf(l.statement), l]));
  for (const index of indices) {
    for (const ask of asksByStatement.get(index)!) nameAsk(ask, loopAt.get(index)?.inner ?? statements[index], p.keys, p.taken);
  }
  const rounds = groupRounds(statements, asksByStatement, indices, loopAt, p.taken);
  const recomputed = recomputedIn(p, container, statements, kept, rounds, declared, containerSites);
  if (!recomputed) return undefined;
  const { hoisted, recomputable } = recomputed;
  const live = liveValues(statements, kept, rounds, declared, recomputable);
  return { container, statements, rounds, declared, live, hoisted, deleted: statements.filter((st) => p.removed(st)) };
}

/** A container's asks by the index of the statement that holds them; refuses the questions it cannot take. */
function asksOf(p: Planning, container: Block, statements: Statement[], containerSites: PushSite[]): Map<number, Ask[]> {
  const asksByStatement = new Map<number, Ask[]>();
  for (const site of containerSites) {
    const later = p.deferred.get(site);
    const loop = p.loops.get(site);
    const statement = loop ? loop.statement : topLevelStatement(later?.awaitNode ?? site.node, container)!;
    const awaitNode = later?.awaitNode ?? awaitOf(site);
    const helperCall = p.helperCalls.get(site.node);
    const problem = askProblem(site, p.where, awaitNode, statement, loop, helperCall, containerSites);
    if (problem) {
      reject(p, site, problem.rule, problem.message, problem.suggestion);
      continue;
    }
    if (site.options) p.droppedOptions.push(site);
    const index = statements.indexOf(statement);
    const asks = asksByStatement.get(index) ?? [];
    // (askProblem refuses a question without an await.)
    asks.push(makeAsk(site, awaitNode!, helperCall, p.ctxName));
    asksByStatement.set(index, asks);
  }
  return asksByStatement;
}

/** The container's recomputed constants (see recomputed.ts), or undefined after refusing its questions. */
function recomputedIn(
  p: Planning,
  container: Block,
  statements: Statement[],
  kept: Statement[],
  rounds: Round[],
  declared: Map<string, Declared>,
  containerSites: PushSite[],
): { hoisted: Statement[]; recomputable: Set<string> } | undefined {
  const fn = p.handler.fn;
  // Code that runs on the first leg only before this block: the statements before it on the way from the handler's body.
  const outerFirstLeg = container.getAncestors().filter((a): a is Block => Node.isBlock(a) && fn.containsRange(a.getPos(), a.getEnd()))
    .flatMap((b) => b.getStatements().filter((st) => st.getEnd() <= container.getStart()));
  const recomputed = recomputedOnEveryLeg(statements, kept, rounds, declared, {
    fixed: (name) => p.paramNames.has(name) || (!declared.has(name) && !changesBetweenLegs(name, fn)),
    shared: (name) => !p.paramNames.has(name) && !declared.has(name) && changesBetweenLegs(name, fn),
  }, (n) => containerSites.some((site) => site.params?.containsRange(n.getPos(), n.getEnd())),
  (st) => p.sites.some((site) => st.containsRange(site.node.getPos(), site.node.getEnd())), outerFirstLeg);
  if ('unchecked' in recomputed) {
    const name = recomputed.unchecked;
    refuse(p, containerSites, 'push-unsupported-shape',
      `${name} is declared before the block that asks, and the block checks it after other code before the question: a retry would reach the code after the question without that check`,
      `Check ${name} where it is declared (before the block) or first thing in the block, then run the migration again.`);
    return undefined;
  }
  if ('held' in recomputed) {
    const { held, root, why } = recomputed;
    refuse(p, containerSites, 'push-unsupported-shape',
      `${held} holds an object kept in ${root}, which may change between the legs of a call, and the code after the question changes ${held} in place: a copy carried in requestState would take that change instead of ${root}, and looking ${held} up again on the retry ${why}`,
      `Look ${held} up again from ${root} after the question (and check it there), then run the migration again.`);
    return undefined;
  }
  return recomputed;
}

/** live[k]: the names carried into round k. */
function liveValues(statements: Statement[], kept: Statement[], rounds: Round[], declared: Map<string, Declared>, recomputable: Set<string>): string[][] {
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
  return live;
}

/**
 * Side effects before the blocks that ask run on the first leg only; what they declare and the
 * rest of the block uses travels in the state of every step below them. A string says why not.
 */
function planPrefixes(p: Planning, lifts: ReadonlyMap<Block, Set<Statement>>, containers: ContainerPlan[]): PrefixPlan[] | string {
  // What a retry never runs again: a container's statements before its first question (those not
  // recomputed on every leg) and the params built there for that question, which travel as the request.
  const firstLeg = containers.flatMap((c) => [
    ...c.statements.slice(0, c.rounds[0].first).filter((st) => !c.hoisted.includes(st)),
    ...c.rounds[0].asks.flatMap(paramsBuiltBefore),
  ]);
  const firstLegOnly = (node: Node) => firstLeg.some((r) => r.containsRange(node.getPos(), node.getEnd()));
  const prefixes: PrefixPlan[] = [];
  for (const [level, anchors] of lifts) {
    for (const anchor of anchors) {
      // (Guards re-run after the restore only where the block has one prefix: see PrefixPlan.rerun.)
      const planned = planPrefix(level, anchor, p.body, p.removed, firstLegOnly, anchors.size === 1 ? (n) => p.paramNames.has(n) || stableOutside(n, p.handler.fn) : undefined);
      if (typeof planned === 'string') return planned;
      prefixes.push(planned);
    }
  }
  // Outermost level first; within a level, in the order of their anchors.
  prefixes.sort((a, b) => a.block.getAncestors().length - b.block.getAncestors().length || a.anchor.getStart() - b.anchor.getStart());
  return prefixes;
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
 * A name used in the handler but declared outside it is not reassigned while the handler runs: a
 * module or enclosing-scope `const`, an import, a function or class, or a global. A `let`/`var` or
 * an enclosing function's parameter may be. (What a `const` object holds may still change: see
 * shared-state.ts for values that must hold the same on every leg.)
 */
function stableOutside(name: string, fn: Node): boolean {
  const declared = outsideDeclaration(name, fn);
  return declared?.kind !== 'parameter' && !(declared?.kind === 'variable' && declared.keyword !== 'const');
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
