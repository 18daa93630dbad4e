// Stage 2 of the step machine, plan: for each handler that asks, whether it can be split at all
// (refusals, reasons to keep it whole, other request-related calls), and if so its HandlerPlan
// (see plan.ts) with the URL-mode throws and notifier removals that travel with its rewrite. The
// carried values are typed per handler afterwards, with the type-aware view (see typed-plan.ts).
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import { keptNotifierFindings, notifierNotes } from '../recognise/completion-notifiers.js';
import { planHandler } from './plan.js';
import { type HandlerPlan } from './handler-plan.js';
import type { FileRecognition } from '../recognise/recognise.js';
import { finallyPerLegProblem } from '../recognise/stored-notifier.js';
import { handlerRefusal, leftAsIs, otherSiteFinding, sharedFunctionRefusal, v1ContextReadFinding } from '../recognise/site-findings.js';
import { outsideCallRefusal } from './outside-callers.js';
import type { OutsideImporter } from '../../index/callers-index.js';
import { urlThrowCheck, type UrlThrow } from './url-throw-check.js';

const REQUEST_KINDS = new Set(['elicitation', 'sampling', 'roots']);

/** A handler the plan stage accepted, with what travels with its rewrite. */
export interface PlannedHandler {
  plan: HandlerPlan;
  /** Its questions and URL-mode throws (the sites it migrates). */
  sites: PushSite[];
  throws: UrlThrow[];
  /** Statements its notifiers' removal deletes (or the no-op notifier that replaces one). */
  removals: TextEdit[];
  /** What its notifiers became, reported when it migrates. */
  notifierNotes: FindingInput[];
}

/** `outside`: files importing this module whose calls the run does not update (cross-file mode). */
export function planHandlers(file: FileRecognition, outside?: readonly OutsideImporter[]): { findings: FindingInput[]; plans: PlannedHandler[] } {
  const planned = [...file.byHandler].map(([handler, sites]) => planOne(handler, sites, file, outside));
  const findings = planned.flatMap((p) => p.findings);
  const plans = planned.flatMap((p) => (p.plan ? [p.plan] : []));
  // A notifier of a handler without questions of its own stays, and is reported.
  for (const [handler, removals] of file.notifiers.removals) {
    if (!file.byHandler.has(handler)) findings.push(...keptNotifierFindings(removals));
  }
  return { findings, plans };
}

function planOne(handler: HandlerInfo, handlerSites: PushSite[], file: FileRecognition, outside?: readonly OutsideImporter[]): { findings: FindingInput[]; plan?: PlannedHandler } {
  const refusal = handlerRefusal(handler, handlerSites, file.v1Handler(handler)) ?? sharedFunctionRefusal(handler, handlerSites, file.handlers) ??
    outsideCallRefusal(handler, handlerSites, outside);
  if (refusal) {
    const read = file.v1ContextRead(handler);
    return { findings: read ? [...refusal, v1ContextReadFinding(handler, read)] : refusal };
  }
  // Something else in the handler keeps it as it was (never half-migrate): its questions say why.
  const keptWhole = file.keptWholeBecause(handler);
  // A task site is reported as one whatever else keeps the handler: the task is what needs rewriting by hand.
  if (keptWhole) {
    return { findings: handlerSites.filter((s) => s.kind !== 'elicitation-id').flatMap((s) => (s.kind === 'task' ? otherSiteFinding(s, []) : [leftAsIs(s, keptWhole)])) };
  }
  const requestSites = handlerSites.filter((s) => REQUEST_KINDS.has(s.kind));
  const urlThrows = handlerSites.filter((s) => s.kind === 'url-elicitation-throw');
  const other = handlerSites.filter((s) => !REQUEST_KINDS.has(s.kind) && s.kind !== 'url-elicitation-throw');
  const otherFindings = other.flatMap((s) => otherSiteFinding(s, [...requestSites, ...urlThrows]));
  const throws = urlThrows.map((site) => urlThrowCheck(site));
  const throwRefusals = throws.flatMap((t) => ('refusal' in t ? [t.refusal] : []));
  if (throwRefusals.length > 0 || otherFindings.some((f) => f.severity !== 'info')) {
    const why = 'another request-related call in this handler needs a manual change first';
    return { findings: [...otherFindings, ...throwRefusals, ...requestSites.map((s) => leftAsIs(s, why))] };
  }
  const throwChecks = throws.flatMap((t) => ('statement' in t ? [t] : []));
  const removals = file.notifiers.removals.get(handler) ?? [];
  const removedRanges = removals.flatMap((r) => r.edits);
  const stored = removals.flatMap((r) => (r.stored ? [r.stored] : []));
  const planned = planHandler(handler, requestSites, (node) =>
    removedRanges.some((e) => e.text === '' && e.start <= node.getStart() && node.getEnd() <= e.end), file.liftedCalls,
    (finallyBlock) => finallyPerLegProblem(finallyBlock, stored));
  if (!planned.ok) {
    const why = 'the other requests of this handler cannot be migrated';
    return { findings: [...planned.findings, ...urlThrows.map((s) => leftAsIs(s, why)), ...keptNotifierFindings(removals)] };
  }
  return {
    findings: [...otherFindings, ...throwChecks.flatMap((t) => t.notes)],
    // Removals travel with the handler's rewrite (inside a re-emitted block or applied directly).
    plan: { plan: planned.plan, sites: [...requestSites, ...urlThrows], throws: throwChecks, removals: removedRanges, notifierNotes: notifierNotes(removals, handler) },
  };
}
