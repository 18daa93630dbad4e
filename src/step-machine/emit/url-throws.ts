// `throw new UrlElicitationRequiredError([...])` in a handler: under 2026-07-28 the URL step is
// returned as an input request instead of thrown, and a declined step ends the call with an error
// as the thrown error did.
import { Node, type Expression, type NewExpression, type ThrowStatement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import type { FindingInput, TextEdit } from '../../types.js';
import type { EmitContext } from './emit.js';
import { camelCase, uniqueName } from '../../ast/naming.js';
import { droppedWithEffects, droppedWithEffectsProblem, handlerLabel, stripUrlModeFields } from '../plan/plan.js';
import { indentationAt } from '../../ast/text.js';

export interface UrlThrow {
  site: PushSite;
  statement: ThrowStatement;
  elicitations: Expression[];
  /** The error's own message argument, reused when the user declines. */
  message?: string;
  notes: FindingInput[];
}

/**
 * `throw new UrlElicitationRequiredError([{ mode: 'url', message, url, elicitationId }])` can
 * become an input request when nothing but the handler would have seen the throw (no try around
 * it, not in a nested function) and its elicitations are written out.
 */
export function urlThrowCheck(site: PushSite): UrlThrow | { refusal: FindingInput } {
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
  const dropped = list.getElements().map((e) => droppedWithEffects({ params: e as Expression, elicitMode: 'url', kind: 'elicitation' })).find((d) => d !== undefined);
  if (dropped) {
    const { message, suggestion } = droppedWithEffectsProblem(dropped);
    return refuse(message, suggestion);
  }
  const errorArgs = site.call ? [] : (statement.getExpression() as NewExpression).getArguments?.() ?? [];
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
  return { site, statement, elicitations: list.getElements() as Expression[], message: errorArgs[1]?.getText(), notes };
}

/**
 * The throw becomes: read this round's consent; a decline or cancel ends the call with an error (as
 * the thrown error did); otherwise ask (again) for the URL step, with a state whose round counter
 * bounds how often. The retry runs the handler from the top, as the old client retry did.
 */
export function urlThrowEdit(t: UrlThrow, ec: EmitContext, taken: Set<string>): TextEdit {
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
 * The lines at the top of a handler with URL-mode throws: a declined URL step ends the call before
 * anything runs again (the old client never retried then). `readState`: the handler has no other
 * step, so these lines read the state themselves into `resumedVar`.
 */
export function urlConsentLines(throws: UrlThrow[], ec: EmitContext, resumedVar: string, readState: boolean, taken: Set<string>): string[] {
  const { quote: q, indentUnit: unit } = ec.style;
  const semi = ec.style.semicolons ? ';' : '';
  const consent = uniqueName('urlConsent', taken, '');
  const lines = readState
    ? [`const ${resumedVar} = await mrtrState.resume${ec.typescript ? '<{ step: string }>' : ''}(${ec.ctxName}, ${ec.subject}, ${ec.args})${semi}`]
    : [];
  ec.uses.add('elicitAnswer');
  return [
    ...lines,
    `if (${resumedVar}?.step === ${q}url-consent${q}) {`,
    `${unit}const ${consent} = elicitAnswer(${ec.ctxName}, ${q}consent${q}, {})${semi}`,
    `${unit}if (${consent}?.action === ${q}decline${q} || ${consent}?.action === ${q}cancel${q}) throw new Error(${throws[0].message ?? `${q}The URL step was declined${q}`})${semi}`,
    '}',
  ];
}
