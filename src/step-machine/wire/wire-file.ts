// Stage 4 of the step machine, wire: the file-level edits around the migrated handlers. Declared
// result types on a wrapper's or registrar's way widened, lifted helpers' companions written (and
// imported ones imported), the imports the new code needs (and the ones it no longer needs), the
// requestState verify hook, and the generated state module.
import path from 'node:path';
import { Node, SyntaxKind, type TypeNode } from '../../ts-morph.js';
import { renderStateModule, type StateProtection } from '../../state/state-module.js';
import type { HandlerInfo } from '../../analysis/handlers.js';
import type { TextStyle } from '../../ast/text-style.js';
import type { CrossFileRequirement, FindingInput, NewFile, TextEdit, TransformContext } from '../../types.js';
import { companionImportEdits, requirementsOf } from '../recognise/cross-file.js';
import { widenEdit } from '../emit/widen-result-type.js';
import type { PlannedHandler } from '../plan/handler-plans.js';
import { helperEdits } from './helper-edits.js';
import { isRaceAwait } from '../plan/question-awaits.js';
import { isPropertyName } from '../../ast/references.js';
import type { FileRecognition } from '../recognise/recognise.js';
import { unreadParameterEdits } from './unread-parameters.js';
import { withoutLeftAsItWasMarkers } from '../../markers.js';
import { otherImportRemovals, sdkImportNames, unreadDeclarationRemovals, unusedAfter } from './unused-imports.js';
import { importEdits, wireVerifyHook } from './wiring.js';

/** What migrating the file's handlers did, for the wiring around them. */
export interface Migration {
  /** Every handler the plan stage accepted (whether it then migrated or not). */
  plans: PlannedHandler[];
  edits: TextEdit[];
  findings: FindingInput[];
  /** Lifted helper calls that were migrated. */
  migratedCalls: Set<Node>;
  /** Nodes the rewrite replaced: imports only they used go. */
  replacedNodes: Node[];
  /** Declared result types on a wrapper's or registrar's way to a migrated handler, once each (by position). */
  widened: Map<number, TypeNode>;
  handlersMigrated: number;
  sitesMigrated: number;
  /** The handlers that migrated. */
  migrated: HandlerInfo[];
}

export interface WireContext {
  ctx: TransformContext;
  style: TextStyle;
  typescript: boolean;
  /** SDK / state-module names the new code uses. */
  uses: Set<string>;
  protection: StateProtection;
}

export interface Wiring {
  edits: TextEdit[];
  findings: FindingInput[];
  requires?: CrossFileRequirement[];
  newFiles?: NewFile[];
}

/** `alongside`: the other edits of the file (its dispatchers'), which read names too. */
export function wireFile(wc: WireContext, file: FileRecognition, migration: Migration, alongside: readonly TextEdit[] = []): Wiring {
  const { ctx, style, typescript, uses } = wc;
  const { sourceFile, text } = ctx;
  const { migratedCalls, replacedNodes } = migration;
  // Code the migration rewrites drops an earlier run's markers saying why it was left as it was.
  const edits = [...migration.edits.map((e) => ({ ...e, text: withoutLeftAsItWasMarkers(e.text) })), ...[...migration.widened.values()].map((type) => widenEdit(type, uses))];
  const findings = helperEdits(file.helpers, file.liftedCalls, migratedCalls, text, style, typescript, uses, edits, file.scope, replacedNodes, file.exportFor);
  // Imported helpers whose calls were migrated: their companions are imported instead, and the
  // helper's module must export them (the runner applies both files together or neither).
  const liftedImports = file.importedHelpers.filter((i) => [...migratedCalls].some((call) => file.liftedCalls.get(call)?.helper === i.helper));
  const rewrittenImports = new Set<Node>(liftedImports.map((i) => i.declaration));
  let requires: CrossFileRequirement[] | undefined;
  if (liftedImports.length > 0) {
    // `input.summarise`, `{ summarise: … }`: a member named like the helper does not use it.
    const stillUsed = (name: string) => sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name && !isPropertyName(id) &&
      !id.getFirstAncestorByKind(SyntaxKind.ImportDeclaration) && ![...migratedCalls].some((call) => call.containsRange(id.getPos(), id.getEnd())));
    const newNames = new Set(edits.flatMap((e) => e.text.match(/[A-Za-z_$][\w$]*/g) ?? []));
    const referenced = (name: string) => newNames.has(name);
    edits.push(...companionImportEdits(liftedImports, stillUsed, referenced));
    requires = requirementsOf(liftedImports);
  }
  const wired = (more: Omit<Wiring, 'findings' | 'requires'>): Wiring => (requires ? { ...more, findings, requires } : { ...more, findings });
  if (migration.handlersMigrated === 0 && !file.exporting) return wired({ edits: [] });
  // Module-level declarations only the replaced code read (a race's timer function) go, and with
  // them the imports only they read.
  const unread = unreadDeclarationRemovals(sourceFile, text, [...edits, ...alongside]);
  edits.push(...unread.edits);
  replacedNodes.push(...unread.removed);
  // Parameters only the replaced code read (a factory's `server`): an underscore, not an unused one.
  if (typescript) edits.push(...unreadParameterEdits(sourceFile, text, [...edits, ...alongside], unread.output));
  const unusedSdkNames = () => unusedAfter(sourceFile, sdkImportNames(sourceFile), replacedNodes, uses);
  const stateModulePath = stateModulePathOf(ctx, typescript);
  const language = /\.(m|c)?ts$/.test(stateModulePath) ? 'ts' : 'js';
  const stateModule = (): NewFile[] => [{ absPath: stateModulePath, text: renderStateModule({ language, protection: wc.protection }) }];
  if (migration.plans.length === 0 || !uses.has('mrtrState')) {
    // Only URL-mode throws were rewritten, or helper companions that only read capabilities: no state, no hook.
    const reads = uses.has('clientCapabilities');
    edits.push(...importEdits(sourceFile, text, style, uses, reads ? specifierFor(ctx.absPath, stateModulePath) : '', typescript, unusedSdkNames()));
    edits.push(...otherImportRemovals(sourceFile, text, replacedNodes, rewrittenImports));
    return wired(reads ? { edits, newFiles: stateModule() } : { edits });
  }

  const wiring = wireVerifyHook(sourceFile, text, style);
  edits.push(...wiring.edits);
  // Handlers registered from another module that builds the server: its run wires the hook there.
  if (wiring.missing && !migration.migrated.every((h) => file.verifyWiredBy.has(h))) {
    findings.push({
      rule: 'request-state-verify-not-wired',
      severity: 'warning',
      // A handler registered in another module (through a tool definition) is marked where it is.
      pos: registrationOrFunction(migration.plans[0].plan.handler).getStart(),
      message: wiring.missing,
      suggestion: "Pass `requestState: { verify: mrtrState.verify }` in the options of the McpServer (or Server) that serves these handlers, importing mrtrState from the generated module.",
    });
  }
  edits.push(...importEdits(sourceFile, text, style, uses, stateSpecifier(ctx, typescript), typescript, unusedSdkNames()));
  edits.push(...otherImportRemovals(sourceFile, text, replacedNodes, rewrittenImports));
  return wired({ edits, newFiles: stateModule() });
}

function stateModulePathOf(ctx: TransformContext, typescript: boolean): string {
  return ctx.options.stateModulePath ?? path.join(path.dirname(ctx.absPath), typescript ? 'mrtr-state.ts' : 'mrtr-state.js');
}

/** The import specifier of the package's state module from the file under transformation. */
export function stateSpecifier(ctx: TransformContext, typescript: boolean): string {
  return specifierFor(ctx.absPath, stateModulePathOf(ctx, typescript));
}

/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}

/** The nodes a migrated handler's rewrite replaces, beyond its questions: what only they used is no longer imported. */
export function replacedBy(planned: PlannedHandler): Node[] {
  const replaced: Node[] = [];
  // Stripped `elicitationId` properties take what only they used (e.g. an id generator import).
  for (const site of planned.sites) {
    if (site.elicitMode === 'url' && site.params && Node.isObjectLiteralExpression(site.params)) {
      const id = site.params.getProperty('elicitationId');
      if (id) replaced.push(id);
    }
  }
  replaced.push(...planned.throws.map((t) => t.statement), ...planned.plan.deferred.map((d) => d.declaration));
  // A migrated alias call no longer names the alias: an import only it used goes.
  for (const site of planned.sites) if (site.alias && site.call) replaced.push(site.call.getExpression());
  for (const site of planned.sites) {
    // The question's own arguments after its request (a result schema, request options) are not
    // carried into the input request: what only they used goes. A lifted helper's call is not the
    // question (its arguments go to the companions).
    if (site.call && site.params && (site.kind === 'elicitation' || site.kind === 'sampling')) replaced.push(...site.call.getArguments().slice(1));
    // `await Promise.race([question, timer])`: the timer goes with the race.
    const race = raceAround(site);
    if (race) replaced.push(...race.getElements().filter((e) => !e.containsRange(site.node.getPos(), site.node.getEnd())));
  }
  return replaced;
}

/** The array of `await Promise.race([site, …])`, when the site is one of its elements. */
function raceAround(site: PlannedHandler['sites'][number]): import('../../ts-morph.js').ArrayLiteralExpression | undefined {
  let node: Node = site.call ?? site.node;
  let parent = node.getParent();
  while (parent && Node.isParenthesizedExpression(parent)) {
    node = parent;
    parent = parent.getParent();
  }
  const call = parent?.getParent();
  if (!parent || !Node.isArrayLiteralExpression(parent) || !call || !Node.isCallExpression(call) || !isRaceAwait(call.getParentOrThrow())) return undefined;
  return parent;
}

function registrationOrFunction(handler: HandlerInfo): Node {
  return handler.registration.getSourceFile() === handler.fn.getSourceFile() ? handler.registration : handler.fn;
}
