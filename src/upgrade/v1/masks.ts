// The official codemod's transforms match methods by name on any receiver: `context` renames the
// `extra` of every `.tool(…)` / `.setRequestHandler(…)` callback, `schema-params` drops the schema
// argument of every `.request(…, XSchema)` / `.callTool(…, XSchema)`, `handlers` rewrites the key
// of every `.setRequestHandler(…)`. Calls our own pass left alone because their receiver is not
// the SDK's (registrations.ts, receivers.ts) are hidden from them: each such method name is
// replaced, for the time the official transforms run, by a token of the same length that occurs
// nowhere in the file (so every offset and line stays where it was), and put back afterwards. The
// SDK's calls are not touched, so what the transforms do to them is byte for byte what they did.
import { ts } from '../../ts-morph.js';
import { walk } from '../../ast/compiler-nodes.js';
import { mapForward } from '../../ast/edits.js';
import type { TextEdit } from '../../types.js';
import type { FileFacts } from './facts.js';

export interface MaskSpan {
  start: number;
  end: number;
}

/** Methods an official transform rewrites calls of by their name (besides the registrations). */
const OFFICIAL_BY_NAME = new Set(['setRequestHandler', 'setNotificationHandler', 'removeRequestHandler', 'removeNotificationHandler', 'request', 'callTool']);

/** The method names to hide: the registrations left alone, and calls of OFFICIAL_BY_NAME on receivers proven not the SDK's. */
export function officialMasks(facts: FileFacts, leftAlone: readonly ts.CallExpression[]): MaskSpan[] {
  const spans: MaskSpan[] = [];
  const nameOf = (call: ts.CallExpression) => (call.expression as ts.PropertyAccessExpression).name;
  for (const call of leftAlone) spans.push({ start: nameOf(call).getStart(facts.file), end: nameOf(call).end });
  walk(facts.file, (node) => {
    if (!ts.isCallExpression(node) || !ts.isPropertyAccessExpression(node.expression) || !OFFICIAL_BY_NAME.has(node.expression.name.text)) return;
    if (facts.receivers.verdict(node.expression, node.expression.name.text, { typed: false }).kind !== 'other') return;
    spans.push({ start: node.expression.name.getStart(facts.file), end: node.expression.name.end });
  });
  return spans.sort((a, b) => a.start - b.start);
}

export interface Masking {
  /** The text with each hidden name replaced by its token. */
  text: string;
  /** Token → the name it hides. */
  tokens: Map<string, string>;
}

/**
 * `spans` (offsets of `original`) hidden in `text`, which is `original` after `edits`. Undefined when
 * there is nothing to hide (or a span moved under an edit, which our own pass never does).
 */
export function maskNames(original: string, text: string, edits: readonly TextEdit[], spans: readonly MaskSpan[]): Masking | undefined {
  if (spans.length === 0) return undefined;
  const tokens = new Map<string, string>();
  const replacements: TextEdit[] = [];
  let counter = 0;
  for (const span of spans) {
    const name = original.slice(span.start, span.end);
    const start = mapForward(span.start, edits);
    const end = start + name.length;
    if (text.slice(start, end) !== name) continue;
    let token: string | undefined;
    for (const limit = 36 ** (name.length - 2); counter < limit && token === undefined; counter++) {
      const candidate = `$M${counter.toString(36).padStart(name.length - 2, '0')}`;
      if (!text.includes(candidate) && !tokens.has(candidate)) token = candidate;
    }
    if (token === undefined) continue;
    tokens.set(token, name);
    replacements.push({ start, end, text: token });
  }
  if (replacements.length === 0) return undefined;
  let masked = '';
  let last = 0;
  for (const r of replacements) {
    masked += text.slice(last, r.start) + r.text;
    last = r.end;
  }
  return { text: masked + text.slice(last), tokens };
}

/** Every token back to the name it hides (longest first: `$M00` is a prefix of `$M0001`, a name is never part of a token). */
export function unmaskNames(text: string, masking: Masking): string {
  let out = text;
  for (const [token, name] of [...masking.tokens].sort((a, b) => b[0].length - a[0].length)) out = out.split(token).join(name);
  return out;
}
