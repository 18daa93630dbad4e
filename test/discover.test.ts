import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ALWAYS_SKIPPED_DIRS,
  SOURCE_EXTENSIONS,
  discoverFiles,
  isSourceFileName,
  rebasePatterns,
  toDisplayPath,
} from '../src/discover/discover.js';

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Creates files (content defaults to a tiny module) under `base`. */
function touch(base: string, files: Record<string, string> | string[]): void {
  const entries = Array.isArray(files) ? files.map((f) => [f, 'export {};\n'] as const) : Object.entries(files);
  for (const [rel, text] of entries) {
    const abs = path.join(base, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
  }
}

async function paths(roots: string[], opts: { cwd?: string; ignore?: string[] } = {}): Promise<string[]> {
  const result = await discoverFiles(roots, { cwd: opts.cwd ?? tmp, ignore: opts.ignore });
  expect(result.errors).toEqual([]);
  return result.files.map((f) => f.path);
}

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('source file names', () => {
  it('accepts every JS/TS extension and rejects declaration files', () => {
    for (const ext of SOURCE_EXTENSIONS) expect(isSourceFileName(`a${ext}`)).toBe(true);
    for (const name of ['a.d.ts', 'a.d.mts', 'a.d.cts', 'styles.d.css.ts', 'a.json', 'a.ts.bak', 'README.md']) {
      expect(isSourceFileName(name), name).toBe(false);
    }
    // Not a declaration file: just a name containing ".d".
    expect(isSourceFileName('a.dts.ts')).toBe(true);
    expect(isSourceFileName('load.data.ts')).toBe(true);
  });
});

describe('discoverFiles', () => {
  it('finds sources under a directory, sorted, with cwd-relative posix paths', async () => {
    touch(tmp, ['src/b.ts', 'src/a.tsx', 'src/z/c.mjs', 'src/types.d.ts', 'src/data.json', 'index.cjs', 'src/B.js']);
    const result = await discoverFiles(['.'], { cwd: tmp });
    expect(result.files.map((f) => f.path)).toEqual(['index.cjs', 'src/B.js', 'src/a.tsx', 'src/b.ts', 'src/z/c.mjs']);
    expect(result.files[0].absPath).toBe(path.join(tmp, 'index.cjs'));
    expect(result.errors).toEqual([]);
  });

  it('defaults to "." and accepts absolute roots', async () => {
    touch(tmp, ['a.ts']);
    expect((await discoverFiles([], { cwd: tmp })).files.map((f) => f.path)).toEqual(['a.ts']);
    const sub = path.join(tmp, 'sub');
    touch(sub, ['b.ts']);
    expect(await paths([sub])).toEqual(['sub/b.ts']);
  });

  it('always skips dependency, VCS and build folders, but walks one named explicitly', async () => {
    const skipped = ALWAYS_SKIPPED_DIRS.map((d) => `${d}/x.ts`);
    touch(tmp, ['src/ok.ts', ...skipped, 'src/node_modules/pkg/index.js', 'src/dist/out.js']);
    expect(await paths(['.'])).toEqual(['src/ok.ts']);
    expect(await paths(['dist'])).toEqual(['dist/x.ts']);
  });

  it('reports missing paths, non-sources and declaration files as errors without throwing', async () => {
    touch(tmp, ['a.ts', 'notes.md', 'types.d.ts']);
    const result = await discoverFiles(['a.ts', 'missing', 'notes.md', 'types.d.ts'], { cwd: tmp });
    expect(result.files.map((f) => f.path)).toEqual(['a.ts']);
    expect(result.errors).toEqual([
      { path: 'missing', message: 'no such file or directory' },
      { path: 'notes.md', message: 'not a JavaScript/TypeScript source file' },
      { path: 'types.d.ts', message: 'not a JavaScript/TypeScript source file' },
    ]);
  });

  it('includes an explicitly named file even when it is gitignored', async () => {
    touch(tmp, { '.gitignore': 'gen.ts\n', 'gen.ts': '', 'a.ts': '' });
    expect(await paths(['.'])).toEqual(['a.ts']);
    expect(await paths(['gen.ts'])).toEqual(['gen.ts']);
  });

  it('dedupes overlapping roots', async () => {
    touch(tmp, ['src/a.ts', 'b.ts']);
    expect(await paths(['.', 'src', 'src/a.ts', './src/'])).toEqual(['b.ts', 'src/a.ts']);
  });

  it('gives paths outside cwd with ../', async () => {
    touch(tmp, ['proj/a.ts', 'other/b.ts']);
    expect(await paths(['../other'], { cwd: path.join(tmp, 'proj') })).toEqual(['../other/b.ts']);
  });
});

describe('.gitignore', () => {
  it('applies the root .gitignore (globs, directories, comments)', async () => {
    touch(tmp, {
      '.gitignore': '# generated\n*.gen.ts\ngenerated/\n\n/top-only.ts\n',
      'a.ts': '',
      'x.gen.ts': '',
      'deep/y.gen.ts': '',
      'generated/z.ts': '',
      'deep/generated/z.ts': '',
      'top-only.ts': '',
      'deep/top-only.ts': '',
    });
    expect(await paths(['.'])).toEqual(['a.ts', 'deep/top-only.ts']);
  });

  it('lets a nested .gitignore un-ignore with "!" for its own subtree only', async () => {
    touch(tmp, {
      '.gitignore': '*.local.ts\n',
      'keep.local.ts': '',
      'sub/.gitignore': '!keep.local.ts\n',
      'sub/keep.local.ts': '',
      'sub/other.local.ts': '',
      'sub/deeper/keep.local.ts': '',
      'sibling/keep.local.ts': '',
    });
    expect(await paths(['.'])).toEqual(['sub/deeper/keep.local.ts', 'sub/keep.local.ts']);
  });

  it('anchors nested patterns with a slash to their own directory', async () => {
    touch(tmp, {
      'sub/.gitignore': '/only-here.ts\nlib/gen.ts\nanywhere.ts\n',
      'only-here.ts': '',
      'sub/only-here.ts': '',
      'sub/x/only-here.ts': '',
      'sub/lib/gen.ts': '',
      'sub/x/lib/gen.ts': '',
      'anywhere.ts': '',
      'sub/x/y/anywhere.ts': '',
    });
    expect(await paths(['.'])).toEqual(['anywhere.ts', 'only-here.ts', 'sub/x/lib/gen.ts', 'sub/x/only-here.ts']);
  });

  it('keeps sibling .gitignore files apart', async () => {
    touch(tmp, { 'a/.gitignore': '*.ts\n', 'a/x.ts': '', 'b/x.ts': '', 'a/y.js': '' });
    expect(await paths(['.'])).toEqual(['a/y.js', 'b/x.ts']);
  });

  it('lets a deeper .gitignore re-include a directory the root one excludes', async () => {
    touch(tmp, { '.gitignore': 'vendor/\n', 'vendor/a.ts': '', 'lib/.gitignore': '!vendor/\n', 'lib/vendor/b.ts': '' });
    expect(await paths(['.'])).toEqual(['lib/vendor/b.ts']);
  });

  it('cannot re-include a file whose parent directory is excluded (git semantics)', async () => {
    touch(tmp, { '.gitignore': 'out2/\n!out2/keep.ts\n', 'out2/keep.ts': '', 'a.ts': '' });
    expect(await paths(['.'])).toEqual(['a.ts']);
  });

  it('reads .gitignore files in ancestors up to the git root, and .git/info/exclude', async () => {
    fs.mkdirSync(path.join(tmp, '.git', 'info'), { recursive: true });
    touch(tmp, {
      '.git/info/exclude': 'excluded.ts\n',
      '.gitignore': 'secret.ts\npkg/src/anchored.ts\n',
      'pkg/.gitignore': 'local/\n',
      'pkg/src/a.ts': '',
      'pkg/src/secret.ts': '',
      'pkg/src/anchored.ts': '',
      'pkg/src/excluded.ts': '',
      'pkg/src/local/x.ts': '',
    });
    expect(await paths(['pkg/src'])).toEqual(['pkg/src/a.ts']);
    expect(await paths(['.'], { cwd: path.join(tmp, 'pkg/src') })).toEqual(['a.ts']);
  });

  it('does not read .gitignore files above the root when there is no repository', async () => {
    touch(tmp, { '.gitignore': 'secret.ts\n', 'pkg/secret.ts': '' });
    // (tmp is not inside a git repository, so nothing above pkg applies.)
    expect(await paths(['pkg'])).toEqual(['pkg/secret.ts']);
  });

  it('walks a root that an ancestor .gitignore excludes, applying only the rules inside it', async () => {
    fs.mkdirSync(path.join(tmp, '.git'));
    touch(tmp, {
      '.gitignore': 'generated/\n*.tmp.ts\n',
      'generated/a.ts': '',
      'generated/.gitignore': 'b.ts\n',
      'generated/b.ts': '',
    });
    expect(await paths(['.'])).toEqual([]);
    expect(await paths(['generated'])).toEqual(['generated/a.ts']);
  });

  it('gives a nested repository its own rules', async () => {
    fs.mkdirSync(path.join(tmp, '.git'));
    fs.mkdirSync(path.join(tmp, 'vendor-repo', '.git'), { recursive: true });
    touch(tmp, { '.gitignore': '*.x.ts\n', 'a.x.ts': '', 'vendor-repo/b.x.ts': '' });
    expect(await paths(['.'])).toEqual(['vendor-repo/b.x.ts']);
  });

  it('agrees with git itself on a tangled tree', async () => {
    if (!hasGit()) return;
    execFileSync('git', ['init', '-q'], { cwd: tmp });
    touch(tmp, {
      '.gitignore': '*.log.ts\n/build2/\ncache\n!important.log.ts\nsrc/**/fixtures/\n',
      'a.ts': '',
      'x.log.ts': '',
      'important.log.ts': '',
      'build2/a.ts': '',
      'src/build2/a.ts': '',
      'src/cache/a.ts': '',
      'src/cache.ts': '',
      'src/deep/fixtures/f.ts': '',
      'src/fixtures.ts': '',
      'src/.gitignore': '!cache\n/local.ts\n*.mjs\n!keep.mjs\n',
      'src/local.ts': '',
      'src/deep/local.ts': '',
      'src/m.mjs': '',
      'src/deep/keep.mjs': '',
      'src/deep/.gitignore': 'keep.mjs\n',
      'other/cache/b.ts': '',
      'other/.gitignore': '# nothing\n\\#hash.ts\n',
      'other/#hash.ts': '',
      'other/x y.ts': '',
    });
    const fromGit = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], { cwd: tmp, encoding: 'utf8' })
      .split('\0')
      .filter((p) => isSourceFileName(path.posix.basename(p)))
      .sort();
    expect(fromGit.length).toBeGreaterThan(4);
    expect(await paths(['.'])).toEqual(fromGit);
  });
});

describe('--ignore globs', () => {
  beforeEach(() => {
    touch(tmp, ['packages/a/src/x.ts', 'packages/a/src/x.test.ts', 'packages/a/lib/gen.ts', 'packages/b/y.ts', 'z.spec.ts']);
  });

  it('matches dir/** against the display path and prunes the directory', async () => {
    expect(await paths(['.'], { ignore: ['packages/a/**'] })).toEqual(['packages/b/y.ts', 'z.spec.ts']);
    expect(await paths(['.'], { ignore: ['./packages/b/'] })).toEqual([
      'packages/a/lib/gen.ts',
      'packages/a/src/x.test.ts',
      'packages/a/src/x.ts',
      'z.spec.ts',
    ]);
  });

  it('matches **/*.test.ts and bare basename patterns at any depth', async () => {
    expect(await paths(['.'], { ignore: ['**/*.test.ts', '*.spec.ts'] })).toEqual([
      'packages/a/lib/gen.ts',
      'packages/a/src/x.ts',
      'packages/b/y.ts',
    ]);
  });

  it('matches paths relative to each given root', async () => {
    expect(await paths(['packages/a'], { ignore: ['lib/**'] })).toEqual(['packages/a/src/x.test.ts', 'packages/a/src/x.ts']);
  });

  it('also filters explicitly named files (shell-expanded lists)', async () => {
    expect(await paths(['packages/a/src/x.ts', 'packages/a/src/x.test.ts'], { ignore: ['**/*.test.ts'] })).toEqual([
      'packages/a/src/x.ts',
    ]);
    expect(await paths(['packages/a/src/x.ts', 'packages/b/y.ts'], { ignore: ['packages/a/'] })).toEqual(['packages/b/y.ts']);
  });
});

describe('symlinks', () => {
  let outside: string;
  beforeEach(() => {
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-outside-'));
    touch(outside, ['escape.ts', 'dir/inner.ts']);
  });
  afterEach(() => {
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('skips a linked file that points outside the roots and never enters linked directories', async () => {
    touch(tmp, ['src/a.ts', 'src/real/b.ts']);
    fs.symlinkSync(path.join(outside, 'escape.ts'), path.join(tmp, 'src', 'link.ts'));
    fs.symlinkSync(path.join(outside, 'dir'), path.join(tmp, 'src', 'linkdir'));
    fs.symlinkSync(path.join(tmp, 'src', 'real'), path.join(tmp, 'src', 'loop'));
    expect(await paths(['src'])).toEqual(['src/a.ts', 'src/real/b.ts']);
  });

  it('includes a linked file inside the root once, under its real path', async () => {
    touch(tmp, ['src/real.ts']);
    fs.symlinkSync('real.ts', path.join(tmp, 'src', 'alias.ts'));
    fs.symlinkSync('missing.ts', path.join(tmp, 'src', 'broken.ts'));
    const result = await discoverFiles(['src'], { cwd: tmp });
    expect(result.files).toEqual([{ absPath: path.join(tmp, 'src', 'real.ts'), path: 'src/real.ts' }]);
  });

  it('does not let a link bring in an ignored or node_modules target inside the root', async () => {
    touch(tmp, { 'src/.gitignore': 'hidden.ts\n', 'src/hidden.ts': '', 'node_modules/pkg/index.ts': '', 'src/a.ts': '' });
    fs.symlinkSync('hidden.ts', path.join(tmp, 'src', 'shown.ts'));
    fs.symlinkSync('../node_modules/pkg/index.ts', path.join(tmp, 'src', 'dep.ts'));
    expect(await paths(['.'])).toEqual(['src/a.ts']);
  });

  it('writes through an explicitly named link that stays inside cwd', async () => {
    touch(tmp, ['src/real.ts']);
    fs.symlinkSync('src/real.ts', path.join(tmp, 'alias.ts'));
    const result = await discoverFiles(['alias.ts'], { cwd: tmp });
    expect(result.files).toEqual([{ absPath: path.join(tmp, 'src', 'real.ts'), path: 'src/real.ts' }]);
  });

  it('refuses an explicitly named link that escapes', async () => {
    fs.symlinkSync(path.join(outside, 'escape.ts'), path.join(tmp, 'link.ts'));
    const result = await discoverFiles(['link.ts'], { cwd: tmp });
    expect(result.files).toEqual([]);
    expect(result.errors).toEqual([{ path: 'link.ts', message: 'symbolic link points outside the given paths' }]);
  });

  it('walks a root that is itself a link (named by the user)', async () => {
    fs.symlinkSync(path.join(outside, 'dir'), path.join(tmp, 'vendored'));
    expect(await paths(['vendored'])).toEqual(['vendored/inner.ts']);
  });
});

describe('toDisplayPath', () => {
  it('is cwd-relative with forward slashes', () => {
    expect(toDisplayPath('/a/b', '/a/b/c/d.ts')).toBe('c/d.ts');
    expect(toDisplayPath('/a/b', '/a/x.ts')).toBe('../x.ts');
    expect(toDisplayPath('/a/b', '/a/b')).toBe('');
  });
});

describe('rebasePatterns', () => {
  it('anchors slash patterns and spreads bare ones over the subtree', () => {
    expect(rebasePatterns('# c\n\n/a.ts\nb/c.ts\nd.ts\n!e.ts\nf/\n\\#g\r\n', 'sub')).toEqual([
      'sub/a.ts',
      'sub/b/c.ts',
      'sub/**/d.ts',
      '!sub/**/e.ts',
      'sub/**/f/',
      'sub/**/\\#g',
    ]);
  });
});
