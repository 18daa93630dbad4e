// The module graph of src/ has no circles (type-only imports included: a circle of types is still
// a circle a reader has to hold in mind), and src/ast/ is a leaf layer: it imports only itself, the
// ts-morph re-export and the shared types.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const abs = path.join(dir, name);
    if (statSync(abs).isDirectory()) return sourceFiles(abs);
    return /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [abs] : [];
  });
}

/** Each module's relative imports inside src/ (static, dynamic, `import type`, `export … from`). */
function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((ref) => ref.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'))
      .filter((target) => known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Every circle, as the path of modules that closes it (one per strongly connected component). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

const relative = (file: string) => path.relative(src, file);

describe('src/ import graph', () => {
  const graph = importGraph(sourceFiles(src));

  it('finds the modules and their imports', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get(path.join(src, 'engine.ts'))?.length).toBeGreaterThan(3);
  });

  it('has no import circles', () => {
    expect(circles(graph).map((circle) => circle.map(relative).join(' → '))).toEqual([]);
  });

  it('detects a circle when there is one', () => {
    const a = path.join(src, 'a.ts');
    const b = path.join(src, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]])).map((c) => c.map(relative))).toEqual([['a.ts', 'b.ts', 'a.ts']]);
  });

  it('keeps src/ast/ a leaf layer', () => {
    // ts-morph.js (the one compiler entry) is a .js re-export and not a module of this graph.
    const allowed = new Set([path.join(src, 'types.ts')]);
    const outside = [...graph]
      .filter(([file]) => relative(file).startsWith('ast/'))
      .flatMap(([file, targets]) => targets.filter((t) => !relative(t).startsWith('ast/') && !allowed.has(t)).map((t) => `${relative(file)} → ${relative(t)}`));
    expect(outside).toEqual([]);
  });
});
