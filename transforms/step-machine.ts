// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
//
// A file goes through four stages (src/step-machine/):
//   recognise  handlers, push sites, liftable helpers, notifiers, reasons to keep a handler whole
//   plan       per handler: its HandlerPlan (plan.ts), then typed: the carried values' types and
//              the checks that need them (typed-plan.ts)
//   emit       per handler: the text edits of its step machine and the notes about it
//   wire       helper companions, imports, the verify hook and the generated state module
import '../src/jscodeshift-unhook.js'; // first: before anything loads ts-morph
import { Node, type SourceFile } from '../src/ts-morph.js';
import { findHandlers } from '../src/analysis/handlers.js';
import { identifierTexts } from '../src/ast/identifiers.js';
import { findPushSites, mightNeedMigration, type PushSite } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import type { StateProtection } from '../src/state/state-module.js';
import type { ModuleCallers } from '../src/index/callers-index.js';
import { keptNotifierFindings } from '../src/step-machine/recognise/completion-notifiers.js';
import { emitHandler } from '../src/step-machine/emit/emit-handler.js';
import { planHandlers, type PlannedHandler } from '../src/step-machine/plan/handler-plans.js';
import { helpersLeftFindings, recognise, type FileRecognition } from '../src/step-machine/recognise/recognise.js';
import { unhandledSiteFinding } from '../src/step-machine/recognise/site-findings.js';
import { shortCircuitRewrites, withShortCircuitsNormalised } from '../src/step-machine/normalise/short-circuit.js';
import { withThenChainsAwaited } from '../src/step-machine/normalise/then-chains.js';
import { handlerTyper } from '../src/step-machine/plan/typed-plan.js';
import { requestedAdaptations, wireDispatchers } from '../src/step-machine/wire/dispatcher-edits.js';
import { withUnaskedConsequences } from '../src/step-machine/recognise/unasked-consequences.js';
import { replacedBy, stateSpecifier, wireFile, type Migration } from '../src/step-machine/wire/wire-file.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wire/wiring.js';
import { detectStyle, type TextStyle } from '../src/ast/text-style.js';
import type { Transform, TransformContext, TransformResult } from '../src/types.js';

export const order = 20;

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
    // A `.then` chain on a question: the file is run with the chains rewritten to await first (see
    // then-chains.ts), keeping the rewrites whose handlers then migrate; the plain run only when
    // none does. (Asking the plain run's plan which chains it reports first cost a whole
    // recognition of the file that the retry then did again.)
    const withChains = (c: TransformContext) => {
      const chained = chainedQuestions(c);
      return chained.length > 0 ? withThenChainsAwaited(c, chained, () => runOnce(c), runOnce) : runOnce(c);
    };
    const plain = withChains(ctx);
    // Questions after `&&` / `||` / `??` in a const: tried again with the statement rewritten.
    const conditional = new Set(plain.findings.filter((f) => f.rule === 'push-conditional-expression').map((f) => f.pos));
    if (conditional.size === 0) return plain;
    const sites = findPushSites(ctx.sourceFile, findHandlers(ctx.sourceFile, []), ctx.options.aliases ?? [])
      .filter((s) => conditional.has(s.node.getStart()));
    const rewrites = shortCircuitRewrites(ctx.absPath, ctx.text, sites, detectStyle(ctx.text), isTypeScript(ctx.absPath));
    return withShortCircuitsNormalised(ctx, rewrites, withChains) ?? plain;
  } finally {
    for (const cleanup of cleanups) cleanup();
  }
}

/** What the stages of one file's run share. */
interface FileShared {
  style: TextStyle;
  typescript: boolean;
  uses: Set<string>;
}

/** One run over a file: its own handlers, then the dispatch routes other files' migrations asked for. */
function runFile(ctx: TransformContext, cleanups: (() => void)[]): TransformResult {
  const style = detectStyle(ctx.text);
  const typescript = isTypeScript(ctx.absPath);
  const uses = new Set<string>();
  // Dispatch routes of this file that other files' migrated handlers need changed (the runner's second pass).
  const requested = ctx.options.adaptDispatch as number[] | undefined;
  const memberTypes = (ctx.options.memberTypes as string[] | undefined) ?? [];
  const adapted = requestedAdaptations(ctx.sourceFile, requested ?? [], memberTypes, { text: ctx.text, style, typescript, uses });
  const result = migrateOwnHandlers(ctx, cleanups, { style, typescript, uses });
  const { importsWritten } = result;
  delete result.importsWritten;
  if (requested === undefined && memberTypes.length === 0) return result;
  result.edits.push(...adapted.edits);
  result.findings.push(...adapted.findings);
  // Without a migrated handler of its own the file's imports and server options were not touched yet:
  // the handlers it reaches in other modules need the verify hook where the server is built.
  if (!importsWritten) {
    const wiring = requested ? wireVerifyHook(ctx.sourceFile, ctx.text, style) : { edits: [] };
    if (wiring.edits.length > 0) uses.add('mrtrState');
    result.edits.push(...wiring.edits, ...importEdits(ctx.sourceFile, ctx.text, style, uses, stateSpecifier(ctx, typescript), typescript));
  }
  return result;
}

function migrateOwnHandlers(ctx: TransformContext, cleanups: (() => void)[], shared: FileShared): TransformResult & { importsWritten?: boolean } {
  const result: TransformResult = { edits: [], findings: [], handlersMigrated: 0, sitesMigrated: 0 };
  if (!mightNeedMigration(ctx.text, ctx.options.aliases ?? [])) return result;
  const recognised = recognise(ctx, cleanups);
  result.findings.push(...recognised.findings);
  const file = recognised.file;
  if (!file) return result;
  const planned = planHandlers(file, (ctx.options.callers as ModuleCallers | undefined)?.outside);
  result.findings.push(...planned.findings);
  return migrateFile(ctx, result, file, planned.plans, shared);
}

/** The questions consumed through .then/.catch/.finally (the sites then-chains.ts may rewrite). */
function chainedQuestions(ctx: TransformContext): PushSite[] {
  if (!/\.\s*(?:then|catch|finally)\s*\(/.test(ctx.text) || !mightNeedMigration(ctx.text, ctx.options.aliases ?? [])) return [];
  return findPushSites(ctx.sourceFile, findHandlers(ctx.sourceFile)).filter(chainedQuestion);
}

/** A question consumed through .then/.catch/.finally: the only kind plan.ts reports as `then-chain`. */
function chainedQuestion(site: PushSite): boolean {
  const chained = site.call?.getParent();
  return chained !== undefined && Node.isPropertyAccessExpression(chained) && ['then', 'catch', 'finally'].includes(chained.getName());
}

/**
 * Where the migrated questions are asked, said again should the file be put back: each site in its
 * handler and, for a helper of this file lifted into it, the helper's own request (the line a
 * reader looks for), once each.
 */
function migratedSitesOf(sites: readonly PushSite[], file: FileRecognition, sourceFile: SourceFile): { pos: number; kind: string }[] {
  const out = new Map<number, { pos: number; kind: string }>();
  for (const site of sites) {
    out.set(site.node.getStart(), { pos: site.node.getStart(), kind: site.kind });
    const inner = file.liftedCalls.get(site.node)?.helper.site.node;
    if (inner && inner.getSourceFile() === sourceFile) out.set(inner.getStart(), { pos: inner.getStart(), kind: site.kind });
  }
  return [...out.values()];
}

function migrateFile(
  ctx: TransformContext,
  result: TransformResult,
  file: FileRecognition,
  plans: PlannedHandler[],
  shared: FileShared,
): TransformResult & { importsWritten?: boolean } {
  if (plans.length === 0 && !file.exporting) {
    result.findings = withUnaskedConsequences([...result.findings, ...helpersLeftFindings(file)], file);
    return result;
  }
  const { style, typescript, uses } = shared;
  const wc = { ctx, style, typescript, uses, protection: protectionOf(ctx) };
  const migration = migrateHandlers(plans, file, wc);
  renameThroughLiftedHelpers(result, file, migration.migratedCalls);
  result.findings.push(...migration.findings);
  result.handlersMigrated = migration.handlersMigrated;
  result.sitesMigrated = migration.sitesMigrated;
  result.migratedSites = migratedSitesOf(migration.plans.filter((p) => migration.migrated.includes(p.plan.handler)).flatMap((p) => p.sites), file, ctx.sourceFile);
  // Dispatchers between a registration and a migrated definition's function change with it.
  const dispatchers = wireDispatchers(migration.migrated, file.dispatcherChanges, { text: ctx.text, style, typescript, uses });
  const wired = wireFile(wc, file, migration, dispatchers.edits);
  result.edits = [...wired.edits, ...dispatchers.edits];
  result.findings = withUnaskedConsequences([...result.findings, ...wired.findings, ...dispatchers.findings], file);
  const requires = [...(wired.requires ?? []), ...dispatchers.requires];
  if (requires.length > 0) result.requires = requires;
  if (wired.newFiles) result.newFiles = wired.newFiles;
  return { ...result, importsWritten: migration.handlersMigrated > 0 || file.exporting };
}

/**
 * A question outside every handler reached through a helper a migrated call lifts is reached through
 * that helper's outcome function now: its finding says so, as a later run over the output does.
 */
function renameThroughLiftedHelpers(result: TransformResult, file: FileRecognition, migratedCalls: ReadonlySet<Node>): void {
  if (migratedCalls.size === 0) return;
  file.scope.liftedAt = (call) => (migratedCalls.has(call) ? file.liftedCalls.get(call)?.helper : undefined);
  result.findings = result.findings.map((finding) => {
    const site = file.siteFindings.get(finding);
    return site ? unhandledSiteFinding(site, file.scope) ?? finding : finding;
  });
}

/** Each planned handler typed (handlerTyper), then emitted; one that the typing refuses stays as it was. */
function migrateHandlers(
  plans: PlannedHandler[],
  file: FileRecognition,
  wc: { ctx: TransformContext; style: TextStyle; typescript: boolean; uses: Set<string>; protection: StateProtection },
): Migration {
  const { ctx, style, typescript, uses } = wc;
  const migration: Migration = { plans, edits: [], findings: [], migratedCalls: new Set(), replacedNodes: [], widened: new Map(), handlersMigrated: 0, sitesMigrated: 0, migrated: [] };
  if (plans.length === 0) return migration;
  const typer = handlerTyper(ctx.absPath, ctx.text, plans);
  try {
    const typeNames = identifierTexts(ctx.sourceFile);
    const context = { quote: style.quote, uses, protection: wc.protection, stateSpecifier: stateSpecifier(ctx, typescript) };
    for (const planned of plans) {
      const typed = typer.type(planned, context);
      if ('refusal' in typed) {
        // The notifier stays with its handler, and is reported as before.
        migration.findings.push(...typed.refusal, ...keptNotifierFindings(file.notifiers.removals.get(planned.plan.handler) ?? []));
        continue;
      }
      const emitted = emitHandler(typed, { text: ctx.text, style, typescript, uses, typeNames });
      migration.edits.push(...emitted.edits);
      migration.findings.push(...planned.notifierNotes, ...emitted.findings);
      for (const site of planned.sites) if (file.liftedCalls.has(site.node)) migration.migratedCalls.add(site.node);
      migration.replacedNodes.push(...replacedBy(planned));
      migration.handlersMigrated += 1;
      migration.migrated.push(planned.plan.handler);
      migration.sitesMigrated += planned.sites.length;
      for (const type of planned.plan.handler.route?.widen ?? []) migration.widened.set(type.getStart(), type);
    }
  } finally {
    typer.dispose();
  }
  return migration;
}

function isTypeScript(absPath: string): boolean {
  return /\.(m|c)?tsx?$/i.test(absPath);
}

function protectionOf(ctx: TransformContext): StateProtection {
  return ctx.options.stateProtection === 'signed' ? 'signed' : 'sealed';
}
