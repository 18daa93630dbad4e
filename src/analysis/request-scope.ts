// Whether code runs inside a client request at all: a timer, event, HTTP-route or notification
// callback runs outside any request, so a question there has no request to attach to.
import { Node } from '../ts-morph.js';

const NON_REQUEST_CALLBACKS = /^(setInterval|setTimeout|setImmediate|queueMicrotask|on|once|addListener|addEventListener|get|post|put|patch|delete|all|use|route|listen|setNotificationHandler|fallbackNotificationHandler)$/;

/**
 * A call whose function arguments run outside the request: a timer, a listener, a route, a
 * notification handler. `Promise.all(…)` is not a route (`app.all(path, …)`): what it awaits runs
 * in the request that awaits it.
 */
function outsideRequestCall(call: import('ts-morph').CallExpression): boolean {
  const callee = call.getExpression();
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
  if (!NON_REQUEST_CALLBACKS.test(name)) return false;
  return !(name === 'all' && Node.isPropertyAccessExpression(callee) && callee.getExpression().getText() === 'Promise');
}

/** Inside a timer, event, HTTP-route or notification callback, or an `oninitialized` hook. */
export function outsideAnyRequest(node: Node): boolean {
  for (let current: Node | undefined = node.getParent(); current; current = current.getParent()) {
    if (Node.isCallExpression(current)) {
      if (outsideRequestCall(current) && current.getArguments().some((a) => a.containsRange(node.getPos(), node.getEnd()))) return true;
    }
    if (Node.isBinaryExpression(current) && /\.(oninitialized|onclose|onerror)$/.test(current.getLeft().getText())) return true;
  }
  return false;
}

/**
 * Why `value` (a function, or a function reference) runs outside any request, when it is given
 * to a timer, an event emitter, an HTTP route, a notification handler or a session hook.
 */
export function outsideCallback(value: Node): string | undefined {
  let node = value;
  while (node.getParent() && (Node.isParenthesizedExpression(node.getParent()!) || Node.isAsExpression(node.getParent()!))) node = node.getParent()!;
  const parent = node.getParent();
  if (parent && Node.isBinaryExpression(parent) && parent.getRight() === node) {
    const hook = /\.(oninitialized|onclose|onerror)$/.exec(parent.getLeft().getText());
    return hook ? `the ${hook[1]} hook (${hook[1] === 'oninitialized' ? 'after the initialize handshake' : 'when the session ends'})` : undefined;
  }
  if (!parent || !Node.isCallExpression(parent) || parent.getExpression() === node || !parent.getArguments().includes(node as never)) return undefined;
  const callee = parent.getExpression();
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
  if (!outsideRequestCall(parent)) return undefined;
  const first = parent.getArguments()[0];
  const what = `${callee.getText().replace(/\s+/g, '')}(${first && first !== node ? `${first.getText().replace(/\s+/g, ' ').slice(0, 60)}, ` : ''}…)`;
  if (/^(setInterval|setTimeout|setImmediate|queueMicrotask)$/.test(name)) return `a timer, ${what}`;
  if (/^(on|once|addListener|addEventListener)$/.test(name)) return `an event listener, ${what}`;
  if (/^(setNotificationHandler|fallbackNotificationHandler)$/.test(name)) return `a notification handler, ${what}`;
  if (name === 'listen') return `the callback of ${what}, at start-up`;
  return `an HTTP route, ${what}`;
}
