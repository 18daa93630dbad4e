// The transform registry is derived from the transforms/ folder, so the CLI's list cannot drift
// from what exists. Each module exports `transform` and its `order`; its default export is
// the jscodeshift-compatible function.
import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';
import type { Transform } from './types.js';

interface TransformModule {
  /** The jscodeshift-compatible function (see src/jscodeshift.ts). */
  default?: unknown;
  transform: Transform;
  order?: number;
}

const transformsDir = fileURLToPath(new URL('../transforms/', import.meta.url));

let cached: Promise<Transform[]> | undefined;

/** Every transform, in the order they run. */
export function loadTransforms(): Promise<Transform[]> {
  cached ??= (async () => {
    const files = readdirSync(transformsDir)
      .filter((name) => /\.(js|ts)$/.test(name) && !name.endsWith('.d.ts') && !name.startsWith('_'))
      .sort();
    const loaded: { transform: Transform; order: number }[] = [];
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(transformsDir, file)).href)) as TransformModule;
      if (!mod.transform || typeof mod.transform.run !== 'function') continue;
      loaded.push({ transform: mod.transform, order: mod.order ?? 100 });
    }
    return loaded.sort((a, b) => a.order - b.order || a.transform.id.localeCompare(b.transform.id)).map((t) => t.transform);
  })();
  return cached;
}

/** Resolves `-t a,b`; throws on unknown ids with the list of known ones. */
export async function selectTransforms(ids: string[] | undefined): Promise<Transform[]> {
  const all = await loadTransforms();
  if (!ids || ids.length === 0) return all;
  const known = new Set(all.map((t) => t.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new UsageError(`unknown transform${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (known: ${[...known].join(', ')})`);
  }
  return all.filter((t) => ids.includes(t.id));
}

export class UsageError extends Error {}
