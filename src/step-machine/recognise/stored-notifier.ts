// A URL-mode completion notifier that a handler stores for later, so that other code (typically
// an OAuth callback route) can call it once the out-of-band step is done:
//
//   const notify = server.server.createElicitationCompletionNotifier(loginId);
//   pendingLogins.set(loginId, { provider, onComplete: notify });
//
// 2026-07-28 has no completion notification (the client retries the request by itself), and the
// SDK's notifier throws when served on it. The creation becomes a no-op notifier of the same type
// (`() => Promise<void>`): the stored value and its later calls keep compiling and do nothing.
// This is certain only when the value stays in this file's own collections; handed to a function
// (imported or not), what that function does with it is not known, so it is reported instead.
import { outermostWrapper } from '../../ast/unwrap.js';
import { Node, SyntaxKind, type CallExpression, type Identifier } from '../../ts-morph.js';
import { resolveIdentifier } from '../../ast/resolve.js';
import { unwrapExpression } from '../../ast/unwrap.js';
import { isPureExpression } from '../../analysis/purity.js';
import type { TextEdit } from '../../types.js';

/** What `createElicitationCompletionNotifier(id)` becomes: the type the SDK declares for it. */
export const NO_OP_NOTIFIER = 'async () => {}';

export interface StoredNotifier {
  /** Replaces the creation call. */
  edit: TextEdit;
  /** Calls elsewhere in the file that may reach the stored notifier (`pending.onComplete()`). */
  laterCalls: CallExpression[];
  /** The file's collections it is added to, by name (`pendingFlows` of `pendingFlows.set(id, notify)`). */
  collections: Map<string, Node>;
  /** The calls that add it (`pendingFlows.set(id, notify)`). */
  stores: Node[];
}

export type StoredNotifierCheck = StoredNotifier | { problem: string };

const COLLECTION_ADDS = new Set(['set', 'push', 'unshift', 'add']);
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap']);

export function storedNotifier(call: CallExpression, handlerFn: Node): StoredNotifierCheck {
  // The id argument is dropped with the call: it must not do anything.
  if (!call.getArguments().every((a) => isPureExpression(a))) return { problem: 'its arguments have side effects' };
  const storedUnder = new Set<string>();
  const collections = new Map<string, Node>();
  const stores: Node[] = [];
  const outer = outermostWrapper(call);
  const declaration = outer.getParent();
  if (declaration && Node.isVariableDeclaration(declaration) && declaration.getInitializer() === outer) {
    const nameNode = declaration.getNameNode();
    const list = declaration.getParent();
    if (!Node.isIdentifier(nameNode) || !Node.isVariableDeclarationList(list) || list.getDeclarationKind() !== 'const') {
      return { problem: 'it is not kept in a const of its own' };
    }
    const refs = handlerFn.getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id !== nameNode && id.getText() === nameNode.getText() && resolveIdentifier(id) === declaration);
    if (refs.length === 0) return { problem: 'it is never used' };
    for (const ref of refs) {
      if (calledInHandler(ref, handlerFn)) continue;
      const use = ref.getParent();
      if (use && Node.isCallExpression(use) && use.getExpression() === ref) {
        return { problem: 'it is called from a nested function (a timer or a callback) of the handler, whose finishing step should become a check on the retry' };
      }
      const problem = storedLocally(ref, storedUnder, collections, stores);
      if (problem) return { problem };
    }
  } else {
    const problem = storedLocally(call, storedUnder, collections, stores);
    if (problem) return { problem };
  }
  const laterCalls = call.getSourceFile().getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => {
    if (handlerFn.containsRange(c.getPos(), c.getEnd())) return false;
    const callee = unwrapExpression(c.getExpression());
    if (Node.isPropertyAccessExpression(callee) && storedUnder.has(callee.getName())) return true;
    // `pending.get(id)?.()`
    return Node.isCallExpression(callee) && Node.isPropertyAccessExpression(callee.getExpression()) &&
      (callee.getExpression() as import('ts-morph').PropertyAccessExpression).getName() === 'get' &&
      collections.has(unwrapExpression((callee.getExpression() as import('ts-morph').PropertyAccessExpression).getExpression()).getText());
  });
  return { edit: { start: call.getStart(), end: call.getEnd(), text: NO_OP_NOTIFIER }, laterCalls, collections, stores };
}

/**
 * Why `finallyBlock` may not run at the end of every leg; undefined when it only forgets the
 * notifiers of `stored`: each of its statements deletes an entry (`pendingFlows.delete(id)`) from
 * a collection one of them is added to, and nothing in the file uses those collections but to add
 * them, to delete entries, or to call what an entry holds (`pendingFlows.get(id)?.()`), which is the
 * no-op now. Run at the end of every leg, such a finally forgets the no-op when the first leg
 * returns instead of when the call ends: no one can tell. '' when it does something else.
 */
export function finallyPerLegProblem(finallyBlock: Node, stored: readonly StoredNotifier[]): string | undefined {
  const collections = new Map(stored.flatMap((s) => [...s.collections]));
  const stores = new Set(stored.flatMap((s) => s.stores));
  const statements = Node.isBlock(finallyBlock) ? finallyBlock.getStatements() : [];
  if (collections.size === 0 || statements.length === 0) return '';
  const receiverOf = (call: Node, method: string) => {
    if (!Node.isCallExpression(call)) return undefined;
    const callee = unwrapExpression(call.getExpression());
    return Node.isPropertyAccessExpression(callee) && callee.getName() === method ? unwrapExpression(callee.getExpression()) : undefined;
  };
  const deletes = (node: Node) => {
    const receiver = receiverOf(node, 'delete');
    return receiver !== undefined && Node.isIdentifier(receiver) && collections.get(receiver.getText()) === resolveIdentifier(receiver) &&
      (node as CallExpression).getArguments().every((a) => isPureExpression(a));
  };
  if (!statements.every((st) => Node.isExpressionStatement(st) && deletes(unwrapExpression(st.getExpression())))) return '';
  for (const [name, declaration] of collections) {
    for (const id of finallyBlock.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (id.getText() !== name || id.getParent() === declaration || resolveIdentifier(id) !== declaration) continue;
      const call = outermostWrapper(id).getParent()?.getParent();
      const gets = call !== undefined && receiverOf(call, 'get') === id;
      // What `get` gives is only called: `pendingFlows.get(id)?.()`.
      const use = gets ? outermostWrapper(call).getParent() : undefined;
      const calledValue = use !== undefined && Node.isCallExpression(use) && unwrapExpression(use.getExpression()) === call;
      if (call && (receiverOf(call, 'delete') === id || stores.has(call) || calledValue)) continue;
      const shown = (outermostWrapper(id).getParent() ?? id).getText();
      return `it deletes an entry of ${name}, which this file also uses otherwise (\`${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}\`), ` +
        'where an entry deleted when the first leg returns instead of when the call ends could be seen';
    }
  }
  return undefined;
}

/** `notify();` / `await notify();` at the handler's own level: calling a no-op does nothing. */
function calledInHandler(ref: Identifier, handlerFn: Node): boolean {
  const use = ref.getParent();
  if (!use || !Node.isCallExpression(use) || use.getExpression() !== ref) return false;
  const owner = ref.getFirstAncestor((a) => Node.isFunctionLikeDeclaration(a));
  return owner === handlerFn;
}

/**
 * The value ends in a collection or object declared as a const in this file, possibly inside
 * object or array literals on the way (`map.set(id, { onComplete: notify })`, `list.push(notify)`,
 * `registry.current = notify`). Why not, otherwise.
 */
function storedLocally(value: Node, storedUnder: Set<string>, collections: Map<string, Node>, stores: Node[]): string | undefined {
  let node: Node = outermostWrapper(value);
  for (;;) {
    const parent = node.getParent();
    if (parent && Node.isPropertyAssignment(parent) && parent.getInitializer() === node) {
      storedUnder.add(parent.getName());
      node = outermostWrapper(parent.getParentOrThrow());
    } else if (parent && Node.isShorthandPropertyAssignment(parent)) {
      storedUnder.add(parent.getName());
      node = outermostWrapper(parent.getParentOrThrow());
    } else if (parent && Node.isArrayLiteralExpression(parent)) {
      node = outermostWrapper(parent);
    } else {
      break;
    }
  }
  const parent = node.getParent();
  if (parent && Node.isCallExpression(parent) && parent.getArguments().includes(node as never)) {
    const callee = unwrapExpression(parent.getExpression());
    if (Node.isPropertyAccessExpression(callee) && COLLECTION_ADDS.has(callee.getName())) {
      const receiver = unwrapExpression(callee.getExpression());
      if (Node.isIdentifier(receiver) && isLocalCollection(receiver)) {
        collections.set(receiver.getText(), resolveIdentifier(receiver)!);
        stores.push(parent);
        return undefined;
      }
    }
    return `it is passed to ${callee.getText().slice(0, 40)}(…), whose use of it cannot be seen with certainty`;
  }
  if (parent && Node.isBinaryExpression(parent) && parent.getOperatorToken().getKind() === SyntaxKind.EqualsToken && parent.getRight() === node) {
    const target = parent.getLeft();
    if (Node.isPropertyAccessExpression(target)) {
      const root = rootIdentifier(target);
      if (root && isLocalConst(root)) {
        storedUnder.add(target.getName());
        return undefined;
      }
    }
  }
  return 'it is stored or passed on in a way that cannot be followed with certainty';
}

function isLocalCollection(id: Identifier): boolean {
  const decl = resolveIdentifier(id);
  if (!decl || !isLocalConst(id)) return false;
  const init = Node.isVariableDeclaration(decl) ? decl.getInitializer() : undefined;
  if (!init) return false;
  const made = unwrapExpression(init);
  return Node.isArrayLiteralExpression(made) || (Node.isNewExpression(made) && COLLECTIONS.has(made.getExpression().getText()));
}

/** Declared in this file by a const (not a parameter, not an import). */
function isLocalConst(id: Identifier): boolean {
  const decl = resolveIdentifier(id);
  if (!decl || !Node.isVariableDeclaration(decl)) return false;
  const list = decl.getParent();
  return Node.isVariableDeclarationList(list) && list.getDeclarationKind() === 'const';
}

function rootIdentifier(node: Node): Identifier | undefined {
  let current = node;
  while (Node.isPropertyAccessExpression(current) || Node.isElementAccessExpression(current)) current = current.getExpression();
  return Node.isIdentifier(current) ? current : undefined;
}

