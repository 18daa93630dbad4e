// What the fuzzer mutates: every fixture input (__testfixtures__/<transform>/<case>.input.*, the files
// of the cross-file fixtures' input/ folders) and every corpus file (test/corpus/servers), each with
// the push aliases its suite runs it with (a case's options.json, the corpus configuration).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PushAlias } from '../../src/discover/config.js';
import { syntaxErrors } from './mutations.js';

export interface Seed {
  /** Path relative to the repository root. */
  id: string;
  absPath: string;
  text: string;
  aliases: readonly PushAlias[];
  /** TypeScript (typechecked), not JavaScript. */
  typescript: boolean;
}

const SOURCE = /\.(?:[cm]?[jt]sx?)$/;

/** The repository root above `moduleUrl` (a module of test/, run from source or from .cache/fuzz-build). */
export function repositoryRoot(moduleUrl: string): string {
  for (let dir = path.dirname(fileURLToPath(moduleUrl)); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '__testfixtures__')) && existsSync(path.join(dir, 'bin', 'mcp-mrtr-migrate.js'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no repository root above ${moduleUrl}`);
  }
}

export function loadSeeds(root: string): Seed[] {
  const seeds: Seed[] = [];
  const add = (absPath: string, aliases: readonly PushAlias[]) => {
    if (absPath.endsWith('.d.ts') || path.basename(absPath).startsWith('mrtr-state.')) return;
    const text = readFileSync(absPath, 'utf8');
    // A fixture that does not parse on purpose (the CLI lists it as an error) has nothing to mutate.
    if (syntaxErrors(absPath, text)) return;
    seeds.push({ id: path.relative(root, absPath).split(path.sep).join('/'), absPath, text, aliases, typescript: /\.[cm]?tsx?$/.test(absPath) });
  };
  const fixtures = path.join(root, '__testfixtures__');
  for (const transform of readdirSync(fixtures).sort()) {
    const dir = path.join(fixtures, transform);
    if (transform === 'cross-file') {
      for (const name of readdirSync(dir).sort()) {
        for (const file of filesUnder(path.join(dir, name, 'input'))) add(file, []);
      }
      continue;
    }
    for (const file of readdirSync(dir).sort()) {
      if (!/\.input\.[cm]?[jt]sx?$/.test(file)) continue;
      const options = path.join(dir, file.replace(/\.input\.[cm]?[jt]sx?$/, '.options.json'));
      add(path.join(dir, file), existsSync(options) ? aliasesIn(options) : []);
    }
  }
  const corpus = path.join(root, 'test', 'corpus', 'servers');
  const corpusAliases = aliasesIn(path.join(corpus, 'mcp-mrtr-migrate.config.json'));
  for (const file of filesUnder(corpus)) add(file, corpusAliases);
  return seeds;
}

function aliasesIn(file: string): PushAlias[] {
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { aliases?: PushAlias[] }).aliases ?? [];
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => SOURCE.test(file))
    .map((file) => path.join(dir, file))
    .sort();
}
