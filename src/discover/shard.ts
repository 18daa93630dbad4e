// Sharding for CI matrices: `--shard i/n` keeps the files whose display path hashes to shard i.
// The hash depends only on the path relative to the working directory, so every machine and every
// run puts a file in the same shard, and adding a file never moves the others.

export interface Shard {
  /** 1-based. */
  index: number;
  count: number;
}

/** Parses `i/n` (1 ≤ i ≤ n); throws an Error with a usage message otherwise. */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw new Error(`expected i/n (for example 1/4), got "${value}"`);
  const index = Number(match[1]);
  const count = Number(match[2]);
  if (count < 1 || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new Error(`expected i/n with 1 ≤ i ≤ n, got "${value}"`);
  }
  return { index, count };
}

/** The 1-based shard a display path belongs to among `count` shards. */
export function shardOf(displayPath: string, count: number): number {
  return (fnv1a(displayPath) % count) + 1;
}

/** The items of `shard` (by their display path), in their original order. */
export function selectShard<T extends { path: string }>(items: readonly T[], shard: Shard | undefined): T[] {
  if (!shard || shard.count === 1) return [...items];
  return items.filter((item) => shardOf(item.path, shard.count) === shard.index);
}

/**
 * 32-bit FNV-1a over the UTF-16 code units, finished with murmur3's avalanche so that paths that
 * differ only in their last characters spread evenly over the shards. Tiny, fast, and the same on
 * every platform (a change here moves files between shards: keep it stable).
 */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
