// Which packages of a run import each other (a workspace's product importing its plugins by name,
// or a module of another package by relative path). Such packages hand SDK objects across the
// import (a v1 McpServer given to a plugin's register function typed with v2's), so when one stays
// on v1 the others cannot move alone: that split would not compile, and would fail where it runs.
import path from 'node:path';
import { packageNameOf } from '../ast/module-specifiers.js';
import { resolveRelative } from '../index/callers-index.js';
import { ts } from '../ts-morph.js';
import type { FileOutcome } from '../types.js';
import { readText } from '../write/write.js';

/** One import of a file of package `from` that reaches package `to`. */
export interface PackageLink {
  from: string;
  to: string;
  /** The importing file (display path) and the line of the import. */
  path: string;
  line: number;
  specifier: string;
}

/** A source file of the run with its package (display path and name). */
export interface LinkSource {
  absPath: string;
  path: string;
  packagePath: string;
  packageName: string;
  /** Whether its package has a package.json (false: a folder of files, which move to v2 file by file). */
  manifest: boolean;
  /** Its text as read; undefined when it cannot be read (then it links nothing). */
  text: string | undefined;
}

/** Every file of the run with its package and its text as read (files the run did not read are read here). */
export function* linkSources(
  slots: readonly (FileOutcome | undefined)[],
  files: readonly { absPath: string; path: string }[],
  packageOf: (absPath: string) => { name: string; path: string; manifest: boolean },
): Generator<LinkSource> {
  for (const [i, file] of files.entries()) {
    const ref = packageOf(file.absPath);
    yield { ...file, packagePath: ref.path, packageName: ref.name, manifest: ref.manifest, text: slots[i]?.original ?? readText(file.absPath) };
  }
}

/** The links between the run's packages, found in each file's text as read (imports, re-exports, requires). */
export function packageLinks(sources: Iterable<LinkSource>, cwd: string): PackageLink[] {
  const list = [...sources];
  const byName = new Map<string, string>();
  const roots = new Map<string, string>();
  for (const source of list) {
    byName.set(source.packageName, source.packagePath);
    roots.set(path.resolve(cwd, source.packagePath), source.packagePath);
  }
  if (roots.size < 2) return [];
  // Longest root first, so a nested package wins over the workspace root that holds it.
  const ordered = [...roots].sort((a, b) => b[0].length - a[0].length);
  const packageAt = (abs: string) => ordered.find(([root]) => abs === root || abs.startsWith(root + path.sep))?.[1];
  const links: PackageLink[] = [];
  const seen = new Set<string>();
  for (const source of list) {
    if (source.text === undefined) continue;
    for (const ref of ts.preProcessFile(source.text, true, true).importedFiles) {
      const name = packageNameOf(ref.fileName);
      let to: string | undefined;
      if (name !== undefined) to = byName.get(name);
      else {
        const target = resolveRelative(source.absPath, ref.fileName);
        to = target && packageAt(target);
      }
      const key = `${source.packagePath}\0${to}`;
      if (to === undefined || to === source.packagePath || seen.has(key)) continue;
      seen.add(key);
      links.push({ from: source.packagePath, to, path: source.path, line: lineOf(source.text, ref.pos), specifier: ref.fileName });
    }
  }
  return links;
}

/** One relative import of a file by another of the same folder without package.json. */
export interface FileLink {
  from: string;
  to: string;
  /** The importing file (display path), the line of the import and its specifier. */
  path: string;
  line: number;
  specifier: string;
}

/** The relative imports between files of packages without a package.json (absolute paths). */
export function fileLinks(sources: Iterable<LinkSource>): FileLink[] {
  const loose = [...sources].filter((s) => !s.manifest);
  const packageOfFile = new Map(loose.map((s) => [path.resolve(s.absPath), s.packagePath] as const));
  const links: FileLink[] = [];
  for (const source of loose) {
    if (source.text === undefined) continue;
    for (const ref of ts.preProcessFile(source.text, true, true).importedFiles) {
      const target = resolveRelative(source.absPath, ref.fileName);
      const to = target && path.resolve(target);
      if (!to || packageOfFile.get(to) !== source.packagePath || to === path.resolve(source.absPath)) continue;
      links.push({ from: path.resolve(source.absPath), to, path: source.path, line: lineOf(source.text, ref.pos), specifier: ref.fileName });
    }
  }
  return links;
}

/**
 * What `seeds` reach through `links` taken both ways, transitively, in the order it is reached:
 * each node (not a seed) with the link it was reached by, the node at that link's other end, and
 * the seed the walk started from.
 */
export function linkedClosure<L extends { from: string; to: string }>(seeds: Iterable<string>, links: readonly L[]): Map<string, { link: L; from: string; seed: string }> {
  const seedOf = new Map<string, string>([...seeds].map((s) => [s, s]));
  const reached = new Map<string, { link: L; from: string; seed: string }>();
  const queue = [...seedOf.keys()];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const link of links) {
      const other = link.from === at ? link.to : link.to === at ? link.from : undefined;
      if (other === undefined || seedOf.has(other)) continue;
      seedOf.set(other, seedOf.get(at)!);
      reached.set(other, { link, from: at, seed: seedOf.get(at)! });
      queue.push(other);
    }
  }
  return reached;
}

function lineOf(text: string, pos: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < pos; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
