// package.json updates (src/upgrade/manifests.ts): the v1 SDK replaced in place by the v2 packages the
// migrated code imports, zod declared when needed, every other byte kept; workspace members
// planned one by one; lockfiles never touched, the summary names the install command.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installHint, needsOf, planManifestChanges, updateManifest, zodRangeOk, type ManifestNeeds } from '../src/upgrade/manifests.js';

const SERVER_ONLY: ManifestNeeds = { packages: ['@modelcontextprotocol/server'], testOnly: [], keepV1: false };

const MANIFEST = `{
  "name": "demo",
  "version": "1.0.0",
  "type": "module",
  "dependencies": {
    "@modelcontextprotocol/sdk": "^1.24.0",
    "express": "^5.1.0"
  },
  "devDependencies": {
    "typescript": "^5.9.3"
  }
}
`;

describe('updateManifest', () => {
  it('replaces the v1 SDK in place, keeping every other byte', () => {
    const out = updateManifest(MANIFEST, SERVER_ONLY);
    expect(out.text).toBe(MANIFEST.replace('"@modelcontextprotocol/sdk": "^1.24.0"', '"@modelcontextprotocol/server": "^2.4.0"'));
    expect(out).toMatchObject({ changed: true, added: ['@modelcontextprotocol/server'], removed: ['@modelcontextprotocol/sdk'], warnings: [] });
  });

  it('adds zod and other v2 packages in sorted position when the section is sorted', () => {
    const out = updateManifest(MANIFEST, { packages: ['@modelcontextprotocol/node', '@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false });
    expect(out.text).toContain(
      [
        '  "dependencies": {',
        '    "@modelcontextprotocol/node": "^2.1.2",',
        '    "@modelcontextprotocol/server": "^2.4.0",',
        '    "express": "^5.1.0",',
        '    "zod": "^4.2.0"',
        '  },',
      ].join('\n'),
    );
    expect(out.added).toEqual(['@modelcontextprotocol/node', '@modelcontextprotocol/server', 'zod']);
  });

  it('appends to an unsorted section and keeps tabs, CRLF and a missing final newline', () => {
    const text = '{\r\n\t"dependencies": {\r\n\t\t"zz": "1.0.0",\r\n\t\t"@modelcontextprotocol/sdk": "^1.0.0"\r\n\t}\r\n}';
    const out = updateManifest(text, { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false });
    expect(out.text).toBe('{\r\n\t"dependencies": {\r\n\t\t"zz": "1.0.0",\r\n\t\t"@modelcontextprotocol/server": "^2.4.0",\r\n\t\t"zod": "^4.2.0"\r\n\t}\r\n}');
  });

  it('raises a declared zod 3 to the v2 floor where the v1 SDK goes, and says so; keeps it (with a warning) where v1 stays', () => {
    const text = MANIFEST.replace('"express": "^5.1.0"', '"zod": "3.25.67"');
    const out = updateManifest(text, { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false });
    expect(out.text).toBe(text.replace('"zod": "3.25.67"', '"zod": "^4.2.0"').replace('"@modelcontextprotocol/sdk": "^1.24.0"', '"@modelcontextprotocol/server": "^2.4.0"'));
    expect(out.warnings).toEqual([expect.stringContaining("zod '3.25.67' raised to '^4.2.0'")]);
    const kept = updateManifest(text, { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: true });
    expect(kept.text).toContain('"zod": "3.25.67"');
    expect(kept.warnings).toEqual([expect.stringContaining("zod range '3.25.67' cannot satisfy")]);
    // A low-level server that builds JSON schemas itself (zod-to-json-schema) keeps zod 3.
    const lowLevel = updateManifest(text, { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false, zodToSdk: false });
    expect(lowLevel.text).toContain('"zod": "3.25.67"');
    expect(lowLevel.warnings).toEqual([]);
  });

  it('says which zod imports must follow a package to v2: all zod 3 ones, or only `zod/v3` on a zod 4 package', () => {
    const needs: ManifestNeeds = { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false };
    const withZod = (range: string) => MANIFEST.replace('"express": "^5.1.0"', `"zod": "${range}"`);
    expect(updateManifest(withZod('^3.24.0'), needs).zodCode).toBe('zod3');
    // Declared for code that used the v1 SDK's own zod.
    expect(updateManifest(MANIFEST, needs).zodCode).toBe('zod3');
    expect(updateManifest(withZod('^4.3.0'), needs).zodCode).toBe('v3-subpath');
    expect(updateManifest(withZod('^4.3.0'), { ...needs, keepV1: true }).zodCode).toBeUndefined();
    expect(updateManifest(withZod('^3.24.0'), { ...needs, zodToSdk: false }).zodCode).toBeUndefined();
  });

  it('knows whether the code hands zod schemas to the SDK', () => {
    const file = (text: string) => ({ absPath: '/p/src/a.ts', text, upgraded: true });
    expect(needsOf([file("server.registerTool('t', { inputSchema: z.object({}) }, cb);")], '/p').zodToSdk).toBe(true);
    expect(needsOf([file("server.setRequestHandler('tools/list', async () => ({ tools }));")], '/p').zodToSdk).toBe(false);
  });

  it('keeps the v1 SDK while some file still imports it', () => {
    const out = updateManifest(MANIFEST, { ...SERVER_ONLY, keepV1: true });
    expect(out.text).toContain('"@modelcontextprotocol/sdk": "^1.24.0"');
    expect(out.text).toContain('"@modelcontextprotocol/server": "^2.4.0"');
    expect(out.removed).toEqual([]);
  });

  it('follows a devDependency SDK into devDependencies, and replaces a peer range too', () => {
    const text = `{\n  "peerDependencies": {\n    "@modelcontextprotocol/sdk": "^1.0.0"\n  },\n  "devDependencies": {\n    "@modelcontextprotocol/sdk": "^1.24.0"\n  }\n}\n`;
    const out = updateManifest(text, { packages: ['@modelcontextprotocol/server', 'zod'], testOnly: [], keepV1: false });
    expect(out.text).toBe(
      `{\n  "peerDependencies": {\n    "@modelcontextprotocol/server": "^2.4.0"\n  },\n  "devDependencies": {\n    "@modelcontextprotocol/server": "^2.4.0",\n    "zod": "^4.2.0"\n  }\n}\n`,
    );
  });

  it('creates dependencies when a member has none (before devDependencies)', () => {
    const text = `{\n  "name": "member",\n  "devDependencies": {\n    "vitest": "^4.0.0"\n  }\n}\n`;
    const out = updateManifest(text, SERVER_ONLY);
    expect(out.text).toBe(`{\n  "name": "member",\n  "dependencies": {\n    "@modelcontextprotocol/server": "^2.4.0"\n  },\n  "devDependencies": {\n    "vitest": "^4.0.0"\n  }\n}\n`);
  });

  it('changes nothing when everything is declared, and warns about packages without a known range', () => {
    const done = MANIFEST.replace('"@modelcontextprotocol/sdk": "^1.24.0"', '"@modelcontextprotocol/server": "^2.4.0"');
    expect(updateManifest(done, SERVER_ONLY)).toMatchObject({ changed: false, text: done });
    const out = updateManifest(done, { packages: ['@modelcontextprotocol/server', '@modelcontextprotocol/hono'], testOnly: [], keepV1: false });
    expect(out.changed).toBe(false);
    expect(out.warnings).toEqual([expect.stringContaining('@modelcontextprotocol/hono')]);
  });

  it('throws on a manifest that is not a JSON object', () => {
    expect(() => updateManifest('[1, 2]', SERVER_ONLY)).toThrow();
    expect(() => updateManifest('{ "a": 1,, }', SERVER_ONLY)).toThrow();
  });

  it('classifies zod ranges like the v2 floor (>= 4.2)', () => {
    for (const ok of ['^4.2.0', '^4.0.0', '4.x', '>=3', '*', '~4.3.1', '^3.25.0 || ^4.0.0', '5']) expect(zodRangeOk(ok), ok).toBe(true);
    for (const bad of ['^3.25.0', '~4.1.0', '4.1.5', '3.x', '<4.2.0']) expect(zodRangeOk(bad), bad).toBe(false);
  });
});

describe('needsOf', () => {
  it('collects v2 packages and zod from imports, and notices files still on v1', () => {
    const root = '/repo/pkg';
    const needs = needsOf(
      [
        { absPath: `${root}/src/a.ts`, upgraded: true, text: `import { McpServer } from '@modelcontextprotocol/server';\nimport { serveStdio } from '@modelcontextprotocol/server/stdio';\nimport { z } from 'zod/v4';` },
        { absPath: `${root}/test/a.test.ts`, upgraded: true, text: `import { Client } from '@modelcontextprotocol/client';` },
        { absPath: `${root}/src/b.ts`, upgraded: false, text: `const x = require('@modelcontextprotocol/sdk/types.js');` },
      ],
      root,
    );
    expect(needs).toEqual({
      packages: ['@modelcontextprotocol/client', '@modelcontextprotocol/server', 'zod'],
      testOnly: ['@modelcontextprotocol/client'],
      keepV1: true,
      zodToSdk: false,
    });
  });
});

describe('planManifestChanges', () => {
  const fs = new Map<string, string>();
  const read = (p: string) => fs.get(p);
  const root = path.resolve('/repo');
  fs.set(path.join(root, 'package.json'), `{\n  "private": true,\n  "workspaces": ["packages/*"],\n  "devDependencies": {\n    "@modelcontextprotocol/sdk": "^1.24.0"\n  }\n}\n`);
  fs.set(path.join(root, 'packages/a/package.json'), `{\n  "name": "a",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.20.0"\n  }\n}\n`);
  fs.set(path.join(root, 'packages/b/package.json'), `{\n  "name": "b"\n}\n`);
  fs.set(path.join(root, 'packages/c/package.json'), `{\n  "name": "c",\n  "dependencies": {\n    "@modelcontextprotocol/sdk": "^1.20.0"\n  }\n}\n`);
  const file = (pkg: string, text: string, upgraded = true) => ({
    absPath: path.join(root, 'packages', pkg, 'src', 'index.ts'),
    packageRoot: path.join(root, 'packages', pkg),
    text,
    upgraded,
  });
  const server = `import { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n`;

  it('plans each workspace member from its own files; packages without upgraded files are left alone', () => {
    const changes = planManifestChanges([file('a', server), file('b', server), file('c', server, false)], { readManifest: read });
    expect(changes.map((c) => [path.relative(root, c.manifestPath), c.added, c.removed])).toEqual([
      ['packages/a/package.json', ['@modelcontextprotocol/server', 'zod'], ['@modelcontextprotocol/sdk']],
      ['packages/b/package.json', ['@modelcontextprotocol/server', 'zod'], []],
    ]);
    expect(changes[0]!.output).toBe(`{\n  "name": "a",\n  "dependencies": {\n    "@modelcontextprotocol/server": "^2.4.0",\n    "zod": "^4.2.0"\n  }\n}\n`);
    // b resolved the SDK through the workspace root: told where it still is.
    expect(changes[1]!.warnings).toEqual([expect.stringContaining('../../package.json still declares @modelcontextprotocol/sdk')]);
  });

  it('names the install command of the nearest lockfile; lockfiles are never edited', () => {
    const changes = planManifestChanges([file('a', server)], { readManifest: read });
    expect(installHint(changes, (p) => p === path.join(root, 'pnpm-lock.yaml'))).toBe(
      'Dependencies changed in package.json; lockfiles were not edited: run `pnpm install` to update them.',
    );
    expect(installHint(changes, () => false)).toContain('`npm install`');
    expect(installHint([], () => false)).toBeUndefined();
  });
});

describe('companions with a v2-based release', () => {
  const text = MANIFEST.replace('"express": "^5.1.0"', '"@modelcontextprotocol/ext-apps": "~1.7.0",\n    "@modelcontextprotocol/server-map": "*"');
  it('raises a range below the v2-based major where the v1 SDK goes, and leaves one that admits it', () => {
    const out = updateManifest(text, SERVER_ONLY);
    expect(out.text).toContain('"@modelcontextprotocol/ext-apps": "^2.0.0"');
    expect(out.text).toContain('"@modelcontextprotocol/server-map": "*"');
    expect(out.warnings).toEqual([expect.stringContaining("@modelcontextprotocol/ext-apps '~1.7.0' raised to '^2.0.0'")]);
  });
  it('keeps it where the package stays on the v1 SDK', () => {
    const kept = updateManifest(text, { ...SERVER_ONLY, keepV1: true });
    expect(kept.text).toContain('"@modelcontextprotocol/ext-apps": "~1.7.0"');
  });
});
