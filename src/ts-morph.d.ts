// The types of ts-morph.js: all of ts-morph's (its values are the ones ts-morph.js exports).
export * from 'ts-morph';

import type { Node, SyntaxKind } from 'ts-morph';
/** `node.getDescendants()` filtered to `kinds` (node kinds or Identifier), without wrapping the rest. */
export declare function descendantsOfKinds<T extends Node = Node>(node: Node, kinds: readonly SyntaxKind[]): T[];
/** The `kinds` nodes a getChildren() recursion that passes other nodes on reaches first, in pre-order; undefined where the walk does not apply. */
export declare function outermostOfKinds<T extends Node = Node>(node: Node, kinds: readonly SyntaxKind[]): T[] | undefined;
/** What `node.forEachDescendant()` visits of `kinds`, in its order, without wrapping the rest. */
export declare function visitedOfKinds<T extends Node = Node>(node: Node, kinds: readonly SyntaxKind[]): T[];
/** `node.getDescendantsOfKind(kind)` less those `keep` rejects (given the compiler node), which are never wrapped. */
export declare function descendantsOfKindWhere<T extends Node = Node>(node: Node, kind: SyntaxKind, keep: (node: any) => boolean): T[];
