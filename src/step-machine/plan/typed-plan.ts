// Stage 2, second half: a handler plan with types. The checks that need the type-aware view (or
// come before it) and refuse the whole handler — no context parameter, nothing to bind the state
// to, a carried value that is not plain JSON, per-item questions over something that is not an
// array, a deferred question whose params may change before its await — and the carried values'
// types the emit stage writes into the state type.
import type { StateProtection } from '../../state/state-module.js';
import type { FindingInput, RuleId } from '../../types.js';
import type { Node, SourceFile } from '../../ts-morph.js';
import { sameNodeIn, typedView, unresolvedImports, type TypedView } from '../../analysis/carried-types.js';
import { carriedValues, type CarriedValues } from './carried-values.js';
import { readsMutable } from './deferred.js';
import { aloneMayAnswer, typedAlone } from './types-alone.js';
import { contextParameterProblem, subjectArgs } from './handler-context.js';
import type { PlannedHandler } from './handler-plans.js';
import { handlerLabel } from '../../analysis/handlers.js';

export interface TypedHandler extends PlannedHandler {
  /** The subject (name or uri) and arguments the state is bound to, as code. */
  binding: { subject: string; args: string };
  carried: CarriedValues;
  /** Notes found on the way (deferred questions, unchecked or sensitive values). */
  findings: FindingInput[];
}

const SDK = '@modelcontextprotocol/server';

export interface TypingContext {
  view: TypedView;
  /** Where the SDK cannot be found from the file: the file typed with our copy of the SDK's types (see TypedView.withBundledSdk). */
  sdkCopy?: () => SourceFile;
  quote: string;
  uses: Set<string>;
  protection: StateProtection;
  /** The import specifier of the state module (a run writes it: never a missing dependency). */
  stateSpecifier: string;
}

/** The handler plan with types, or the findings that keep the handler as it was (none: nothing to do). */
export function typeHandler(planned: PlannedHandler, tc: TypingContext): TypedHandler | { refusal: FindingInput[] } {
  const { plan, throws } = planned;
  const { handler, containers } = plan;
  const where = handlerLabel(handler);
  if (containers.length === 0 && throws.length === 0) return { refusal: [] };
  const refuseAll = (rule: RuleId, message: string, suggestion: string) => ({
    refusal: containers.flatMap((c) => c.rounds.flatMap((r) => r.asks)).map((a) => ({ rule, severity: 'warning' as const, pos: a.site.node.getStart(), message: `${a.site.api} in ${where}: ${message}`, suggestion })),
  });
  const noContext = contextParameterProblem(handler);
  if (noContext) return refuseAll('push-unsupported-shape', noContext, 'Declare the context parameter (the argument after the tool arguments, e.g. `ctx`) and run the migration again.');
  const binding = subjectArgs(handler, tc.quote);
  if (!binding) {
    if (handler.subjectProblem) {
      return refuseAll('push-unsupported-shape', `${handler.subjectProblem}, so the state cannot be bound to it`,
        'Register the handler under a string literal or a const (or a const object member), then run the migration again.');
    }
    return refuseAll('push-unsupported-shape',
      `the ${handler.kind === 'resource' ? 'resource URI' : 'name'} or the arguments cannot be read, so the state cannot be bound to them`,
      'Register the handler with a string-literal name and a named or destructured arguments parameter.');
  }
  // The file alone answers for values it spells out itself; else the view with the dependencies.
  // (Alike, by typedAlone's contract: once a handler of the file built the full view, it answers.)
  const view = !tc.view.hasFile && aloneMayAnswer(plan) && typedAlone(plan, tc.view.alone) ? { file: tc.view.alone } : tc.view;
  // Modules the file cannot find (the view alone resolves none, and needs none: it answers only for
  // values the file spells out itself). While there are any, a type that rests on them is not
  // written (the decision rule: restsOnUnresolved in carried-values.ts).
  // (The SDK counts where it cannot be found from the file even when the file imports it through a
  // module of its own: the context and the answers are typed by it.)
  const unresolved = view !== tc.view ? [] : [...new Set([...unresolvedImports(tc.view.file, tc.stateSpecifier), ...(tc.sdkCopy ? [`'${SDK}'`] : [])])];
  const carried = carriedValues(plan, view, tc.uses, tc.protection, tc.stateSpecifier, { modules: unresolved, sdkCopy: unresolved.length > 0 ? tc.sdkCopy : undefined });
  if ('refusal' in carried) return carried;
  // The same rule for the types the checks below read: one that is `any` for want of a module refuses the handler as such.
  const notInstalled = (what: string) => refuseAll('types-unresolved',
    `${what}; this file imports ${unresolved.join(', ')}, which cannot be found from it (dependencies not installed, or not yet in the version this run migrates to)`,
    "Install the project's dependencies (npm install; with @modelcontextprotocol/server 2.x when this run upgrades the file from v1), then run the migration again.");
  const findings = [...carried.findings];
  // Per-item questions are keyed by position: the loop must run over an array (the same one each leg).
  for (const round of containers.flatMap((c) => c.rounds)) {
    const type = round.batch && sameNodeIn(view.file, round.batch.iterable)?.getType();
    if (round.batch && type?.isAny() && unresolved.length > 0) {
      return notInstalled(`the question is made once per item of ${round.batch.iterable.getText()} (whose type is any here), which must be an array`);
    }
    if (round.batch && !(type && (type.isArray() || type.isReadonlyArray()))) {
      return refuseAll('push-in-loop', `the question is made once per item of ${round.batch.iterable.getText()}, which is not known to be an array`,
        'Iterate over an array (Array.from(…) first), then run the migration again.');
    }
  }
  // A deferred question is rebuilt at its await: what its params read must not change in between.
  for (const d of plan.deferred) {
    const typeAt = (node: Node) => view.file.getDescendantAtPos(node.getStart())?.getType();
    const mutable = d.between > 0 && readsMutable(d, typeAt);
    if (mutable && typeAt(mutable)?.isAny() && unresolved.length > 0) {
      return notInstalled(`the question is started into ${d.promiseName} and awaited later, and its params read ${mutable.getText()} (whose type is any here), which must not change in between`);
    }
    if (mutable && d.kind === 'request') {
      return refuseAll('push-unsupported-shape', `the request is built into ${d.promiseName} before other statements, and its params read ${mutable.getText()}, which those statements may change in place`,
        `Build the request right before it is sent (or in the send call itself), then run the migration again.`);
    }
    if (mutable) {
      return refuseAll('push-not-awaited', `the request is started into ${d.promiseName} and awaited later, and its params read ${mutable.getText()}, which the statements in between may change in place`,
        `Await the request where it is made (const answer = await …), or build its params only from strings and numbers.`);
    }
    if (d.kind === 'request') continue;
    findings.push({
      rule: 'question-deferred-to-await', severity: 'info', pos: d.site.node.getStart(),
      message: `${d.site.api} in ${where} is now asked where ${d.promiseName} was awaited, after the statements in between; it used to be sent before them`,
      suggestion: 'If the question must reach the user before that work starts, move the await up to where the request is made.',
    });
  }
  if (carried.unchecked.length > 0) {
    const first = containers[containers.length - 1];
    findings.push({
      rule: 'state-value-unchecked',
      severity: 'info',
      pos: first.statements[first.rounds[0].first].getStart(),
      message: `${where} carries ${carried.unchecked.join(', ')} in requestState; their types could not be checked for JSON safety`,
      suggestion: 'Make sure these values are plain JSON data (no class instances, Dates, Maps, functions).',
    });
  }
  if (carried.unbounded.length > 0) {
    const names = [...new Set(carried.unbounded.map((u) => u.name))];
    findings.push({
      rule: 'state-size-unbounded',
      severity: 'info',
      pos: carried.unbounded[0].nameNode.getStart(),
      message: `${where} carries ${names.join(', ')} in requestState, and nothing bounds their size: a state over 24 KiB is kept on the server in the state module's large-state store (this process's memory by default) and the token carries its id`,
      suggestion: 'With several instances (a load balancer, serverless), plug in a store they share with useLargeStateStore() where the server starts (see "Large states" in the state module), or a retry that reaches another instance is refused and the client starts the call again.',
    });
  }
  return { ...planned, binding, carried, findings };
}

/** Types the handlers of one file (see handlerTyper); dispose() when the file is done. */
export interface HandlerTyper {
  type(planned: PlannedHandler, context: Omit<TypingContext, 'view'>): ReturnType<typeof typeHandler>;
  dispose(): void;
}

/**
 * The typing stage for the planned handlers of the file at `absPath` (`text`): each is typed with
 * the file's own view. Where the SDK cannot be found from the file (a v1 project this run upgrades,
 * before v2 is installed; or nothing installed), our copy of the SDK's types shows which members of
 * an answer the code narrows, which the state type then writes with the SDK's names (see
 * carried-values.ts); nothing is typed from that copy's structure, a guess of the installed one.
 */
export function handlerTyper(absPath: string, text: string, plans: readonly PlannedHandler[]): HandlerTyper {
  const view = typedView(absPath, text);
  // A handler only the full view can type makes it answer for the rest too (alike, see
  // types-alone.ts): built first, the view alone is never built for this file.
  if (plans.some((p) => p.plan.containers.length > 0 && !aloneMayAnswer(p.plan))) void view.file;
  let bundled: TypedView | undefined;
  const sdkCopy = () => (bundled ??= view.withBundledSdk()).file;
  return {
    type(planned, context) {
      const usesBefore = [...context.uses];
      const typed = typeHandler(planned, { view, ...context, sdkCopy: view.sdkMissing ? sdkCopy : undefined });
      if ('refusal' in typed) {
        // A handler left as it was imports nothing.
        context.uses.clear();
        for (const use of usesBefore) context.uses.add(use);
      }
      return typed;
    },
    dispose() {
      view.dispose();
      bundled?.dispose();
    },
  };
}
