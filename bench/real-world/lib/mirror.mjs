// Local mirrors (bare snapshots brought by the search tool's `fetch`) and scratch checkouts of a
// pinned commit. Snapshots lack files of 4 MiB and more, so a checkout writes blob by blob and
// skips the missing ones instead of failing like `git archive` / `git checkout` would.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const MIRRORS = process.env.MIRRORS ?? '/work/.mirror';

/** The git directory of a repository's mirror, or undefined when it has not been fetched. */
export function mirrorGitDir(repo) {
  const base = path.join(MIRRORS, repo.replace('/', '+'));
  for (const candidate of [path.join(base, 'repo', '.git'), path.join(base, 'repo'), base]) {
    if (fs.existsSync(path.join(candidate, 'HEAD')) && fs.existsSync(path.join(candidate, 'objects'))) return candidate;
  }
  return undefined;
}

const git = (gitDir, args, input) =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { input, maxBuffer: 1 << 30, stdio: ['pipe', 'pipe', 'pipe'] });

export function hasCommit(gitDir, commit) {
  try {
    git(gitDir, ['cat-file', '-e', `${commit}^{commit}`]);
    return true;
  } catch {
    return false;
  }
}

export function headCommit(gitDir) {
  return git(gitDir, ['rev-parse', 'HEAD']).toString().trim();
}

/**
 * Writes the tree of `commit` into `dest` (created; must not exist), then makes it a git repository
 * with one commit so the CLI's dirty-tree check and .gitignore handling see what a user's clone has.
 * Returns the paths that were missing from the snapshot.
 */
export function checkout(gitDir, commit, dest) {
  const entries = git(gitDir, ['ls-tree', '-r', '-z', '--full-tree', commit])
    .toString()
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = line.split('\t');
      const [mode, type, oid] = meta.split(' ');
      return { mode, type, oid, file };
    })
    .filter((e) => e.type === 'blob');
  fs.mkdirSync(dest, { recursive: true });
  // One `cat-file --batch` for all blobs; a missing object answers "<oid> missing".
  const out = git(gitDir, ['cat-file', '--batch'], entries.map((e) => e.oid).join('\n') + '\n');
  const missing = [];
  let pos = 0;
  for (const entry of entries) {
    const eol = out.indexOf(10, pos);
    const header = out.subarray(pos, eol).toString();
    pos = eol + 1;
    if (header.endsWith(' missing')) {
      missing.push(entry.file);
      continue;
    }
    const size = Number(header.split(' ')[2]);
    const body = out.subarray(pos, pos + size);
    pos += size + 1;
    const target = path.join(dest, entry.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    if (entry.mode === '120000') {
      // Symlinks become plain files holding the link text: nothing may point out of the scratch tree.
      fs.writeFileSync(target, body);
    } else {
      fs.writeFileSync(target, body, { mode: entry.mode === '100755' ? 0o755 : 0o644 });
    }
  }
  return missing;
}

/** `git init` + one commit of everything, so the tree is clean for the CLI. */
export function commitAll(dir) {
  const run = (args) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  run(['init', '-q']);
  run(['add', '-A', '-f']);
  run(['-c', 'user.name=scorecard', '-c', 'user.email=scorecard@localhost', 'commit', '-q', '--no-verify', '-m', 'pinned']);
}
