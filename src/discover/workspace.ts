// Package and workspace detection: which package a file belongs to (for grouping results and for
// placing one generated state module per package), and which globs a monorepo root declares.
import fs from 'node:fs';
import path from 'node:path';

export interface PackageInfo {
  /** Absolute directory containing the package.json. */
  root: string;
  /** The package.json "name", else the directory's base name. */
  name: string;
}

export class PackageResolver {
  // Per directory: the package it belongs to (null: none). Shared by every file below it.
  private readonly cache = new Map<string, PackageInfo | null>();
  private readonly stopAt: string | undefined;

  /** `stopAt`: the highest directory to look in (e.g. the repository root); default: the filesystem root. */
  constructor(stopAt?: string) {
    this.stopAt = stopAt === undefined ? undefined : path.resolve(stopAt);
  }

  /** The package owning `absPath` (a file, or a directory: then its own package.json counts). */
  packageFor(absPath: string): PackageInfo | undefined {
    const resolved = path.resolve(absPath);
    let start = path.dirname(resolved);
    try {
      if (fs.statSync(resolved).isDirectory()) start = resolved;
    } catch {
      // A path that does not exist yet (a file to be created): look from its directory.
    }
    const visited: string[] = [];
    let found: PackageInfo | null = null;
    for (let dir = start; ; ) {
      const cached = this.cache.get(dir);
      if (cached !== undefined) {
        found = cached;
        break;
      }
      visited.push(dir);
      const info = readPackage(dir);
      if (info) {
        found = info;
        break;
      }
      const parent = path.dirname(dir);
      if (dir === this.stopAt || parent === dir) break;
      dir = parent;
    }
    for (const dir of visited) this.cache.set(dir, found);
    return found ?? undefined;
  }
}

function readPackage(dir: string): PackageInfo | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
  } catch {
    return undefined;
  }
  let name: unknown;
  try {
    name = (JSON.parse(text) as { name?: unknown } | null)?.name;
  } catch {
    // A broken package.json still marks a package boundary.
  }
  return { root: dir, name: typeof name === 'string' && name !== '' ? name : path.basename(dir) };
}

/**
 * Where a package's requestState module lives: the `--state-module` path relative to the package
 * root, else `src/mrtr-state.<ext>` when the package has a `src/` folder, else `mrtr-state.<ext>`.
 * TypeScript when the package has a tsconfig.json, JavaScript otherwise.
 */
export function stateModulePathFor(packageRoot: string, override?: string): string {
  if (override) return path.resolve(packageRoot, override);
  const ext = fs.existsSync(path.join(packageRoot, 'tsconfig.json')) ? '.ts' : '.js';
  const dir = fs.existsSync(path.join(packageRoot, 'src')) ? path.join(packageRoot, 'src') : packageRoot;
  return path.join(dir, `mrtr-state${ext}`);
}

/**
 * The workspace package globs declared at `root`: npm/yarn/bun "workspaces" (an array, or
 * `{ packages: [...] }`) in package.json, and pnpm-workspace.yaml's `packages:` list; both are
 * merged when both exist. Undefined when `root` declares no workspaces.
 */
export function workspaceGlobs(root: string): string[] | undefined {
  let declared = false;
  const globs: string[] = [];
  const add = (list: unknown) => {
    if (!Array.isArray(list)) return;
    declared = true;
    for (const g of list) if (typeof g === 'string' && g.trim() !== '' && !globs.includes(g.trim())) globs.push(g.trim());
  };

  const pkg = readJson(path.join(root, 'package.json')) as { workspaces?: unknown } | undefined;
  const workspaces = pkg?.workspaces;
  if (Array.isArray(workspaces)) add(workspaces);
  else if (workspaces && typeof workspaces === 'object') add((workspaces as { packages?: unknown }).packages);

  let yaml: string | undefined;
  try {
    yaml = fs.readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8');
  } catch {
    yaml = undefined;
  }
  if (yaml !== undefined) {
    const list = parsePnpmPackages(yaml);
    if (list) add(list);
  }
  return declared ? globs : undefined;
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The top-level `packages:` sequence of a pnpm-workspace.yaml, block (`- 'a/*'`) or flow
 * (`['a/*', "b"]`) style, with quotes and comments. A hand parser: the file is that simple, and
 * a YAML library is not worth a dependency here.
 */
export function parsePnpmPackages(yaml: string): string[] | undefined {
  const lines = yaml.replace(/^\uFEFF/, '').split(/\r?\n/);
  const start = lines.findIndex((l) => /^packages\s*:/.test(l));
  if (start === -1) return undefined;
  const rest = stripComment(lines[start].replace(/^packages\s*:/, '')).trim();

  if (rest.startsWith('[')) {
    // Flow sequence, possibly over several lines.
    let flow = rest;
    for (let i = start + 1; !flow.includes(']') && i < lines.length; i++) flow += ' ' + stripComment(lines[i]).trim();
    const inner = flow.slice(1, flow.includes(']') ? flow.lastIndexOf(']') : undefined);
    return splitFlow(inner).map(unquote).filter((s) => s !== '');
  }
  if (rest !== '') return undefined; // a scalar, not a list

  const items: string[] = [];
  for (let i = start + 1; i < lines.length; i++) {
    const line = stripComment(lines[i]);
    if (line.trim() === '') continue;
    const item = /^\s*-\s+(.*)$/.exec(line) ?? /^\s*-()$/.exec(line);
    // The sequence ends at the next key (or anything that is not an item).
    if (!item) break;
    const value = unquote(item[1].trim());
    if (value !== '') items.push(value);
  }
  return items;
}

/** Drops a `# comment` that is not inside quotes (YAML needs whitespace before the '#'). */
function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]))) {
      return line.slice(0, i);
    }
  }
  return line;
}

function splitFlow(inner: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quote: string | undefined;
  for (const c of inner) {
    if (quote) {
      if (c === quote) quote = undefined;
      current += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      current += c;
    } else if (c === ',') {
      parts.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current.trim());
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replace(/''/g, "'");
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(["\\/])/g, '$1');
  }
  return value;
}
