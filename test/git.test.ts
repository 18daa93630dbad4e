import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findDirtyFiles } from '../src/write/git.js';

let tmp: string;

function git(cwd: string, ...args: string[]): void {
  execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
    { cwd, stdio: 'ignore' },
  );
}

function write(rel: string, text = 'export {};\n'): string {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  return abs;
}

/** A repository at `dir` with `files` committed. */
function repo(dir: string, files: string[]): void {
  fs.mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const f of files) write(path.relative(tmp, path.join(dir, f)));
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'init');
}

let gitAvailable = true;
try {
  execFileSync('git', ['--version'], { stdio: 'ignore' });
} catch {
  gitAvailable = false;
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!gitAvailable)('findDirtyFiles', () => {
  it('reports nothing for committed clean files', () => {
    repo(tmp, ['src/a.ts', 'src/b.ts']);
    const files = [path.join(tmp, 'src/a.ts'), path.join(tmp, 'src/b.ts')];
    expect(findDirtyFiles(files, tmp)).toEqual({ inRepo: true, dirty: [] });
  });

  it('reports modified, staged and untracked files, and only those', () => {
    repo(tmp, ['clean.ts', 'modified.ts', 'staged.ts']);
    const modified = write('modified.ts', 'changed\n');
    const staged = write('staged.ts', 'changed\n');
    git(tmp, 'add', 'staged.ts');
    const untracked = write('deep/new dir/untracked file.ts');
    const clean = path.join(tmp, 'clean.ts');
    const result = findDirtyFiles([clean, modified, staged, untracked], tmp);
    expect(result.inRepo).toBe(true);
    expect(result.dirty.sort()).toEqual([modified, staged, untracked].sort());
  });

  it('counts gitignored files as uncommitted (git could not restore them)', () => {
    repo(tmp, ['a.ts']);
    write('.gitignore', 'gen.ts\n');
    git(tmp, 'add', '.gitignore');
    git(tmp, 'commit', '-q', '-m', 'ignore');
    const ignored = write('gen.ts');
    expect(findDirtyFiles([ignored, path.join(tmp, 'a.ts')], tmp).dirty).toEqual([ignored]);
  });

  it('handles renames in the -z output (new path dirty, following entries still parsed)', () => {
    // The source field 'xx clean.ts' would read as an entry for clean.ts if it were not skipped.
    repo(tmp, ['xx clean.ts', 'other.ts', 'clean.ts']);
    git(tmp, 'mv', 'xx clean.ts', 'new name.ts');
    const other = write('other.ts', 'changed\n');
    const renamed = path.join(tmp, 'new name.ts');
    const result = findDirtyFiles([renamed, other, path.join(tmp, 'clean.ts')], tmp);
    expect(result.dirty.sort()).toEqual([renamed, other].sort());
  });

  it('groups files by repository across several repositories', () => {
    repo(path.join(tmp, 'one'), ['a.ts']);
    repo(path.join(tmp, 'two'), ['b.ts', 'c.ts']);
    const a = write('one/a.ts', 'changed\n');
    const b = path.join(tmp, 'two/b.ts');
    const c = write('two/c.ts', 'changed\n');
    const result = findDirtyFiles([a, b, c], tmp);
    expect(result).toEqual({ inRepo: true, dirty: [a, c] });
  });

  it('says inRepo: false outside any repository', () => {
    const file = write('a.ts');
    expect(findDirtyFiles([file], tmp)).toEqual({ inRepo: false, dirty: [] });
    expect(findDirtyFiles([], tmp)).toEqual({ inRepo: false, dirty: [] });
  });

  it('checks cwd when no files are given', () => {
    repo(tmp, ['a.ts']);
    expect(findDirtyFiles([], tmp)).toEqual({ inRepo: true, dirty: [] });
  });

  it('returns the paths as given, even through a symlinked directory', () => {
    repo(path.join(tmp, 'real'), ['a.ts', 'b.ts']);
    fs.symlinkSync(path.join(tmp, 'real'), path.join(tmp, 'link'));
    write('real/a.ts', 'changed\n');
    const viaLink = path.join(tmp, 'link', 'a.ts');
    expect(findDirtyFiles([viaLink, path.join(tmp, 'link', 'b.ts')], tmp)).toEqual({ inRepo: true, dirty: [viaLink] });
  });

  it('ignores an inherited GIT_DIR (as set inside git hooks)', () => {
    repo(tmp, ['a.ts']);
    const modified = write('a.ts', 'changed\n');
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = path.join(os.tmpdir(), 'definitely-not-a-repo');
    try {
      expect(findDirtyFiles([modified], tmp)).toEqual({ inRepo: true, dirty: [modified] });
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });
});
