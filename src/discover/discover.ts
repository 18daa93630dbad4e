// Discovery: which files under the given paths the codemod looks at. Honours .gitignore the way
// git does (nested files, negations, ancestors up to the repository root), never follows symlinks
// out of the given trees, and returns a deterministic, sorted list.
import { promises as fsp, type Dirent } from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import picomatch from 'picomatch';
import { isJournalName } from '../write/group-journal.js';
import { isTempFileName } from '../write/write.js';

export const SOURCE_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * Directory names never entered while walking: dependencies, VCS metadata and build output.
 * (A directory named explicitly on the command line is still walked.)
 */
export const ALWAYS_SKIPPED_DIRS: readonly string[] = [
  'node_modules',
  '.git',
  '.hg',
  '.svn',
  'dist',
  'build',
  'out',
  'coverage',
  '.next',
  '.turbo',
];

export interface DiscoverOptions {
  cwd: string;
  /** Extra globs (picomatch). Matched against the display path, the path relative to each given
   *  root and the absolute path; a pattern without a `/` matches a base name at any depth. */
  ignore?: string[];
}

export interface DiscoveredFile {
  absPath: string;
  /** Relative to cwd, '/' separators. */
  path: string;
}

export interface DiscoverResult {
  files: DiscoveredFile[];
  errors: { path: string; message: string }[];
  /**
   * Files of ours seen on the way (absolute paths): temp files and group journals, which a run
   * stopped half-way leaves (see write/write.ts, write/group-journal.ts).
   */
  leftovers: string[];
}

const SKIPPED = new Set(ALWAYS_SKIPPED_DIRS);
// Filesystem calls in flight at once: enough to hide latency, few enough to stay clear of EMFILE.
const CONCURRENCY = 64;
// git matches case-insensitively exactly where the filesystem usually is (core.ignorecase).
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/** True for names the codemod parses: JS/TS sources, but not declaration files. */
export function isSourceFileName(name: string): boolean {
  if (!SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext))) return false;
  // foo.d.ts, foo.d.mts, foo.d.cts and TS 5's foo.d.css.ts declare types only.
  return !/\.d\.([cm]?ts|[^./]+\.ts)$/.test(name);
}

/** Path relative to cwd with '/' separators ('' for cwd itself; '../' when outside it). */
export function toDisplayPath(cwd: string, absPath: string): string {
  return toPosix(path.relative(path.resolve(cwd), path.resolve(absPath)));
}

function toPosix(p: string): string {
  return path.sep === '/' ? p : p.split(path.sep).join('/');
}

function isInside(parent: string, child: string): boolean {
  if (child === parent) return true;
  const prefix = parent.endsWith(path.sep) ? parent : parent + path.sep;
  return child.startsWith(prefix);
}

/** The state of .gitignore rules at one directory. All rules are rebased onto `base`. */
interface IgnoreScope {
  ig: ignore.Ignore | undefined;
  /** This directory relative to the rules' base ('' when it is the base), '/' separators. */
  rel: string;
}

interface Root {
  abs: string;
  real: string;
}

/** A file named on the command line. */
interface FileInput {
  abs: string;
  shown: string;
  isLink: boolean;
}

/** What a walk shares: where errors and leftovers go, which paths are ignored, how a file is added. */
interface Walk {
  cwd: string;
  errors: DiscoverResult['errors'];
  leftovers: string[];
  limit: Limiter;
  userIgnored: (abs: string, isDir: boolean) => boolean;
  /** Lists a file (its real path, the path it is written through). */
  add: (real: string, absPath: string) => void;
}

export async function discoverFiles(paths: string[], options: DiscoverOptions): Promise<DiscoverResult> {
  const cwd = path.resolve(options.cwd);
  const errors: DiscoverResult['errors'] = [];
  const limit = limiter(CONCURRENCY);
  const inputs = paths.length > 0 ? paths : ['.'];
  const { dirRoots, fileInputs } = await classifyInputs(inputs, cwd, errors);
  const links = await linkTargets(cwd, dirRoots, fileInputs);
  const userIgnored = makeUserIgnore(options.ignore ?? [], cwd, dirRoots);
  const leftovers: string[] = [];
  // Keyed by real path so a file reached twice (overlapping roots, links) is listed once.
  const found = new Map<string, DiscoveredFile>();
  const add = (real: string, absPath: string) => {
    const file = { absPath, path: toDisplayPath(cwd, absPath) };
    const prev = found.get(real);
    // Same file under two spellings (roots given twice, a linked root): keep the smaller path.
    if (!prev || file.path < prev.path) found.set(real, file);
  };
  const walk: Walk = { cwd, errors, leftovers, limit, userIgnored, add };

  await addFileInputs(walk, fileInputs, links);
  await Promise.all(
    dirRoots.map(async (root) => walkDir(walk, root.abs, root.real, await rootScope(root.real, limit), true)),
  );

  const files = [...found.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  errors.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, errors, leftovers: leftovers.sort() };
}

/** The given paths as directories to walk and files to take, in order; the ones that do not exist are errors. */
async function classifyInputs(inputs: string[], cwd: string, errors: DiscoverResult['errors']): Promise<{ dirRoots: Root[]; fileInputs: FileInput[] }> {
  const dirRoots: Root[] = [];
  const fileInputs: FileInput[] = [];
  for (const input of inputs) {
    const abs = path.resolve(cwd, input);
    const shown = toDisplayPath(cwd, abs) || '.';
    let lst;
    try {
      lst = await fsp.lstat(abs);
    } catch (error) {
      errors.push({ path: shown, message: errorText(error, 'no such file or directory') });
      continue;
    }
    let isDir = lst.isDirectory();
    if (lst.isSymbolicLink()) {
      // A root named explicitly may be a link (the user chose it); only its own target is used.
      try {
        isDir = (await fsp.stat(abs)).isDirectory();
      } catch {
        errors.push({ path: shown, message: 'broken symbolic link' });
        continue;
      }
    }
    if (isDir) {
      dirRoots.push({ abs, real: await fsp.realpath(abs) });
    } else {
      fileInputs.push({ abs, shown, isLink: lst.isSymbolicLink() });
    }
  }
  return { dirRoots, fileInputs };
}

/** Where a given file that is a link may point, and how its target is spelled. */
interface LinkTargets {
  /** The real path is inside a given directory or file. */
  allowed: (real: string) => boolean;
  cwdReal: string;
  /** A real path spelled under the path the user gave. */
  fromReal: (real: string) => string;
}

async function linkTargets(cwd: string, dirRoots: readonly Root[], fileInputs: readonly FileInput[]): Promise<LinkTargets> {
  // Real paths a symlink may point into without escaping: the given directories and files.
  const allowedReal: string[] = dirRoots.map((r) => r.real);
  for (const f of fileInputs) {
    if (!f.isLink) allowedReal.push(await fsp.realpath(f.abs).catch(() => f.abs));
  }
  const allowed = (real: string) => allowedReal.some((r) => isInside(r, real));
  const cwdReal = await fsp.realpath(cwd).catch(() => cwd);
  // A link's target, spelled under the path the user gave (e.g. /var vs /private/var on macOS),
  // so display paths stay relative and writes go to the file, not over the link.
  const fromReal = (real: string): string => {
    for (const root of dirRoots) {
      if (isInside(root.real, real)) return path.join(root.abs, path.relative(root.real, real));
    }
    if (isInside(cwdReal, real)) return path.join(cwd, path.relative(cwdReal, real));
    return real;
  };
  return { allowed, cwdReal, fromReal };
}

/** The files named on the command line, in order: added unless ignored, not sources, or links out of the given paths. */
async function addFileInputs(walk: Walk, fileInputs: readonly FileInput[], { allowed, cwdReal, fromReal }: LinkTargets): Promise<void> {
  const { cwd, errors, userIgnored } = walk;
  for (const f of fileInputs) {
    const name = path.basename(f.abs);
    if (!isSourceFileName(name)) {
      errors.push({ path: f.shown, message: 'not a JavaScript/TypeScript source file' });
      continue;
    }
    if (userIgnored(f.abs, false) || ancestorsOf(cwd, f.abs).some((dir) => userIgnored(dir, true))) continue;
    let real: string;
    try {
      real = await fsp.realpath(f.abs);
      if (!(await fsp.stat(real)).isFile()) {
        errors.push({ path: f.shown, message: 'not a regular file' });
        continue;
      }
    } catch (error) {
      errors.push({ path: f.shown, message: errorText(error, 'broken symbolic link') });
      continue;
    }
    if (f.isLink && !allowed(real) && !isInside(cwdReal, real)) {
      errors.push({ path: f.shown, message: 'symbolic link points outside the given paths' });
      continue;
    }
    // Write through to the real file so a link is never replaced by a copy.
    walk.add(real, f.isLink ? fromReal(real) : f.abs);
  }
}

/** Walks one directory, its subdirectories concurrently, under the ignore rules in force there. */
async function walkDir(walk: Walk, dirAbs: string, dirReal: string, scope: IgnoreScope, isRoot: boolean): Promise<void> {
  const { cwd, errors, leftovers, limit, userIgnored } = walk;
  let entries: Dirent[];
  try {
    entries = await limit(() => fsp.readdir(dirAbs, { withFileTypes: true }));
  } catch (error) {
    errors.push({ path: toDisplayPath(cwd, dirAbs) || '.', message: `cannot read directory: ${errorText(error)}` });
    return;
  }
  // A nested repository (submodule, vendored checkout) has its own ignore rules, not ours.
  if (!isRoot && entries.some((e) => e.name === '.git')) scope = await repoScope(dirAbs, limit);
  if (entries.some((e) => e.name === '.gitignore' && !e.isDirectory())) {
    scope = await withGitignore(scope, path.join(dirAbs, '.gitignore'), limit);
  }
  const subdirs: Promise<void>[] = [];
  for (const entry of entries) {
    const name = entry.name;
    const abs = path.join(dirAbs, name);
    const real = path.join(dirReal, name);
    const rel = scope.rel ? `${scope.rel}/${name}` : name;
    if (entry.isDirectory()) {
      if (SKIPPED.has(name)) continue;
      if (scope.ig?.ignores(rel + '/')) continue;
      if (userIgnored(abs, true)) continue;
      subdirs.push(walkDir(walk, abs, real, { ig: scope.ig, rel }, false));
    } else if (entry.isFile()) {
      if (isTempFileName(name) || isJournalName(name)) leftovers.push(abs);
      if (!isSourceFileName(name)) continue;
      if (scope.ig?.ignores(rel)) continue;
      if (userIgnored(abs, false)) continue;
      walk.add(real, abs);
    }
    // Symbolic links are never followed. A linked directory is not entered; a linked file adds
    // nothing of its own: if its target is inside a root and not ignored, the walk lists the
    // target itself (once, by real path); if not, the link must not smuggle it in (a file in
    // node_modules, an ignored or outside file).
  }
  await Promise.all(subdirs);
}

/**
 * Rules in force at a walk root: .git/info/exclude and every .gitignore from the repository root
 * down to the root's parent (the root's own .gitignore is read by the walk). If the root itself is
 * ignored by them, the user named it on purpose: only the .gitignore files inside it apply.
 */
async function rootScope(rootReal: string, limit: Limiter): Promise<IgnoreScope> {
  const gitRoot = await findGitRoot(rootReal);
  if (!gitRoot) return { ig: undefined, rel: '' };
  if (gitRoot === rootReal) return repoScope(rootReal, limit);
  let scope = await withGitignore(await repoScope(gitRoot, limit), path.join(gitRoot, '.gitignore'), limit);
  const rel = toPosix(path.relative(gitRoot, rootReal));
  const parts = rel.split('/');
  let dir = gitRoot;
  // Directories strictly between the repository root and the walk root.
  for (let i = 0; i < parts.length - 1; i++) {
    dir = path.join(dir, parts[i]);
    scope = await withGitignore({ ig: scope.ig, rel: parts.slice(0, i + 1).join('/') }, path.join(dir, '.gitignore'), limit);
  }
  // ignores() also checks every ancestor directory, as git's traversal would.
  if (scope.ig?.ignores(rel + '/')) return { ig: undefined, rel: '' };
  return { ig: scope.ig, rel };
}

/** A fresh rule set for a repository root: just its .git/info/exclude (if .git is a directory). */
async function repoScope(repoRoot: string, limit: Limiter): Promise<IgnoreScope> {
  const text = await limit(() => fsp.readFile(path.join(repoRoot, '.git', 'info', 'exclude'), 'utf8')).catch(
    () => undefined,
  );
  if (!text) return { ig: undefined, rel: '' };
  return { ig: ignore({ ignorecase: IGNORE_CASE }).add(text), rel: '' };
}

async function findGitRoot(dir: string): Promise<string | undefined> {
  for (let current = dir; ; ) {
    try {
      await fsp.lstat(path.join(current, '.git'));
      return current;
    } catch {
      // keep going up
    }
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** The scope extended with the rules of one .gitignore that lives in the scope's directory. */
async function withGitignore(scope: IgnoreScope, file: string, limit: Limiter): Promise<IgnoreScope> {
  const text = await limit(() => fsp.readFile(file, 'utf8')).catch(() => undefined);
  if (text === undefined) return scope;
  const patterns = rebasePatterns(text, scope.rel);
  if (patterns.length === 0) return scope;
  // A new instance per .gitignore: sibling subtrees must not see each other's rules.
  const ig = ignore({ ignorecase: IGNORE_CASE });
  if (scope.ig) ig.add(scope.ig);
  ig.add(patterns);
  return { ig, rel: scope.rel };
}

/**
 * Rewrites the patterns of a .gitignore in directory `prefix` (relative to the rules' base) so
 * one combined rule list, tested with base-relative paths, behaves like git's per-directory
 * lists: deeper files' rules come later and so win, and parent-directory exclusion still holds.
 */
export function rebasePatterns(text: string, prefix: string): string[] {
  const out: string[] = [];
  for (let line of text.split('\n')) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line.trim() === '' || line.startsWith('#')) continue;
    if (!prefix) {
      out.push(line);
      continue;
    }
    const negated = line.startsWith('!');
    let body = negated ? line.slice(1) : line;
    if (body.trim() === '') continue;
    // A slash anywhere but at the end anchors the pattern to the .gitignore's directory.
    const core = body.replace(/\/+\s*$/, '');
    if (core.trim() === '') continue;
    if (core.includes('/')) {
      body = `${prefix}/${body.replace(/^\/+/, '')}`;
    } else {
      body = `${prefix}/**/${body}`;
    }
    out.push((negated ? '!' : '') + body);
  }
  return out;
}

/** Directories between cwd (or the filesystem root) and a file, outermost first. */
function ancestorsOf(cwd: string, abs: string): string[] {
  const stop = isInside(cwd, abs) ? cwd : path.parse(abs).root;
  const out: string[] = [];
  for (let dir = path.dirname(abs); dir !== stop && dir !== path.dirname(dir); dir = path.dirname(dir)) out.unshift(dir);
  return out;
}

/** The `--ignore` test: picomatch on display path, root-relative paths and absolute path. */
function makeUserIgnore(globs: string[], cwd: string, roots: Root[]): (abs: string, isDir: boolean) => boolean {
  const cleaned = globs
    .map((g) => g.trim())
    .filter((g) => g !== '')
    .map((g) => toPosix(g).replace(/^\.\//, ''))
    // Like .gitignore, a pattern without a slash matches a name at any depth. (picomatch's own
    // `basename` option would apply to slash patterns too.)
    .map((g) => (g.replace(/\/$/, '').includes('/') ? g : `**/${g}`));
  if (cleaned.length === 0) return () => false;
  const isMatch = picomatch(cleaned, { dot: true });
  // `dir/**` must also prune `dir` itself, and a `dir/` pattern means that directory.
  const dirMatch = picomatch(
    cleaned.map((g) => g.replace(/\/$/, '')),
    { dot: true },
  );
  return (abs, isDir) => {
    const test = isDir ? dirMatch : isMatch;
    const candidates = [toDisplayPath(cwd, abs), toPosix(abs)];
    for (const root of roots) {
      if (root.abs !== abs && isInside(root.abs, abs)) candidates.push(toPosix(path.relative(root.abs, abs)));
    }
    return candidates.some((c) => c !== '' && test(c));
  };
}

type Limiter = <T>(fn: () => Promise<T>) => Promise<T>;

/** A tiny promise semaphore: at most `max` of the wrapped calls run at once. */
function limiter(max: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function errorText(error: unknown, enoent?: string): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT' && enoent) return enoent;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'not a directory';
  return error instanceof Error ? error.message : String(error);
}
