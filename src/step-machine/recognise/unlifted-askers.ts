// Functions of a file that still ask the client mid-request after the migration: they hold a push
// call (or call such a function) and are not lifted into companions. A handler that calls one of
// them cannot be migrated around that call — it would return inputRequired on one path and still
// ask the old way on another — so it is left whole (never half-migrate).
import { Node, SyntaxKind, type CallExpression, type SourceFile } from '../../ts-morph.js';
import { calleeFunction } from '../../analysis/handler-routes.js';
import type { PushSite } from '../../analysis/push-sites.js';

type Named = { name: string; fn: Node; method: boolean };

/** Named functions, `const f = () => …` and methods of the file, by the node that has the body. */
function namedFunctions(sourceFile: SourceFile): Named[] {
  const out: Named[] = [];
  // Only function-like nodes are wrapped (wrapping every node is slow on large files), in document order.
  const candidates = [SyntaxKind.FunctionDeclaration, SyntaxKind.MethodDeclaration, SyntaxKind.ArrowFunction, SyntaxKind.FunctionExpression]
    .flatMap((kind) => sourceFile.getDescendantsOfKind(kind) as Node[])
    .sort((a, b) => a.getStart() - b.getStart());
  for (const fn of candidates) {
    if (Node.isFunctionDeclaration(fn) && fn.getName()) out.push({ name: fn.getName()!, fn, method: false });
    else if (Node.isMethodDeclaration(fn)) out.push({ name: fn.getName(), fn, method: true });
    else if ((Node.isArrowFunction(fn) || Node.isFunctionExpression(fn)) && Node.isVariableDeclaration(fn.getParent())) {
      const decl = fn.getParent() as import('ts-morph').VariableDeclaration;
      if (Node.isIdentifier(decl.getNameNode())) out.push({ name: decl.getName(), fn, method: false });
    }
  }
  return out;
}

/** The innermost enclosing function that is a handler or a named one. */
function enclosingNamed(node: Node, functions: Named[], handlerFns: ReadonlySet<Node>): Node | undefined {
  return node.getFirstAncestor((a) => handlerFns.has(a) || functions.some((f) => f.fn === a));
}

/** The named function of this file a call calls (as handler routes resolve it: names, `this.m()` up the same-file base classes). */
function callee(call: CallExpression, functions: Named[]): Named | undefined {
  const fn = calleeFunction(call);
  return fn && functions.find((f) => f.fn === fn);
}

/**
 * The same-file functions that still ask: each holds one of `sites` outside the handlers, or calls
 * such a function (to a bounded depth) by a call the migration does not replace with companions
 * (`replaced`). Computed once per file; `callsIn(handlerFn, skip)` lists a handler's calls of them,
 * leaving out the calls `skip` says run outside the request.
 */
export function unliftedAskers(
  sourceFile: SourceFile,
  handlerFns: ReadonlySet<Node>,
  sites: readonly PushSite[],
  replaced: ReadonlySet<Node>,
): { callsIn(handlerFn: Node, skip: (call: CallExpression) => boolean): { call: CallExpression; name: string }[] } {
  const functions = namedFunctions(sourceFile);
  const asking = new Set<Node>();
  for (const site of sites) {
    // A handler's own questions are planned with it; only other functions count here.
    const fn = enclosingNamed(site.node, functions, handlerFns);
    if (fn && !handlerFns.has(fn)) asking.add(fn);
  }
  // Functions that ask through an asking function ask too (bounded: chains deeper than this are rare).
  for (let round = 0; round < 4 && asking.size > 0; round++) {
    let grew = false;
    for (const f of functions) {
      if (asking.has(f.fn) || handlerFns.has(f.fn)) continue;
      const calls = f.fn.getDescendantsOfKind(SyntaxKind.CallExpression);
      if (calls.some((c) => !replaced.has(c) && asking.has(callee(c, functions)?.fn as Node))) {
        asking.add(f.fn);
        grew = true;
      }
    }
    if (!grew) break;
  }
  return {
    callsIn: (handlerFn, skip) => asking.size === 0 ? [] : handlerFn.getDescendantsOfKind(SyntaxKind.CallExpression).flatMap((call) => {
      if (replaced.has(call) || skip(call)) return [];
      const target = callee(call, functions);
      return target && asking.has(target.fn) ? [{ call, name: target.name }] : [];
    }),
  };
}
