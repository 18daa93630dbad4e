// `throw new UrlElicitationRequiredError([...])` in a handler: under 2026-07-28 the URL step is
// returned as an input request instead of thrown, and a declined step ends the call with an error
// as the thrown error did.
import { Node } from '../../ts-morph.js';
import type { TextEdit } from '../../types.js';
import type { UrlThrow } from '../plan/url-throw-check.js';
import type { EmitContext } from './emit.js';
import { camelCase, uniqueName } from '../../ast/naming.js';
import { stripUrlModeFields } from '../recognise/dropped-arguments.js';
import { indentationAt } from '../../ast/text.js';

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
