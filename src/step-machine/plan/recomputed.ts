// Which constants before a block's first question are recomputed on every leg instead of
// travelling in the state, and which of their guards move up with them (see recomputedOnEveryLeg).
import { Node, type IfStatement, type Statement, type VariableStatement } from '../../ts-morph.js';
import { changesInPlace, isLiteralZodParse, isLiteralZodSchemaRead, isPureExpression, isPureStatement } from '../../analysis/purity.js';
import { bindingNames, referencedNames, referenceNodes } from '../../ast/names.js';
import { alwaysExits } from '../../ast/exits.js';
import type { Declared, Round } from './handler-plan.js';
import { mayHoldSharedObject } from './shared-state.js';

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
export function recomputedOnEveryLeg(
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
  const scope: Scope = { statements, rounds, declared, reads, asked, asks, outerFirstLeg, before, changedBetween, afterSplit, usedAfter, outer };
  // A guard that cannot move up makes the recomputed values it checks travel: try again without them.
  const carried = new Set<string>();
  for (;;) {
    const pass = recomputableConstants(scope, carried);
    const { guards, unmovable } = guardsOf(scope, pass);
    const { recomputable, held } = pass;
    const unheld = unmovable.flatMap((guard) => referencedNames(guard).filter((n) => held.has(n) && usedAfter.has(n)));
    if (unheld.length > 0) return { held: unheld[0], root: held.get(unheld[0])![0], why: 'would skip its check, which comes after other code before the question' };
    const unchecked = unmovable.flatMap((guard) => referencedNames(guard).filter((n) => outer.has(n) && usedAfter.has(n)));
    if (unchecked.length > 0) return { unchecked: unchecked[0] };
    if (unmovable.length === 0) {
      const moved = [...pass.hoisted, ...guards];
      return heldChangedOnFirstLeg(scope, held, moved) ?? { hoisted: statements.filter((st) => moved.includes(st)), recomputable };
    }
    for (const guard of unmovable) for (const n of referencedNames(guard)) if (recomputable.has(n) && usedAfter.has(n)) carried.add(n);
  }
}

/** What recomputedOnEveryLeg's passes read: its arguments and what it derives from them once. */
interface Scope {
  statements: Statement[];
  rounds: Round[];
  declared: Map<string, Declared>;
  reads: LegReads;
  asked: (n: Node) => boolean;
  asks: (st: Statement) => boolean;
  outerFirstLeg: Node[];
  /** The kept statements before the first round. */
  before: Statement[];
  /** Statements that run on one leg only: from the first round up to the last, and re-ask loops. */
  changedBetween: Statement[];
  /** The kept statements from the first round on. */
  afterSplit: Statement[];
  usedAfter: Set<string>;
  /** Names declared before this block, outside it, on the way from the handler body. */
  outer: Set<string>;
}

/** What one pass of recomputableConstants found. */
interface Pass {
  hoisted: Statement[];
  recomputable: Set<string>;
  /** Recomputed shared objects, with the module values they are kept in. */
  held: Map<string, string[]>;
  /** The name holds the same on every leg. */
  stable: (n: string) => boolean;
}

/** The statements before the first round that run again on every leg, when the names in `carried` travel instead. */
function recomputableConstants(scope: Scope, carried: Set<string>): Pass {
  const { statements, rounds, reads, asked, before, changedBetween, afterSplit } = scope;
  const hoisted: Statement[] = [];
  const recomputable = new Set<string>();
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
  return { hoisted, recomputable, held, stable };
}

/** Guards of recomputed values (and of values from outside the block): moved up with them, or not. */
function guardsOf(scope: Scope, pass: Pass): { guards: Statement[]; unmovable: Statement[] } {
  const { declared, asks, before, usedAfter, outer } = scope;
  const { hoisted, recomputable, held, stable } = pass;
  const stays = before.filter((st) => !hoisted.includes(st));
  const guards = stays.filter((st) => Node.isIfStatement(st) && alwaysExits(st.getThenStatement()) && !asks(st) &&
    referencedNames(st).some((n) => (recomputable.has(n) || outer.has(n)) && usedAfter.has(n)));
  const unmovable = guards.filter((guard) => !isPureExpression((guard as IfStatement).getExpression()) ||
    !referencedNames((guard as IfStatement).getExpression()).every((n) => stable(n) || held.has(n)) ||
    !referencedNames(guard).every((n) => !declared.has(n) || recomputable.has(n)) ||
    stays.slice(0, stays.indexOf(guard)).some((st) => !guards.includes(st) && !isPureStatement(st)));
  return { guards, unmovable };
}

/** Code that runs on the first leg only must leave the shared objects where they were: the refusal when it changes where one is kept. */
function heldChangedOnFirstLeg(scope: Scope, held: Map<string, string[]>, moved: Statement[]): Recomputed | undefined {
  const { statements, rounds, asked, outerFirstLeg } = scope;
  const firstLegOnly = [...outerFirstLeg, ...statements.slice(0, rounds[rounds.length - 1].first).filter((st) => !moved.includes(st))];
  for (const [name, roots] of held) {
    const root = roots.find((r) => firstLegOnly.some((st) => changesInPlace(st, r, asked)));
    if (root) return { held: name, root, why: `would not see what the code before the question did to ${root}` };
  }
  return undefined;
}

/** `server.server.getClientCapabilities()`: `id` is the receiver the capabilities are read from. */
function readsCapabilities(id: Node): boolean {
  let callee: Node = id;
  while (Node.isPropertyAccessExpression(callee.getParent()) && (callee.getParent() as import('ts-morph').PropertyAccessExpression).getExpression() === callee) callee = callee.getParent()!;
  return Node.isPropertyAccessExpression(callee) && callee.getName() === 'getClientCapabilities' && Node.isCallExpression(callee.getParent());
}
