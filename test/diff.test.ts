import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unifiedDiff } from '../src/write/diff.js';
import { renderDiff } from '../src/write/diff.js';
import type { FileOutcome } from '../src/types.js';

let tmp: string;

let gitAvailable = true;
try {
  execFileSync('git', ['--version'], { stdio: 'ignore' });
} catch {
  gitAvailable = false;
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
  if (gitAvailable) execFileSync('git', ['init', '-q'], { cwd: tmp });
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Writes `oldText` (unless new), applies the diff with git, returns the resulting bytes. */
function applyWithGit(rel: string, oldText: string | undefined, newText: string): string {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  if (oldText !== undefined) fs.writeFileSync(abs, oldText);
  const patch = unifiedDiff(rel, oldText, newText);
  const patchFile = path.join(tmp, '..', `${path.basename(tmp)}.patch`);
  fs.writeFileSync(patchFile, patch);
  try {
    execFileSync('git', ['-c', 'core.autocrlf=false', 'apply', '--whitespace=nowarn', patchFile], {
      cwd: tmp,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  } finally {
    fs.rmSync(patchFile, { force: true });
  }
  return fs.readFileSync(abs, 'utf8');
}

const lines = (n: number, eol = '\n') => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join(eol) + eol;

describe('unifiedDiff format', () => {
  it('writes git headers, 3 lines of context and correct hunk ranges', () => {
    const oldText = lines(10);
    const newText = oldText.replace('line 5\n', 'line five\n');
    expect(unifiedDiff('src/a.ts', oldText, newText)).toBe(
      [
        'diff --git a/src/a.ts b/src/a.ts',
        '--- a/src/a.ts',
        '+++ b/src/a.ts',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
        '',
      ].join('\n'),
    );
  });

  it('splits distant changes into separate hunks', () => {
    const oldText = lines(30);
    const newText = oldText.replace('line 2\n', 'two\n').replace('line 28\n', 'twenty-eight\n');
    const diff = unifiedDiff('a.ts', oldText, newText);
    expect(diff.match(/^@@ .* @@$/gm)).toEqual(['@@ -1,5 +1,5 @@', '@@ -25,6 +25,6 @@']);
  });

  it('marks a missing final newline', () => {
    const diff = unifiedDiff('a.ts', 'a\nb', 'a\nc');
    expect(diff).toBe(
      ['diff --git a/a.ts b/a.ts', '--- a/a.ts', '+++ b/a.ts', '@@ -1,2 +1,2 @@', ' a', '-b', '\\ No newline at end of file', '+c', '\\ No newline at end of file', ''].join('\n'),
    );
  });

  it('describes a new file against /dev/null', () => {
    expect(unifiedDiff('src/mrtr-state.ts', undefined, 'x\ny\n')).toBe(
      ['diff --git a/src/mrtr-state.ts b/src/mrtr-state.ts', 'new file mode 100644', '--- /dev/null', '+++ b/src/mrtr-state.ts', '@@ -0,0 +1,2 @@', '+x', '+y', ''].join('\n'),
    );
  });

  it('keeps CRLF inside the diff lines', () => {
    const diff = unifiedDiff('a.ts', 'a\r\nb\r\n', 'a\r\nc\r\n');
    expect(diff).toContain('\n-b\r\n+c\r\n');
    expect(diff).toContain('\n a\r\n');
  });

  it('is empty when nothing changed', () => {
    expect(unifiedDiff('a.ts', 'same\n', 'same\n')).toBe('');
  });
});

describe.skipIf(!gitAvailable)('unifiedDiff applies cleanly with git apply', () => {
  const cases: { name: string; path?: string; old: string | undefined; new: string }[] = [
    { name: 'a modified file', old: lines(40), new: lines(40).replace('line 3\n', 'three\n').replace('line 30\n', '').replace('line 39\n', 'line 39\nextra\n') },
    { name: 'a file without a trailing newline', old: 'a\nb\nc', new: 'a\nB\nc' },
    { name: 'adding the missing trailing newline', old: 'a\nb', new: 'a\nb\n' },
    { name: 'removing the trailing newline', old: 'a\nb\n', new: 'a\nb' },
    { name: 'a CRLF file', old: lines(12, '\r\n'), new: lines(12, '\r\n').replace('line 6\r\n', 'six\r\nseven\r\n') },
    { name: 'a CRLF file without trailing newline', old: 'a\r\nb\r\nc', new: 'a\r\nx\r\nc' },
    { name: 'a BOM and tabs', old: '\uFEFFfunction f() {\n\treturn 1;\n}\n', new: '\uFEFFfunction f() {\n\treturn 2;\n}\n' },
    { name: 'a path with spaces', path: 'my dir/a b.ts', old: 'x\n', new: 'y\n' },
    { name: 'a previously empty file', old: '', new: 'now\nfull\n' },
    { name: 'a new file', path: 'src/gen/mrtr-state.ts', old: undefined, new: 'export const a = 1;\nexport const b = 2;\n' },
    { name: 'a new file without trailing newline', path: 'new.ts', old: undefined, new: 'x' },
    { name: 'a new empty file', path: 'empty.ts', old: undefined, new: '' },
  ];
  for (const c of cases) {
    it(`for ${c.name}`, () => {
      expect(applyWithGit(c.path ?? 'src/file.ts', c.old, c.new)).toBe(c.new);
    });
  }
});

describe('renderDiff with hunks computed where the file ran', () => {
  const outcome = (original: string, output: string, known?: { original: string; output: string; lines: string[] }): FileOutcome => ({
    path: 'src/a.ts', absPath: '/p/src/a.ts', packagePath: '.', packageName: 'p', original, output,
    transforms: ['step-machine'], findings: [], handlersMigrated: 0, sitesMigrated: 0, newFiles: [], ...(known ? { diffHunks: known } : {}),
  });

  it('uses them while the texts are those they were computed for', () => {
    const marked = ['@@ -1 +1 @@', '-a', '+b (computed elsewhere)'];
    expect(renderDiff([outcome('a\n', 'b\n', { original: 'a\n', output: 'b\n', lines: marked })], [])).toContain('+b (computed elsewhere)');
  });

  it('computes the diff again once the output or the original changed after them (a group run, the zod upgrade)', () => {
    const stale = { original: 'a\n', output: 'b\n', lines: ['@@ -1 +1 @@', '-a', '+stale'] };
    expect(renderDiff([outcome('a\n', 'c\n', stale)], [])).toBe(unifiedDiff('src/a.ts', 'a\n', 'c\n'));
    expect(renderDiff([outcome('z\n', 'b\n', stale)], [])).toBe(unifiedDiff('src/a.ts', 'z\n', 'b\n'));
  });
});
