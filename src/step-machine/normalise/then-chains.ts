// `.then` / `.catch` chains on a question, rewritten to the awaited form where that is exact, so
// the step machine can split the handler as usual:
//
//   return ask(p).then(async (answer) => { A }).catch((error) => { C });
//   →
//   try {
//     const answer = await ask(p);
//     A
//   } catch (error: any) {          // `.catch` typed its parameter `any`
//     C
//   }
//
// Without a `.catch`, `const answer = await ask(p); A` takes the chain's place directly; and
// `const x = await ask(p).then((answer) => <plain value>)` becomes `const answer = await ask(p);`
// followed by `const x = <plain value>;`.
// The catch covers a rejected question and anything the then-callback throws, as before. Only the
// last statement of the handler qualifies (falling off its end returns undefined both ways), and
// only when nothing in the callbacks could behave differently once inlined: plain arrow callbacks,
// no `var`, no name the question itself reads, and — with a catch — every `return` giving a plain
// value (a returned promise would escape the try when it rejects).
import { Node, SyntaxKind, type ArrowFunction, type CallExpression, type Statement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { detectStyle, type TextStyle } from '../../ast/text-style.js';
import type { TransformContext, TransformResult } from '../../types.js';
import { normaliseAndRetry, type StatementRewrite } from './normalise-and-retry.js';
import { bindingNames, referencedNames } from '../../ast/names.js';
import { indentationAt, lineEndAfter, lineStartOf, multilineLiteralRanges } from '../../ast/text.js';

export interface ChainRewrite extends StatementRewrite {
  /** The statement the rewrite replaces (whole lines). */
  statement: Statement;
}

/** The rewrite of `site`'s chain into the awaited form, or why it would not be exact. */
export function thenChainRewrite(site: PushSite, text: string, style: TextStyle, typescript: boolean): ChainRewrite | string {
  const call = site.call;
  const body = site.handler?.fn.getBody();
  if (!call || !body || !Node.isBlock(body) || site.nestedFunction || site.inLoop) return 'the chain is not directly in the handler';
  const thenCall = chainedCall(call, 'then');
  if (!thenCall) return 'the request is not followed by .then(…)';
  const catchCall = chainedCall(thenCall, 'catch');
  const outer = catchCall ?? thenCall;
  let top: Node = outer;
  while (Node.isParenthesizedExpression(top.getParent()!) || Node.isAwaitExpression(top.getParent()!)) top = top.getParent()!;
  const holder = top.getParent();
  if (holder && Node.isVariableDeclaration(holder) && holder.getInitializer() === top) return awaitedDeclaration(site, call, thenCall, catchCall, holder, text, style);
  const statement = holder;
  if (!statement || !Node.isReturnStatement(statement)) return 'the chain is neither returned nor awaited into a variable';
  const statements = body.getStatements();
  if (statements[statements.length - 1] !== statement) return 'code follows the returned chain';
  if (thenCall.getArguments().length !== 1 || (catchCall && catchCall.getArguments().length !== 1)) {
    return '.then has a rejection callback, or a callback is missing';
  }
  const onAnswer = thenCall.getArguments()[0];
  const onError = catchCall?.getArguments()[0];
  if (!Node.isArrowFunction(onAnswer) || (onError && !Node.isArrowFunction(onError))) return 'a callback is not an arrow function';
  const answerParams = onAnswer.getParameters();
  if (answerParams.length !== 1 || answerParams[0].getInitializer() || answerParams[0].isRestParameter()) return 'the .then callback does not take exactly the answer';
  const errorParams = onError ? (onError as ArrowFunction).getParameters() : [];
  if (errorParams.length > 1 || errorParams.some((p) => p.getInitializer() || p.isRestParameter() || !Node.isIdentifier(p.getNameNode()))) {
    return 'the .catch callback takes more than the error';
  }
  const errorType = errorParams[0]?.getTypeNode()?.getText();
  if (errorType !== undefined && errorType !== 'unknown' && errorType !== 'any') return 'the .catch parameter has a type a catch clause cannot declare';
  for (const fn of [onAnswer, onError].filter((f): f is ArrowFunction => f !== undefined)) {
    if (fn.getDescendantsOfKind(SyntaxKind.VariableDeclarationList).some((l) => l.getDeclarationKind() === 'var')) return 'a callback declares a var';
  }
  // Names the inlined callback declares in the try block must not capture what the question reads.
  const inlined = new Set([...bindingNames(answerParams[0].getNameNode()), ...topLevelNames(onAnswer)]);
  if (referencedNames(call).some((n) => inlined.has(n))) return 'the question reads a name the .then callback declares';
  // Without a catch the callback's code joins the handler's own block: its names must be new there.
  const elsewhere = site.handler!.fn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => !statement.containsRange(id.getPos(), id.getEnd()));
  if (!catchCall && elsewhere.some((id) => inlined.has(id.getText()))) return 'a name the .then callback declares is used elsewhere in the handler';
  if (onError) {
    const answers = new Set(bindingNames(answerParams[0].getNameNode()));
    const plain = (fn: ArrowFunction, roots: Set<string>) => returnedValues(fn).every((e) => e === undefined || notAPromise(e, roots));
    if (!plain(onAnswer, answers) || !plain(onError as ArrowFunction, new Set())) return 'a callback returns something that may be a promise, which the try would not cover';
  }

  const { eol, indentUnit: unit, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const indent = indentationAt(text, statement.getStart());
  const inner = indent + unit;
  const annotation = typescript && answerParams[0].getTypeNode() ? `: ${answerParams[0].getTypeNode()!.getText()}` : '';
  const question = shifted(text, call, indent, inner, eol);
  const lines: string[] = [];
  if (onError) {
    const name = errorParams[0]?.getName();
    const declared = name === undefined ? '' : typescript ? ` (${name}: ${errorType ?? 'any'})` : ` (${name})`;
    lines.push(`${indent}try {`, `${inner}const ${answerParams[0].getNameNode().getText()}${annotation} = await ${question}${semi}`);
    lines.push(...callbackBody(onAnswer, text, inner, semi, eol));
    lines.push(`${indent}} catch${declared} {`, ...callbackBody(onError as ArrowFunction, text, inner, semi, eol), `${indent}}`);
  } else {
    const flat = shifted(text, call, indent, indent, eol);
    lines.push(`${indent}const ${answerParams[0].getNameNode().getText()}${annotation} = await ${flat}${semi}`, ...callbackBody(onAnswer, text, indent, semi, eol));
  }
  const start = lineStartOf(text, statement.getStart());
  const end = lineEndAfter(text, statement.getEnd());
  const trailing = text.slice(statement.getEnd(), end).trim();
  if (text.slice(start, statement.getStart()).trim() !== '' || (trailing !== '' && !trailing.startsWith('//'))) return 'the chain shares its lines with other code';
  const newline = text.slice(start, end).endsWith('\n') ? eol : '';
  return { site, statement, edit: { start, end, text: lines.join(eol) + newline } };
}

/**
 * `const x = await ask(p).then((answer) => <value>)` → `const answer = await ask(p);` and
 * `const x = <value>;`, when the value is plain (no promise to wait for) and `answer` is a new name.
 */
function awaitedDeclaration(site: PushSite, call: CallExpression, thenCall: CallExpression, catchCall: CallExpression | undefined,
  declaration: import('ts-morph').VariableDeclaration, text: string, style: TextStyle): ChainRewrite | string {
  const statement = declaration.getParent()?.getParent();
  if (!statement || !Node.isVariableStatement(statement) || statement.getDeclarations().length !== 1) return 'the chain shares its declaration with others';
  const initializer = declaration.getInitializer()!;
  let awaited: Node = initializer;
  while (Node.isParenthesizedExpression(awaited)) awaited = awaited.getExpression();
  let chain: Node | undefined = Node.isAwaitExpression(awaited) ? awaited.getExpression() : undefined;
  while (chain && Node.isParenthesizedExpression(chain)) chain = chain.getExpression();
  if (chain !== (catchCall ?? thenCall)) return 'the chain is not awaited once, as a whole';
  if (catchCall) return 'a .catch on an awaited chain would need its own try/catch';
  if (thenCall.getArguments().length !== 1) return '.then has a rejection callback, or a callback is missing';
  const onAnswer = thenCall.getArguments()[0];
  if (!Node.isArrowFunction(onAnswer)) return 'the callback is not an arrow function';
  const params = onAnswer.getParameters();
  if (params.length !== 1 || params[0].getInitializer() || params[0].isRestParameter()) return 'the .then callback does not take exactly the answer';
  let value: Node = onAnswer.getBody();
  if (Node.isBlock(value)) return 'the .then callback has a block body';
  while (Node.isParenthesizedExpression(value)) value = value.getExpression();
  const inlined = new Set(bindingNames(params[0].getNameNode()));
  if (!notAPromise(value, inlined)) return 'the .then callback may give a promise, which await would wait for';
  if (referencedNames(call).some((n) => inlined.has(n))) return 'the question reads a name the .then callback declares';
  const elsewhere = site.handler!.fn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => !statement.containsRange(id.getPos(), id.getEnd()));
  if (elsewhere.some((id) => inlined.has(id.getText()))) return 'a name the .then callback declares is used elsewhere in the handler';
  const start = lineStartOf(text, statement.getStart());
  const end = lineEndAfter(text, statement.getEnd());
  const trailing = text.slice(statement.getEnd(), end).trim();
  if (text.slice(start, statement.getStart()).trim() !== '' || (trailing !== '' && !trailing.startsWith('//'))) return 'the chain shares its lines with other code';
  const { eol, semicolons } = style;
  const semi = semicolons ? ';' : '';
  const indent = indentationAt(text, statement.getStart());
  const annotation = params[0].getTypeNode() ? `: ${params[0].getTypeNode()!.getText()}` : '';
  const head = text.slice(statement.getStart(), initializer.getStart());
  const lines = [
    `${indent}const ${params[0].getNameNode().getText()}${annotation} = await ${shifted(text, call, indent, indent, eol)}${semi}`,
    `${indent}${head}${shifted(text, value, indentationAt(text, value.getStart()), indent, eol)}${semi}`,
  ];
  const newline = text.slice(start, end).endsWith('\n') ? eol : '';
  return { site, statement, edit: { start, end, text: lines.join(eol) + newline } };
}

function chainedCall(receiver: Node, method: string): CallExpression | undefined {
  const access = receiver.getParent();
  if (!access || !Node.isPropertyAccessExpression(access) || access.getExpression() !== receiver || access.getName() !== method) return undefined;
  const call = access.getParent();
  return call && Node.isCallExpression(call) && call.getExpression() === access ? call : undefined;
}

/** The callback's statements at `indent` (an expression body becomes `return <expr>;`). */
function callbackBody(fn: ArrowFunction, text: string, indent: string, semi: string, eol: string): string[] {
  const body = fn.getBody();
  if (!Node.isBlock(body)) {
    let expr: Node = body;
    while (Node.isParenthesizedExpression(expr)) expr = expr.getExpression();
    return [`${indent}return ${shifted(text, expr, indentationAt(text, expr.getStart()), indent, eol)}${semi}`];
  }
  const statements = body.getStatements();
  if (statements.length === 0) return [];
  const first = statements[0];
  const comments = first.getLeadingCommentRanges();
  const from = lineStartOf(text, comments.length > 0 ? comments[0].getPos() : first.getStart());
  const to = statements[statements.length - 1].getEnd();
  const own = indentationAt(text, first.getStart());
  const literals = multilineLiteralRanges(body, text);
  const out: string[] = [];
  for (const line of splitLines(text, from, to)) {
    const inLiteral = literals.some(([s, e]) => line.start >= s && line.start < e);
    const content = text.slice(line.start, line.end);
    out.push(!inLiteral && content.startsWith(own) ? indent + content.slice(own.length) : content);
  }
  return out;
}

/** `node`'s text with the indentation `from` of its continuation lines (not inside multi-line literals) turned into `to`. */
function shifted(text: string, node: Node, from: string, to: string, eol: string): string {
  const literals = multilineLiteralRanges(node, text);
  return splitLines(text, node.getStart(), node.getEnd())
    .map((line, i) => {
      const content = text.slice(line.start, line.end);
      const code = i > 0 && !literals.some(([s, e]) => line.start >= s && line.start < e) && content.startsWith(from);
      return code ? to + content.slice(from.length) : content;
    })
    .join(eol);
}

function splitLines(text: string, from: number, to: number): { start: number; end: number }[] {
  const lines: { start: number; end: number }[] = [];
  for (let start = from; start < to;) {
    const nl = text.indexOf('\n', start);
    const end = nl === -1 || nl >= to ? to : nl;
    lines.push({ start, end: text[end - 1] === '\r' && end !== to ? end - 1 : end });
    start = end + 1;
    if (end === to) break;
  }
  return lines;
}

function topLevelNames(fn: ArrowFunction): string[] {
  const body = fn.getBody();
  if (!Node.isBlock(body)) return [];
  return body.getStatements().flatMap((st) => {
    if (Node.isVariableStatement(st)) return st.getDeclarations().flatMap((d) => bindingNames(d.getNameNode()));
    if ((Node.isFunctionDeclaration(st) || Node.isClassDeclaration(st)) && st.getName()) return [st.getName()!];
    return [];
  });
}

/** What the callback's own returns give (undefined for a bare `return`). */
function returnedValues(fn: ArrowFunction): (Node | undefined)[] {
  const body = fn.getBody();
  if (!Node.isBlock(body)) return [body];
  return body.getDescendantsOfKind(SyntaxKind.ReturnStatement)
    .filter((r) => r.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a)) === fn)
    .map((r) => r.getExpression());
}

const PRIMITIVE_FUNCTIONS = new Set(['String', 'Number', 'Boolean', 'parseInt', 'parseFloat', 'encodeURIComponent', 'decodeURIComponent', 'JSON.stringify']);

/**
 * A value that is certainly not a promise (so awaiting it or not makes no difference): a literal,
 * an object or array literal, a template, an operator on such values, a conversion to a primitive,
 * or data read from the client's answer (`answers` names it: plain JSON, never a promise).
 */
function notAPromise(node: Node, answers: Set<string>): boolean {
  while (Node.isParenthesizedExpression(node) || Node.isAsExpression(node) || Node.isSatisfiesExpression(node) || Node.isNonNullExpression(node)) node = node.getExpression();
  if (Node.isObjectLiteralExpression(node) || Node.isArrayLiteralExpression(node) || Node.isStringLiteral(node) ||
    Node.isNumericLiteral(node) || Node.isNoSubstitutionTemplateLiteral(node) || Node.isTemplateExpression(node) ||
    Node.isTrueLiteral(node) || Node.isFalseLiteral(node) || Node.isNullLiteral(node) || Node.isPrefixUnaryExpression(node) ||
    Node.isTypeOfExpression(node) || Node.isVoidExpression(node)) {
    return true;
  }
  if (Node.isConditionalExpression(node)) return notAPromise(node.getWhenTrue(), answers) && notAPromise(node.getWhenFalse(), answers);
  if (Node.isBinaryExpression(node)) {
    const op = node.getOperatorToken().getKind();
    // `a || b`, `a ?? b`, `a && b` give one of their operands; the other operators give primitives.
    if (op === SyntaxKind.BarBarToken || op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.AmpersandAmpersandToken) {
      return notAPromise(node.getLeft(), answers) && notAPromise(node.getRight(), answers);
    }
    return op < SyntaxKind.FirstAssignment || op > SyntaxKind.LastAssignment;
  }
  if (Node.isCallExpression(node)) return PRIMITIVE_FUNCTIONS.has(node.getExpression().getText());
  let root: Node = node;
  while (Node.isPropertyAccessExpression(root) || Node.isElementAccessExpression(root) || Node.isNonNullExpression(root)) root = root.getExpression();
  return Node.isIdentifier(root) && answers.has(root.getText());
}

/**
 * Runs the transform on the file with every exact chain among the `chained` questions (push sites of
 * `ctx.sourceFile`) rewritten to
 * the awaited form, and keeps the rewrites whose handlers then migrate. Edits and findings come
 * back in the coordinates of the file as it was; when no rewrite helps, the `plain` run's result,
 * with why each chain it reports stayed.
 */
export function withThenChainsAwaited(
  ctx: TransformContext,
  chained: readonly PushSite[],
  plain: () => TransformResult,
  runOnce: (ctx: TransformContext) => TransformResult,
): TransformResult {
  const style = detectStyle(ctx.text);
  const typescript = /\.(m|c)?tsx?$/i.test(ctx.absPath);
  const attempts = chained.map((site) => ({ site, rewrite: thenChainRewrite(site, ctx.text, style, typescript) }));
  // A chain left as it is says why it could not be rewritten exactly.
  const why = new Map(attempts.flatMap((a) => (typeof a.rewrite === 'string' ? [[a.site.node.getStart(), a.rewrite] as const] : [])));
  const explained = (findings: TransformResult['findings']) => findings.map((f) =>
    f.rule === 'then-chain' && why.has(f.pos) ? { ...f, message: `${f.message}; it is not rewritten with await automatically because ${why.get(f.pos)}` } : f);
  const retried = normaliseAndRetry(ctx, attempts.flatMap((a) => (typeof a.rewrite === 'string' ? [] : [a.rewrite])), {
    label: 'then-chains-awaited',
    run: runOnce,
    // A rewrite stays when its handler migrated: no warning inside it.
    migrated: ({ rewrite }, result, forward) => {
      const fn = rewrite.site.handler!.fn;
      const from = forward(fn.getStart());
      const to = forward(fn.getEnd());
      return !result.findings.some((f) => f.severity !== 'info' && f.pos >= from && f.pos < to);
    },
  });
  if (!retried) {
    const result = plain();
    return why.size > 0 ? { ...result, findings: explained(result.findings) } : result;
  }
  const { result, kept } = retried;
  return {
    ...result,
    findings: [
      ...explained(result.findings),
      ...kept.map((r) => ({
        rule: 'then-chain-awaited' as const, severity: 'info' as const, pos: r.site.node.getStart(),
        message: `the .then${r.edit.text.includes('} catch') ? '/.catch' : ''} chain on ${r.site.api} was rewritten with await${r.edit.text.includes('} catch') ? ' and try/catch (the catch still covers errors of the .then callback)' : ''} before the migration`,
      })),
    ],
  };
}
