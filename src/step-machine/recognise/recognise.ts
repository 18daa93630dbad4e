// Stage 1 of the step machine, recognise: what in this file asks the client, and where. The
// handlers and their push sites; alias calls whose arguments are not the SDK's; helpers whose one
// question is lifted into their callers (same file, chains, imported in cross-file mode); completion
// notifiers; and the reasons a handler is kept whole although its own questions could migrate.
// Nothing here edits text.
import { Node } from '../../ts-morph.js';
import { aliasArgumentMessage, aliasArgumentProblem, aliasImplementationFinding, implementedAlias } from '../../analysis/alias-arguments.js';
import { legacyEraBranch } from '../../analysis/era-branches.js';
import { identifierTexts } from '../../ast/identifiers.js';
import { describeHandler, findHandlers, type HandlerForm, type HandlerInfo, type RouteRefusal } from '../../analysis/handlers.js';
import { findPushSites, v1Surface, type PushSite } from '../../analysis/push-sites.js';
import { outsideAnyRequest } from '../../analysis/request-scope.js';
import type { PushAlias } from '../../discover/config.js';
import type { FindingInput, TransformContext } from '../../types.js';
import { recogniseNotifiers, type HandlerNotifiers } from './completion-notifiers.js';
import { importedChainFindings, importedHelpers, type CrossFileInput, type ImportedHelper } from './cross-file.js';
import { findHelperChains, findLiftableHelpers, helperCallSites, type HelperCall, type LiftableHelper } from './helpers.js';
import { remoteHandlers, type RemoteHandlers } from './remote-handlers.js';
import { type DispatcherChange } from '../wire/dispatcher-edits.js';
import { thunkRuns } from '../../analysis/wrapper-chains.js';
import { exposedFinding, routeRefusalFinding, unhandledSiteFinding, unregisteredContextReadFinding, type SiteScope } from './site-findings.js';
import { exposureOf, takesOwnContext } from '../../analysis/reach.js';
import type { ModuleCallers } from '../../index/callers-index.js';
import { unliftedAskers } from './unlifted-askers.js';
import type { HelperRefusal } from './nested-helpers.js';
import { hiddenNameProblem } from './hidden-names.js';

/** What the later stages need to know about a file that asks. */
export interface FileRecognition {
  handlers: HandlerInfo[];
  routeRefusals: RouteRefusal[];
  /** The file requires the v1 SDK server: nothing is lifted, every question is reported. */
  v1: boolean;
  /** A handler still on the v1 SDK (registered the v1 way, on a v1 server, reading the v1 context): its questions are reported. */
  v1Handler: (handler: HandlerInfo) => boolean;
  /** Where a handler that is v1 only by the way it reads its context does so (see V1Surface.contextRead). */
  v1ContextRead: (handler: HandlerInfo) => Node | undefined;
  /** Same-file helpers whose question is lifted into their callers. */
  helpers: Map<Node, LiftableHelper>;
  /** Helpers of other modules this file imports (cross-file mode). */
  importedHelpers: ImportedHelper[];
  /** Lifted helper calls in handlers, by call node. */
  liftedCalls: Map<Node, HelperCall>;
  /** Helpers whose callers in other files were migrated: their companions are exported from here. */
  exportFor: Set<string>;
  exporting: boolean;
  notifiers: HandlerNotifiers;
  /** The push sites of each handler (lifted helper calls included, notifiers not). */
  byHandler: Map<HandlerInfo, PushSite[]>;
  /** Dispatchers that must change with a handler reached through a tool definition. */
  dispatcherChanges: Map<HandlerInfo, DispatcherChange[]>;
  /** Handlers whose registrar in another module builds the server: that module wires the verify hook. */
  verifyWiredBy: Set<HandlerInfo>;
  /** Why something outside its own questions keeps `handler` as it was, if anything does. */
  keptWholeBecause(handler: HandlerInfo): string | undefined;
  /** What findings on questions outside every handler draw on. */
  scope: SiteScope;
  /** Those findings, by their site: made again once handlers are migrated (see SiteScope.liftedAt). */
  siteFindings: Map<FindingInput, PushSite>;
  /** Every push site of the file (lifted helper calls included). */
  sites: PushSite[];
}

/** The v2 registration each v1 form becomes. */
const V2_FORMS: Partial<Record<HandlerForm, HandlerForm>> = { tool: 'registerTool', prompt: 'registerPrompt', resource: 'registerResource' };

/** `file` is undefined when nothing in the file asks (the findings may still report something). */
export function recognise(ctx: TransformContext, cleanups: (() => void)[]): { findings: FindingInput[]; file?: FileRecognition } {
  const findings: FindingInput[] = [];
  const aliases = ctx.options.aliases ?? [];
  const { sourceFile, text } = ctx;
  const { handlers, routeRefusals, remote } = fileHandlers(ctx, cleanups);
  const sites = findPushSites(sourceFile, handlers, aliases);
  // A push in a dual-era handler's 2025-era branch is right where it is: noted, never rewritten.
  findings.push(...legacyBranchNotes(sites));
  const crossFile = ctx.options.crossFile as CrossFileInput | undefined;
  // A file may ask only through helpers of other modules (cross-file mode).
  if (sites.length === 0 && crossFile === undefined) return { findings };
  // Calls of configured aliases whose arguments are not the SDK's stay, and so do their handlers.
  const aliasBlocked = aliasArgumentRefusals(sites, findings);

  const surface = v1Surface(sourceFile);
  const v1 = surface.server;
  // A definition's function is registered in another place, whose staying on v1 remote-handlers
  // decides (and refuses): the v1 registration form it was found through (`.tool()`, which this
  // run upgrades) does not make it a v1 handler.
  const remoteFns = new Set(remote.handlers);
  const asFound = (h: HandlerInfo): HandlerInfo => (remoteFns.has(h) ? { ...h, form: V2_FORMS[h.form] ?? h.form, sdk: 'v2' } : h);
  const v1Handler = (h: HandlerInfo) => surface.handler(asFound(h));
  const v1ContextRead = (h: HandlerInfo) => surface.contextRead(asFound(h));
  // Helpers that wrap one question: their awaited calls in handlers become questions of those handlers.
  const fileNames = identifierTexts(sourceFile);
  // A configured alias's own body is its implementation: it stays, reported as such.
  const notLifted = new Map<Node, HelperRefusal>();
  const helpers = v1 ? new Map<Node, LiftableHelper>() : findLiftableHelpers(sites.filter((s) => !implementedAlias(s, aliases)), fileNames, notLifted);
  const callers = ctx.options.callers as ModuleCallers | undefined;
  const scope: SiteScope = { handlers, notLifted: v1 ? v1Reasons(sites) : notLifted, ...(callers ? { callers } : {}) };
  // Helpers that ask by calling one of those (chains, to a bounded depth); refused chains are reported.
  if (!v1) findings.push(...findHelperChains(sourceFile, sites, helpers, handlers, fileNames));
  // Helpers imported from other modules of the project (cross-file mode), by local name.
  const imported = v1 ? undefined : importedHelpers(sourceFile, crossFile, aliases, fileNames);
  if (imported) cleanups.push(imported.dispose);
  const acrossModules = importedChainFindings(sourceFile, handlers, imported?.chains ?? []);
  findings.push(...acrossModules.findings);
  const importedByName = new Map((imported?.helpers ?? []).map((i) => [i.localName, i.helper]));
  const lifted = helperCallSites(sourceFile, helpers, handlers, importedByName);
  const exportFor = new Set((ctx.options.exportCompanions as string[] | undefined) ?? []);
  // A helper call in a timer or event callback set up by a handler asks outside any request: the
  // helper's own question is reported as such, not as a question of that handler.
  for (const site of lifted.sites.filter((s) => outsideAnyRequest(s.node))) {
    lifted.sites.splice(lifted.sites.indexOf(site), 1);
    lifted.calls.delete(site.node);
  }
  findings.push(...lifted.refusals);
  sites.push(...lifted.sites);
  if (sites.length === 0) return { findings };
  const notifiers = recogniseNotifiers(sites, text, v1);
  findings.push(...notifiers.findings);
  // Same-file functions that still ask after the migration: a handler calling one stays whole.
  const askers = unliftedAskers(sourceFile, new Set<Node>(handlers.map((h) => h.fn)), sites, new Set<Node>(lifted.calls.keys()));
  const { byHandler, siteFindings } = sitesByHandler(sites, helpers, aliases, routeRefusals, scope, findings);
  const keptWholeBecause = keptWholeReasons(aliasBlocked, acrossModules.handlers, notifiers.blocked, askers);
  scope.keptBecause = keptWholeBecause;
  return {
    findings,
    file: {
      handlers, routeRefusals, v1, v1Handler, v1ContextRead, helpers, importedHelpers: imported?.helpers ?? [], liftedCalls: lifted.calls, exportFor,
      dispatcherChanges: remote.changes, verifyWiredBy: remote.verifyWiredBy,
      exporting: [...helpers.values()].some((h) => exportFor.has(h.name)), notifiers, byHandler, keptWholeBecause, scope, siteFindings, sites,
    },
  };
}

/** The file's handlers, those reached through tool definitions included, and why routes to others were refused. */
function fileHandlers(ctx: TransformContext, cleanups: (() => void)[]): { handlers: HandlerInfo[]; routeRefusals: RouteRefusal[]; remote: RemoteHandlers } {
  const { sourceFile } = ctx;
  const routeRefusals: RouteRefusal[] = [];
  const handlers = findHandlers(sourceFile, routeRefusals);
  // Functions of tool definitions that registrations (here or in other modules) hand the call to.
  const remote = remoteHandlers(ctx, handlers, cleanups);
  handlers.push(...remote.handlers);
  routeRefusals.push(...remote.refusals);
  // Functions a handler runs inside a closure handed to a wrapper (a tracer): reported, with the wrapper named.
  for (const run of thunkRuns(sourceFile, handlers)) routeRefusals.push({ fn: run.fn, message: run.message });
  return { handlers, routeRefusals, remote };
}

/**
 * Each handler's push sites; a site in no handler is reported (into `findings`, in site order),
 * and the findings that may be made again once handlers are migrated are kept with their site.
 */
function sitesByHandler(
  sites: readonly PushSite[],
  helpers: ReadonlyMap<Node, LiftableHelper>,
  aliases: readonly PushAlias[],
  routeRefusals: RouteRefusal[],
  scope: SiteScope,
  findings: FindingInput[],
): { byHandler: Map<HandlerInfo, PushSite[]>; siteFindings: Map<FindingInput, PushSite> } {
  const helperSites = new Set([...helpers.values()].map((h) => h.site));
  const byHandler = new Map<HandlerInfo, PushSite[]>();
  const siteFindings = new Map<FindingInput, PushSite>();
  for (const site of sites) {
    if (site.kind === 'completion-notifier' || helperSites.has(site)) continue;
    // A closure in the handler handed to other code as an asking API (`{ elicit: (p) => … }` passed to
    // the user's function): the framework's glue, not a question of this handler.
    const exposure = site.handler && site.nestedFunction && !takesOwnContext(site) ? exposureOf(site.nestedFunction) : undefined;
    if (exposure) {
      findings.push(exposedFinding(site, '', exposure, site.handler));
      continue;
    }
    if (!site.handler) {
      const implemented = implementedAlias(site, aliases);
      const routed = routeRefusalFinding(site, routeRefusals);
      const finding = routed ?? (implemented ? aliasImplementationFinding(site, implemented) : unhandledSiteFinding(site, scope));
      if (finding) findings.push(finding);
      if (finding && !routed && !implemented) siteFindings.set(finding, site);
      const contextRead = unregisteredContextReadFinding(site);
      if (contextRead) findings.push(contextRead);
      continue;
    }
    byHandler.set(site.handler, [...(byHandler.get(site.handler) ?? []), site]);
  }
  return { byHandler, siteFindings };
}

/** Why something outside its own questions keeps a handler as it was (see FileRecognition.keptWholeBecause). */
function keptWholeReasons(
  aliasBlocked: ReadonlySet<HandlerInfo>,
  acrossModules: ReadonlyMap<HandlerInfo, string>,
  notifierBlocked: ReadonlySet<HandlerInfo>,
  askers: ReturnType<typeof unliftedAskers>,
): (handler: HandlerInfo) => string | undefined {
  return (handler) => {
    if (aliasBlocked.has(handler)) return 'a call of a configured alias in this handler does not pass the SDK arguments';
    // A question asked through helpers of several modules stays in this handler.
    const across = acrossModules.get(handler);
    if (across) return across;
    if (notifierBlocked.has(handler)) return 'its completion notifier is stored or passed on and cannot be removed automatically';
    // A same-file function that still asks (not lifted) called from here.
    const unlifted = askers.callsIn(handler.fn, (call) => outsideAnyRequest(call));
    if (unlifted.length > 0) return `it also calls ${[...new Set(unlifted.map((u) => `${u.name}()`))].join(', ')}, which asks the client and is not migrated`;
    return hiddenNameProblem(handler.fn);
  };
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

/** No handler changes: every helper's question stays and is reported (a chain's at its inner helper). */
export function helpersLeftFindings(file: FileRecognition): FindingInput[] {
  return [...file.helpers.values()].filter((helper) => !helper.via)
    .flatMap((helper) => routeRefusalFinding(helper.site, file.routeRefusals) ?? unhandledSiteFinding(helper.site, file.scope) ?? []);
}

/** Removes the sites in 2025-era branches of dual-era handlers from `sites`, with a note for each. */
function legacyBranchNotes(sites: PushSite[]): FindingInput[] {
  const notes: FindingInput[] = [];
  for (let i = sites.length - 1; i >= 0; i--) {
    const site = sites[i];
    const branch = legacyEraBranch(site);
    if (branch === undefined) continue;
    sites.splice(i, 1);
    if (site.kind === 'elicitation-id') continue;
    notes.unshift({
      rule: 'legacy-era-branch', severity: 'info', pos: site.node.getStart(),
      message: `${site.api} in ${describeHandler(site.handler!)} is in its 2025-era branch (if (${branch})), and the handler already answers 2026-07-28 with inputRequired(...): left as it is`,
      suggestion: 'Nothing to do until 2025 clients no longer need serving; then remove the branch.',
    });
  }
  return notes;
}

/** In a v1 file no helper is lifted: that is the reason for each function that asks. */
function v1Reasons(sites: PushSite[]): Map<Node, HelperRefusal> {
  const reasons = new Map<Node, HelperRefusal>();
  for (const site of sites) {
    const fn = site.handler ? undefined : site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
    if (fn) reasons.set(fn, { code: 'v1-file', detail: 'the file still takes its server, transport or handler context from the v1 SDK (@modelcontextprotocol/sdk), and helpers are lifted only in files on @modelcontextprotocol/server 2.x' });
  }
  return reasons;
}
