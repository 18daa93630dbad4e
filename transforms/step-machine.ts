// Transform `step-machine`: handlers that await elicitation, sampling or roots requests mid-function
// become resumable step machines that return `inputRequired(...)` and resume from the step named
// in a verified requestState. Every push site it does not migrate is reported with a rule id.
import path from 'node:path';
import { Node, SyntaxKind, type SourceFile } from 'ts-morph';
import { findHandlers, describeHandler, canReturnInputRequired, type HandlerInfo } from '../src/analysis/handlers.js';
import { findCapabilityReads, findPushSites, mightNeedMigration, type PushSite } from '../src/analysis/push-sites.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { renderStateModule } from '../src/state-module.js';
import { jsonSafety, typeText, typedView, type TypedView } from '../src/step-machine/carried-types.js';
import { emitBody, stateTypeDeclaration, type EmitContext } from '../src/step-machine/emit.js';
import { pascalCase, uniqueName } from '../src/step-machine/naming.js';
import { planHandler, handlerLabel, type HandlerPlan } from '../src/step-machine/plan.js';
import { indentationAt, lineStartOf } from '../src/step-machine/text.js';
import { importEdits, wireVerifyHook } from '../src/step-machine/wiring.js';
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
  const result: TransformResult = { edits: [], findings: [], handlersMigrated: 0, sitesMigrated: 0 };
  if (!mightNeedMigration(ctx.text)) return result;
  const { sourceFile, text } = ctx;
  const handlers = findHandlers(sourceFile);
  const sites = findPushSites(sourceFile, handlers);
  if (sites.length === 0) return result;

  const v1 = importsV1Sdk(sourceFile);
  const byHandler = new Map<HandlerInfo, PushSite[]>();
  for (const site of sites) {
    if (!site.handler) {
      result.findings.push(outsideRequestFinding(site));
      continue;
    }
    const list = byHandler.get(site.handler) ?? [];
    list.push(site);
    byHandler.set(site.handler, list);
  }

  const plans: { plan: HandlerPlan; sites: PushSite[] }[] = [];
  for (const [handler, handlerSites] of byHandler) {
    const refusal = handlerRefusal(handler, handlerSites, v1);
    if (refusal) {
      result.findings.push(...refusal);
      continue;
    }
    const requestSites = handlerSites.filter((s) => REQUEST_KINDS.has(s.kind));
    const other = handlerSites.filter((s) => !REQUEST_KINDS.has(s.kind));
    const otherFindings = other.flatMap((s) => otherSiteFinding(s, requestSites));
    if (otherFindings.some((f) => f.severity !== 'info')) {
      result.findings.push(...otherFindings, ...requestSites.map((s) => leftAsIs(s, 'another request-related call in this handler needs a manual change first')));
      continue;
    }
    if (requestSites.length === 0) {
      result.findings.push(...otherFindings);
      continue;
    }
    const planned = planHandler(handler, requestSites, sourceFile);
    if (!planned.ok) {
      result.findings.push(...planned.findings);
      continue;
    }
    result.findings.push(...otherFindings);
    plans.push({ plan: planned.plan, sites: requestSites });
  }
  if (plans.length === 0) return result;

  const style = detectStyle(text);
  const typescript = /\.(m|c)?tsx?$/i.test(ctx.absPath);
  const uses = new Set<string>();
  const edits: TextEdit[] = [];
  let view: TypedView | undefined;
  try {
    view = typedView(ctx.absPath, text);
    const typeNames = new Set<string>(sourceFile.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
    for (const { plan, sites: planSites } of plans) {
      const migrated = migrateHandler(plan, { text, style, typescript, uses, typeNames, view, sourceFile });
      if ('findings' in migrated && !('edits' in migrated)) {
        result.findings.push(...migrated.findings);
        continue;
      }
      edits.push(...migrated.edits);
      result.findings.push(...migrated.findings);
      result.handlersMigrated! += 1;
      result.sitesMigrated! += planSites.length;
    }
  } finally {
    view?.dispose();
  }
  if (result.handlersMigrated === 0) return result;

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
  edits.push(...importEdits(sourceFile, text, style, uses, specifierFor(ctx.absPath, stateModulePath), typescript));
  result.edits = edits;
  result.newFiles = [{ absPath: stateModulePath, text: renderStateModule({ language: /\.(m|c)?ts$/.test(stateModulePath) ? 'ts' : 'js' }) }];
  return result;
}

interface MigrateContext {
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
): { edits: TextEdit[]; findings: FindingInput[] } | { findings: FindingInput[] } {
  const { handler } = plan;
  const findings: FindingInput[] = [];
  const where = handlerLabel(handler);
  const fn = handler.fn;
  const edits: TextEdit[] = [];

  // The context parameter: reuse it, or add `ctx` to an inline callback.
  let ctxName = handler.ctxParam?.getName();
  if (!ctxName) {
    if (!handler.inline || handler.params.length !== handler.ctxIndex) {
      return {
        findings: plan.rounds.flatMap((r) => r.asks).map((a) => ({
          rule: 'push-unsupported-shape',
          severity: 'warning' as const,
          pos: a.site.node.getStart(),
          message: `${a.site.api} in ${where}: the handler has no context parameter to read requestState from`,
          suggestion: 'Declare the context parameter (the argument after the tool arguments, e.g. `ctx`) and run the migration again.',
        })),
      };
    }
    ctxName = uniqueName('ctx', new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText())), '');
    edits.push(ctxParamEdit(handler, ctxName, mc.text));
  }

  const subjectAndArgs = subjectArgs(handler, mc.style.quote);
  if (!subjectAndArgs) {
    return {
      findings: plan.rounds.flatMap((r) => r.asks).map((a) => ({
        rule: 'push-unsupported-shape',
        severity: 'warning' as const,
        pos: a.site.node.getStart(),
        message: `${a.site.api} in ${where}: the ${handler.kind === 'resource' ? 'resource URI' : 'name'} or the arguments cannot be read, so the state cannot be bound to them`,
        suggestion: 'Register the handler with a string-literal name and a named or destructured arguments parameter.',
      })),
    };
  }

  // Types and JSON safety of every carried value.
  const types = new Map<string, string>();
  const carried = new Set(plan.live.flat());
  const unchecked: string[] = [];
  const requestNames = new Map(plan.rounds.flatMap((r) => r.asks).filter((a) => a.requestName).map((a) => [a.requestName!, a]));
  const scope = statementOf(fn);
  for (const name of carried) {
    const ask = requestNames.get(name);
    if (ask && ask.paramsHoisted) {
      types.set(name, ask.kind === 'sampling' ? 'CreateMessageRequestParams' : ask.kind === 'elicit-url' ? 'Parameters<typeof inputRequired.elicitUrl>[0]' : 'ElicitRequestFormParams');
      continue;
    }
    const declared = plan.declared.get(name);
    if (!declared) continue;
    const typedNode = mc.view.file.getDescendantAtPos(declared.nameNode.getStart());
    if (!typedNode) continue;
    const type = typedNode.getType();
    const safety = jsonSafety(type);
    if (safety.safe === false) {
      return {
        findings: [
          {
            rule: 'state-not-serializable',
            severity: 'warning',
            pos: declared.nameNode.getStart(),
            message: `${name} in ${where} is live across the question but is ${safety.reason}, which does not survive the JSON round trip through requestState`,
            suggestion: `Carry a plain-data form of ${name} (ids, strings, numbers) and rebuild the value after the question, or recompute it from the arguments.`,
          },
          ...plan.rounds.flatMap((r) => r.asks).map((a) => leftAsIs(a.site, `${name} cannot travel in requestState`)),
        ],
      };
    }
    if (safety.safe === 'unknown') unchecked.push(name);
    types.set(name, typeText(type, scope));
  }
  if (unchecked.length > 0) {
    findings.push({
      rule: 'state-value-unchecked',
      severity: 'info',
      pos: plan.statements[plan.rounds[0].first].getStart(),
      message: `${where} carries ${unchecked.join(', ')} in requestState; their types could not be checked for JSON safety`,
      suggestion: 'Make sure these values are plain JSON data (no class instances, Dates, Maps, functions).',
    });
  }

  const stateType = mc.typescript ? uniqueName(`${pascalCase(handler.name ?? handler.kind)}State`, mc.typeNames, '') : undefined;
  const identifiers = new Set(fn.getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()));
  const ec: EmitContext = {
    text: mc.text,
    style: mc.style,
    typescript: mc.typescript,
    ctxName,
    stateVar: uniqueName('state', identifiers, ''),
    stateType,
    subject: subjectAndArgs.subject,
    args: subjectAndArgs.args,
    types,
    uses: mc.uses,
    bodyEdits: capabilityEdits(handler, ctxName, mc.uses, findings),
  };
  edits.push(emitBody(plan, ec));
  if (stateType) {
    const anchor = statementOf(fn);
    const at = lineStartOf(mc.text, anchor.getStart());
    edits.push({ start: at, end: at, text: stateTypeDeclaration(plan, ec, indentationAt(mc.text, anchor.getStart())) });
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
  const elicits = plan.rounds.flatMap((r) => r.asks).filter((a) => a.kind === 'elicit');
  if (elicits.length > 0) {
    findings.push({
      rule: 'answer-validation',
      severity: 'info',
      pos: elicits[0].site.node.getStart(),
      message: `accepted answers in ${where} are validated against the schema they were asked with; invalid content asks again`,
    });
  }
  for (const ask of plan.rounds.flatMap((r) => r.asks)) {
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

function capabilityEdits(handler: HandlerInfo, ctxName: string, uses: Set<string>, findings: FindingInput[]): TextEdit[] {
  const fn = handler.fn;
  const reads = findCapabilityReads(fn.getSourceFile()).filter((call) => call.getStart() >= fn.getStart() && call.getEnd() <= fn.getEnd());
  return reads.map((call) => {
    uses.add('clientCapabilities');
    findings.push({
      rule: 'client-capabilities',
      severity: 'info',
      pos: call.getStart(),
      message: `${call.getExpression().getText()}() in ${describeHandler(handler)} now reads this request's declared client capabilities`,
    });
    return { start: call.getStart(), end: call.getEnd(), text: `clientCapabilities(${ctxName})` };
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

function ctxParamEdit(handler: HandlerInfo, ctxName: string, text: string): TextEdit {
  const params = handler.params;
  if (params.length > 0) {
    const last = params[params.length - 1];
    return { start: last.getEnd(), end: last.getEnd(), text: `, ${ctxName}` };
  }
  const open = handler.fn.getFirstChildByKind(SyntaxKind.OpenParenToken);
  if (!open) throw new Error('handler without a parameter list');
  void text;
  return { start: open.getEnd(), end: open.getEnd(), text: ctxName };
}

/** The subject (name or uri) and arguments the state is bound to, as code. */
function subjectArgs(handler: HandlerInfo, quote: string): { subject: string; args: string } | undefined {
  const q = (s: string) => `${quote}${s.replace(/\\/g, '\\\\').replace(new RegExp(quote, 'g'), `\\${quote}`)}${quote}`;
  const argsParam = handler.argsParam;
  switch (handler.kind) {
    case 'tool':
    case 'prompt': {
      if (handler.name === undefined) return undefined;
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

function outsideRequestFinding(site: PushSite): FindingInput {
  const fn = site.nestedFunction ?? site.node.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  const named = fn && (Node.isFunctionDeclaration(fn) || Node.isMethodDeclaration(fn) ||
    ((Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) && Node.isVariableDeclaration(fn.getParent())));
  if (named) {
    return {
      rule: 'push-in-helper', severity: 'warning', pos: site.node.getStart(),
      message: `${site.api} is made in a helper function, not directly in a request handler`,
      suggestion: 'Inline the question into the handlers that call this helper (ask there, pass the answer in), then run the migration again.',
    };
  }
  return {
    rule: 'push-outside-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api} is made outside any tools/call, prompts/get or resources/read handler`,
    suggestion: 'There is no request to attach an input request to under 2026-07-28: take the value as a tool argument or from configuration.',
  };
}

function leftAsIs(site: PushSite, why: string): FindingInput {
  return {
    rule: 'push-request', severity: 'warning', pos: site.node.getStart(),
    message: `${site.api}${site.handler ? ` in ${describeHandler(site.handler)}` : ''} left as it was: ${why}`,
    suggestion: 'Resolve the other findings of this handler, then run the migration again.',
  };
}

function importsV1Sdk(sourceFile: SourceFile): boolean {
  return sourceFile.getImportDeclarations().some((d) => d.getModuleSpecifierValue().startsWith('@modelcontextprotocol/sdk')) ||
    /require\(\s*['"]@modelcontextprotocol\/sdk/.test(sourceFile.getFullText());
}

/** `./mrtr-state.js` — the import specifier of the state module from `file`. */
function specifierFor(file: string, stateModule: string): string {
  let rel = path.relative(path.dirname(file), stateModule).split(path.sep).join('/');
  if (!rel.startsWith('.')) rel = `./${rel}`;
  return rel.replace(/\.ts$/, '.js').replace(/\.mts$/, '.mjs').replace(/\.cts$/, '.cjs');
}
