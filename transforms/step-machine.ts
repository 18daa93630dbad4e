// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
import path from 'node:path';
import { Node, SyntaxKind } from 'ts-morph';
import { findHandlers } from '../src/analysis/handlers.js';
import { typeHandler } from '../src/step-machine/typed-plan.js';
import { emitHandler, widenEdit } from '../src/step-machine/emit-handler.js';
import { findPushSites, mightNeedMigration } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { renderStateModule, type StateProtection } from '../src/state-module.js';
import { typedView, type TypedView } from '../src/step-machine/carried-types.js';
import { companionImportEdits, requirementsOf } from '../src/step-machine/cross-file.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wiring.js';
import { withThenChainsAwaited } from '../src/step-machine/then-chains.js';
import { shortCircuitRewrites, withShortCircuitsNormalised } from '../src/step-machine/short-circuit.js';
import { helperEdits } from '../src/step-machine/helper-edits.js';
import { otherImportRemovals, sdkImportNames, unusedAfter } from '../src/step-machine/unused-imports.js';
import { keptNotifierFindings } from '../src/step-machine/completion-notifiers.js';
import { planHandlers } from '../src/step-machine/handler-plans.js';
import { helpersLeftFindings, recognise } from '../src/step-machine/recognise.js';
import { detectStyle } from '../src/text-style.js';
import type { TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

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
  if (!mightNeedMigration(ctx.text, ctx.options.aliases ?? [])) return result;
  const recognised = recognise(ctx, cleanups);
  result.findings.push(...recognised.findings);
  const file = recognised.file;
  if (!file) return result;
  const planned = planHandlers(file);
  result.findings.push(...planned.findings);
  const { plans } = planned;
  if (plans.length === 0 && !file.exporting) {
    result.findings.push(...helpersLeftFindings(file));
    return result;
  }
  const { sourceFile, text } = ctx;
  const { helpers, handlers, notifiers, exportFor, exporting } = file;
  const style = detectStyle(text);
  const uses = new Set<string>();
  const edits: TextEdit[] = [];

  const typescript = /\.(m|c)?tsx?$/i.test(ctx.absPath);
  const migratedCalls = new Set<Node>();
  const replacedNodes: Node[] = [];
  // Declared result types on a wrapper's or registrar's way to a migrated handler, once each.
  const widened = new Map<number, import('ts-morph').TypeNode>();
  let view: TypedView | undefined;
  try {
    if (plans.length > 0) view = typedView(ctx.absPath, text);
    const typeNames = new Set<string>(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
    for (const planned of view ? plans : []) {
      const { plan, sites: planSites, throws, notifierNotes } = planned;
      const typed = typeHandler(planned, { view: view!, quote: style.quote, uses, protection: protectionOf(ctx) });
      if ('refusal' in typed) {
        result.findings.push(...typed.refusal);
        // The notifier stays with its handler, and is reported as before.
        result.findings.push(...keptNotifierFindings(notifiers.removals.get(plan.handler) ?? []));
        continue;
      }
      const migrated = emitHandler(typed, { text, style, typescript, uses, typeNames });
      edits.push(...migrated.edits);
      result.findings.push(...notifierNotes, ...migrated.findings);
      for (const site of planSites) if (file.liftedCalls.has(site.node)) migratedCalls.add(site.node);
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
  const helperFindings = helperEdits(helpers, file.liftedCalls, migratedCalls, text, style, typescript, uses, edits, handlers, replacedNodes, exportFor);
  result.findings.push(...helperFindings);
  // Imported helpers whose calls were migrated: their companions are imported instead, and the
  // helper's module must export them (the runner applies both files together or neither).
  const liftedImports = file.importedHelpers.filter((i) => [...migratedCalls].some((call) => file.liftedCalls.get(call)?.helper === i.helper));
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

function protectionOf(ctx: TransformContext): StateProtection {
  return ctx.options.stateProtection === 'signed' ? 'signed' : 'sealed';
}


/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}
