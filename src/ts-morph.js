// ts-morph is CommonJS. An ESM named import of it makes Node run cjs-module-lexer over its bundle
// (and the compiler it re-exports) on every start, about a third of a second; requiring it costs
// nothing extra. Every module of ours imports ts-morph's values from here (types: ts-morph.d.ts).
// Its bundles are compiled from a code cache after the first run (compile-cache.ts).
import { requireCached } from './compile-cache.js';

const tsMorph = requireCached(import.meta.url, 'ts-morph');

export const { Node, Project, ScriptKind, SyntaxKind, VariableDeclarationKind, ts } = tsMorph;

// ts-morph walks descendants through nested generators (a `yield*` per level) and getDescendants()
// wraps every token: on big files the largest single cost of our analysis. The same walks as plain
// recursion give the same nodes in the same order. getDescendants() is the pre-order of
// getChildren(): JSDoc first, then the forEachChild children, with syntax lists and synthesised
// tokens between them (none of which is a node kind or an identifier: an identifier is never
// synthesised). ts-morph's getDescendantsOfKind follows forEachChild alone for node kinds, and
// getChildren() for the others. Nothing is cached: the compiler nodes are read as they are.
const { SyntaxKind: Kind } = tsMorph.ts;

/** A kind the getChildren() walk below finds exactly as ts-morph's does. */
const walkable = (kind) => kind === Kind.Identifier || (kind >= Kind.FirstNode && kind !== Kind.SyntaxList);

/** The children getChildren() gives `node`, less the syntax lists and synthesised tokens. */
function forEachRealChild(node, visit) {
  if (node.kind >= Kind.FirstNode) {
    // A JSDoc comment's own children come from forEachChild alone.
    if (node.jsDoc && !(node.kind >= Kind.FirstJSDocNode && node.kind <= Kind.LastJSDocNode)) for (const doc of node.jsDoc) visit(doc);
    node.forEachChild(visit);
  } else if (node.kind === Kind.EndOfFileToken && node.jsDoc) {
    for (const doc of node.jsDoc) visit(doc);
  }
}

/** Compiler nodes under `root` (not itself) whose kind `wanted` accepts, in document pre-order. */
function collect(root, wanted, viaJsDoc) {
  const found = [];
  const visit = (child) => {
    if (wanted(child.kind)) found.push(child);
    if (viaJsDoc) forEachRealChild(child, visit);
    else child.forEachChild(visit);
  };
  if (viaJsDoc) forEachRealChild(root, visit);
  else root.forEachChild(visit);
  return found;
}

/** Whether `node` is one this walk reads (not a syntax list or one of ts-morph's comment nodes). */
const readable = (node) => node.compilerNode.kind !== Kind.SyntaxList && typeof node.compilerNode.forEachChild === 'function';

/**
 * A parsed file's nodes by kind, in the order of the forEachChild walk: built by one walk the first
 * time a whole file is searched for one kind, as the analyses search the same file for calls,
 * declarations, functions… many times over. Keyed by the compiler's SourceFile, which is never
 * changed in place (a manipulation gives ts-morph a new one).
 */
const fileKinds = [new WeakMap(), new WeakMap()];

/** collect(root, (k) => k === kind, viaJsDoc), from the file's index when `root` is a whole file. */
function collectKind(root, kind, viaJsDoc = false) {
  if (root.kind !== Kind.SourceFile) return collect(root, (k) => k === kind, viaJsDoc);
  const indexes = fileKinds[viaJsDoc ? 1 : 0];
  let index = indexes.get(root);
  if (!index) {
    index = new Map();
    const visit = (child) => {
      const list = index.get(child.kind);
      if (list) list.push(child);
      else index.set(child.kind, [child]);
      if (viaJsDoc) forEachRealChild(child, visit);
      else child.forEachChild(visit);
    };
    if (viaJsDoc) forEachRealChild(root, visit);
    else root.forEachChild(visit);
    indexes.set(root, index);
  }
  return index.get(kind)?.slice() ?? [];
}

const originalDescendantsOfKind = Node.prototype.getDescendantsOfKind;
Node.prototype.getDescendantsOfKind = function getDescendantsOfKind(kind) {
  const nodeKind = kind >= Kind.FirstNode && kind < Kind.FirstJSDocNode;
  if ((!nodeKind && kind !== Kind.Identifier) || !readable(this)) return originalDescendantsOfKind.call(this, kind);
  return collectKind(this.compilerNode, kind, !nodeKind).map((node) => this._getNodeFromCompilerNode(node));
};

/**
 * `node.getDescendants()` filtered to `kinds` (node kinds or Identifier, not SyntaxList), without
 * wrapping every other node and token on the way.
 */
export function descendantsOfKinds(node, kinds) {
  if (!kinds.every(walkable) || !readable(node)) return node.getDescendants().filter((d) => kinds.includes(d.getKind()));
  const wanted = new Set(kinds);
  return collect(node.compilerNode, (k) => wanted.has(k), true).map((d) => node._getNodeFromCompilerNode(d));
}

/**
 * The nodes of `kinds` that `node.getChildren()`, followed through every node of another kind,
 * reaches first (not `node` itself, nor what lies inside a node found), in document pre-order:
 * what a recursion over getChildren() that handles `kinds` itself and passes every other node on
 * visits. Undefined where this walk does not apply (then use getChildren()).
 */
export function outermostOfKinds(node, kinds) {
  if (!kinds.every(walkable) || !readable(node)) return undefined;
  const wanted = new Set(kinds);
  const found = [];
  const visit = (child) => {
    if (wanted.has(child.kind)) found.push(child);
    else forEachRealChild(child, visit);
  };
  forEachRealChild(node.compilerNode, visit);
  return found.map((d) => node._getNodeFromCompilerNode(d));
}

/**
 * The nodes `node.forEachDescendant()` visits (forEachChild, depth first, not `node` itself) whose
 * kind is one of `kinds`, in its order, wrapped; without wrapping every other node on the way.
 * (Only for a callback that never stops or skips the walk.)
 */
export function visitedOfKinds(node, kinds) {
  const wanted = new Set(kinds);
  if (!readable(node)) {
    const found = [];
    node.forEachDescendant((d) => {
      if (wanted.has(d.getKind())) found.push(d);
    });
    return found;
  }
  return collect(node.compilerNode, (k) => wanted.has(k), false).map((d) => node._getNodeFromCompilerNode(d));
}

/**
 * `node.getDescendantsOfKind(kind)` (a node kind) less the nodes `keep` (given the compiler node)
 * rejects, which are never wrapped.
 */
export function descendantsOfKindWhere(node, kind, keep) {
  if (!(kind >= Kind.FirstNode && kind < Kind.FirstJSDocNode) || !readable(node)) return node.getDescendantsOfKind(kind).filter((d) => keep(d.compilerNode));
  return collectKind(node.compilerNode, kind).filter(keep).map((d) => node._getNodeFromCompilerNode(d));
}
