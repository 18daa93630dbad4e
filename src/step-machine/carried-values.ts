// The values a handler's step machine carries across its splits, typed with the type-aware view
// of the file (see carried-types.ts): how each is spelled in the state type, which Dates travel as
// ISO strings, which values could not be checked for JSON safety, and the value that refuses the
// whole handler because it does not survive the JSON round trip.
import type { Node, Type } from 'ts-morph';
import { isSensitiveStateValue, type StateProtection } from '../state-module.js';
import type { FindingInput } from '../types.js';
import { isRevivableDate, jsonSafety, typeText, type TypedView } from './carried-types.js';
import { statementOf } from './handler-context.js';
import { handlerLabel, isRaceAwait, referenceNodes, type Ask, type ContainerPlan, type HandlerPlan } from './plan.js';
import { hoistedNames } from './prefix.js';
import { leftAsIs, sensitiveValueFinding } from './site-findings.js';

export interface CarriedValues {
  /** Type text per carried name, and per name a prefix hoists. */
  types: Map<string, string>;
  /** Carried Dates: they travel as ISO strings and are revived where restored. */
  dates: Set<string>;
  /** The declared types of the names the prefixes hoist. */
  declaredTypes: Map<string, string>;
  /** Carried values whose JSON safety could not be checked. */
  unchecked: string[];
  /** Carried values that look like secrets, in a state the client can read. */
  findings: FindingInput[];
}

interface Typing {
  plan: HandlerPlan;
  view: TypedView;
  /** Types are printed by the type-aware view of the file: its own node for the handler's scope. */
  scope: Node;
  /** SDK type names the state type uses (collected for the imports). */
  uses: Set<string>;
  protection: StateProtection;
  where: string;
  values: CarriedValues;
}

/** The carried values' types, or the findings that refuse the handler (a value that is not plain JSON). */
export function carriedValues(plan: HandlerPlan, view: TypedView, uses: Set<string>, protection: StateProtection): CarriedValues | { refusal: FindingInput[] } {
  const typing: Typing = {
    plan, view, uses, protection,
    scope: view.file.getDescendantAtPos(statementOf(plan.handler.fn).getStart()) ?? view.file,
    where: handlerLabel(plan.handler),
    values: { types: new Map(), dates: new Set(), declaredTypes: new Map(), unchecked: [], findings: [] },
  };
  for (const container of plan.containers) {
    const refusal = typeContainerValues(container, typing);
    if (refusal) return { refusal };
  }
  const refusal = typePrefixValues(typing);
  if (refusal) return { refusal };
  return typing.values;
}

function typeContainerValues(container: ContainerPlan, typing: Typing): FindingInput[] | undefined {
  const { view, values, scope } = typing;
  const asks = container.rounds.flatMap((r) => r.asks);
  const requestNames = new Map(asks.filter((a) => a.requestName).map((a) => [a.requestName!, a]));
  for (const name of new Set(container.live.flat())) {
    const ask = requestNames.get(name);
    if (ask && ask.paramsHoisted) {
      values.types.set(name, requestType(ask));
      continue;
    }
    // A carried answer keeps the SDK's name for its type.
    const answered = asks.find((a) => a.answerName === name && a.replacement === undefined);
    if (answered && !isRaceAwait(answered.awaitNode)) {
      const type = answerType(answered);
      for (const t of type.split(' | ')) typing.uses.add(`type ${t}`);
      values.types.set(name, type);
      continue;
    }
    const declared = container.declared.get(name);
    if (!declared) continue;
    const typedNode = view.file.getDescendantAtPos(declared.nameNode.getStart());
    if (!typedNode) continue;
    const type = typedNode.getType();
    if (isRevivableDate(type, declared.nameNode, typing.plan.handler.fn)) {
      // Travels as its ISO string and is revived with new Date(…) where it is restored.
      values.dates.add(name);
      values.types.set(name, 'string');
      continue;
    }
    const refusal = unserializable(name, declared.nameNode, type, typing);
    if (refusal) return refusal;
    // Where the value is used after the split, control flow may have narrowed it (e.g. past an
    // `if (!token) return`): use that type when every later use agrees on it.
    const firstRound = container.rounds[container.live.findIndex((names) => names.includes(name))];
    const narrowed = typesAtUses(container.statements.slice(firstRound.first).flatMap((st) => referenceNodes(st, name)), typing);
    // Loop state is assigned inside the loop after those uses: only its declared type holds every value.
    const loopState = container.rounds.some((r, k) => r.loop && container.live[k].includes(name));
    values.types.set(name, narrowed.size === 1 && !loopState ? [...narrowed][0] : typeText(type, scope));
    noteSensitive(name, declared.nameNode, typing);
  }
  return undefined;
}

/** The prefixes' hoisted names get a declared type; the live ones are carried and checked like the rest. */
function typePrefixValues(typing: Typing): FindingInput[] | undefined {
  const { view, values, scope } = typing;
  const carriedAs = new Map<string, string>();
  for (const prefix of typing.plan.prefixes) {
    const after = prefix.block.getStatements().slice(prefix.block.getStatements().indexOf(prefix.anchor));
    for (const name of hoistedNames(prefix.statements, prefix.visible)) {
      const declared = prefix.declared.get(name);
      const typedNode = declared && view.file.getDescendantAtPos(declared.nameNode.getStart());
      if (!typedNode) continue;
      const type = typedNode.getType();
      values.declaredTypes.set(name, typeText(type, scope));
      values.types.set(name, typeText(type, scope));
      if (!prefix.live.includes(name)) continue;
      const refusal = unserializable(name, declared!.nameNode, type, typing);
      if (refusal) return refusal;
      noteSensitive(name, declared!.nameNode, typing);
      // Carried with the type the code after the prefix sees (narrowed by a guard such as
      // `if (!item) return`), when every use agrees: restoring it narrows the hoisted `let` alike.
      const narrowed = typesAtUses(after.flatMap((st) => referenceNodes(st, name)), typing);
      // Prefixes of one block that see it differently carry it with its declared type.
      const seen = carriedAs.get(name);
      const carried = narrowed.size === 1 && (seen === undefined || seen === [...narrowed][0]) ? [...narrowed][0] : typeText(type, scope);
      carriedAs.set(name, carried);
      values.types.set(name, carried);
    }
  }
  return undefined;
}

/** The type texts the checker gives the value at each of `uses` (one, when they agree). */
function typesAtUses(uses: Node[], typing: Typing): Set<string> {
  return new Set(uses.map((u) => typing.view.file.getDescendantAtPos(u.getStart())).filter((n) => n !== undefined)
    .map((n) => typeText(n!.getType(), typing.scope)));
}

/** A carried value that is not plain JSON refuses the whole handler; one of unknown type is noted. */
function unserializable(name: string, nameNode: Node, type: Type, typing: Typing): FindingInput[] | undefined {
  const safety = jsonSafety(type);
  if (safety.safe === 'unknown') typing.values.unchecked.push(name);
  if (safety.safe !== false) return undefined;
  return [
    {
      rule: 'state-not-serializable',
      severity: 'warning' as const,
      pos: nameNode.getStart(),
      message: `${name} in ${typing.where} is live across the question but is ${safety.reason}, which does not survive the JSON round trip through requestState`,
      suggestion: safety.reason === 'a Date'
        ? `Only a Date made as \`const ${name} = new Date()\` and never changed travels by itself (as its ISO string); otherwise carry ${name}.getTime() or an ISO string and rebuild the Date after the question.`
        : `Carry a plain-data form of ${name} (ids, strings, numbers) and rebuild the value after the question, or recompute it from the arguments.`,
    },
    ...typing.plan.containers.flatMap((c) => c.rounds.flatMap((r) => r.asks)).map((a) => leftAsIs(a.site, `${name} cannot travel in requestState`)),
  ];
}

function noteSensitive(name: string, nameNode: Node, typing: Typing): void {
  if (typing.protection === 'signed' && isSensitiveStateValue(name, typing.values.types.get(name))) {
    typing.values.findings.push(sensitiveValueFinding(name, typing.where, nameNode));
  }
}

/** The SDK's type of a question's params, carried when they were built before the round. */
function requestType(ask: Ask): string {
  if (ask.requestType) return ask.requestType;
  return ask.kind === 'sampling' ? 'CreateMessageRequestParams' : ask.kind === 'elicit-url' ? 'Parameters<typeof inputRequired.elicitUrl>[0]' : 'ElicitRequestFormParams';
}

/** The SDK's type of a question's answer. */
function answerType(ask: Ask): string {
  if (ask.kind === 'roots') return 'ListRootsResult';
  if (ask.kind !== 'sampling') return 'ElicitResult';
  return /requestSampling/.test(ask.site.api) ? 'CreateMessageResult | CreateMessageResultWithTools' : 'CreateMessageResult';
}
