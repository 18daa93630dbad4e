// Stage 1 of the step machine, recognise: what in this file asks the client, and where. The
// handlers and their push sites; alias calls whose arguments are not the SDK's; helpers whose one
// question is lifted into their callers (same file, chains, imported in cross-file mode); completion
// notifiers; and the reasons a handler is kept whole although its own questions could migrate.
// Nothing here edits text.
import { Node, SyntaxKind } from 'ts-morph';
import { aliasArgumentMessage, aliasArgumentProblem, aliasImplementationFinding, implementedAlias } from '../analysis/alias-arguments.js';
import { findHandlers, type HandlerInfo, type RouteRefusal } from '../analysis/handlers.js';
import { findPushSites, v1Surface, type PushSite } from '../analysis/push-sites.js';
import { outsideAnyRequest } from '../analysis/request-scope.js';
import type { FindingInput, TransformContext } from '../types.js';
import { recogniseNotifiers, type HandlerNotifiers } from './completion-notifiers.js';
import { importedChainFindings, importedHelpers, type CrossFileInput, type ImportedHelper } from './cross-file.js';
import { findHelperChains, findLiftableHelpers, helperCallSites, type HelperCall, type LiftableHelper } from './helpers.js';
import { outsideRequestFinding, routeRefusalFinding } from './site-findings.js';
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
  /** Why something outside its own questions keeps `handler` as it was, if anything does. */
  keptWholeBecause(handler: HandlerInfo): string | undefined;
}

/** `file` is undefined when nothing in the file asks (the findings may still report something). */
export function recognise(ctx: TransformContext, cleanups: (() => void)[]): { findings: FindingInput[]; file?: FileRecognition } {
  const findings: FindingInput[] = [];
  const aliases = ctx.options.aliases ?? [];
  const { sourceFile, text } = ctx;
  const routeRefusals: RouteRefusal[] = [];
  const handlers = findHandlers(sourceFile, routeRefusals);
  const sites = findPushSites(sourceFile, handlers, aliases);
  const crossFile = ctx.options.crossFile as CrossFileInput | undefined;
  // A file may ask only through helpers of other modules (cross-file mode).
  if (sites.length === 0 && crossFile === undefined) return { findings };
  // Calls of configured aliases whose arguments are not the SDK's stay, and so do their handlers.
  const aliasBlocked = aliasArgumentRefusals(sites, findings);

  const surface = v1Surface(sourceFile);
  const v1 = surface.server;
  // Helpers that wrap one question: their awaited calls in handlers become questions of those handlers.
  const fileNames = new Set(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  // A configured alias's own body is its implementation: it stays, reported as such.
  const helperRefusals = new Map<Node, HelperRefusal>();
  const helpers = v1 ? new Map<Node, LiftableHelper>() : findLiftableHelpers(sites.filter((s) => !implementedAlias(s, aliases)), fileNames, helperRefusals);
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
  const helperSites = new Set([...helpers.values()].map((h) => h.site));
  const byHandler = new Map<HandlerInfo, PushSite[]>();
  for (const site of sites) {
    if (site.kind === 'completion-notifier' || helperSites.has(site)) continue;
    if (!site.handler) {
      const implemented = implementedAlias(site, aliases);
      findings.push(routeRefusalFinding(site, routeRefusals) ?? (implemented ? aliasImplementationFinding(site, implemented) : outsideRequestFinding(site, handlers, refusalAt(site, helperRefusals))));
      continue;
    }
    byHandler.set(site.handler, [...(byHandler.get(site.handler) ?? []), site]);
  }

  const keptWholeBecause = (handler: HandlerInfo): string | undefined => {
    if (aliasBlocked.has(handler)) return 'a call of a configured alias in this handler does not pass the SDK arguments';
    // A question asked through helpers of several modules stays in this handler.
    const across = acrossModules.handlers.get(handler);
    if (across) return across;
    if (notifiers.blocked.has(handler)) return 'its completion notifier is stored or passed on and cannot be removed automatically';
    // A same-file function that still asks (not lifted) called from here.
    const unlifted = askers.callsIn(handler.fn, (call) => outsideAnyRequest(call));
    if (unlifted.length > 0) return `it also calls ${[...new Set(unlifted.map((u) => `${u.name}()`))].join(', ')}, which asks the client and is not migrated`;
    return hiddenNameProblem(handler.fn);
  };
  return {
    findings,
    file: {
      handlers, routeRefusals, v1, v1Handler: surface.handler, helpers, importedHelpers: imported?.helpers ?? [], liftedCalls: lifted.calls, exportFor,
      exporting: [...helpers.values()].some((h) => exportFor.has(h.name)), notifiers, byHandler, keptWholeBecause,
    },
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

/** Why the function holding `site` was not lifted as a helper, if it was refused. */
function refusalAt(site: PushSite, refusals: ReadonlyMap<Node, HelperRefusal>): HelperRefusal | undefined {
  const fn = site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  return fn && refusals.get(fn);
}

/** No handler changes: every helper's question stays and is reported (a chain's at its inner helper). */
export function helpersLeftFindings(file: FileRecognition): FindingInput[] {
  return [...file.helpers.values()].filter((helper) => !helper.via)
    .map((helper) => routeRefusalFinding(helper.site, file.routeRefusals) ?? outsideRequestFinding(helper.site, file.handlers));
}
