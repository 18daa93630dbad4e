import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileIfAbsent, isTempFileName, readSourceFile, removeStaleTempFiles, writeFileAtomic } from '../src/write/write.js';

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const onlyFile = (name: string) => expect(fs.readdirSync(tmp)).toEqual([name]);

describe('readSourceFile → writeFileAtomic round trip', () => {
  const cases: Record<string, Buffer> = {
    crlf: Buffer.from('const a = 1;\r\nconst b = 2;\r\n'),
    tabs: Buffer.from('function f() {\n\treturn\t1;\n}\n'),
    bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('export const x = "é";\n')]),
    shebang: Buffer.from('#!/usr/bin/env node\nconsole.log(1);\n'),
    'no trailing newline': Buffer.from('export {}'),
    'mixed endings': Buffer.from('a\r\nb\nc\r\n\r\n'),
    'astral characters': Buffer.from('const s = "😀 𝒳";\n'),
    empty: Buffer.alloc(0),
  };

  for (const [name, bytes] of Object.entries(cases)) {
    it(`keeps ${name} byte for byte`, async () => {
      const file = path.join(tmp, 'a.ts');
      fs.writeFileSync(file, bytes);
      const text = await readSourceFile(file);
      fs.writeFileSync(file, 'something else');
      await writeFileAtomic(file, text);
      expect(fs.readFileSync(file).equals(bytes)).toBe(true);
      onlyFile('a.ts');
    });
  }

  it('exposes the BOM as \\uFEFF at the start of the string', async () => {
    const file = path.join(tmp, 'bom.ts');
    fs.writeFileSync(file, cases.bom);
    const text = await readSourceFile(file);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('export const x = "é";\n');
  });

  it('refuses bytes that are not UTF-8 instead of mangling them', async () => {
    const file = path.join(tmp, 'latin1.ts');
    fs.writeFileSync(file, Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in Latin-1
    await expect(readSourceFile(file)).rejects.toThrow(/UTF-8/);
  });
});

describe('writeFileAtomic', () => {
  it('keeps the mode of an existing file (0755)', async () => {
    const file = path.join(tmp, 'cli.js');
    fs.writeFileSync(file, '#!/usr/bin/env node\n');
    fs.chmodSync(file, 0o755);
    await writeFileAtomic(file, '#!/usr/bin/env node\nmain();\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o755);
    expect(fs.readFileSync(file, 'utf8')).toBe('#!/usr/bin/env node\nmain();\n');
  });

  it('replaces by rename: a reader holding the old file still sees the old content', async () => {
    const file = path.join(tmp, 'a.ts');
    fs.writeFileSync(file, 'old');
    const before = fs.statSync(file).ino;
    await writeFileAtomic(file, 'new');
    expect(fs.statSync(file).ino).not.toBe(before);
    expect(fs.readFileSync(file, 'utf8')).toBe('new');
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const real = path.join(tmp, 'real.ts');
    const link = path.join(tmp, 'link.ts');
    fs.writeFileSync(real, 'old');
    fs.symlinkSync('real.ts', link);
    await writeFileAtomic(link, 'new');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readFileSync(real, 'utf8')).toBe('new');
    expect(fs.readdirSync(tmp).sort()).toEqual(['link.ts', 'real.ts']);
  });

  it('creates a file that does not exist yet', async () => {
    const file = path.join(tmp, 'new.ts');
    await writeFileAtomic(file, 'x');
    expect(fs.readFileSync(file, 'utf8')).toBe('x');
  });

  it('leaves no temp file behind and the original intact when the rename fails', async () => {
    // The target is a non-empty directory, so rename() fails after the temp file was written.
    const target = path.join(tmp, 'dir.ts');
    fs.mkdirSync(target);
    fs.writeFileSync(path.join(target, 'inside'), 'keep');
    await expect(writeFileAtomic(target, 'x')).rejects.toThrow();
    onlyFile('dir.ts');
    expect(fs.readFileSync(path.join(target, 'inside'), 'utf8')).toBe('keep');
  });
});

describe('createFileIfAbsent', () => {
  it('creates missing parent directories and the file', async () => {
    const file = path.join(tmp, 'src', 'gen', 'mrtr-state.ts');
    expect(await createFileIfAbsent(file, 'export {};\n')).toBe(true);
    expect(fs.readFileSync(file, 'utf8')).toBe('export {};\n');
    expect(fs.readdirSync(path.dirname(file))).toEqual(['mrtr-state.ts']);
  });

  it('never overwrites an existing file (or a dangling link)', async () => {
    const file = path.join(tmp, 'mine.ts');
    fs.writeFileSync(file, 'user code');
    expect(await createFileIfAbsent(file, 'generated')).toBe(false);
    expect(fs.readFileSync(file, 'utf8')).toBe('user code');

    const dangling = path.join(tmp, 'dangling.ts');
    fs.symlinkSync('nowhere.ts', dangling);
    expect(await createFileIfAbsent(dangling, 'generated')).toBe(false);
    expect(fs.existsSync(path.join(tmp, 'nowhere.ts'))).toBe(false);
    expect(fs.readdirSync(tmp).sort()).toEqual(['dangling.ts', 'mine.ts']);
  });

  it('creates exactly one file when two calls race', async () => {
    const file = path.join(tmp, 'race.ts');
    const results = await Promise.all([createFileIfAbsent(file, 'first'), createFileIfAbsent(file, 'second')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(fs.readFileSync(file, 'utf8')).toBe(results[0] ? 'first' : 'second');
    onlyFile('race.ts');
  });
});

describe('removeStaleTempFiles', () => {
  it('removes temp files whose writer is gone, keeps those of a live process and anything else', async () => {
    const dead = 2147483646; // above any pid_max: no such process
    const stale = path.join(tmp, `.a.ts.${dead}.0123abcd.tmp`);
    const live = path.join(tmp, `.b.ts.${process.ppid}.0123abcd.tmp`);
    const mine = path.join(tmp, `.c.ts.${process.pid}.0123abcd.tmp`);
    const other = path.join(tmp, '.a.ts.backup.tmp');
    for (const file of [stale, live, mine, other]) fs.writeFileSync(file, 'x');
    expect([stale, live, mine, other].map((f) => isTempFileName(path.basename(f)))).toEqual([true, true, true, false]);
    await removeStaleTempFiles([stale, live, mine]);
    // This process writes nothing while it cleans up: its own leftovers go too.
    expect(fs.readdirSync(tmp).sort()).toEqual([path.basename(other), path.basename(live)].sort());
  });
});
