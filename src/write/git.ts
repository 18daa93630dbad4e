// The dirty-tree guard: which of the files we are about to rewrite have uncommitted work that a
// rewrite could mix with ours. Asks git itself (porcelain, NUL-separated, no shell).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface DirtyCheck {
  /** True when at least one of the files (or cwd, when no files are given) is inside a git work tree. */
  inRepo: boolean;
  /** Absolute paths, as given, of the files with modified, staged or untracked changes. */
  dirty: string[];
}

/**
 * Files may span several repositories (monorepo with submodules, several roots): they are grouped
 * by the nearest directory holding `.git`, and each group is asked `git status` once, restricted
 * to the deepest directory containing all its files so large repositories stay cheap.
 * Files outside any repository are neither dirty nor counted as in a repository.
 */
export function findDirtyFiles(absPaths: string[], cwd: string): DirtyCheck {
  if (absPaths.length === 0) return { inRepo: toplevel(path.resolve(cwd)) !== undefined, dirty: [] };

  const groups = new Map<string, { real: string; given: string }[]>();
  const gitDirCache = new Map<string, string | undefined>();
  for (const given of absPaths) {
    const real = realpathOr(given);
    const candidate = nearestGitDir(path.dirname(real), gitDirCache);
    if (candidate === undefined) continue;
    let group = groups.get(candidate);
    if (!group) groups.set(candidate, (group = []));
    group.push({ real, given });
  }

  let inRepo = false;
  const dirty: string[] = [];
  for (const [candidate, files] of groups) {
    const top = toplevel(candidate);
    if (top === undefined) continue;
    inRepo = true;
    const scope = commonDir(files.map((f) => path.dirname(f.real)), top);
    const changed = changedPaths(top, scope);
    const tracked = trackedPaths(top, scope);
    if (changed === undefined || tracked === undefined) {
      // git answered rev-parse but not status: we cannot vouch for these files, so guard them.
      dirty.push(...files.map((f) => f.given));
      continue;
    }
    // Untracked covers gitignored files too (status does not list those): git could not restore
    // their previous content either.
    for (const f of files) if (changed.has(f.real) || !tracked.has(f.real)) dirty.push(f.given);
  }
  return { inRepo, dirty };
}

/** Real paths of every modified, staged or untracked file under `scope`. */
function changedPaths(top: string, scope: string): Set<string> | undefined {
  const out = git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.'], scope);
  if (out === undefined) return undefined;
  const changed = new Set<string>();
  const fields = out.split('\0');
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i];
    if (entry.length < 4) continue;
    const status = entry.slice(0, 2);
    // Porcelain paths are relative to the repository root whatever the cwd.
    changed.add(path.join(top, entry.slice(3)));
    // Renames and copies carry the source path as the next NUL-separated field.
    if (status.includes('R') || status.includes('C')) i++;
  }
  return changed;
}

/** Real paths of the files in the index under `scope`. */
function trackedPaths(top: string, scope: string): Set<string> | undefined {
  const out = git(['ls-files', '-z', '--full-name', '--', '.'], scope);
  if (out === undefined) return undefined;
  return new Set(out.split('\0').filter((p) => p !== '').map((p) => path.join(top, p)));
}

function git(args: string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd,
      env: gitEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 1024 * 1024 * 1024,
    });
  } catch {
    return undefined;
  }
}

/** The repository's top-level directory as git reports it (a real path), or undefined. */
function toplevel(dir: string): string | undefined {
  // Fails when git is missing, outside a repository, or for one git refuses ("dubious ownership").
  const out = git(['rev-parse', '--show-toplevel'], dir)?.replace(/\r?\n$/, '');
  // Inside .git itself there is no work tree and the answer is empty.
  return out ? realpathOr(path.resolve(out)) : undefined;
}

/** Without inherited GIT_DIR & co. (set inside git hooks) git finds the repository by path. */
function gitEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_PREFIX', 'GIT_COMMON_DIR']) delete env[key];
  return env;
}

/** Nearest ancestor directory containing `.git` (directory or file), cached per directory. */
function nearestGitDir(dir: string, cache: Map<string, string | undefined>): string | undefined {
  const visited: string[] = [];
  let found: string | undefined;
  for (let current = dir; ; ) {
    if (cache.has(current)) {
      found = cache.get(current);
      break;
    }
    visited.push(current);
    if (fs.existsSync(path.join(current, '.git'))) {
      found = current;
      break;
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const v of visited) cache.set(v, found);
  return found;
}

/** Deepest directory containing all `dirs`, not above `top`. */
function commonDir(dirs: string[], top: string): string {
  let common = dirs[0];
  for (const dir of dirs) {
    while (common !== top && !(dir === common || dir.startsWith(common + path.sep))) {
      const parent = path.dirname(common);
      if (parent === common) return top;
      common = parent;
    }
  }
  return common.startsWith(top) && fs.existsSync(common) ? common : top;
}

function realpathOr(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    // A file that does not exist yet: resolve its directory instead.
    try {
      return path.join(fs.realpathSync(path.dirname(p)), path.basename(p));
    } catch {
      return p;
    }
  }
}
