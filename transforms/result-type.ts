// result-type: every complete result a handler returns states `resultType: 'complete'`, as the
// 2026-07-28 revision asks. Runs before the step-machine transform, so the results it writes
// (`inputRequired(...)`) are never touched, and results it leaves as they were already carry the
// field. Only object literals returned directly from a handler are edited; a result built
// elsewhere is reported instead.
import '../src/jscodeshift-unhook.js'; // first: before anything loads ts-morph
import { Node, SyntaxKind, type ObjectLiteralExpression } from '../src/ts-morph.js';
import { describeHandler, findHandlers, type HandlerInfo } from '../src/analysis/handlers.js';
import { isFunctionLike, propertyName } from '../src/ast/resolve.js';
import { unwrapExpression } from '../src/ast/unwrap.js';
import { toJscodeshift } from '../src/jscodeshift.js';
import { detectStyle } from '../src/ast/text-style.js';
import type { FindingInput, TextEdit, Transform, TransformContext, TransformResult } from '../src/types.js';

/** Runs first: the step machine (order 20) builds on handlers whose results already say what they are. */
export const order = 10;

const RULE = 'result-built-elsewhere';

export const transform: Transform = {
  id: 'result-type',
  title: "Add resultType: 'complete' to handler results",
  description:
    "Adds resultType: 'complete' to every object literal a tools/call, prompts/get, resources/read or " +
    'low-level request handler returns; reports results built elsewhere.',
  run,
};

export default toJscodeshift(transform);

interface Style {
  eol: string;
  quote: string;
}

function run(ctx: TransformContext): TransformResult {
  const { text, sourceFile } = ctx;
  const detected = detectStyle(text);
  const style: Style = { eol: detected.eol, quote: detected.quote };
  const edits: TextEdit[] = [];
  const findings: FindingInput[] = [];
  const seen = new Set<object>();
  for (const handler of findHandlers(sourceFile)) {
    // One function registered twice must be edited once.
    if (seen.has(handler.fn.compilerNode)) continue;
    seen.add(handler.fn.compilerNode);
    // A result the handler declares with a type of its own (`(): Promise<ToolList> =>`) cannot take a
    // property that type lacks (TS2353); the SDK stamps resultType on the 2026 wire itself.
    if (!acceptsResultType(handler.fn.getReturnTypeNode())) continue;
    for (const expr of returnedExpressions(handler)) visit(expr, handler, text, style, edits, findings);
  }
  return { edits, findings };
}

/** `return <expr>` directly in the handler (not in nested functions), and an arrow's expression body. */
function returnedExpressions(handler: HandlerInfo): Node[] {
  const fn = handler.fn;
  if (Node.isArrowFunction(fn)) {
    const body = fn.getBody();
    if (!Node.isBlock(body)) return [body];
  }
  const out: Node[] = [];
  const body = fn.getBody();
  if (!body) return out;
  for (const statement of body.getDescendantsOfKind(SyntaxKind.ReturnStatement)) {
    const owner = statement.getFirstAncestor((a) => isFunctionLike(a) || Node.isClassStaticBlockDeclaration(a));
    const expr = statement.getExpression();
    if (owner?.compilerNode === fn.compilerNode && expr) out.push(expr);
  }
  return out;
}

function visit(expr: Node, handler: HandlerInfo, text: string, style: Style, edits: TextEdit[], findings: FindingInput[]): void {
  // Through parentheses and `{ … } as const` / `satisfies CallToolResult` / `!`: the object
  // inside is still written here.
  const e = unwrapExpression(expr);
  if (Node.isConditionalExpression(e)) {
    visit(e.getWhenTrue(), handler, text, style, edits, findings);
    visit(e.getWhenFalse(), handler, text, style, edits, findings);
    return;
  }
  if (isUndefined(e) || isInputRequiredCall(e) || isGuardedInputRequired(e)) return;
  // `return ask(…).then((answer) => ({ … })).catch((error) => ({ … }))`: the callbacks build the result.
  const built = chainResults(e);
  if (built) {
    for (const result of built) visit(result, handler, text, style, edits, findings);
    return;
  }
  if (Node.isObjectLiteralExpression(e)) {
    if (e.getProperties().some((p) => propertyName(p) === 'resultType')) return;
    if (!acceptsResultType(assertedType(expr))) return;
    const edit = insertResultType(e, text, style);
    if (edit) {
      edits.push(...edit);
      return;
    }
    // undefined: spreads only — the value is built elsewhere.
  }
  const what = describeHandler(handler);
  findings.push({
    rule: RULE,
    severity: 'warning',
    pos: e.getStart(),
    message: `result of ${what} is built elsewhere; add resultType: 'complete' where it is built`,
    suggestion:
      "Add resultType: 'complete' to the object literal that builds this result. If the value is always a " +
      "complete result you can also return { ...value, resultType: 'complete' } here; never stamp it on a " +
      'value that may be an inputRequired(...) result.',
  });
}

/**
 * What a `.then(…)` / `.catch(…)` chain whose callbacks are written out resolves to: the values
 * those callbacks return (and, through a `.catch`, the value before it); undefined for anything else.
 */
function chainResults(e: Node): Node[] | undefined {
  if (!Node.isCallExpression(e)) return undefined;
  const callee = unwrapExpression(e.getExpression());
  if (!Node.isPropertyAccessExpression(callee) || !['then', 'catch'].includes(callee.getName())) return undefined;
  const callbacks = e.getArguments();
  if (callbacks.length === 0 || !callbacks.every((c) => Node.isArrowFunction(c) || Node.isFunctionExpression(c))) return undefined;
  const results = callbacks.flatMap((c) => callbackResults(c as import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression));
  if (callee.getName() === 'then') return results;
  // A .catch passes the value before it through when nothing fails.
  const before = chainResults(unwrapExpression(callee.getExpression()));
  return before ? [...before, ...results] : undefined;
}

function callbackResults(fn: import('ts-morph').ArrowFunction | import('ts-morph').FunctionExpression): Node[] {
  const body = fn.getBody();
  if (!Node.isBlock(body)) return [body];
  return body.getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => isFunctionLike(a) || Node.isClassStaticBlockDeclaration(a))?.compilerNode === fn.compilerNode)
    .flatMap((r) => r.getExpression() ?? []);
}

/**
 * SDK result types: their v2 declarations keep a loose index signature, so an object literal of
 * one may carry resultType. Any other named type (the server's own) may not.
 */
const SDK_RESULT_TYPES = new Set([
  'CallToolResult', 'CompatibilityCallToolResult', 'GetPromptResult', 'ReadResourceResult', 'ListToolsResult', 'ListPromptsResult',
  'ListResourcesResult', 'ListResourceTemplatesResult', 'CompleteResult', 'ServerResult', 'Result', 'InputRequiredResult',
]);

/** Whether a declared result type (none, the SDK's, or a Promise of them) lets a literal of it carry resultType. */
function acceptsResultType(type: Node | undefined): boolean {
  if (!type) return true;
  if (Node.isParenthesizedTypeNode(type)) return acceptsResultType(type.getTypeNode());
  if (Node.isUnionTypeNode(type)) return type.getTypeNodes().every(acceptsResultType);
  if (!Node.isTypeReference(type)) return type.getKind() === SyntaxKind.AnyKeyword || type.getKind() === SyntaxKind.UnknownKeyword;
  const name = type.getTypeName().getText().split('.').pop()!;
  if (name === 'Promise' || name === 'PromiseLike') return acceptsResultType(type.getTypeArguments()[0]);
  return SDK_RESULT_TYPES.has(name);
}

/** The type a returned literal is checked against with `satisfies T` (an `as` cast allows extra properties). */
function assertedType(expr: Node): Node | undefined {
  for (let e = expr; ; e = e.getExpression()) {
    if (Node.isSatisfiesExpression(e)) return e.getTypeNode();
    if (!Node.isAsExpression(e) && !Node.isParenthesizedExpression(e) && !Node.isNonNullExpression(e)) return undefined;
  }
}

function isUndefined(e: Node): boolean {
  return (Node.isIdentifier(e) && e.getText() === 'undefined') || Node.isVoidExpression(e);
}

/** `x` in `if (isInputRequiredResult(x)) return x;`: a dispatcher handing an input request back unchanged. */
function isGuardedInputRequired(e: Node): boolean {
  const statement = e.getParent();
  const guard = statement && Node.isReturnStatement(statement) ? statement.getParent() : undefined;
  const test = guard && Node.isIfStatement(guard) ? unwrapExpression(guard.getExpression()) : undefined;
  return !!test && Node.isCallExpression(test) && test.getExpression().getText() === 'isInputRequiredResult' &&
    Node.isIdentifier(e) && test.getArguments()[0]?.getText() === e.getText();
}

/** `inputRequired(...)` / `sdk.inputRequired(...)`. */
function isInputRequiredCall(e: Node): boolean {
  if (!Node.isCallExpression(e)) return false;
  const callee = unwrapExpression(e.getExpression());
  if (Node.isIdentifier(callee)) return callee.getText() === 'inputRequired';
  return Node.isPropertyAccessExpression(callee) && callee.getName() === 'inputRequired';
}

/** The edits adding the property; [] for an empty object; undefined when it cannot take it (spreads only). */
function insertResultType(obj: ObjectLiteralExpression, text: string, style: Style): TextEdit[] | undefined {
  const prop = `resultType: ${style.quote}complete${style.quote}`;
  const props = obj.getProperties();
  // An empty result (`ping`, `logging/setLevel`, `resources/subscribe`, …) is left as it is: the
  // SDK types it as a weak type (all members optional, no index signature), so
  // `{ resultType: 'complete' }` alone shares no property with it and fails to compile (TS2559).
  // The SDK stamps resultType on the 2026 wire itself.
  if (props.length === 0) return [];
  const hasSpread = props.some((p) => Node.isSpreadAssignment(p));
  if (hasSpread) {
    if (props.every((p) => Node.isSpreadAssignment(p))) return undefined;
    return insertLast(obj, text, prop, style);
  }
  return insertFirst(obj, text, prop, style);
}

function insertFirst(obj: ObjectLiteralExpression, text: string, prop: string, style: Style): TextEdit[] {
  const first = obj.getProperties()[0];
  const start = leadingStart(first, text);
  const open = obj.getStart();
  if (!text.slice(open, start).includes('\n')) {
    // Same line as the brace: `{ content }` → `{ resultType: 'complete', content }`.
    return [{ start, end: start, text: `${prop}, ` }];
  }
  const indent = lineIndent(text, start);
  return [{ start, end: start, text: `${prop},${style.eol}${indent}` }];
}

/** With a spread the property goes last, so the spread cannot override it. */
function insertLast(obj: ObjectLiteralExpression, text: string, prop: string, style: Style): TextEdit[] {
  const props = obj.getProperties();
  const last = props[props.length - 1];
  const close = obj.getEnd() - 1;
  const afterLast = last.getEnd();
  const comma = nextCommaAfter(obj, last);
  const closeLineStart = text.lastIndexOf('\n', close - 1) + 1;
  const closeOnOwnLine = text.slice(closeLineStart, close).trim() === '' && closeLineStart > afterLast;
  if (!closeOnOwnLine) {
    if (comma !== undefined) return [{ start: comma + 1, end: comma + 1, text: ` ${prop},` }];
    return [{ start: afterLast, end: afterLast, text: `, ${prop}` }];
  }
  const indent = lineIndent(text, leadingStart(last, text));
  const line = `${indent}${prop}${comma !== undefined ? ',' : ''}${style.eol}`;
  const edits: TextEdit[] = [];
  if (comma === undefined) edits.push({ start: afterLast, end: afterLast, text: ',' });
  edits.push({ start: closeLineStart, end: closeLineStart, text: line });
  return edits;
}

/** Offset of the comma token right after `prop` in the object, if any. */
function nextCommaAfter(obj: ObjectLiteralExpression, prop: Node): number | undefined {
  const sibling = prop.getNextSibling();
  if (sibling && sibling.getKind() === SyntaxKind.CommaToken) return sibling.getStart();
  // ts-morph exposes the list's commas as children of the SyntaxList.
  const list = obj.getChildSyntaxList();
  if (!list) return undefined;
  const children = list.getChildren();
  const index = children.indexOf(prop);
  const next = index >= 0 ? children[index + 1] : undefined;
  return next && next.getKind() === SyntaxKind.CommaToken ? next.getStart() : undefined;
}

/** Start of a property including comments on the lines above it. */
function leadingStart(node: Node, text: string): number {
  const comments = node.getLeadingCommentRanges();
  let start = node.getStart();
  for (const comment of comments) {
    // Only comments that start their own line belong to the property.
    const lineStart = text.lastIndexOf('\n', comment.getPos() - 1) + 1;
    if (text.slice(lineStart, comment.getPos()).trim() === '') {
      start = Math.min(start, comment.getPos());
      break;
    }
  }
  return start;
}

/** The whitespace before `pos` on its line when nothing else precedes it; else the line's indentation. */
function lineIndent(text: string, pos: number): string {
  const lineStart = text.lastIndexOf('\n', pos - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, pos))?.[0] ?? '';
}
