import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PackageResolver, parsePnpmPackages, workspaceGlobs } from '../src/discover/workspace.js';

let tmp: string;

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-'));
});
afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function write(rel: string, text: string): string {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
  return abs;
}

describe('PackageResolver', () => {
  it('finds the nearest package.json and its name', () => {
    write('package.json', JSON.stringify({ name: 'root' }));
    write('packages/a/package.json', JSON.stringify({ name: '@scope/a' }));
    const fileA = write('packages/a/src/deep/x.ts', '');
    const fileRoot = write('tools/y.ts', '');
    const resolver = new PackageResolver();
    expect(resolver.packageFor(fileA)).toEqual({ root: path.join(tmp, 'packages/a'), name: '@scope/a' });
    expect(resolver.packageFor(fileRoot)).toEqual({ root: tmp, name: 'root' });
  });

  it('names a package without a (string) name after its directory', () => {
    write('no-name/package.json', JSON.stringify({ version: '1.0.0' }));
    write('broken/package.json', '{ oops');
    const resolver = new PackageResolver();
    expect(resolver.packageFor(path.join(tmp, 'no-name/a.ts'))).toEqual({ root: path.join(tmp, 'no-name'), name: 'no-name' });
    expect(resolver.packageFor(path.join(tmp, 'broken/a.ts'))).toEqual({ root: path.join(tmp, 'broken'), name: 'broken' });
  });

  it('treats a directory argument as inside its own package', () => {
    write('pkg/package.json', JSON.stringify({ name: 'pkg' }));
    expect(new PackageResolver().packageFor(path.join(tmp, 'pkg'))?.name).toBe('pkg');
  });

  it('does not look above stopAt', () => {
    write('package.json', JSON.stringify({ name: 'outer' }));
    const file = write('inner/src/a.ts', '');
    expect(new PackageResolver(path.join(tmp, 'inner')).packageFor(file)).toBeUndefined();
    expect(new PackageResolver().packageFor(file)?.name).toBe('outer');
  });

  it('returns undefined when there is no package.json up to the filesystem root', () => {
    const file = write('a/b.ts', '');
    // Unless the machine has a package.json above the temp dir, which tests cannot control.
    const above = new PackageResolver().packageFor(path.dirname(tmp) + '/x.ts');
    expect(new PackageResolver().packageFor(file)).toEqual(above);
  });

  it('caches per directory (a package.json added later is not seen by the same resolver)', () => {
    write('package.json', JSON.stringify({ name: 'root' }));
    const file = write('sub/a.ts', '');
    const resolver = new PackageResolver();
    expect(resolver.packageFor(file)?.name).toBe('root');
    write('sub/package.json', JSON.stringify({ name: 'sub' }));
    expect(resolver.packageFor(path.join(tmp, 'sub/b.ts'))?.name).toBe('root');
    expect(new PackageResolver().packageFor(file)?.name).toBe('sub');
  });
});

describe('workspaceGlobs', () => {
  it('reads npm/yarn "workspaces" as an array', () => {
    write('package.json', JSON.stringify({ workspaces: ['packages/*', 'apps/*'] }));
    expect(workspaceGlobs(tmp)).toEqual(['packages/*', 'apps/*']);
  });

  it('reads yarn "workspaces": { packages: [...] }', () => {
    write('package.json', JSON.stringify({ workspaces: { packages: ['libs/**'], nohoist: ['**/x'] } }));
    expect(workspaceGlobs(tmp)).toEqual(['libs/**']);
  });

  it('reads pnpm-workspace.yaml with quotes, comments and negations', () => {
    write('package.json', JSON.stringify({ name: 'root' }));
    write(
      'pnpm-workspace.yaml',
      [
        '# the monorepo',
        'packages:',
        "  - 'packages/*'   # libraries",
        '  - "apps/**"',
        '',
        '  # tooling',
        '  - tools/cli',
        "  - '!**/test/**'",
        'catalog:',
        '  - not-a-package',
        '',
      ].join('\n'),
    );
    expect(workspaceGlobs(tmp)).toEqual(['packages/*', 'apps/**', 'tools/cli', '!**/test/**']);
  });

  it('merges package.json and pnpm-workspace.yaml, without duplicates', () => {
    write('package.json', JSON.stringify({ workspaces: ['packages/*'] }));
    write('pnpm-workspace.yaml', 'packages:\n- packages/*\n- apps/*\n');
    expect(workspaceGlobs(tmp)).toEqual(['packages/*', 'apps/*']);
  });

  it('is undefined without any workspace declaration', () => {
    expect(workspaceGlobs(tmp)).toBeUndefined();
    write('package.json', JSON.stringify({ name: 'single' }));
    expect(workspaceGlobs(tmp)).toBeUndefined();
    write('pnpm-workspace.yaml', 'onlyBuiltDependencies:\n  - esbuild\n');
    expect(workspaceGlobs(tmp)).toBeUndefined();
  });
});

describe('parsePnpmPackages', () => {
  it('reads flow sequences, CRLF files and a BOM', () => {
    expect(parsePnpmPackages("packages: ['a/*', \"b/*\" , c] # note\n")).toEqual(['a/*', 'b/*', 'c']);
    expect(parsePnpmPackages('packages: [\n  "a/*",\n  "b/*"\n]\n')).toEqual(['a/*', 'b/*']);
    expect(parsePnpmPackages('\uFEFFpackages:\r\n  - a/*\r\n  - b/*\r\n')).toEqual(['a/*', 'b/*']);
  });

  it('keeps a # that is part of a value and YAML-escaped quotes', () => {
    expect(parsePnpmPackages("packages:\n  - 'it''s/*'\n  - a#b\n  - \"x # y\"\n")).toEqual(["it's/*", 'a#b', 'x # y']);
  });

  it('ignores an indented (nested) packages key', () => {
    expect(parsePnpmPackages('other:\n  packages:\n    - a\n')).toBeUndefined();
  });
});
