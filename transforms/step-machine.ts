// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
import path from 'node:path';
import { Node, SyntaxKind, type Statement } from 'ts-morph';
import { findHandlers, type HandlerInfo } from '../src/analysis/handlers.js';
import { contextParameter, statementOf } from '../src/step-machine/handler-context.js';
import { typeHandler, type TypedHandler } from '../src/step-machine/typed-plan.js';
import { findCapabilityReads, findPushSites, mightNeedMigration } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { renderStateModule, type StateProtection } from '../src/state-module.js';
import { typedView, type TypedView } from '../src/step-machine/carried-types.js';
import { emitBody, resumeExpression, stateTypeDeclaration, type EmitContext } from '../src/step-machine/emit.js';
import { companionImportEdits, requirementsOf } from '../src/step-machine/cross-file.js';
import { camelCase, pascalCase, uniqueName } from '../src/step-machine/naming.js';
import { handlerLabel, isRaceAwait } from '../src/step-machine/plan.js';
import { isPureStatement } from '../src/step-machine/purity.js';
import { indentationAt, lineStartOf } from '../src/step-machine/text.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wiring.js';
import { prefixEdit, prefixRange } from '../src/step-machine/prefix.js';
import { withThenChainsAwaited } from '../src/step-machine/then-chains.js';
import { shortCircuitRewrites, withShortCircuitsNormalised } from '../src/step-machine/short-circuit.js';
import { helperEdits } from '../src/step-machine/helper-edits.js';
import { otherImportRemovals, sdkImportNames, unusedAfter } from '../src/step-machine/unused-imports.js';
import { urlThrowEdit } from '../src/step-machine/url-throws.js';
import { keptNotifierFindings } from '../src/step-machine/completion-notifiers.js';
import { planHandlers } from '../src/step-machine/handler-plans.js';
import { helpersLeftFindings, recognise } from '../src/step-machine/recognise.js';
import { detectStyle } from '../src/text-style.js';
import type { FindingInput, TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

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
      const migrated = migrateHandler(typed, { text, style, typescript, uses, typeNames });
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

/** `Promise<CallToolResult>` → `Promise<CallToolResult | InputRequiredResult>`. */
function widenEdit(type: import('ts-morph').TypeNode, uses: Set<string>): TextEdit {
  uses.add('type InputRequiredResult');
  const inner = /^Promise\s*<([\s\S]*)>$/.exec(type.getText())![1];
  return { start: type.getStart(), end: type.getEnd(), text: `Promise<${inner} | InputRequiredResult>` };
}

function protectionOf(ctx: TransformContext): StateProtection {
  return ctx.options.stateProtection === 'signed' ? 'signed' : 'sealed';
}

interface MigrateContext {
  text: string;
  style: ReturnType<typeof detectStyle>;
  typescript: boolean;
  uses: Set<string>;
  typeNames: Set<string>;
}

function migrateHandler(typed: TypedHandler, mc: MigrateContext): { edits: TextEdit[]; findings: FindingInput[] } {
  const { plan, throws, removals } = typed;
  const { handler, containers, prefixes } = plan;
  const findings = [...typed.findings];
  const where = handlerLabel(handler);
  const fn = handler.fn;
  const asks = containers.flatMap((c) => c.rounds.flatMap((r) => r.asks));
  const { types, dates, declaredTypes } = typed.carried;
  const subjectAndArgs = typed.binding;
  const semi = mc.style.semicolons ? ';' : '';
  const fnIdentifiers = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const replaced = [...asks.map((a) => a.replaceNode ?? a.awaitNode), ...asks.map((a) => a.site.node), ...throws.map((t) => t.statement)];
  const ctxParam = contextParameter(handler, replaced, fnIdentifiers, semi);
  const ctxName = ctxParam.name;
  const edits: TextEdit[] = [...ctxParam.edits];
  const topLines = ctxParam.rebind ? [ctxParam.rebind] : [];
  // A container carries the values of the prefixes on its way (a prefix elsewhere is out of scope).
  // (A prefix of a later statement in the same block is skipped by retries for this one.)
  const prefixLive = (block: Node) => [...new Set(prefixes
    .filter((p) => p.block.containsRange(block.getPos(), block.getEnd()) && block.getStart() >= p.anchor.getStart())
    .flatMap((p) => p.live))];

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


/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}
