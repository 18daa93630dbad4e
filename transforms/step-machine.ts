// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
import path from 'node:path';
import { Node, SyntaxKind, type SourceFile, type Statement } from 'ts-morph';
import { findHandlers, type HandlerInfo } from '../src/analysis/handlers.js';
import { findCapabilityReads, findPushSites, mightNeedMigration } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { isSensitiveStateValue, renderStateModule, type StateProtection } from '../src/state-module.js';
import { readsMutable } from '../src/step-machine/deferred.js';
import { isRevivableDate, jsonSafety, typeText, typedView, type TypedView } from '../src/step-machine/carried-types.js';
import { emitBody, resumeExpression, stateTypeDeclaration, type EmitContext } from '../src/step-machine/emit.js';
import { companionImportEdits, requirementsOf } from '../src/step-machine/cross-file.js';
import { camelCase, pascalCase, uniqueName } from '../src/step-machine/naming.js';
import { handlerLabel, isRaceAwait, referenceNodes, type HandlerPlan } from '../src/step-machine/plan.js';
import { isPureStatement } from '../src/step-machine/purity.js';
import { indentationAt, lineStartOf } from '../src/step-machine/text.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wiring.js';
import { hoistedNames, prefixEdit, prefixRange } from '../src/step-machine/prefix.js';
import { withThenChainsAwaited } from '../src/step-machine/then-chains.js';
import { shortCircuitRewrites, withShortCircuitsNormalised } from '../src/step-machine/short-circuit.js';
import { helperEdits } from '../src/step-machine/helper-edits.js';
import { otherImportRemovals, sdkImportNames, unusedAfter } from '../src/step-machine/unused-imports.js';
import { urlThrowEdit, type UrlThrow } from '../src/step-machine/url-throws.js';
import { keptNotifierFindings } from '../src/step-machine/completion-notifiers.js';
import { planHandlers } from '../src/step-machine/handler-plans.js';
import { helpersLeftFindings, recognise } from '../src/step-machine/recognise.js';
import { leftAsIs, sensitiveValueFinding } from '../src/step-machine/site-findings.js';
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
    for (const { plan, sites: planSites, throws, removals, notifierNotes } of view ? plans : []) {
      const migrated = migrateHandler(plan, { text, style, typescript, uses, typeNames, view: view!, sourceFile, protection: protectionOf(ctx) }, throws, removals);
      if ('findings' in migrated && !('edits' in migrated)) {
        result.findings.push(...migrated.findings);
        // The notifier stays with its handler, and is reported as before.
        result.findings.push(...keptNotifierFindings(notifiers.removals.get(plan.handler) ?? []));
        continue;
      }
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


/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}
