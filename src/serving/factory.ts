// The factory serveStdio gets. serveStdio calls it once per connection, and a stdio process has one
// connection, so the server the code already builds is the one to serve: `() => server`, with every
// line that builds and sets it up left where it is. When the server comes from a call used for
// nothing else (`const server = createServer()`), the call itself is the factory and its variable
// goes: each call builds a fresh server.
//
// Measured on 2.4.0 (test/serve-2026.test.ts): serveStdio calls the factory a second time only when
// a client probes with server/discover and then opens with initialize anyway; a reused instance
// then answers that initialize with -32601, a fresh one serves it. Clients that follow the
// revision's negotiation never do that (the probe answer names the revision they asked for).
import { Node, type Identifier, type SourceFile } from '../ts-morph.js';
import { resolveIdentifier } from '../ast/resolve.js';
import { unwrapExpression } from '../ast/unwrap.js';
import { removalRange, type Range } from '../ast/removal.js';
import type { TextEdit } from '../types.js';
import { referencesTo, within } from './common.js';
import { isExported } from '../ast/exports.js';

export interface FactoryPlan {
  /** The factory expression to hand to serveStdio. */
  expression: string;
  edits: TextEdit[];
  /** Ranges of code that disappears (for import bookkeeping). */
  removed: Range[];
}

/**
 * The factory for the server `serverExpr` (an identifier, a `this.server`-like property chain, or a
 * call) connected in `consumer` (the range the caller replaces).
 */
export function stdioFactory(sourceFile: SourceFile, text: string, serverExpr: Node, consumer: Range): FactoryPlan | { reason: string } {
  if (Node.isIdentifier(serverExpr)) {
    const fresh = freshFactory(sourceFile, text, serverExpr, consumer);
    if (fresh) return fresh;
  } else if (Node.isCallExpression(serverExpr)) {
    // `createServer().connect(transport)`: the call is the factory.
    return { expression: `() => ${serverExpr.getText()}`, edits: [], removed: [] };
  } else if (!isPropertyChain(serverExpr)) {
    return { reason: `the server is reached through ${serverExpr.getText()}, which is not a variable, a property or a call` };
  }
  return { expression: `() => ${serverExpr.getText()}`, edits: [], removed: [] };
}

/** `const server = createServer(...)` (awaited or not) whose only use is this connect: `() => createServer(...)`. */
function freshFactory(sourceFile: SourceFile, text: string, serverId: Identifier, consumer: Range): FactoryPlan | undefined {
  const decl = resolveIdentifier(serverId);
  if (!decl || !Node.isVariableDeclaration(decl) || !Node.isIdentifier(decl.getNameNode())) return undefined;
  const statement = decl.getVariableStatement();
  const init = decl.getInitializer();
  if (!statement || !init || statement.getDeclarations().length !== 1 || isExported(statement)) return undefined;
  const unwrapped = unwrapExpression(init);
  const value = Node.isAwaitExpression(unwrapped) ? unwrapExpression(unwrapped.getExpression()) : unwrapped;
  if (!Node.isCallExpression(value)) return undefined;
  const others = referencesTo(sourceFile, decl.getName(), decl).filter((r) => !within(r, consumer));
  if (others.length > 0) return undefined;
  const lines = removalRange(text, statement, { collapseBlank: true });
  return { expression: `() => ${value.getText()}`, edits: [{ ...lines, text: '' }], removed: [lines] };
}

function isPropertyChain(node: Node): boolean {
  let e = unwrapExpression(node);
  while (Node.isPropertyAccessExpression(e)) e = unwrapExpression(e.getExpression());
  return Node.isThisExpression(e) || Node.isIdentifier(e);
}
