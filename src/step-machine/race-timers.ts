// `await Promise.race([question, timer])` loses the race under 2026-07-28: nothing waits for the
// client any more, so the other members are dropped with it. That is only right for members whose
// evaluation does nothing but start a timer that settles the member itself (a timeout); a member
// that records, counts or sends something (`watchdog(id)` pushing to a list) keeps its question as
// it was.
import { Node, type CallExpression } from '../ts-morph.js';
import { resolveFunction, unwrapExpression } from '../analysis/handlers.js';
import { evaluatesWithoutEffects } from './purity.js';

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
  const body = fn.getBody();
  const expressions = Node.isBlock(body)
    ? body.getStatements().map((st) => (Node.isExpressionStatement(st) ? st.getExpression() : undefined))
    : [body];
  return expressions.length > 0 && expressions.every((expr) => expr !== undefined && timerCall(unwrapExpression(expr), settlers));
}

function timerCall(expr: Node, settlers: ReadonlySet<string>): boolean {
  let call = expr;
  // setTimeout(…).unref()
  if (Node.isCallExpression(call) && Node.isPropertyAccessExpression(call.getExpression()) && (call.getExpression() as import('ts-morph').PropertyAccessExpression).getName() === 'unref') {
    call = (call.getExpression() as import('ts-morph').PropertyAccessExpression).getExpression();
  }
  if (!Node.isCallExpression(call) || call.getExpression().getText() !== 'setTimeout') return false;
  const [callback, ...rest] = call.getArguments();
  return callback !== undefined && settles(callback, settlers) && rest.every(evaluatesWithoutEffects);
}

/** `resolve`, or a function that only calls resolve / reject with values. */
function settles(callback: Node, settlers: ReadonlySet<string>): boolean {
  const cb = unwrapExpression(callback);
  if (Node.isIdentifier(cb)) return settlers.has(cb.getText());
  if (!Node.isArrowFunction(cb) && !Node.isFunctionExpression(cb)) return false;
  const body = cb.getBody();
  const expressions = Node.isBlock(body)
    ? body.getStatements().map((st) => (Node.isExpressionStatement(st) ? st.getExpression() : undefined))
    : [body];
  return expressions.every((expr) => {
    const call = expr && unwrapExpression(expr);
    return call !== undefined && Node.isCallExpression(call) && settlers.has(call.getExpression().getText()) && call.getArguments().every(evaluatesWithoutEffects);
  });
}

/** `setTimeout(ms, value)` imported from node:timers/promises. */
function timersPromise(call: CallExpression): boolean {
  const callee = call.getExpression();
  if (!Node.isIdentifier(callee)) return false;
  const name = callee.getText();
  return callee.getSourceFile().getImportDeclarations().some((d) => /^(?:node:)?timers\/promises$/.test(d.getModuleSpecifierValue()) &&
    d.getNamedImports().some((n) => n.getName() === 'setTimeout' && (n.getAliasNode() ?? n.getNameNode()).getText() === name));
}
