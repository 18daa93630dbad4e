// The plan form: what the analysis half of the step machine (plan.ts) decides and the emit half
// (../emit/) writes. A handler's body is split into rounds of questions in one or more blocks
// (containers); values live across a round travel in the signed state, code before the first
// question may become a first-leg prefix. Nothing here refers to text edits.
import type { Block, Node, Statement } from '../../ts-morph.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput } from '../../types.js';
import type { HelperCall } from '../recognise/helpers.js';
import type { DeferredAwait } from './deferred.js';
import type { LoopAsk, LoopBatch } from './loops.js';

export type AskKind = 'elicit' | 'elicit-url' | 'sampling' | 'roots';

export interface Ask {
  site: PushSite;
  kind: AskKind;
  key: string;
  /** Local that receives this round's answer. */
  answerName: string;
  /** Local that holds the request params (none for roots). */
  requestName?: string;
  /** Params text as emitted (URL mode: without `mode` and `elicitationId`). */
  paramsText?: string;
  /** Params must be evaluated once, before the round, and carried (they call or construct things). */
  paramsHoisted: boolean;
  /** The `await …` expression this ask replaces. */
  awaitNode: Node;
  /** What replaces the await expression in the statement; undefined: the statement is dropped. */
  replacement?: string;
  /** Set when the question is asked through a helper the handler awaits. */
  helperCall?: HelperCall;
  /** The node the replacement replaces (the await, or the parentheses around it). */
  replaceNode?: Node;
  /** How the state type spells a carried request, when not the SDK's request type (a helper's `{ ask } | { done }`). */
  requestType?: string;
  /** The handler's context, passed to a helper's outcome function that reads the client's capabilities. */
  outcomeContext?: string;
}

export interface Round {
  /** Index of the first / last statement of the round in the body. */
  first: number;
  last: number;
  asks: Ask[];
  step: string;
  /** Statements of the round that disappear (their only job was to receive the answer). */
  dropped: Set<number>;
  /** The round is a re-ask loop (statement `first`), asking once per time round (see loops.ts). */
  loop?: LoopAsk & { dropInner: boolean; usedFlag: string };
  /** The round asks once per item of a for…of, all items at once (see loops.ts). */
  batch?: LoopBatch & { requests: string; answers: string; index: string };
}

export interface Declared {
  name: string;
  keyword: 'const' | 'let';
  /** Statement index that declares it. */
  index: number;
  nameNode: Node;
}

/** One block whose statements are split into steps. */
export interface ContainerPlan {
  /** The handler body or an inner if/try block. */
  container: Block;
  statements: Statement[];
  rounds: Round[];
  declared: Map<string, Declared>;
  /** live[k] = names carried into round k (k indexes rounds). */
  live: string[][];
  /**
   * Statements before the first question that run again on every leg, moved above the steps: type
   * declarations, and constants computed purely from the arguments (recomputed, never carried).
   */
  hoisted: Statement[];
  /** Statements another rewrite deletes (a deferred question's or a sent request's declaration). */
  deleted: Statement[];
}

export interface HandlerPlan {
  handler: HandlerInfo;
  /**
   * Innermost first. With more than one, they share one state read at the top of the handler,
   * and each takes only its own steps from it (a question in an always-exiting branch before
   * another question, e.g. the capability fallback `if (caps.elicitation) { ask; return } ask`).
   */
  containers: ContainerPlan[];
  /** Dropped request options (timeout, signal, …), for info findings. */
  droppedOptions: PushSite[];
  /**
   * Code before a statement that asks, in the blocks on the way to the questions (outermost block
   * first, then in order): it runs once per logical call; a retry for a step at or after the
   * anchor skips it and restores from the state the values it declared.
   */
  prefixes: PrefixPlan[];
  /** Questions started into a local and awaited later: asked at the await (see deferred.ts). */
  deferred: DeferredAwait[];
}

/** The statements of one block before one of its statements that ask. */
export interface PrefixPlan {
  /** The handler body, or a block on the way to the questions that is not itself a container. */
  block: Block;
  statements: Statement[];
  /**
   * A statement of `block` that holds a question: the first one (side effects before it), or a
   * later one after an earlier block that asks without returning (everything before it).
   */
  anchor: Statement;
  /** Declared names the code from the anchor on uses, and of those, the ones holding a value. */
  visible: string[];
  live: string[];
  /** Names the prefix assigns that only first-leg code below it reads: not restored on a retry. */
  unrestored: string[];
  declared: Map<string, Declared>;
  /**
   * The guards that end the code before the anchor (`if (!profile.content) throw …`), left out of
   * the prefix: they run on every leg after the restore, as they ran last on the first, so the
   * narrowing they give the code below holds for restored values too.
   */
  rerun: Statement[];
}

export type PlanResult = { ok: true; plan: HandlerPlan } | { ok: false; findings: FindingInput[] };
