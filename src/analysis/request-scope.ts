// Whether code runs inside a client request at all: a timer, event, HTTP-route or notification
// callback runs outside any request, so a question there has no request to attach to; a closure
// over a handler's context parameter runs within that handler's request.
import { Node, SyntaxKind, type VariableDeclaration } from 'ts-morph';
import { resolveIdentifier } from './handlers.js';
import type { PushSite } from './push-sites.js';

const NON_REQUEST_CALLBACKS = /^(setInterval|setTimeout|setImmediate|queueMicrotask|on|once|addListener|addEventListener|get|post|put|patch|delete|all|use|route|listen|setNotificationHandler|fallbackNotificationHandler)$/;

/** Inside a timer, event, HTTP-route or notification callback, or an `oninitialized` hook. */
export function outsideAnyRequest(node: Node): boolean {
  for (let current: Node | undefined = node.getParent(); current; current = current.getParent()) {
    if (Node.isCallExpression(current)) {
      const callee = current.getExpression();
      const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
      if (NON_REQUEST_CALLBACKS.test(name) && current.getArguments().some((a) => a.containsRange(node.getPos(), node.getEnd()))) return true;
    }
    if (Node.isBinaryExpression(current) && /\.(oninitialized|onclose|onerror)$/.test(current.getLeft().getText())) return true;
  }
  return false;
}

/** Every reference to the function sits in a timer, event, route or notification callback. */
export function onlyCalledOutsideRequests(fn: Node, name: string): boolean {
  const nameNode = (fn as Node & { getNameNode?: () => Node | undefined }).getNameNode?.() ??
    (Node.isVariableDeclaration(fn.getParent()) ? (fn.getParent() as VariableDeclaration).getNameNode() : undefined);
  const refs = fn.getSourceFile().getDescendantsOfKind(SyntaxKind.Identifier).filter((id) => id.getText() === name && id !== nameNode);
  return refs.length > 0 && refs.every((ref) => outsideAnyRequest(ref));
}

/** `toolContext().elicit`: the function whose context parameter the push call's receiver is, and the property it builds. */
export function capturedContextOwner(site: PushSite): string | undefined {
  let root: Node | undefined = site.call?.getExpression();
  while (root && (Node.isPropertyAccessExpression(root) || Node.isCallExpression(root))) root = root.getExpression();
  if (!root || !Node.isIdentifier(root)) return undefined;
  const param = resolveIdentifier(root);
  if (!param || !Node.isParameterDeclaration(param)) return undefined;
  const owner = param.getParent();
  const takesContext = /^(ctx|context|extra)$/.test(param.getName()) || /ServerContext|RequestHandlerExtra/.test(param.getTypeNode()?.getText() ?? '');
  if (!takesContext || !Node.isFunctionDeclaration(owner) || !owner.getName()) return undefined;
  const inner = site.node.getFirstAncestor((a) => Node.isArrowFunction(a) || Node.isFunctionExpression(a) || Node.isMethodDeclaration(a));
  const holder = inner && (Node.isMethodDeclaration(inner) ? inner : inner.getParent());
  const prop = holder && (Node.isPropertyAssignment(holder) || Node.isMethodDeclaration(holder)) && owner.containsRange(holder.getPos(), holder.getEnd()) ? holder.getName() : undefined;
  return prop ? `${owner.getName()}().${prop}` : owner.getName();
}

