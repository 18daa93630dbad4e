// Whether control can run past a piece of code: every path through it ends in `return` or `throw`.
import { Node } from '../ts-morph.js';

export interface ExitOptions {
  /**
   * Count a `try` with a `finally` as not exiting. For code that will be moved into another
   * function (a helper's outcome), where the `finally` would run at a different time.
   */
  refuseFinally?: boolean;
}

/** Every path through `code` (a statement, or a list of statements run in order) ends in return or throw. */
export function alwaysExits(code: Node | readonly Node[], options: ExitOptions = {}): boolean {
  if (Array.isArray(code)) return code.some((statement) => alwaysExits(statement, options));
  const statement = code as Node;
  if (Node.isReturnStatement(statement) || Node.isThrowStatement(statement)) return true;
  if (Node.isBlock(statement)) return alwaysExits(statement.getStatements(), options);
  if (Node.isIfStatement(statement)) {
    const otherwise = statement.getElseStatement();
    return otherwise !== undefined && alwaysExits(statement.getThenStatement(), options) && alwaysExits(otherwise, options);
  }
  if (Node.isTryStatement(statement)) {
    if (options.refuseFinally && statement.getFinallyBlock()) return false;
    const handler = statement.getCatchClause();
    return alwaysExits(statement.getTryBlock(), options) && (!handler || alwaysExits(handler.getBlock(), options));
  }
  return false;
}
