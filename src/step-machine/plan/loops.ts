// Re-ask-until-valid loops: one question at the top level of a while / do…while / for(;;) body,
//
//   let ports: string | undefined;
//   while (!ports) {
//     const answer = await ctx.mcpReq.elicitInput(params);   // ← one round per time round the loop
//     if (answer.action !== 'accept') return …;
//     if (valid(answer)) ports = …; else hint = …;
//   }
//
// become one step that re-enters the loop: the values declared before the loop and used from it on
// (its state: attempt counters, hints, answers so far) are restored, the loop runs again from its
// head, and the question reads this leg's answer the first time round only; the next time round it
// returns inputRequired again with the loop state as it is then. That re-entry is the original run
// only when the loop head and the code before the question in the body compute the same thing
// again from the same values and touch nothing (they run once more per leg), so both must be pure.
//
// Per-item loops: a for…of over an array whose body asks first and then only works on locals
//
//   for (const name of names) {
//     const keep = await ctx.mcpReq.elicitInput({ message: `Import ${name}?`, … });
//     if (keep.action === 'accept') imported.push(name);
//   }
//
// ask every item's question in ONE round (keys keep_0, keep_1, …: the same array gives the same
// keys on every retry), then run the loop on the answers. That is the original run only when the
// questions do not depend on each other (the params read the item and values the loop does not
// change) and nothing in the body can stop the loop or reach outside it (no calls with effects,
// no break, return or throw): then every question was asked in the original too, in that order.
// Anything less certain is reported as push-in-loop.
//
// The same for `await Promise.all(items.map(async (item) => { const r = await ask(…); … }))`: there
// every callback runs up to its question before any answer arrives, so all the questions went out
// together in the original too, whatever the callbacks do with their answers afterwards.
import { descendantsOfKinds, Node, SyntaxKind, type Block, type Expression, type Statement } from '../../ts-morph.js';
import type { PushSite } from '../../analysis/push-sites.js';
import { changesInPlace, isPureExpression, isPureStatement, valueNames } from '../../analysis/purity.js';

export interface LoopAsk {
  kind: 'reask';
  /** The loop statement: a statement of the block that becomes the step container. */
  statement: Statement;
  /** The loop body's statement that asks. */
  inner: Statement;
  body: Block;
}

/** A for…of whose per-item questions go out in one round. */
export interface LoopBatch {
  kind: 'batch';
  statement: Statement;
  inner: Statement;
  /** The array iterated over (checked to be an array by its type where the handler is migrated). */
  iterable: Expression;
  /** The loop variable as written (`name`, `{ id, title }`). */
  binding: string;
  /** Its node: the elements the rewritten code no longer reads are left out where they were bound. */
  pattern: Node;
  /** Promise.all(items.map(callback)): the callback, and its index parameter when it has one. */
  callback?: Node;
  indexParam?: string;
}

export type LoopProblem = { rule: 'push-in-loop'; message: string; suggestion: string };

const SUGGESTION = 'Carry the loop state (index, answers so far) in requestState and ask one question per round, or collect all inputs up front as tool arguments.';

/**
 * The re-ask loop around `site`, a problem saying why its loop cannot be resumed with certainty,
 * or undefined when the site is not in a loop of its handler.
 */
export function reaskLoop(site: PushSite, sites: PushSite[]): { loop: LoopAsk | LoopBatch } | { problem: LoopProblem } | undefined {
  if (site.nestedFunction && site.handler) {
    const mapped = mappedBatch(site, sites);
    if (mapped) return 'why' in mapped ? { problem: { rule: 'push-in-loop', message: `is made once per item inside ${mapped.where}, and ${mapped.why}`, suggestion: 'Ask first in the callback (const answer = await …) with params built from the item, then run the migration again.' } } : { loop: mapped.batch };
  }
  if (!site.inLoop || site.nestedFunction || !site.handler) return undefined;
  const fn = site.handler.fn;
  const problem = (message: string, suggestion = SUGGESTION) => ({ problem: { rule: 'push-in-loop' as const, message, suggestion } });

  const loops = site.node.getAncestors().filter((a) => fn.containsRange(a.getPos(), a.getEnd()) && a !== fn && Node.isIterationStatement(a));
  if (loops.length === 0) return undefined;
  const loop = loops[0];
  if (Node.isForOfStatement(loop) && loops.length === 1) {
    const batch = perItemBatch(site, sites, loop);
    if ('batch' in batch) return { loop: batch.batch };
    return problem(`is made once per item of a for…of loop, and ${batch.why}; only independent per-item questions (asked in one round) and re-ask loops are migrated automatically (one round per item would also stop at the state module's 8 rounds per call)`,
      'If the questions do not depend on each other, ask them all in one round (one inputRequests key per item) before the work; otherwise carry the index and the results so far in requestState and ask one item per round.');
  }
  if (Node.isForOfStatement(loop) || Node.isForInStatement(loop)) {
    return problem(`is made once per item of a ${Node.isForOfStatement(loop) ? 'for…of' : 'for…in'} loop; only a re-ask loop (while, do…while, for(;;)) around one question is resumed automatically`,
      'If the questions do not depend on each other, ask them all in one round (one inputRequests key per item); otherwise carry the index and the answers so far in requestState and ask one item per round.');
  }
  if (loops.length > 1) return problem('is made inside nested loops; only one loop around the question can be resumed automatically');
  const body = Node.isWhileStatement(loop) || Node.isDoStatement(loop) || Node.isForStatement(loop) ? loop.getStatement() : undefined;
  if (!body || !Node.isBlock(body)) return problem('is made inside a loop without a braced body', 'Add braces around the loop body, then run the migration again.');
  const inner = body.getStatements().find((st) => st.containsRange(site.node.getPos(), site.node.getEnd()));
  if (!inner || !asksDirectly(site.node, inner)) {
    return problem('is made inside a branch or block of the loop body; only a question at the top level of the loop body is resumed automatically',
      'Move the question to the top level of the loop body (ask unconditionally, then decide), then run the migration again.');
  }
  const others = sites.filter((s) => s !== site && loop.containsRange(s.node.getPos(), s.node.getEnd()));
  if (others.length > 0) return problem('shares its loop with another request; only a loop around one question is resumed automatically');
  const parent = loop.getParent();
  if (!parent || !Node.isBlock(parent)) return problem('is made inside a labelled loop or a loop that is not a statement of a block');

  // The loop head and the code before the question in the body run again when a retry re-enters the loop.
  if (Node.isForStatement(loop) && loop.getInitializer()) {
    return problem('is made inside a for loop with an initializer, which would start the loop over on every retry',
      'Declare the loop variable before the loop (let attempt = 0; for (; attempt < 3; attempt++)), then run the migration again.');
  }
  const head = Node.isWhileStatement(loop) || Node.isDoStatement(loop) ? loop.getExpression() : Node.isForStatement(loop) ? loop.getCondition() : undefined;
  if (!Node.isDoStatement(loop) && head && !isPureExpression(head)) {
    return problem('is made inside a loop whose condition has side effects; it would run again when a retry re-enters the loop',
      'Compute the condition into a variable inside the loop after the question, then run the migration again.');
  }
  const before = body.getStatements().slice(0, body.getStatements().indexOf(inner));
  if (!before.every((st) => isPureStatement(st))) {
    return problem('is made after code with side effects in the loop body, which would run again when a retry re-enters the loop',
      'Move that code after the question (or before the loop), then run the migration again.');
  }
  if (body.getDescendantsOfKind(SyntaxKind.LabeledStatement).length > 0 || Node.isLabeledStatement(parent)) {
    return problem('is made inside a loop with labelled statements');
  }
  return { loop: { kind: 'reask', statement: loop as Statement, inner, body } };
}

/** `node` is part of `statement` itself, not of a nested block, branch or function. */
function asksDirectly(node: Node, statement: Statement): boolean {
  for (let n: Node | undefined = node.getParent(); n && n !== statement; n = n.getParent()) {
    if (Node.isBlock(n) || Node.isFunctionLikeDeclaration(n) || Node.isIfStatement(n) || Node.isSwitchStatement(n) || Node.isIterationStatement(n)) return false;
  }
  return true;
}

/** The per-item batch shape (see the top of this file), or why the loop is not one. */
function perItemBatch(site: PushSite, sites: PushSite[], loop: import('ts-morph').ForOfStatement): { batch: LoopBatch } | { why: string } {
  if (loop.isAwaited()) return { why: 'it is a for await loop' };
  const body = loop.getStatement();
  const parent = loop.getParent();
  if (!Node.isBlock(body) || !parent || !Node.isBlock(parent)) return { why: 'the loop is not a braced statement of a block' };
  if (sites.some((s) => s !== site && loop.containsRange(s.node.getPos(), s.node.getEnd()))) return { why: 'the loop asks more than one question' };
  const list = loop.getInitializer();
  if (!Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== 'const' || list.getDeclarations().length !== 1) {
    return { why: 'the loop variable is not declared with const in the loop head' };
  }
  const binding = list.getDeclarations()[0].getNameNode();
  const bound = new Set(binding.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()));
  if (Node.isIdentifier(binding)) bound.add(binding.getText());
  const iterable = loop.getExpression();
  const root = arrayPathRoot(iterable);
  if (root === undefined) return { why: 'it iterates over an expression rather than a named array (or a property of a named value)' };
  const [inner, ...rest] = body.getStatements();
  const decl = inner && Node.isVariableStatement(inner) && inner.getDeclarations().length === 1 ? inner.getDeclarations()[0] : undefined;
  let init: Node | undefined = decl?.getInitializer();
  while (init && Node.isParenthesizedExpression(init)) init = init.getExpression();
  if (!decl || !Node.isIdentifier(decl.getNameNode()) || !init || !Node.isAwaitExpression(init) || !site.call ||
    !init.getExpression().containsRange(site.call.getPos(), site.call.getEnd()) || init.getExpression() !== site.call) {
    return { why: 'the question is not the first statement of the loop body (const answer = await …)' };
  }
  const built = questionInputs(site);
  if (site.kind === 'roots' || !built) return { why: 'the request params compute with calls' };
  // The questions are independent: their params read the item and values the loop leaves alone.
  const outside = built.flatMap((n) => valueNames(n)).filter((n) => !bound.has(n));
  const asked = (n: Node) => built.some((b) => b.containsRange(n.getPos(), n.getEnd()));
  const changed = outside.find((n) => (n === root && Node.isIdentifier(iterable)) || rest.some((st) => assignsName(st, n) || changesInPlace(st, n, asked)));
  if (changed) return { why: `its question reads ${changed}, which the loop changes` };
  // Through the path's root: `plan.searches.push(…)`, `plan = …` or `plan` handed on change the array too.
  if (changesInPlace(body, root, asked) || rest.some((st) => assignsName(st, root))) {
    return { why: `the loop changes ${root}` };
  }
  const locals = declaredBefore(loop, parent);
  const effect = rest.find((st) => !localOnly(st, locals));
  if (effect) {
    const line = effect.getText().split('\n')[0].trim();
    return { why: `after the question the loop body runs code with effects beyond its locals, or that can end the loop (${line.length > 60 ? `${line.slice(0, 60)}…` : line})` };
  }
  return { batch: { kind: 'batch', statement: loop, inner, iterable, binding: binding.getText(), pattern: binding } };
}

/**
 * What builds a per-item question, when all of it computes nothing: the params and options of a
 * direct question, or the arguments of a lifted helper's call (whose request builder is checked
 * where its calls are planned).
 */
function questionInputs(site: PushSite): Node[] | undefined {
  const inputs = site.helperArgs ?? (site.params ? [site.params, ...(site.options ? [site.options] : [])] : undefined);
  return inputs?.every((n) => isPureExpression(n)) ? inputs : undefined;
}

/**
 * The name an iterated array is read through: `items`, or `plan` for a property path
 * `plan.searches` (plain property accesses, no optional chaining, no calls), which reads the same
 * array on every leg as long as nothing changes `plan`. Undefined for any other expression.
 */
function arrayPathRoot(expression: Node): string | undefined {
  let node = expression;
  while (Node.isPropertyAccessExpression(node) && !node.hasQuestionDotToken() && Node.isIdentifier(node.getNameNode())) node = node.getExpression();
  return Node.isIdentifier(node) ? node.getText() : undefined;
}

/** Names declared by the statements of `block` before `statement`. */
function declaredBefore(statement: Statement, block: Block): Set<string> {
  const names = new Set<string>();
  for (const st of block.getStatements()) {
    if (st === statement) break;
    if (Node.isVariableStatement(st)) {
      for (const d of st.getDeclarations()) for (const id of [d.getNameNode(), ...d.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier)]) {
        if (Node.isIdentifier(id)) names.add(id.getText());
      }
    }
  }
  return names;
}

/**
 * Code that only computes and updates the handler's own locals, and always reaches the next item:
 * pure statements without return or throw, `continue`, `local.push(…)`, `local = …` / `local += …`
 * / `local++` with pure values, and ifs and blocks of those.
 */
function localOnly(statement: Node, locals: Set<string>): boolean {
  if (Node.isContinueStatement(statement) && !statement.getLabel()) return true;
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement) || Node.isBreakStatement(statement)) return false;
  if (Node.isBlock(statement)) return statement.getStatements().every((st) => localOnly(st, locals));
  if (Node.isIfStatement(statement)) {
    const otherwise = statement.getElseStatement();
    return isPureExpression(statement.getExpression()) && localOnly(statement.getThenStatement(), locals) && (!otherwise || localOnly(otherwise, locals));
  }
  if (Node.isVariableStatement(statement)) return isPureStatement(statement);
  if (Node.isExpressionStatement(statement)) {
    const expr = statement.getExpression();
    if (Node.isCallExpression(expr)) {
      const callee = expr.getExpression();
      return Node.isPropertyAccessExpression(callee) && callee.getName() === 'push' && Node.isIdentifier(callee.getExpression()) &&
        locals.has(callee.getExpression().getText()) && expr.getArguments().every((a) => isPureExpression(a));
    }
    if (Node.isBinaryExpression(expr)) {
      const kind = expr.getOperatorToken().getKind();
      return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment && Node.isIdentifier(expr.getLeft()) &&
        locals.has(expr.getLeft().getText()) && isPureExpression(expr.getRight());
    }
    if (Node.isPostfixUnaryExpression(expr) || Node.isPrefixUnaryExpression(expr)) {
      return Node.isIdentifier(expr.getOperand()) && locals.has(expr.getOperand().getText());
    }
  }
  return false;
}

function assignsName(statement: Node, name: string): boolean {
  return descendantsOfKinds(statement, [SyntaxKind.BinaryExpression, SyntaxKind.PrefixUnaryExpression, SyntaxKind.PostfixUnaryExpression]).some((d) => {
    if (Node.isBinaryExpression(d)) {
      const kind = d.getOperatorToken().getKind();
      return kind >= SyntaxKind.FirstAssignment && kind <= SyntaxKind.LastAssignment && d.getLeft().getText() === name;
    }
    return (Node.isPostfixUnaryExpression(d) || Node.isPrefixUnaryExpression(d)) && d.getOperand().getText() === name &&
      (d.getOperatorToken() === SyntaxKind.PlusPlusToken || d.getOperatorToken() === SyntaxKind.MinusMinusToken);
  });
}

/**
 * `await Promise.all(items.map(async (item) => { …pure…; const r = await ask(params); … }))` as a
 * statement of its own (`const x = await …` or `await …;`): the per-item batch, why it is not one,
 * or undefined when the question is in some other callback.
 */
function mappedBatch(site: PushSite, sites: PushSite[]): { batch: LoopBatch } | { why: string; where: string } | undefined {
  const fn = site.nestedFunction!;
  const map = fn.getParent();
  if (!(Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) || !map || !Node.isCallExpression(map) || map.getArguments()[0] !== fn) return undefined;
  const callee = map.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'map') return undefined;
  let outer: Node | undefined = map.getParent();
  if (!outer || !Node.isCallExpression(outer) || !/^Promise\s*\.\s*all$/.test(outer.getExpression().getText()) || outer.getArguments().length !== 1) return undefined;
  const where = `${callee.getExpression().getText()}.map(…) under Promise.all`;
  const fail = (why: string) => ({ why, where });
  outer = outer.getParent();
  while (outer && Node.isParenthesizedExpression(outer)) outer = outer.getParent();
  if (!outer || !Node.isAwaitExpression(outer)) return fail('the Promise.all is not awaited directly');
  let holder = outer.getParent();
  if (holder && Node.isVariableDeclaration(holder)) holder = holder.getParent()?.getParent();
  const statement = holder && (Node.isVariableStatement(holder) || Node.isExpressionStatement(holder)) ? holder : undefined;
  if (!statement || !Node.isBlock(statement.getParent()) || (Node.isVariableStatement(statement) && statement.getDeclarations().length !== 1)) {
    return fail('the awaited Promise.all is not a statement of its own (const results = await Promise.all(…))');
  }
  if (site.handler && statement.getFirstAncestor((a) => a === site.handler!.fn) === undefined) return undefined;
  // The callback belongs to the handler itself, not to a function inside it.
  const enclosing = statement.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  if (enclosing !== site.handler!.fn) return fail('the Promise.all is inside another function');
  // A callback that returns the request itself stays push-in-callback (its promise is the element).
  if (!fn.isAsync() || !Node.isBlock(fn.getBody())) return undefined;
  if (sites.some((s) => s !== site && fn.containsRange(s.node.getPos(), s.node.getEnd()))) return fail('the callback asks more than one question');
  const iterable = callee.getExpression();
  if (arrayPathRoot(iterable) === undefined) return fail('it maps over an expression rather than a named array (or a property of a named value)');
  const params = fn.getParameters();
  if (params.length === 0 || params.length > 2 || (params[1] && !Node.isIdentifier(params[1].getNameNode()))) return fail('the callback does not take (item) or (item, index)');
  const body = fn.getBody() as Block;
  const inner = body.getStatements().find((st) => st.containsRange(site.node.getPos(), site.node.getEnd()));
  if (!inner || !asksDirectly(site.node, inner) || !site.awaited || !site.call) return fail('the question is not awaited at the top level of the callback');
  const before = body.getStatements().slice(0, body.getStatements().indexOf(inner));
  if (!before.every((st) => isPureStatement(st)) || before.some((st) => st.getDescendantsOfKind(SyntaxKind.AwaitExpression).length > 0)) {
    return fail('the callback runs code with effects before its question');
  }
  const built = questionInputs(site);
  if (site.kind === 'roots' || !built) return fail('the request params compute with calls');
  const declaredInBody = new Set(before.flatMap((st) => st.getDescendantsOfKind(SyntaxKind.VariableDeclaration).flatMap((d) => d.getNameNode().getDescendantsOfKind(SyntaxKind.Identifier).map((i) => i.getText()).concat(Node.isIdentifier(d.getNameNode()) ? [d.getName()] : []))));
  const reads = built.flatMap((n) => valueNames(n)).filter((n) => declaredInBody.has(n));
  if (reads.length > 0) return fail(`its params read ${reads.join(', ')}, computed in the callback`);
  return {
    batch: {
      kind: 'batch', statement: statement as Statement, inner, iterable, binding: params[0].getNameNode().getText(), pattern: params[0].getNameNode(),
      callback: fn, indexParam: params[1]?.getName(),
    },
  };
}

/**
 * `{ title, body }` with only the elements `reads` names (`{ title }`), or undefined when it stays
 * as written: every element is read, or one cannot be left out with certainty (a rest element,
 * which would take it in; a nested pattern; a default value that computes; several elements on a
 * line of a pattern written over several lines). Leaving out an element that nothing reads changes
 * nothing but the unused binding, which noUnusedLocals / noUnusedParameters report.
 */
export function withoutUnreadElements(pattern: Node, reads: ReadonlySet<string>): string | undefined {
  if (!Node.isObjectBindingPattern(pattern)) return undefined;
  const elements = pattern.getElements();
  if (elements.some((e) => e.getDotDotDotToken())) return undefined;
  // A default value may read an element before it.
  const readAll = new Set([...reads, ...elements.flatMap((e) => e.getInitializer()?.getDescendantsOfKind(SyntaxKind.Identifier).map((id) => id.getText()) ?? [])]);
  const unread = elements.filter((e) => {
    const name = e.getNameNode();
    const init = e.getInitializer();
    return Node.isIdentifier(name) && !readAll.has(name.getText()) && (!init || isPureExpression(init));
  });
  if (unread.length === 0) return undefined;
  const kept = elements.filter((e) => !unread.includes(e));
  if (kept.length === 0) return '{}';
  const text = pattern.getText();
  if (!text.includes('\n')) return `{ ${kept.map((e) => e.getText()).join(', ')} }`;
  // Over several lines: each element left out takes its own line, which must hold nothing else.
  const full = pattern.getSourceFile().getFullText();
  const base = pattern.getStart();
  let out = text;
  for (const e of [...unread].reverse()) {
    const lineStart = full.lastIndexOf('\n', e.getStart() - 1) + 1;
    const lineEnd = full.indexOf('\n', e.getEnd());
    if (full.slice(lineStart, e.getStart()).trim() !== '' || lineEnd === -1 || !/^\s*,?\s*$/.test(full.slice(e.getEnd(), lineEnd))) return undefined;
    if (lineStart < base) return undefined;
    out = out.slice(0, lineStart - base) + out.slice(lineEnd + 1 - base);
  }
  return out;
}
