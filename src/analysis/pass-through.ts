// Whether a function that calls a handler it was given hands the handler's result back unchanged:
// it passes its own arguments and context through, calls the handler once (not in a loop or a
// nested function), returns the value (directly or from a const), and runs nothing around the
// call but pure code, timing and logging (catch blocks, which only run on errors, excepted).
import { Node, SyntaxKind, type CallExpression } from '../ts-morph.js';
import { isPureExpression, isPureStatement } from './purity.js';
import { isFunctionLike, type FunctionNode } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';

/** Why a function that calls `handler` does not hand its result back unchanged; undefined when it does. */
export function passThroughProblem(fn: FunctionNode, handler: string, owner: Node): string | undefined {
  const uses = identifierUses(owner, handler);
  const calls = callsOf(fn, handler);
  if (calls.length !== 1 || uses.length !== 1) return 'calls or uses the handler more than once';
  const call = calls[0];
  const params = fn.getParameters();
  if (!params.every((p) => Node.isIdentifier(p.getNameNode()) && !p.getDotDotDotToken())) return 'does not pass its arguments and context through by name';
  // `handler(args, ctx)` or `handler.call(this, args, ctx)`: the same parameters, in order.
  const callee = call.getExpression();
  const passed = (Node.isPropertyAccessExpression(callee) && callee.getName() === 'call' ? call.getArguments().slice(1) : call.getArguments())
    .map((a) => unwrapExpression(a).getText());
  if (passed.length !== params.length || passed.some((p, i) => p !== params[i].getName())) return 'does not pass its arguments and context through unchanged';
  for (let node: Node | undefined = call.getParent(); node && node !== fn; node = node.getParent()) {
    if (isFunctionLike(node)) return 'calls the handler from a nested function';
    if (Node.isIterationStatement(node)) return 'calls the handler in a loop';
  }
  const around = aroundProblem(fn, call);
  if (around) return around;
  // The value: returned directly, or held in a const that is only returned.
  let value: Node = call;
  while (value.getParent() && (Node.isAwaitExpression(value.getParent()!) || Node.isParenthesizedExpression(value.getParent()!) ||
    Node.isAsExpression(value.getParent()!))) value = value.getParent()!;
  const holder = value.getParent();
  if (holder && Node.isReturnStatement(holder)) return undefined;
  if (Node.isArrowFunction(fn) && holder === fn) return undefined;
  if (holder && Node.isVariableDeclaration(holder) && Node.isIdentifier(holder.getNameNode()) && !holder.getTypeNode() &&
    holder.getParent()?.getText().startsWith('const')) {
    const name = holder.getName();
    const refs = identifierUses(fn, name).filter((id) => id !== holder.getNameNode());
    const onlyReturned = refs.length > 0 && refs.every((id) => {
      let up: Node = id;
      while (up.getParent() && Node.isParenthesizedExpression(up.getParent()!)) up = up.getParent()!;
      return Node.isReturnStatement(up.getParent());
    });
    return onlyReturned ? undefined : `does something with the handler's result (${name}) besides returning it`;
  }
  return "does something with the handler's result besides returning it";
}

/** Logging and timing may run around the handler on every round; other work would run again on each retry. */
const LOGGING = /^(console|log|logger|this\.log|this\.logger)\.\w+$/;
const TIMING = /^(Date\.now|performance\.now)\(\)$/;

/**
 * Why the code the wrapper runs around the handler call (outside catch blocks, which only run on
 * errors) cannot run once per round; undefined when it is only pure code, timing and logging.
 */
function aroundProblem(fn: FunctionNode, call: CallExpression): string | undefined {
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) return undefined;
  const check = (statement: Node): string | undefined => {
    const holdsCall = statement.containsRange(call.getPos(), call.getEnd());
    if (holdsCall && (Node.isVariableStatement(statement) || Node.isExpressionStatement(statement))) return undefined;
    if (Node.isReturnStatement(statement)) return undefined;
    if (Node.isBlock(statement)) return first(statement.getStatements(), check);
    if (Node.isTryStatement(statement)) return first([statement.getTryBlock(), ...(statement.getFinallyBlock() ? [statement.getFinallyBlock()!] : [])], check);
    if (Node.isIfStatement(statement) && isPureExpression(statement.getExpression())) {
      return first([statement.getThenStatement(), ...(statement.getElseStatement() ? [statement.getElseStatement()!] : [])], check);
    }
    if (isPureStatement(statement as import('ts-morph').Statement)) return undefined;
    if (Node.isVariableStatement(statement) && statement.getDeclarations().every((d) => TIMING.test(d.getInitializer()?.getText() ?? ''))) return undefined;
    if (Node.isExpressionStatement(statement)) {
      const e = unwrapExpression(statement.getExpression());
      if (Node.isCallExpression(e) && LOGGING.test(e.getExpression().getText())) return undefined;
    }
    const text = statement.getText().replace(/\s+/g, ' ');
    return `runs \`${text.length > 60 ? `${text.slice(0, 57)}...` : text}\` around the handler, which would run again on every round of the call`;
  };
  return first(body.getStatements(), check);
}

function first<T>(items: T[], f: (item: T) => string | undefined): string | undefined {
  for (const item of items) {
    const found = f(item);
    if (found) return found;
  }
  return undefined;
}

/** `name(…)` and `name.call(…)` calls inside `fn`. */
export function callsOf(fn: Node, name: string): CallExpression[] {
  return fn.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    const callee = unwrapExpression(c.getExpression());
    if (Node.isIdentifier(callee)) return callee.getText() === name;
    return Node.isPropertyAccessExpression(callee) && callee.getName() === 'call' && unwrapExpression(callee.getExpression()).getText() === name;
  });
}

/** Identifiers named `name` inside `scope` that are not property names. */
export function identifierUses(scope: Node, name: string): Node[] {
  return scope.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => {
    if (id.getText() !== name) return false;
    const parent = id.getParent();
    if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === id) return false;
    if (parent && Node.isParameterDeclaration(parent) && parent.getNameNode() === id) return false;
    return true;
  });
}
