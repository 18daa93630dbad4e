// `await Promise.race([question, timer])` loses the race under 2026-07-28: nothing waits for the
// client any more, so the other members are dropped with it. That is only right for members whose
// evaluation does nothing but start a timer that settles the member itself (a timeout); a member
// that records, counts or sends something (`watchdog(id)` pushing to a list) keeps its question as
// it was.
import { Node, type ArrowFunction, type CallExpression, type FunctionExpression } from '../../ts-morph.js';
import { resolveFunction } from '../../ast/resolve.js';
import { unwrapExpression } from '../../ast/unwrap.js';
import { importBindings } from '../../ast/compiler-nodes.js';
import { evaluatesWithoutEffects } from '../../analysis/purity.js';

/** Whether the rewrite may drop `member` of a race around a question. */
export function droppableRaceMember(member: Node, depth = 0): boolean {
  const e = unwrapExpression(member);
  if (evaluatesWithoutEffects(e)) return true;
  if (depth > 3) return false;
  // new Promise((resolve, reject) => setTimeout(() => resolve(value), ms))
  if (Node.isNewExpression(e) && e.getExpression().getText() === 'Promise') {
    const [executor] = e.getArguments() ?? [];
    return executor !== undefined && timerExecutor(executor);
  }
  if (!Node.isCallExpression(e) || !e.getArguments().every(evaluatesWithoutEffects)) return false;
  // setTimeout(ms, value) of node:timers/promises, or a function of this file that only makes a timer.
  if (timersPromise(e)) return true;
  const fn = resolveFunction(e.getExpression());
  const body = fn?.getBody();
  if (!fn || !body) return false;
  if (!Node.isBlock(body)) return droppableRaceMember(body, depth + 1);
  const statements = body.getStatements();
  const last = statements[statements.length - 1];
  if (!last || !Node.isReturnStatement(last) || !last.getExpression()) return false;
  // `await wait(ms); return { action: 'cancel' }`: timers awaited, then a value.
  const awaited = statements.slice(0, -1).every((st) => {
    const expr = Node.isExpressionStatement(st) ? unwrapExpression(st.getExpression()) : undefined;
    return expr !== undefined && Node.isAwaitExpression(expr) && droppableRaceMember(expr.getExpression(), depth + 1);
  });
  return awaited && (statements.length > 1 ? evaluatesWithoutEffects(last.getExpression()!) : droppableRaceMember(last.getExpression()!, depth + 1));
}

/** `(resolve, reject) => setTimeout(() => resolve(value), ms)` (also `.unref()`, `setTimeout(resolve, ms)`). */
function timerExecutor(executor: Node): boolean {
  const fn = unwrapExpression(executor);
  if (!Node.isArrowFunction(fn) && !Node.isFunctionExpression(fn)) return false;
  const settlers = new Set(fn.getParameters().map((p) => p.getName()));
  const expressions = bodyExpressions(fn);
  return expressions !== undefined && expressions.length > 0 && expressions.every((expr) => timerCall(expr, settlers));
}

function timerCall(expr: Node, settlers: ReadonlySet<string>): boolean {
  let call = expr;
  // setTimeout(…).unref()
  const callee = Node.isCallExpression(call) ? call.getExpression() : undefined;
  if (callee && Node.isPropertyAccessExpression(callee) && callee.getName() === 'unref') call = callee.getExpression();
  if (!Node.isCallExpression(call) || call.getExpression().getText() !== 'setTimeout') return false;
  const [callback, ...rest] = call.getArguments();
  return callback !== undefined && settles(callback, settlers) && rest.every(evaluatesWithoutEffects);
}

/** `resolve`, or a function that only calls resolve / reject with values. */
function settles(callback: Node, settlers: ReadonlySet<string>): boolean {
  const cb = unwrapExpression(callback);
  if (Node.isIdentifier(cb)) return settlers.has(cb.getText());
  if (!Node.isArrowFunction(cb) && !Node.isFunctionExpression(cb)) return false;
  return bodyExpressions(cb)?.every((call) => Node.isCallExpression(call) && settlers.has(call.getExpression().getText()) && call.getArguments().every(evaluatesWithoutEffects)) ?? false;
}

/** What a function's body evaluates, unwrapped: its expression, or its statements when each is an expression; else undefined. */
function bodyExpressions(fn: ArrowFunction | FunctionExpression): Node[] | undefined {
  const body = fn.getBody();
  if (!Node.isBlock(body)) return [unwrapExpression(body)];
  const expressions: Node[] = [];
  for (const statement of body.getStatements()) {
    if (!Node.isExpressionStatement(statement)) return undefined;
    expressions.push(unwrapExpression(statement.getExpression()));
  }
  return expressions;
}

/** `setTimeout(ms, value)` imported from node:timers/promises. */
function timersPromise(call: CallExpression): boolean {
  const callee = call.getExpression();
  if (!Node.isIdentifier(callee)) return false;
  const binding = importBindings(callee.getSourceFile().compilerNode).get(callee.getText());
  return binding !== undefined && binding.imported === 'setTimeout' && /^(?:node:)?timers\/promises$/.test(binding.module);
}
