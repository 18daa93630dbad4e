// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
import '../src/jscodeshift-unhook.js'; // first: before anything loads ts-morph
import path from 'node:path';
import { Node, SyntaxKind, type SourceFile, type Statement } from 'ts-morph';
import { findHandlers, describeHandler, canReturnInputRequired, resolveIdentifier, type HandlerInfo, type RouteRefusal } from '../src/analysis/handlers.js';
import { aliasArgumentMessage, aliasArgumentProblem, aliasImplementationFinding, implementedAlias } from '../src/analysis/alias-arguments.js';
import { storedContextOf } from '../src/analysis/stored-context.js';
import { findCapabilityReads, findPushSites, importsV1Sdk, mightNeedMigration, type PushSite } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { isSensitiveStateValue, renderStateModule, type StateProtection } from '../src/state-module.js';
import { readsMutable } from '../src/step-machine/deferred.js';
import { isRevivableDate, jsonSafety, typeText, typedView, type TypedView } from '../src/step-machine/carried-types.js';
import { emitBody, resumeExpression, stateTypeDeclaration, type EmitContext } from '../src/step-machine/emit.js';
import { companionImportEdits, importedChainFindings, importedHelpers, requirementsOf, type CrossFileInput } from '../src/step-machine/cross-file.js';
import { companionText, findHelperChains, findLiftableHelpers, helperCallSites, isPropertyName, type LiftableHelper } from '../src/step-machine/helpers.js';
import { camelCase, pascalCase, uniqueName } from '../src/step-machine/naming.js';
import { planHandler, handlerLabel, isRaceAwait, referenceNodes, stripUrlModeFields, type HandlerPlan } from '../src/step-machine/plan.js';
import { isPureStatement } from '../src/step-machine/purity.js';
import { indentationAt, lineEndAfter, lineStartOf } from '../src/step-machine/text.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wiring.js';
import { hoistedNames, prefixEdit, prefixRange } from '../src/step-machine/prefix.js';
import { unliftedAskers } from '../src/step-machine/unlifted-askers.js';
import { hiddenNameProblem } from '../src/step-machine/hidden-names.js';
import { withThenChainsAwaited } from '../src/step-machine/then-chains.js';
import { shortCircuitRewrites, withShortCircuitsNormalised } from '../src/step-machine/short-circuit.js';
import { NO_OP_NOTIFIER, storedNotifier, type StoredNotifier } from '../src/step-machine/stored-notifier.js';
import { detectStyle } from '../src/text-style.js';
import type { FindingInput, TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

export const order = 20;

const REQUEST_KINDS = new Set(['elicitation', 'sampling', 'roots']);

export const transform: Transform = {
  id: 'step-machine',
  title: 'Turn handlers that ask the client mid-function into resumable inputRequired step machines',
  description:
    'Splits tools/call, prompts/get and resources/read handlers at each elicitation, sampling or roots request; ' +
    'the handler returns inputRequired(...) and resumes from the step in a signed requestState.',
  run,
};

export default toJscodeshift(transform);

function run(ctx: TransformContext): TransformResult {
  // Helper modules parsed on the side for cross-file lifting live as long as this run.
  const cleanups: (() => void)[] = [];
  try {
    const runOnce = (c: TransformContext) => runFile(c, cleanups);
    // A `.then` chain on a question: tried again with the chain rewritten to await (see then-chains.ts).
    const withChains = (c: TransformContext) => {
      const once = runOnce(c);
      return once.findings.some((f) => f.rule === 'then-chain') ? withThenChainsAwaited(c, once, runOnce) ?? once : once;
    };
    const plain = withChains(ctx);
    // Questions after `&&` / `||` / `??` in a const: tried again with the statement rewritten.
    const conditional = new Set(plain.findings.filter((f) => f.rule === 'push-conditional-expression').map((f) => f.pos));
    if (conditional.size === 0) return plain;
    const sites = findPushSites(ctx.sourceFile, findHandlers(ctx.sourceFile, []), ctx.options.aliases ?? [])
      .filter((s) => conditional.has(s.node.getStart()));
    const rewrites = shortCircuitRewrites(ctx.absPath, ctx.text, sites, detectStyle(ctx.text), /\.(m|c)?tsx?$/i.test(ctx.absPath));
    return withShortCircuitsNormalised(ctx, rewrites, withChains) ?? plain;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

function runFile(ctx: TransformContext, cleanups: (() => void)[]): TransformResult {
  const result: TransformResult = { edits: [], findings: [], handlersMigrated: 0, sitesMigrated: 0 };
  const aliases = ctx.options.aliases ?? [];
  if (!mightNeedMigration(ctx.text, aliases)) return result;
  const { sourceFile, text } = ctx;
  const routeRefusals: RouteRefusal[] = [];
  const handlers = findHandlers(sourceFile, routeRefusals);
  const sites = findPushSites(sourceFile, handlers, aliases);
  const crossFile = ctx.options.crossFile as CrossFileInput | undefined;
  // A file may ask only through helpers of other modules (cross-file mode).
  if (sites.length === 0 && crossFile === undefined) return result;
  // Calls of configured aliases whose arguments are not the SDK's stay, and so do their handlers.
  const aliasBlocked = aliasArgumentRefusals(sites, result.findings);

  const v1 = importsV1Sdk(sourceFile);
  // Helpers that wrap one question: their awaited calls in handlers become questions of those handlers.
  const fileNames = new Set(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const helpers = v1 ? new Map<Node, LiftableHelper>() : findLiftableHelpers(sites, fileNames);
  // Helpers that ask by calling one of those (chains, to a bounded depth); refused chains are reported.
  if (!v1) result.findings.push(...findHelperChains(sourceFile, sites, helpers, handlers, fileNames));
  const helperSites = new Set([...helpers.values()].map((h) => h.site));
  // Helpers imported from other modules of the project (cross-file mode), by local name.
  const imported = v1 ? undefined : importedHelpers(sourceFile, crossFile, aliases, fileNames);
  if (imported) cleanups.push(imported.dispose);
  const acrossModules = importedChainFindings(sourceFile, handlers, imported?.chains ?? []);
  result.findings.push(...acrossModules.findings);
  const importedByName = new Map((imported?.helpers ?? []).map((i) => [i.localName, i.helper]));
  const lifted = helperCallSites(sourceFile, helpers, handlers, importedByName);
  // Helpers whose callers in other files were migrated: their companions are exported from here.
  const exportFor = new Set((ctx.options.exportCompanions as string[] | undefined) ?? []);
  const exporting = [...helpers.values()].some((h) => exportFor.has(h.name));
  // A helper call in a timer or event callback set up by a handler asks outside any request: the
  // helper's own question is reported as such, not as a question of that handler.
  for (const site of lifted.sites.filter((s) => outsideAnyRequest(s.node))) {
    lifted.sites.splice(lifted.sites.indexOf(site), 1);
    lifted.calls.delete(site.node);
  }
  result.findings.push(...lifted.refusals);
  sites.push(...lifted.sites);
  if (sites.length === 0) return result;
  // A completion notifier created in a handler goes away with that handler's migration (its
  // calls may sit elsewhere, e.g. in an HTTP callback route); anywhere else it is reported.
  const notifiers = new Map<HandlerInfo, { site: PushSite; edits: TextEdit[]; stored?: StoredNotifier }[]>();
  const blocked = new Set<HandlerInfo>();
  for (const site of sites.filter((s) => s.kind === 'completion-notifier')) {
    const removal = v1 || !site.handler ? undefined : notifierRemoval(site, text);
    // Stored for a later caller (an OAuth callback route): becomes a no-op notifier instead.
    const stored = removal || v1 || !site.handler || !site.call ? undefined : storedNotifier(site.call, site.handler.fn);
    if (stored && 'edit' in stored) {
      const list = notifiers.get(site.handler!) ?? [];
      list.push({ site, edits: [stored.edit], stored });
      notifiers.set(site.handler!, list);
      continue;
    }
    if (!removal) {
      const finding = otherSiteFinding(site, [])[0];
      result.findings.push(stored ? { ...finding, message: `${finding.message}, and it cannot become a no-op: ${stored.problem}` } : finding);
      // A notifier that cannot go (stored, passed on) keeps its handler as it was: never half-migrate.
      if (site.handler) blocked.add(site.handler);
      continue;
    }
    const list = notifiers.get(site.handler!) ?? [];
    list.push({ site, edits: removal });
    notifiers.set(site.handler!, list);
  }
  // Same-file functions that still ask after the migration: a handler calling one stays whole.
  const askers = unliftedAskers(sourceFile, new Set<Node>(handlers.map((h) => h.fn)), sites, new Set<Node>(lifted.calls.keys()));
  const byHandler = new Map<HandlerInfo, PushSite[]>();
  for (const site of sites) {
    if (site.kind === 'completion-notifier' || helperSites.has(site)) continue;
    if (!site.handler) {
      const implemented = implementedAlias(site, aliases);
      result.findings.push(routeRefusalFinding(site, routeRefusals) ?? (implemented ? aliasImplementationFinding(site, implemented) : outsideRequestFinding(site, handlers)));
      continue;
    }
    const list = byHandler.get(site.handler) ?? [];
    list.push(site);
    byHandler.set(site.handler, list);
  }

  /** Why something outside its own questions keeps `handler` as it was, if anything does. */
  function keptWholeBecause(handler: HandlerInfo): string | undefined {
    if (aliasBlocked.has(handler)) return 'a call of a configured alias in this handler does not pass the SDK arguments';
    // A question asked through helpers of several modules stays in this handler.
    const across = acrossModules.handlers.get(handler);
    if (across) return across;
    if (blocked.has(handler)) return 'its completion notifier is stored or passed on and cannot be removed automatically';
    // A same-file function that still asks (not lifted) called from here.
    const unlifted = askers.callsIn(handler.fn, (call) => outsideAnyRequest(call));
    if (unlifted.length > 0) return `it also calls ${[...new Set(unlifted.map((u) => `${u.name}()`))].join(', ')}, which asks the client and is not migrated`;
    return hiddenNameProblem(handler.fn);
  }

  const style = detectStyle(text);
  const uses = new Set<string>();
  const edits: TextEdit[] = [];
  const plans: { plan: HandlerPlan; sites: PushSite[]; throws: UrlThrow[]; removals: TextEdit[]; notifierNotes: FindingInput[] }[] = [];
  for (const [handler, handlerSites] of byHandler) {
    const refusal = handlerRefusal(handler, handlerSites, v1) ?? sharedFunctionRefusal(handler, handlerSites, handlers);
    if (refusal) {
      result.findings.push(...refusal);
      continue;
    }
    // Something else in the handler keeps it as it was (never half-migrate): its questions say why.
    const keptWhole = keptWholeBecause(handler);
    if (keptWhole) {
      result.findings.push(...handlerSites.filter((s) => s.kind !== 'elicitation-id').map((s) => leftAsIs(s, keptWhole)));
      continue;
    }
    const requestSites = handlerSites.filter((s) => REQUEST_KINDS.has(s.kind));
    const urlThrows = handlerSites.filter((s) => s.kind === 'url-elicitation-throw');
    const other = handlerSites.filter((s) => !REQUEST_KINDS.has(s.kind) && s.kind !== 'url-elicitation-throw');
    const otherFindings = other.flatMap((s) => otherSiteFinding(s, [...requestSites, ...urlThrows]));
    const throws = urlThrows.map((site) => urlThrowCheck(site));
    const throwRefusals = throws.flatMap((t) => ('refusal' in t ? [t.refusal] : []));
    if (throwRefusals.length > 0 || otherFindings.some((f) => f.severity !== 'info')) {
      const why = 'another request-related call in this handler needs a manual change first';
      result.findings.push(...otherFindings, ...throwRefusals, ...requestSites.map((s) => leftAsIs(s, why)));
      continue;
    }
    const throwChecks = throws.flatMap((t) => ('statement' in t ? [t] : []));
    const throwNotes = throwChecks.flatMap((t) => t.notes);
    const removals = notifiers.get(handler) ?? [];
    const removedRanges = removals.flatMap((r) => r.edits);
    const planned = planHandler(handler, requestSites, (node) =>
      removedRanges.some((e) => e.text === '' && e.start <= node.getStart() && node.getEnd() <= e.end), lifted.calls);
    if (!planned.ok) {
      result.findings.push(...planned.findings, ...urlThrows.map((s) => leftAsIs(s, 'the other requests of this handler cannot be migrated')));
      result.findings.push(...removals.map((r) => otherSiteFinding(r.site, [])[0]));
      continue;
    }
    result.findings.push(...otherFindings, ...throwNotes);
    // Removals travel with the handler's rewrite (inside a re-emitted block or applied directly).
    plans.push({ plan: planned.plan, sites: [...requestSites, ...urlThrows], throws: throwChecks, removals: removedRanges, notifierNotes: notifierNotes(removals, handler) });
  }
  for (const [handler, removals] of notifiers) {
    if (!byHandler.has(handler)) result.findings.push(...removals.map((r) => otherSiteFinding(r.site, [])[0]));
  }
  if (plans.length === 0 && edits.length === 0 && !exporting) {
    // No handler changes: every helper's question stays and is reported.
    // A chain helper's question is its inner helper's, reported there.
    for (const helper of helpers.values()) if (!helper.via) result.findings.push(routeRefusalFinding(helper.site, routeRefusals) ?? outsideRequestFinding(helper.site, handlers));
    return result;
  }

  const typescript = /\.(m|c)?tsx?$/i.test(ctx.absPath);
  const migratedCalls = new Set<Node>();
  const replacedNodes: Node[] = [];
  // Declared result types on a wrapper's or registrar's way to a migrated handler, once each.
  const widened = new Map<number, import('ts-morph').TypeNode>();
  let view: TypedView | undefined;
  try {
    if (plans.length > 0) view = typedView(ctx.absPath, text);
    const typeNames = new Set<string>(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
    for (const { plan, sites: planSites, throws, removals, notifierNotes } of view ? plans : []) {
      const migrated = migrateHandler(plan, { text, style, typescript, uses, typeNames, view: view!, sourceFile, protection: protectionOf(ctx) }, throws, removals);
      if ('findings' in migrated && !('edits' in migrated)) {
        result.findings.push(...migrated.findings);
        // The notifier stays with its handler, and is reported as before.
        result.findings.push(...(notifiers.get(plan.handler) ?? []).map((r) => otherSiteFinding(r.site, [])[0]));
        continue;
      }
      edits.push(...migrated.edits);
      result.findings.push(...notifierNotes, ...migrated.findings);
      for (const site of planSites) if (lifted.calls.has(site.node)) migratedCalls.add(site.node);
      // Stripped `elicitationId` properties take what only they used (e.g. an id generator import).
      for (const site of planSites) {
        if (site.elicitMode === 'url' && site.params && Node.isObjectLiteralExpression(site.params)) {
          const id = site.params.getProperty('elicitationId');
          if (id) replacedNodes.push(id);
        }
      }
      replacedNodes.push(...throws.map((t) => t.statement), ...plan.deferred.map((d) => d.declaration));
      // A migrated alias call no longer names the alias: an import only it used goes.
      for (const site of planSites) if (site.alias && site.call) replacedNodes.push(site.call.getExpression());
      result.handlersMigrated! += 1;
      result.sitesMigrated! += planSites.length;
      for (const type of plan.handler.route?.widen ?? []) widened.set(type.getStart(), type);
    }
    edits.push(...[...widened.values()].map((type) => widenEdit(type, uses)));
  } finally {
    view?.dispose();
  }
  const helperFindings = helperEdits(helpers, lifted.calls, migratedCalls, text, style, typescript, uses, edits, handlers, replacedNodes, exportFor);
  result.findings.push(...helperFindings);
  // Imported helpers whose calls were migrated: their companions are imported instead, and the
  // helper's module must export them (the runner applies both files together or neither).
  const liftedImports = (imported?.helpers ?? []).filter((i) => [...migratedCalls].some((call) => lifted.calls.get(call)?.helper === i.helper));
  const rewrittenImports = new Set<Node>(liftedImports.map((i) => i.declaration));
  if (liftedImports.length > 0) {
    const stillUsed = (name: string) => sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name &&
      !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration) && ![...migratedCalls].some((call) => call.containsRange(id.getPos(), id.getEnd())));
    edits.push(...companionImportEdits(liftedImports, stillUsed));
    result.requires = requirementsOf(liftedImports);
  }
  if (result.handlersMigrated === 0 && !exporting) return result;
  if (plans.length === 0 || !uses.has('mrtrState')) {
    // Only URL-mode throws were rewritten: no state, no module, no hook.
    edits.push(...importEdits(sourceFile, text, style, uses, '', typescript, unusedAfter(sourceFile, sdkImportNames(sourceFile), replacedNodes, uses)));
    edits.push(...otherImportRemovals(sourceFile, text, replacedNodes, rewrittenImports));
    result.edits = edits;
    return result;
  }

  const stateModulePath = ctx.options.stateModulePath ?? path.join(path.dirname(ctx.absPath), typescript ? 'mrtr-state.ts' : 'mrtr-state.js');
  const wiring = wireVerifyHook(sourceFile, text, style);
  edits.push(...wiring.edits);
  if (wiring.missing) {
    result.findings.push({
      rule: 'request-state-verify-not-wired',
      severity: 'warning',
      pos: plans[0].plan.handler.registration.getStart(),
      message: wiring.missing,
      suggestion: "Pass `requestState: { verify: mrtrState.verify }` in the options of the McpServer (or Server) that serves these handlers, importing mrtrState from the generated module.",
    });
  }
  edits.push(...importEdits(sourceFile, text, style, uses, specifierFor(ctx.absPath, stateModulePath), typescript,
    unusedAfter(sourceFile, sdkImportNames(sourceFile), replacedNodes, uses)));
  edits.push(...otherImportRemovals(sourceFile, text, replacedNodes, rewrittenImports));
  result.edits = edits;
  result.newFiles = [{ absPath: stateModulePath, text: renderStateModule({ language: /\.(m|c)?ts$/.test(stateModulePath) ? 'ts' : 'js', protection: protectionOf(ctx) }) }];
  return result;
}

/**
 * Removes the alias calls whose arguments are not the SDK method's from `sites` (reporting each)
 * and returns the handlers they sit in: those are left whole.
 */
function aliasArgumentRefusals(sites: PushSite[], findings: FindingInput[]): Set<HandlerInfo> {
  const blocked = new Set<HandlerInfo>();
  for (let i = sites.length - 1; i >= 0; i--) {
    const site = sites[i];
    const problem = aliasArgumentProblem(site);
    if (problem === undefined) continue;
    findings.unshift({ rule: 'alias-arguments-differ', severity: 'warning', pos: site.node.getStart(), ...aliasArgumentMessage(site, problem) });
    if (site.handler) blocked.add(site.handler);
    sites.splice(i, 1);
  }
  return blocked;
}

/** `Promise<CallToolResult>` → `Promise<CallToolResult | InputRequiredResult>`. */
function widenEdit(type: import('ts-morph').TypeNode, uses: Set<string>): TextEdit {
  uses.add('type InputRequiredResult');
  const inner = /^Promise\s*<([\s\S]*)>$/.exec(type.getText())![1];
  return { start: type.getStart(), end: type.getEnd(), text: `Promise<${inner} | InputRequiredResult>` };
}

/** A site in a function registered through code that cannot be followed with certainty: why. */
function routeRefusalFinding(site: PushSite, refusals: RouteRefusal[]): FindingInput | undefined {
  const refusal = refusals.find((r) => r.fn.getStart() <= site.node.getStart() && site.node.getEnd() <= r.fn.getEnd());
  if (!refusal) return undefined;
  return {
    rule: 'push-unsupported-shape', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is in a request handler, but ${refusal.message}`,
    suggestion: 'Make the wrapper return the handler\'s result unchanged (or register the handler directly), then run the migration again.',
  };
}

function protectionOf(ctx: TransformContext): StateProtection {
  return ctx.options.stateProtection === 'signed' ? 'signed' : 'sealed';
}

interface MigrateContext {
  protection: StateProtection;
  text: string;
  style: ReturnType<typeof detectStyle>;
  typescript: boolean;
  uses: Set<string>;
  typeNames: Set<string>;
  view: TypedView;
  sourceFile: SourceFile;
}

function migrateHandler(
  plan: HandlerPlan,
  mc: MigrateContext,
  throws: UrlThrow[],
  removals: TextEdit[],
): { edits: TextEdit[]; findings: FindingInput[] } | { findings: FindingInput[] } {
  const { handler, containers } = plan;
  const findings: FindingInput[] = [];
  const where = handlerLabel(handler);
  const fn = handler.fn;
  const edits: TextEdit[] = [];
  const asks = containers.flatMap((c) => c.rounds.flatMap((r) => r.asks));
  if (containers.length === 0 && throws.length === 0) return { findings: [] };
  const refuseAll = (rule: string, message: string, suggestion: string) => ({
    findings: asks.map((a) => ({ rule, severity: 'warning' as const, pos: a.site.node.getStart(), message: `${a.site.api} in ${where}: ${message}`, suggestion })),
  });
  const semi = mc.style.semicolons ? ';' : '';

  // The context parameter: reuse it, name a destructured one, or add `ctx` to an inline callback.
  const fnIdentifiers = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  let ctxName: string | undefined;
  const topLines: string[] = [];
  const ctxNameNode = handler.ctxParam?.getNameNode();
  if (ctxNameNode && Node.isIdentifier(ctxNameNode)) {
    ctxName = ctxNameNode.getText();
  } else if (ctxNameNode) {
    // `async (args, { mcpReq }) =>` → `async (args, ctx) =>`, plus `const { mcpReq } = ctx;` when
    // the body still uses those names after the questions are rewritten.
    ctxName = uniqueName('ctx', fnIdentifiers, '');
    edits.push({ start: ctxNameNode.getStart(), end: ctxNameNode.getEnd(), text: ctxName });
    const replaced = [...asks.map((a) => a.replaceNode ?? a.awaitNode), ...asks.map((a) => a.site.node), ...throws.map((t) => t.statement)];
    const bound = new Set(ctxNameNode.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
    const stillUsed = fn.getBody()!.getDescendantsOfKind(SyntaxKind.Identifier).some((id) =>
      bound.has(id.getText()) && !replaced.some((r) => r.containsRange(id.getPos(), id.getEnd())));
    if (stillUsed) topLines.push(`const ${ctxNameNode.getText()} = ${ctxName}${semi}`);
  }
  if (!ctxName) {
    // A wrapper's or registrar's declared handler type fixes the parameters: none is added there.
    if (!handler.inline || handler.route || handler.params.length > handler.ctxIndex || handler.ctxIndexGuessed) {
      return refuseAll('push-unsupported-shape', 'the handler has no context parameter to read requestState from',
        'Declare the context parameter (the argument after the tool arguments, e.g. `ctx`) and run the migration again.');
    }
    ctxName = uniqueName('ctx', fnIdentifiers, '');
    edits.push(ctxParamEdit(handler, ctxName));
  }

  const subjectAndArgs = subjectArgs(handler, mc.style.quote);
  if (!subjectAndArgs) {
    return refuseAll('push-unsupported-shape',
      `the ${handler.kind === 'resource' ? 'resource URI' : 'name'} or the arguments cannot be read, so the state cannot be bound to them`,
      'Register the handler with a string-literal name and a named or destructured arguments parameter.');
  }

  // Types and JSON safety of every carried value.
  const types = new Map<string, string>();
  const dates = new Set<string>();
  const unchecked: string[] = [];
  // Types are printed by the type-aware view of the file: give it its own node for the scope.
  const scope = mc.view.file.getDescendantAtPos(statementOf(fn).getStart()) ?? mc.view.file;
  /** A carried value that is not plain JSON refuses the whole handler; one of unknown type is noted. */
  const unserializable = (name: string, nameNode: Node, type: import('ts-morph').Type) => {
    const safety = jsonSafety(type);
    if (safety.safe === 'unknown') unchecked.push(name);
    if (safety.safe !== false) return undefined;
    return {
      findings: [
        {
          rule: 'state-not-serializable',
          severity: 'warning' as const,
          pos: nameNode.getStart(),
          message: `${name} in ${where} is live across the question but is ${safety.reason}, which does not survive the JSON round trip through requestState`,
          suggestion: safety.reason === 'a Date'
            ? `Only a Date made as \`const ${name} = new Date()\` and never changed travels by itself (as its ISO string); otherwise carry ${name}.getTime() or an ISO string and rebuild the Date after the question.`
            : `Carry a plain-data form of ${name} (ids, strings, numbers) and rebuild the value after the question, or recompute it from the arguments.`,
        },
        ...asks.map((a) => leftAsIs(a.site, `${name} cannot travel in requestState`)),
      ],
    };
  };
  for (const container of containers) {
    const requestNames = new Map(container.rounds.flatMap((r) => r.asks).filter((a) => a.requestName).map((a) => [a.requestName!, a]));
    for (const name of new Set(container.live.flat())) {
      const ask = requestNames.get(name);
      if (ask && ask.paramsHoisted) {
        types.set(name, ask.kind === 'sampling' ? 'CreateMessageRequestParams' : ask.kind === 'elicit-url' ? 'Parameters<typeof inputRequired.elicitUrl>[0]' : 'ElicitRequestFormParams');
        continue;
      }
      // A carried answer keeps the SDK's name for its type.
      const answered = container.rounds.flatMap((r) => r.asks).find((a) => a.answerName === name && a.replacement === undefined);
      if (answered && !isRaceAwait(answered.awaitNode)) {
        const answerType = answered.kind === 'roots' ? 'ListRootsResult' : answered.kind === 'sampling'
          ? (/requestSampling/.test(answered.site.api) ? 'CreateMessageResult | CreateMessageResultWithTools' : 'CreateMessageResult')
          : 'ElicitResult';
        for (const t of answerType.split(' | ')) mc.uses.add(`type ${t}`);
        types.set(name, answerType);
        continue;
      }
      const declared = container.declared.get(name);
      if (!declared) continue;
      const typedNode = mc.view.file.getDescendantAtPos(declared.nameNode.getStart());
      if (!typedNode) continue;
      const type = typedNode.getType();
      if (isRevivableDate(type, declared.nameNode, fn)) {
        // Travels as its ISO string and is revived with new Date(…) where it is restored.
        dates.add(name);
        types.set(name, 'string');
        continue;
      }
      const refusal = unserializable(name, declared.nameNode, type);
      if (refusal) return refusal;
      // Where the value is used after the split, control flow may have narrowed it (e.g. past an
      // `if (!token) return`): use that type when every later use agrees on it.
      const firstRound = container.rounds[container.live.findIndex((names) => names.includes(name))];
      const uses = container.statements.slice(firstRound.first).flatMap((st) => referenceNodes(st, name));
      const narrowed = new Set(uses.map((u) => mc.view.file.getDescendantAtPos(u.getStart())).filter((n) => n !== undefined).map((n) => typeText(n!.getType(), scope)));
      // Loop state is assigned inside the loop after those uses: only its declared type holds every value.
      const loopState = container.rounds.some((r, k) => r.loop && container.live[k].includes(name));
      types.set(name, narrowed.size === 1 && !loopState ? [...narrowed][0] : typeText(type, scope));
      if (mc.protection === 'signed' && isSensitiveStateValue(name, types.get(name))) findings.push(sensitiveValueFinding(name, where, declared.nameNode));
    }
  }
  // The prefixes' hoisted names get a declared type; the live ones are carried and checked like the rest.
  const { prefixes } = plan;
  const declaredTypes = new Map<string, string>();
  const carriedAs = new Map<string, string>();
  for (const prefix of prefixes) {
    const after = prefix.block.getStatements().slice(prefix.block.getStatements().indexOf(prefix.anchor));
    for (const name of hoistedNames(prefix.statements, prefix.visible)) {
      const declared = prefix.declared.get(name);
      const typedNode = declared && mc.view.file.getDescendantAtPos(declared.nameNode.getStart());
      if (!typedNode) continue;
      const type = typedNode.getType();
      declaredTypes.set(name, typeText(type, scope));
      types.set(name, typeText(type, scope));
      if (!prefix.live.includes(name)) continue;
      const refusal = unserializable(name, declared!.nameNode, type);
      if (refusal) return refusal;
      if (mc.protection === 'signed' && isSensitiveStateValue(name, types.get(name))) findings.push(sensitiveValueFinding(name, where, declared!.nameNode));
      // Carried with the type the code after the prefix sees (narrowed by a guard such as
      // `if (!item) return`), when every use agrees: restoring it narrows the hoisted `let` alike.
      const uses = after.flatMap((st) => referenceNodes(st, name));
      const narrowed = new Set(uses.map((u) => mc.view.file.getDescendantAtPos(u.getStart())).filter((n) => n !== undefined).map((n) => typeText(n!.getType(), scope)));
      // Prefixes of one block that see it differently carry it with its declared type.
      const seen = carriedAs.get(name);
      const carried = narrowed.size === 1 && (seen === undefined || seen === [...narrowed][0]) ? [...narrowed][0] : typeText(type, scope);
      carriedAs.set(name, carried);
      types.set(name, carried);
    }
  }
  // Per-item questions are keyed by position: the loop must run over an array (the same one each leg).
  for (const round of containers.flatMap((c) => c.rounds)) {
    const type = round.batch && mc.view.file.getDescendantAtPos(round.batch.iterable.getStart())?.getType();
    if (round.batch && !(type && (type.isArray() || type.isReadonlyArray()))) {
      return refuseAll('push-in-loop', `the question is made once per item of ${round.batch.iterable.getText()}, which is not known to be an array`,
        'Iterate over an array (Array.from(…) first), then run the migration again.');
    }
  }
  // A deferred question is rebuilt at its await: what its params read must not change in between.
  for (const d of plan.deferred) {
    const mutable = readsMutable(d, (node) => mc.view.file.getDescendantAtPos(node.getStart())?.getType());
    if (mutable) {
      return refuseAll('push-not-awaited', `the request is started into ${d.promiseName} and awaited later, and its params read ${mutable.getText()}, which the statements in between may change in place`,
        `Await the request where it is made (const answer = await …), or build its params only from strings and numbers.`);
    }
    findings.push({
      rule: 'question-deferred-to-await', severity: 'info', pos: d.site.node.getStart(),
      message: `${d.site.api} in ${where} is now asked where ${d.promiseName} was awaited, after the statements in between; it used to be sent before them`,
      suggestion: 'If the question must reach the user before that work starts, move the await up to where the request is made.',
    });
  }
  // A container carries the values of the prefixes on its way (a prefix elsewhere is out of scope).
  // (A prefix of a later statement in the same block is skipped by retries for this one.)
  const prefixLive = (block: Node) => [...new Set(prefixes
    .filter((p) => p.block.containsRange(block.getPos(), block.getEnd()) && block.getStart() >= p.anchor.getStart())
    .flatMap((p) => p.live))];
  if (unchecked.length > 0) {
    const first = containers[containers.length - 1];
    findings.push({
      rule: 'state-value-unchecked',
      severity: 'info',
      pos: first.statements[first.rounds[0].first].getStart(),
      message: `${where} carries ${unchecked.join(', ')} in requestState; their types could not be checked for JSON safety`,
      suggestion: 'Make sure these values are plain JSON data (no class instances, Dates, Maps, functions).',
    });
  }

  const stateType = mc.typescript ? uniqueName(`${pascalCase(stateTypeBase(handler))}State`, mc.typeNames, '') : undefined;
  const identifiers = new Set(fnIdentifiers);
  const fnBody = fn.getBody() as import('ts-morph').Block;
  const base: Omit<EmitContext, 'stateVar' | 'stateInit' | 'bodyEdits' | 'prelude'> = {
    text: mc.text,
    style: mc.style,
    typescript: mc.typescript,
    ctxName,
    stateType,
    subject: subjectAndArgs.subject,
    args: subjectAndArgs.args,
    types,
    dates,
    uses: mc.uses,
  };
  // One container reads the state where it starts. Several containers, a container inside the
  // user's try (a refused state must not be caught as the user's own error) or URL-mode throws
  // (their own step) share one read at the top of the handler; each container takes its steps.
  const shared = containers.length > 1 || throws.length > 0 || (containers.length === 1 && containers[0].container !== fnBody);
  const resumedVar = shared || throws.length > 0 ? uniqueName('resumed', identifiers, '') : '';
  if (shared && containers.length > 0) topLines.push(`const ${resumedVar} = ${resumeExpression({ ...base, stateVar: '', stateInit: '', bodyEdits: [], prelude: [] })}${semi}`);
  if (throws.length > 0) {
    // A declined URL step ends the call before anything runs again (the old client never retried then).
    const q = mc.style.quote;
    const consent = uniqueName('urlConsent', identifiers, '');
    if (containers.length === 0) {
      topLines.push(`const ${resumedVar} = await mrtrState.resume${mc.typescript ? '<{ step: string }>' : ''}(${ctxName}, ${subjectAndArgs.subject}, ${subjectAndArgs.args})${semi}`);
    }
    mc.uses.add('elicitAnswer');
    topLines.push(
      `if (${resumedVar}?.step === ${q}url-consent${q}) {`,
      `${mc.style.indentUnit}const ${consent} = elicitAnswer(${ctxName}, ${q}consent${q}, {})${semi}`,
      `${mc.style.indentUnit}if (${consent}?.action === ${q}decline${q} || ${consent}?.action === ${q}cancel${q}) throw new Error(${throws[0].message ?? `${q}The URL step was declined${q}`})${semi}`,
      '}',
    );
  }
  const bodyIsContainer = containers.some((c) => c.container === fnBody);
  const bodyPrefix = prefixes.find((p) => p.block === fnBody);
  if (topLines.length > 0 && !bodyIsContainer && !bodyPrefix) {
    const first = fnBody.getStatements()[0];
    const at = lineStartOf(mc.text, first.getStart());
    const indent = indentationAt(mc.text, first.getStart());
    edits.push({ start: at, end: at, text: topLines.map((line) => `${indent}${line}${mc.style.eol}`).join('') });
  }

  // Edits inside a container are applied while its statements are re-emitted; the rest directly.
  // Containers come innermost first, so an inner container's rewrite travels with the outer one.
  const throwEdits = throws.map((t) => urlThrowEdit(t, { ...base, stateVar: '', stateInit: '', bodyEdits: [], prelude: [] }, identifiers));
  let pending = [...capabilityEdits(handler, ctxName, mc.uses, findings), ...throwEdits, ...removals, ...plan.deferred.map((d) => d.deletion)];
  for (const container of containers) {
    const block = container.container;
    const inside = (e: TextEdit) => e.start >= block.getStart() && e.end <= block.getEnd();
    const stateVar = containers.length > 1 ? uniqueName(`${camelCase(container.rounds[0].step)}State`, identifiers, '')
      : ['state', 'stepState', 'mrtrStep'].find((n) => !identifiers.has(n)) ?? uniqueName('state', identifiers, '');
    identifiers.add(stateVar);
    const q = mc.style.quote;
    const mine = container.rounds.map((r) => `${resumedVar}?.step === ${q}${r.step}${q}`).join(' || ');
    const ec: EmitContext = {
      ...base,
      stateVar,
      stateInit: shared ? (containers.length === 1 && throws.length === 0 ? resumedVar : `${mine} ? ${resumedVar} : undefined`) : '',
      bodyEdits: pending.filter(inside),
      prelude: block === fnBody ? topLines : [],
      extraCarried: prefixLive(block),
    };
    if (!shared) ec.stateInit = resumeExpression(ec);
    pending = [...pending.filter((e) => !inside(e)), emitBody(container, ec)];
  }
  // Each block's prefixes are re-emitted in one piece with the edits that fall inside them,
  // innermost block first, so an inner prefix's rewrite travels with an outer one.
  const q = mc.style.quote;
  const allSteps = containers.flatMap((c) => c.rounds.map((r) => r.step));
  const levels = [...new Set(prefixes.map((p) => p.block))].sort((a, b) => b.getAncestors().length - a.getAncestors().length);
  for (const level of levels) {
    const mine = prefixes.filter((p) => p.block === level);
    const last = mine[mine.length - 1];
    const all = level.getStatements();
    const region = all.slice(0, all.indexOf(last.anchor));
    const range = prefixRange(region, mc.text);
    const inPrefix = (e: TextEdit) => e.start >= range.start && e.end <= range.end;
    // A prefix runs unless the retry resumes a step at or after its anchor in this block: then it
    // restores its values instead (`resumed === undefined` when that is every step there is). The
    // guards nest, so each names only the steps up to the next anchor: the outer ones exclude the rest.
    const stepsFrom = (anchor: Statement | undefined) => anchor === undefined ? [] : containers
      .filter((c) => level.containsRange(c.container.getPos(), c.container.getEnd()) && c.container.getStart() >= anchor.getStart())
      .flatMap((c) => c.rounds.map((r) => r.step));
    const guards = mine.map((p, k) => {
      const from = stepsFrom(p.anchor);
      const later = new Set(stepsFrom(mine[k + 1]?.anchor));
      const guard = from.length === allSteps.length && throws.length === 0
        ? `${resumedVar} === undefined`
        : from.filter((step) => !later.has(step)).map((step) => `${resumedVar}?.step !== ${q}${step}${q}`).join(' && ');
      return { anchor: p.anchor, visible: p.visible, live: p.live, guard };
    });
    const edit = prefixEdit({
      text: mc.text, style: mc.style, typescript: mc.typescript, region, guards, types: declaredTypes,
      resumedVar, topLines: level === fnBody ? topLines : [], bodyEdits: pending.filter(inPrefix),
    });
    pending = [...pending.filter((e) => !inPrefix(e)), edit];
  }
  edits.push(...pending);
  if (stateType && containers.length > 0) {
    const anchor = statementOf(fn);
    const at = lineStartOf(mc.text, anchor.getStart());
    edits.push({ start: at, end: at, text: stateTypeDeclaration(containers, { ...base, stateVar: '', stateInit: '', bodyEdits: [], prelude: [] }, indentationAt(mc.text, anchor.getStart()), (c) => prefixLive(c.container)) });
  }
  // A declared `Promise<CallToolResult>` (and the like) now also returns the input request.
  const returnType = mc.typescript ? fn.getReturnTypeNode() : undefined;
  if (returnType && (containers.length > 0 || throws.length > 0)) {
    const promised = /^Promise\s*<([\s\S]*)>$/.exec(returnType.getText());
    if (promised && !/\bInputRequiredResult\b/.test(promised[1])) {
      mc.uses.add('type InputRequiredResult');
      edits.push({ start: returnType.getStart(), end: returnType.getEnd(), text: `Promise<${promised[1]} | InputRequiredResult>` });
    }
  }
  for (const site of plan.droppedOptions) {
    findings.push({
      rule: 'push-option-dropped',
      severity: 'info',
      pos: site.options!.getStart(),
      message: `request options of ${site.api} in ${where} (${site.options!.getText().replace(/\s+/g, ' ').slice(0, 60)}) no longer apply: the client answers on its own time`,
      suggestion: 'Bound the wait with the state expiry (MCP_REQUEST_STATE_TTL_SECONDS) instead.',
    });
  }
  for (const ask of asks.filter((a) => isRaceAwait(a.awaitNode))) {
    findings.push({
      rule: 'promise-race-timeout', severity: 'info', pos: ask.awaitNode.getStart(),
      message: `the Promise.race around ${ask.site.api} in ${where} is dropped: the client answers on its own time, so the timeout no longer applies`,
      suggestion: 'Bound the wait with the state expiry (MCP_REQUEST_STATE_TTL_SECONDS) if you need a limit.',
    });
  }
  // The first side effect that now runs on the first leg only: in a lifted prefix, or before a container's first question.
  const firstLegOnly = [...prefixes.map((p) => p.statements), ...containers.map((c) => c.statements.slice(0, c.rounds[0].first)
    .filter((st) => !c.hoisted.includes(st) && !plan.deferred.some((d) => d.declaration === st)))];
  for (const before of firstLegOnly) {
    const effect = before.find((st) => !isPureStatement(st));
    if (effect) {
      findings.push({
        rule: 'side-effect-before-input', severity: 'info', pos: effect.getStart(),
        message: `code before the first question in ${where} runs once per logical call, on the first leg; a retry resumes after it`,
      });
    }
  }
  for (const container of containers) {
    container.rounds.forEach((round, k) => {
      if (round.batch) {
        const ask = round.asks[0];
        findings.push({
          rule: 'questions-per-item-one-round', severity: 'info', pos: ask.site.node.getStart(),
          message: `${ask.site.api} in ${where} is asked for every item of ${round.batch.iterable.getText()} at once, in one round (keys ${ask.key}_0, ${ask.key}_1, …); the ${round.batch.callback ? 'callbacks then run' : 'loop then runs'} on the answers`,
          suggestion: 'Nothing to do unless the user must see each question only after the previous item was handled.',
        });
      }
      if (!round.loop) return;
      const carried = container.live[k].length > 0 ? ` (${container.live[k].join(', ')})` : '';
      findings.push({
        rule: 'question-in-loop-resumed', severity: 'info', pos: round.asks[0].site.node.getStart(),
        message: `${round.asks[0].site.api} in ${where} asks again each time round the loop: every asking is one input round and the loop state${carried} travels in requestState; past the state module's round limit (MAX_ROUNDS, 8 per call) the call ends with an error instead of asking again`,
        suggestion: 'Bound the loop yourself (an attempt counter) if a clear message at the limit matters, or raise MAX_ROUNDS in the state module.',
      });
    });
  }
  const elicits = asks.filter((a) => a.kind === 'elicit');
  if (elicits.length > 0) {
    findings.push({
      rule: 'answer-validation',
      severity: 'info',
      pos: elicits[0].site.node.getStart(),
      message: `accepted answers in ${where} are validated against the schema they were asked with; invalid content asks again`,
    });
  }
  for (const ask of asks) {
    if (ask.kind === 'elicit-url' && ask.site.params && /\belicitationId\b/.test(ask.site.params.getText())) {
      findings.push({
        rule: 'elicitation-id-removed',
        severity: 'info',
        pos: ask.site.params.getStart(),
        message: `elicitationId removed from the URL elicitation in ${where}: 2026-07-28 has no elicitationId`,
        suggestion: 'If you correlate the out-of-band flow, carry your own identifier in the step state.',
      });
    }
  }
  return { edits, findings };
}

/** What a migrated handler's notifiers became: removed, or a no-op whose later callers are told. */
function notifierNotes(notifiers: { site: PushSite; stored?: StoredNotifier }[], handler: HandlerInfo): FindingInput[] {
  const where = handlerLabel(handler);
  return notifiers.flatMap(({ site, stored }) => !stored
    ? [{
      rule: 'completion-notifier-removed', severity: 'info' as const, pos: site.node.getStart(),
      message: `${site.api} and its calls removed: notifications/elicitation/complete no longer exists; the client retries the request after the URL step`,
    }]
    : [{
      rule: 'completion-notifier-removed', severity: 'info' as const, pos: site.node.getStart(),
      message: `${site.api} in ${where} replaced by a no-op notifier (${NO_OP_NOTIFIER}): notifications/elicitation/complete no longer exists; the client retries the request after the URL step. Where the notifier is stored and called later, the call now does nothing`,
    }, ...stored.laterCalls.map((call) => ({
      rule: 'completion-notifier-removed', severity: 'info' as const, pos: call.getStart(), marker: true,
      message: `${call.getText().replace(/\s+/g, ' ').slice(0, 60)} may call the completion notifier of ${where}, which is now a no-op: the client is no longer told here that the URL step finished; it retries the request by itself`,
      suggestion: 'If the retried request must know that the out-of-band step finished, record it here (keyed by the id the handler carries in requestState) and check it in the handler.',
    }))]);
}

/**
 * `const notify = x.createElicitationCompletionNotifier(id)` whose only uses are statements calling
 * it (`await notify();`), or a statement calling the notifier directly: the statements to delete.
 */
function notifierRemoval(site: PushSite, text: string): TextEdit[] | undefined {
  const call = site.call;
  if (!call) return undefined;
  // A statement on lines of its own goes with its lines.
  const removal = (statement: Node): TextEdit => {
    const start = lineStartOf(text, statement.getStart());
    const ownLines = text.slice(start, statement.getStart()).trim() === '' &&
      text.slice(statement.getEnd(), lineEndAfter(text, statement.getEnd())).trim() === '';
    return ownLines
      ? { start, end: lineEndAfter(text, statement.getEnd()), text: '' }
      : { start: statement.getStart(), end: statement.getEnd(), text: '' };
  };
  const callStatement = (outer: Node): Node | undefined => {
    let node = outer.getParent();
    while (node && (Node.isParenthesizedExpression(node) || Node.isAwaitExpression(node) || Node.isVoidExpression(node))) node = node.getParent();
    return node && Node.isExpressionStatement(node) ? node : undefined;
  };
  // `await x.createElicitationCompletionNotifier(id)();`
  const parent = call.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getExpression() === call) {
    const statement = callStatement(parent);
    return statement ? [removal(statement)] : undefined;
  }
  const declaration = parent;
  if (!declaration || !Node.isVariableDeclaration(declaration) || !Node.isIdentifier(declaration.getNameNode())) return undefined;
  const list = declaration.getParent();
  const statement = list?.getParent();
  if (!statement || !Node.isVariableStatement(statement) || statement.getDeclarations().length !== 1) return undefined;
  const scope = statement.getParent();
  if (!scope) return undefined;
  const name = declaration.getName();
  const edits: TextEdit[] = [removal(statement)];
  for (const ref of scope.getDescendantsOfKind(SyntaxKind.Identifier)) {
    if (ref.getText() !== name || ref === declaration.getNameNode()) continue;
    const use = ref.getParent();
    if (!use || !Node.isCallExpression(use) || use.getExpression() !== ref) return undefined;
    const useStatement = callStatement(use);
    if (!useStatement) return undefined;
    edits.push(removal(useStatement));
  }
  return edits;
}

interface UrlThrow {
  site: PushSite;
  statement: import('ts-morph').ThrowStatement;
  elicitations: import('ts-morph').Expression[];
  /** The error's own message argument, reused when the user declines. */
  message?: string;
  notes: FindingInput[];
}

/**
 * `throw new UrlElicitationRequiredError([{ mode: 'url', message, url, elicitationId }])` can
 * become an input request when nothing but the handler would have seen the throw (no try around
 * it, not in a nested function) and its elicitations are written out.
 */
function urlThrowCheck(site: PushSite): UrlThrow | { refusal: FindingInput } {
  const where = site.handler ? handlerLabel(site.handler) : 'this file';
  const refuse = (message: string, suggestion: string) => ({
    refusal: { rule: 'push-request', severity: 'warning' as const, pos: site.node.getStart(), message: `${site.api} in ${where}: ${message}`, suggestion },
  });
  const target = 'return inputRequired({ inputRequests: { consent: inputRequired.elicitUrl({ message, url }) }, requestState })';
  const statement = site.node;
  if (site.nestedFunction || !Node.isThrowStatement(statement)) {
    return refuse('thrown from a nested function or not thrown directly', `Return ${target} from the handler itself.`);
  }
  for (let node: Node | undefined = statement.getParent(); node && node !== site.handler!.fn; node = node.getParent()) {
    if (Node.isTryStatement(node) && node.getTryBlock().containsRange(statement.getPos(), statement.getEnd())) {
      return refuse('thrown inside a try block, whose catch would have seen it', `Return ${target} instead of throwing, and check the catch block by hand.`);
    }
  }
  const list = site.params;
  if (!list || !Node.isArrayLiteralExpression(list) || list.getElements().length === 0 ||
    !list.getElements().every((e) => Node.isObjectLiteralExpression(e))) {
    return refuse('its elicitations are not written as an array of object literals', `${target}.`);
  }
  const errorArgs = site.call ? [] : (statement.getExpression() as import('ts-morph').NewExpression).getArguments?.() ?? [];
  const notes: FindingInput[] = [{
    rule: 'url-elicitation-throw', severity: 'info', pos: statement.getStart(),
    message: `${site.api} in ${where} now returns the URL elicitation as an input request; the client retries the call after the user's consent, a decline ends the call with an error as before`,
  }];
  if (/\belicitationId\b/.test(list.getText())) {
    notes.push({
      rule: 'elicitation-id-removed', severity: 'info', pos: list.getStart(),
      message: `elicitationId removed from the URL elicitation in ${where}: 2026-07-28 has no elicitationId`,
      suggestion: 'If you correlate the out-of-band flow, carry your own identifier (e.g. in the URL or in requestState).',
    });
  }
  return { site, statement, elicitations: list.getElements() as import('ts-morph').Expression[], message: errorArgs[1]?.getText(), notes };
}

/**
 * The throw becomes: read this round's consent; a decline or cancel ends the call with an error (as
 * the thrown error did); otherwise ask (again) for the URL step, with a state whose round counter
 * bounds how often. The retry runs the handler from the top, as the old client retry did.
 */
function urlThrowEdit(t: UrlThrow, ec: EmitContext, taken: Set<string>): TextEdit {
  const { text, style } = ec;
  const { eol, indentUnit: unit, quote: q, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const standalone = !Node.isBlock(t.statement.getParent());
  const indent = indentationAt(text, t.statement.getStart()) + (standalone ? unit : '');
  const keys = new Set<string>();
  const asks = t.elicitations.map((e) => {
    const key = uniqueName('consent', keys);
    const camel = camelCase(key);
    return { key, request: uniqueName(`${camel}Request`, taken, ''), answer: uniqueName(camel, taken, ''), params: stripUrlModeFields(e) };
  });
  const type = ec.typescript ? ': Parameters<typeof inputRequired.elicitUrl>[0]' : '';
  ec.uses.add('inputRequired');
  ec.uses.add('elicitAnswer');
  ec.uses.add('mrtrState');
  const lines: string[] = [];
  for (const a of asks) {
    lines.push(`const ${a.request}${type} = ${a.params}${semi}`);
    lines.push(`const ${a.answer} = elicitAnswer(${ec.ctxName}, ${q}${a.key}${q}, ${a.request})${semi}`);
  }
  const declined = asks.map((a) => `${a.answer}?.action === ${q}decline${q} || ${a.answer}?.action === ${q}cancel${q}`).join(' || ');
  lines.push(`if (${declined}) {`);
  lines.push(`${unit}throw new Error(${t.message ?? `${q}The URL step was declined${q}`})${semi}`);
  lines.push('}');
  lines.push('return inputRequired({');
  lines.push(`${unit}inputRequests: {`);
  for (const a of asks) lines.push(`${unit}${unit}${a.key}: inputRequired.elicitUrl(${a.request}),`);
  lines.push(`${unit}},`);
  lines.push(`${unit}requestState: await mrtrState.mint(${ec.ctxName}, ${ec.subject}, ${ec.args}, { step: ${q}url-consent${q} }),`);
  lines.push(`})${semi}`);
  const body = lines.map((line, i) => (i === 0 && !standalone ? line : indent + line)).join(eol);
  const outer = indentationAt(text, t.statement.getStart());
  const replacement = standalone ? `{${eol}${indent}${lines[0]}${eol}${lines.slice(1).map((l) => indent + l).join(eol)}${eol}${outer}}` : body;
  return { start: t.statement.getStart(), end: t.statement.getEnd(), text: replacement };
}

/**
 * For each helper with at least one migrated call: its request builder and result function next to
 * it; the helper removed when nothing references it any more (and it is not exported), else kept
 * and its question reported for the callers that still use it.
 */
function helperEdits(
  helpers: Map<Node, LiftableHelper>,
  calls: Map<Node, import('../src/step-machine/helpers.js').HelperCall>,
  migrated: Set<Node>,
  text: string,
  style: ReturnType<typeof detectStyle>,
  typescript: boolean,
  uses: Set<string>,
  edits: TextEdit[],
  handlers: HandlerInfo[],
  removedDeclarations: Node[],
  exportFor: ReadonlySet<string>,
): FindingInput[] {
  const findings: FindingInput[] = [];
  // A chain helper's companions call its inner helper's, so those are written too.
  const needed = new Set<LiftableHelper>();
  for (const helper of helpers.values()) {
    if (!exportFor.has(helper.name) && ![...migrated].some((call) => calls.get(call)?.helper === helper)) continue;
    for (let link: LiftableHelper | undefined = helper; link; link = link.via?.inner) needed.add(link);
  }
  // Outer helpers first: a reference inside a helper that goes does not keep its inner helper.
  const removedHelpers: Node[] = [];
  for (const helper of [...helpers.values()].sort((a, b) => b.depth - a.depth)) {
    const migratedHere = [...migrated].filter((call) => calls.get(call)?.helper === helper);
    // Callers in other files were migrated: the companions are written (and exported) all the same.
    const forOtherFiles = exportFor.has(helper.name);
    const references = helper.declaration.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)
      .filter((id) => id.getText() === helper.name && !helper.declaration.containsRange(id.getPos(), id.getEnd()) &&
        // `{ confirm: … }`, `answer.content?.confirm`: a property named like the helper is no reference to it.
        (helper.receiver !== '' || !isPropertyName(id)));
    const remaining = references.filter((id) => !migratedHere.some((call) => call.containsRange(id.getPos(), id.getEnd())) &&
      !removedHelpers.some((d) => d.containsRange(id.getPos(), id.getEnd())));
    if (!needed.has(helper)) {
      if (!helper.via) findings.push(outsideRequestFinding(helper.site, handlers));
      continue;
    }
    const types = companionTypes(helper, typescript, uses);
    const indent = indentationAt(text, helper.declaration.getStart());
    const companions = companionText(helper, indent, style.indentUnit, style.eol, style.semicolons ? ';' : '', types, forOtherFiles);
    const exported = Node.isFunctionDeclaration(helper.declaration) ? helper.declaration.isExported() :
      Node.isVariableStatement(helper.declaration) && helper.declaration.isExported();
    // The helper's doc comment goes with it: the companions carry their own.
    const start = lineStartOf(text, helper.declaration.getStart(true));
    if (remaining.length === 0 && !exported) {
      edits.push({ start, end: helper.declaration.getEnd(), text: companions.replace(/^[ \t]*/, indent) });
      removedDeclarations.push(helper.declaration);
      removedHelpers.push(helper.declaration);
    } else {
      edits.push({ start: helper.declaration.getEnd(), end: helper.declaration.getEnd(), text: `${style.eol}${style.eol}${companions}` });
      // A kept chain helper's question is reported at its inner helper, which it keeps too.
      if (helper.via) continue;
      // The message stays what a later run reports for the same spot, so the marker is never doubled.
      const why = remaining.length > 0
        ? `It stays for its other callers (${remaining.length} reference${remaining.length === 1 ? '' : 's'} left)`
        : 'It stays because it is exported';
      findings.push({
        ...helperFinding(helper.site, helper.name),
        suggestion: `${why}; the migrated handlers use ${helper.requestFn}()${helper.resultFn ? ` and ${helper.resultFn}()` : ''} instead. Move the remaining callers to those, then remove it.`,
      });
    }
  }
  return findings;
}

function companionTypes(helper: LiftableHelper, typescript: boolean, uses: Set<string>): import('../src/step-machine/helpers.js').CompanionTypes {
  if (!typescript) return {};
  const kind = helper.site.kind === 'roots' ? 'roots' : helper.site.kind === 'sampling' ? 'sampling' : helper.site.elicitMode === 'url' ? 'url' : 'elicit';
  const request = kind === 'elicit' ? 'ElicitRequestFormParams' : kind === 'sampling' ? 'CreateMessageRequestParams' : kind === 'url' ? 'Parameters<typeof inputRequired.elicitUrl>[0]' : undefined;
  const answer = kind === 'roots' ? 'ListRootsResult' : kind === 'sampling'
    ? (/requestSampling/.test(helper.site.api) ? 'CreateMessageResult | CreateMessageResultWithTools' : 'CreateMessageResult')
    : 'ElicitResult';
  for (const name of `${request ?? ''} ${answer}`.match(/\b(ElicitRequestFormParams|CreateMessageRequestParams|ListRootsResult|CreateMessageResultWithTools|CreateMessageResult|ElicitResult)\b/g) ?? []) {
    uses.add(`type ${name}`);
  }
  if (kind === 'url') uses.add('inputRequired');
  const declared = helper.fn.getReturnTypeNode()?.getText();
  const result = declared?.replace(/^Promise<([\s\S]*)>$/, '$1');
  // The companions repeat the declared result type: SDK types it names stay imported.
  const sdkNames = new Set(sdkImportNames(helper.fn.getSourceFile()));
  for (const id of helper.fn.getReturnTypeNode()?.getDescendantsOfKind(SyntaxKind.Identifier) ?? []) {
    if (sdkNames.has(id.getText())) uses.add(`type ${id.getText()}`);
  }
  return { request, answer, result };
}

/** Named imports of other modules that only the replaced code used: their specifiers, or whole lines, go. */
function otherImportRemovals(sourceFile: SourceFile, text: string, replaced: Node[], rewritten: ReadonlySet<Node> = new Set()): TextEdit[] {
  const edits: TextEdit[] = [];
  for (const decl of sourceFile.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() === '@modelcontextprotocol/server' || rewritten.has(decl)) continue;
    const named = decl.getNamedImports();
    if (named.length === 0 || decl.getDefaultImport() || decl.getNamespaceImport()) continue;
    const unused = unusedAfter(sourceFile, named.map((i) => (i.getAliasNode() ?? i.getNameNode()).getText()), replaced, new Set());
    if (unused.size === 0) continue;
    if (unused.size === named.length) {
      edits.push({ start: lineStartOf(text, decl.getStart()), end: lineEndAfter(text, decl.getEnd()), text: '' });
      continue;
    }
    named.forEach((spec, i) => {
      if (!unused.has((spec.getAliasNode() ?? spec.getNameNode()).getText())) return;
      const next = named[i + 1];
      const previous = named[i - 1];
      edits.push(next ? { start: spec.getStart(), end: next.getStart(), text: '' } : { start: previous!.getEnd(), end: spec.getEnd(), text: '' });
    });
  }
  return edits;
}

function sdkImportNames(sourceFile: SourceFile): string[] {
  return sourceFile.getImportDeclarations()
    .filter((d) => d.getModuleSpecifierValue() === '@modelcontextprotocol/server')
    .flatMap((d) => d.getNamedImports().map((i) => (i.getAliasNode() ?? i.getNameNode()).getText()));
}

/** Of `names`, those imported and no longer referenced once the `replaced` statements are gone. */
function unusedAfter(sourceFile: SourceFile, names: string[], replaced: Node[], uses: ReadonlySet<string>): Set<string> {
  const unused = new Set<string>();
  if (replaced.length === 0) return unused;
  for (const name of names) {
    // The generated code may use it again (a helper's outcome function typed with it).
    if (uses.has(name) || uses.has(`type ${name}`)) continue;
    const refs = sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) =>
      id.getText() === name && !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration));
    if (refs.length > 0 && refs.every((id) => replaced.some((r) => r.containsRange(id.getPos(), id.getEnd())))) unused.add(name);
  }
  return unused;
}

/** Tool/prompt name; a resource's registered name (not its URI); a low-level handler's method. */
function stateTypeBase(handler: HandlerInfo): string {
  if (handler.kind === 'resource') {
    const first = handler.registration.getArguments()[0];
    if (first && (Node.isStringLiteral(first) || Node.isNoSubstitutionTemplateLiteral(first))) return first.getLiteralText();
  }
  if (handler.kind === 'request') return handler.method.replace('/', '-');
  return handler.name ?? handler.kind;
}

function capabilityEdits(handler: HandlerInfo, ctxName: string, uses: Set<string>, findings: FindingInput[]): TextEdit[] {
  const fn = handler.fn;
  const reads = findCapabilityReads(fn.getSourceFile()).filter((call) => call.getStart() >= fn.getStart() && call.getEnd() <= fn.getEnd());
  return reads.map((call) => {
    uses.add('clientCapabilities');
    findings.push({
      rule: 'client-capabilities',
      severity: 'info',
      pos: call.getStart(),
      message: `${call.getExpression().getText()}() in ${handlerLabel(handler)} now reads this request's declared client capabilities first (the old read stays as the fallback for 2025-era requests)`,
    });
    // 2026-07-28 requests carry their capabilities; a 2025-era request has none in its envelope, so
    // the old per-connection read stays as the fallback.
    const parent = call.getParent();
    const bare = parent && (Node.isVariableDeclaration(parent) || Node.isReturnStatement(parent) || Node.isExpressionStatement(parent));
    const read = `clientCapabilities(${ctxName}) ?? ${call.getText()}`;
    return { start: call.getStart(), end: call.getEnd(), text: bare ? read : `(${read})` };
  });
}

/** The statement (in a block or at module level) that holds the handler: where the state type goes. */
function statementOf(node: Node): Node {
  let current: Node = node;
  while (current.getParent() && !(Node.isStatement(current) && (Node.isBlock(current.getParent()!) || Node.isSourceFile(current.getParent()!)))) {
    current = current.getParent()!;
  }
  return current;
}

/**
 * Adds the context parameter to an inline callback, with placeholders for parameters it skipped:
 * `async () => …` of a tool with an input schema becomes `async (_args, ctx) => …`.
 */
function ctxParamEdit(handler: HandlerInfo, ctxName: string): TextEdit {
  const params = handler.params;
  const placeholders = ['_args', '_variables'].map((name, i) => (handler.kind === 'resource' && i === 0 ? '_uri' : name));
  const missing = placeholders.slice(params.length, handler.ctxIndex);
  const added = [...missing, ctxName].join(', ');
  if (params.length > 0) {
    const last = params[params.length - 1];
    return { start: last.getEnd(), end: last.getEnd(), text: `, ${added}` };
  }
  const open = handler.fn.getFirstChildByKind(SyntaxKind.OpenParenToken);
  if (!open) throw new Error('handler without a parameter list');
  return { start: open.getEnd(), end: open.getEnd(), text: added };
}

/** The subject (name or uri) and arguments the state is bound to, as code. */
function subjectArgs(handler: HandlerInfo, quote: string): { subject: string; args: string } | undefined {
  const q = (s: string) => `${quote}${s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`;
  const argsParam = handler.argsParam;
  switch (handler.kind) {
    case 'tool':
    case 'prompt': {
      if (handler.name === undefined) return undefined;
      if (handler.argsText !== undefined) return { subject: q(handler.name), args: handler.argsText };
      if (!argsParam) return { subject: q(handler.name), args: '{}' };
      const args = argsExpression(argsParam.getNameNode());
      return args ? { subject: q(handler.name), args } : undefined;
    }
    case 'resource': {
      const uri = handler.params[0];
      if (!uri || !Node.isIdentifier(uri.getNameNode())) return undefined;
      const variables = handler.ctxIndex === 2 ? handler.params[1] : undefined;
      const args = variables ? argsExpression(variables.getNameNode()) : '{}';
      return args ? { subject: `${uri.getName()}.href`, args } : undefined;
    }
    case 'request': {
      if (!argsParam || !Node.isIdentifier(argsParam.getNameNode())) return undefined;
      const req = argsParam.getName();
      if (handler.method === 'resources/read') return { subject: `${req}.params.uri`, args: '{}' };
      return { subject: `${req}.params.name`, args: `${req}.params.arguments ?? {}` };
    }
  }
}

/** The arguments object rebuilt from a parameter: its name, or the destructured names. */
function argsExpression(name: Node): string | undefined {
  if (Node.isIdentifier(name)) return name.getText();
  if (!Node.isObjectBindingPattern(name)) return undefined;
  const parts: string[] = [];
  for (const element of name.getElements()) {
    const bound = element.getNameNode();
    if (!Node.isIdentifier(bound)) return undefined;
    if (element.getDotDotDotToken()) parts.push(`...${bound.getText()}`);
    else {
      const prop = element.getPropertyNameNode();
      parts.push(prop ? `${prop.getText()}: ${bound.getText()}` : bound.getText());
    }
  }
  return parts.length > 0 ? `{ ${parts.join(', ')} }` : '{}';
}

function handlerRefusal(handler: HandlerInfo, sites: PushSite[], v1: boolean): FindingInput[] | undefined {
  const where = describeHandler(handler);
  if (v1) {
    return sites.map((s) => ({
      rule: 'push-request',
      severity: 'warning' as const,
      pos: s.node.getStart(),
      message: `${s.api} in ${where} (SDK v1): throws on 2026-07-28 and cannot become an input request on v1`,
      suggestion: 'Upgrade the file to @modelcontextprotocol/server 2.x (mcp-mrtr-migrate --sdk-upgrade always, or the official @modelcontextprotocol/codemod), then run the migration again.',
    }));
  }
  if (!canReturnInputRequired(handler)) {
    return sites.map((s) => ({
      rule: 'push-outside-request',
      severity: 'warning' as const,
      pos: s.node.getStart(),
      message: `${s.api} in ${where}: only tools/call, prompts/get and resources/read may ask the client for input under 2026-07-28`,
      suggestion: 'Take the input as tool arguments or configuration instead, or move the question into a tool.',
    }));
  }
  return undefined;
}

/**
 * One function registered under several names (directly, or through a registrar) cannot bind its
 * state to all of them: the push sites only know the first registration.
 */
function sharedFunctionRefusal(handler: HandlerInfo, sites: PushSite[], handlers: HandlerInfo[]): FindingInput[] | undefined {
  const names = new Set(handlers.filter((h) => h.fn.compilerNode === handler.fn.compilerNode).map((h) => describeHandler(h)));
  if (names.size < 2) return undefined;
  return sites.filter((s) => s.kind !== 'elicitation-id').map((s) => ({
    rule: 'push-unsupported-shape',
    severity: 'warning' as const,
    pos: s.node.getStart(),
    message: `${s.api}: the function is registered as ${[...names].join(' and ')}, and one requestState cannot be bound to all of them`,
    suggestion: 'Give each registration its own handler function (shared code before and after the question can move into plain helpers), then run the migration again.',
  }));
}

function otherSiteFinding(site: PushSite, requestSites: PushSite[]): FindingInput[] {
  const where = site.handler ? describeHandler(site.handler) : 'this file';
  switch (site.kind) {
    case 'elicitation-id': {
      // Stripped when it sits in the params of a URL elicitation we migrate.
      const inParams = requestSites.some((r) => r.params && r.params.getStart() <= site.node.getStart() && site.node.getEnd() <= r.params.getEnd());
      return inParams ? [] : [{
        rule: 'elicitation-id-removed', severity: 'warning', pos: site.node.getStart(),
        message: `elicitationId in ${where} has no meaning under 2026-07-28`,
        suggestion: 'Remove it; if you correlate an out-of-band flow, carry your own identifier in requestState.',
      }];
    }
    case 'completion-notifier':
      return [{
        rule: 'completion-notifier-removed', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where}: notifications/elicitation/complete no longer exists`,
        suggestion: 'Remove the notifier; the client retries the request after the URL flow, and the handler checks whether the out-of-band step finished.',
      }];
    case 'url-elicitation-throw':
      return [{
        rule: 'push-request', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where} throws on 2026-07-28`,
        suggestion: "Return inputRequired({ inputRequests: { consent: inputRequired.elicitUrl({ message, url }) } }) instead of throwing.",
      }];
    case 'task':
      return [{
        rule: 'task-augmented-request', severity: 'warning', pos: site.node.getStart(),
        message: `${site.api} in ${where} uses tasks, which moved to an extension in 2026-07-28`,
        suggestion: 'Rewrite the task flow by hand against the tasks extension.',
      }];
    default:
      return [];
  }
}

function outsideRequestFinding(site: PushSite, handlers: HandlerInfo[]): FindingInput {
  const fn = site.nestedFunction ?? site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  const name = fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) ? fn.getName() :
    (Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) && Node.isVariableDeclaration(fn.getParent()) ? (fn.getParent() as import('ts-morph').VariableDeclaration).getName() : undefined);
  // A function only timers, events or routes call (`setInterval(() => this.writeDigest())`) runs outside any request.
  if (name !== undefined && fn && onlyCalledOutsideRequests(fn, name)) return outsideFinding(site);
  // `send(…)` where `send` is a parameter: the push function reached this code as a value.
  const callee = site.call?.getExpression();
  const calleeDecl = callee && Node.isIdentifier(callee) ? resolveIdentifier(callee) : undefined;
  if (name !== undefined && calleeDecl && Node.isParameterDeclaration(calleeDecl)) {
    return {
      rule: 'push-in-callback', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} in ${name}() calls a request function it was given as a value (parameter ${callee!.getText()}); the migration cannot follow it back to a handler`,
      suggestion: `Ask the question in the handler that passes ${callee!.getText()} (return the input request there), and hand ${name}() the answer instead of the request function.`,
    };
  }
  // A helper some handler calls, as opposed to code that runs outside any request (start-up, routes).
  const calledFromHandler = name !== undefined && handlers.some((h) =>
    h.fn.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name));
  // A helper lifted by an earlier run is still reported as one (its callers now use its companions).
  const lifted = name !== undefined && site.node.getSourceFile().getFunction(`${camelCase(name)}Params`) !== undefined;
  if (calledFromHandler || lifted) return helperFinding(site, name!);
  // Code reached from a timer, an event or an HTTP route runs outside any client request; other
  // functions (methods, closures, exported helpers) are most likely helpers a handler awaits.
  // A method, or a function that takes the request context, is a helper a handler awaits; a
  // plain function reached from a timer, an event, an HTTP route or start-up is not.
  const takesContext = fn !== undefined && Node.isFunctionLikeDeclaration(fn) && fn.getParameters().some((p) =>
    /^(ctx|context|extra|mcpReq|req)$/.test(p.getName()) || /ServerContext|RequestHandlerExtra|mcpReq/.test(p.getTypeNode()?.getText() ?? ''));
  if (fn && name !== undefined && (Node.isMethodDeclaration(fn) || takesContext) && !outsideAnyRequest(site.node)) return helperFinding(site, name);
  // A closure over a request context (`elicit: async (m) => ctx.mcpReq.elicitInput(…)` built by
  // `toolContext(name, ctx)`) asks within the request that context belongs to.
  const captured = capturedContextOwner(site);
  if (captured && !outsideAnyRequest(site.node)) return helperFinding(site, captured);
  return outsideFinding(site);
}

function outsideFinding(site: PushSite): FindingInput {
  return {
    rule: 'push-outside-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made outside any tools/call, prompts/get or resources/read handler`,
    suggestion: 'There is no request to attach an input request to under 2026-07-28: take the value as a tool argument or from configuration.',
  };
}

/** Every reference to the function sits in a timer, event, route or notification callback. */
function onlyCalledOutsideRequests(fn: Node, name: string): boolean {
  const nameNode = (fn as Node & { getNameNode?: () => Node | undefined }).getNameNode?.() ??
    (Node.isVariableDeclaration(fn.getParent()) ? (fn.getParent() as import('ts-morph').VariableDeclaration).getNameNode() : undefined);
  const refs = fn.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === name && id !== nameNode);
  return refs.length > 0 && refs.every((ref) => outsideAnyRequest(ref));
}

/** `toolContext().elicit`: the function whose context parameter the push call's receiver is, and the property it builds. */
function capturedContextOwner(site: PushSite): string | undefined {
  let root: Node | undefined = site.call?.getExpression();
  while (root && (Node.isPropertyAccessExpression(root) || Node.isCallExpression(root))) root = root.getExpression();
  if (!root || !Node.isIdentifier(root)) return undefined;
  const param = resolveIdentifier(root);
  if (!param || !Node.isParameterDeclaration(param)) return undefined;
  const owner = param.getParent();
  const takesContext = /^(ctx|context|extra)$/.test(param.getName()) || /ServerContext|RequestHandlerExtra/.test(param.getTypeNode()?.getText() ?? '');
  if (!takesContext || !Node.isFunctionDeclaration(owner) || !owner.getName()) return undefined;
  const inner = site.node.getFirstAncestor((a) => Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isMethodDeclaration(a));
  const holder = inner && (Node.isMethodDeclaration(inner) ? inner : inner.getParent());
  const prop = holder && (Node.isPropertyAssignment(holder) || Node.isMethodDeclaration(holder)) && owner.containsRange(holder.getPos(), holder.getEnd()) ? holder.getName() : undefined;
  return prop ? `${owner.getName()}().${prop}` : owner.getName();
}

const NON_REQUEST_CALLBACKS = /^(setInterval|setTimeout|setImmediate|queueMicrotask|on|once|addListener|addEventListener|get|post|put|patch|delete|all|use|route|listen|setNotificationHandler|fallbackNotificationHandler)$/;

/** Inside a timer, event, HTTP-route or notification callback, or an `oninitialized` hook. */
function outsideAnyRequest(node: Node): boolean {
  for (let current: Node | undefined = node.getParent(); current; current = current.getParent()) {
    if (Node.isCallExpression(current)) {
      const callee = current.getExpression();
      const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
      if (NON_REQUEST_CALLBACKS.test(name) && current.getArguments().some((a) => a.containsRange(node.getPos(), node.getEnd()))) return true;
    }
    if (Node.isBinaryExpression(current) && /\.(oninitialized|onclose|onerror)$/.test(current.getLeft().getText())) return true;
  }
  return false;
}

function helperFinding(site: PushSite, name: string): FindingInput {
  const stored = storedContextOf(site.call);
  if (stored) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in helper ${name}() through this.${stored.field}, a request context ${stored.setter}() stores on the instance: ` +
        'which request the question belongs to is not passed in (concurrent calls share the instance), so it is not migrated',
      suggestion: `Pass the context to ${name}() as a parameter from the registered handler (or a method it returns the result of) instead of storing it, then run the migration again.`,
    };
  }
  return {
    rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made in helper ${name}(), not directly in a request handler`,
    suggestion: 'Inline the question into the handlers that call this helper (ask there, pass the answer in), then run the migration again.',
  };
}


/** A carried value named or typed like a secret, in a state the client can read (signed, not sealed). */
function sensitiveValueFinding(name: string, where: string, nameNode: Node): FindingInput {
  return {
    rule: 'state-carries-sensitive-value', severity: 'info', pos: nameNode.getStart(),
    message: `${name} in ${where} travels in a signed requestState, which the client can read`,
    suggestion: `Use --state-protection sealed (the default), or carry an identifier instead of ${name} and look the value up again on the retry.`,
  };
}

function leftAsIs(site: PushSite, why: string): FindingInput {
  return {
    rule: 'push-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${site.handler ? ` in ${describeHandler(site.handler)}` : ''} left as it was: ${why}`,
    suggestion: 'Resolve the other findings of this handler, then run the migration again.',
  };
}

/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}
