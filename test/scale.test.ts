// Large-input behaviour that is not about threads: the prefilter (files that cannot need work are
// read once and never parsed), monorepos (per-package results, one requestState module per
// package) and the progress line (only on a TTY, never when piped or with --quiet / --json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.js';
import { loadTransforms } from '../src/registry.js';
import { run } from '../src/runner.js';

const SERVER = (name: string) =>
  [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "import { z } from 'zod';",
    '',
    `const server = new McpServer({ name: '${name}', version: '1.0.0' });`,
    '',
    'server.registerTool(',
    `  '${name}',`,
    "  { description: 'Greet', inputSchema: z.object({ greeting: z.string() }) },",
    '  async ({ greeting }, ctx) => {',
    '    const nickname = await ctx.mcpReq.elicitInput({',
    "      message: 'What should I call you?',",
    "      requestedSchema: { type: 'object', properties: { nickname: { type: 'string' } }, required: ['nickname'] },",
    '    });',
    "    const who = nickname.action === 'accept' ? String(nickname.content?.nickname) : 'stranger';",
    "    return { content: [{ type: 'text', text: `${greeting}, ${who}!` }] };",
    '  },',
    ');',
    '',
  ].join('\n');

let tmp: string;

function write(rel: string, text: string | Buffer): void {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

function captureIo(tty: boolean): { io: CliIo; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    io: { stdout: (t) => void out.push(t), stderr: (t) => void err.push(t), cwd: tmp, stdoutIsTTY: tty, stderrIsTTY: tty },
    out,
    err,
  };
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-scale-'));
  // An npm-workspaces root, a pnpm-style package list, a package with nothing to do, root files.
  write('package.json', JSON.stringify({ name: 'acme', private: true, workspaces: ['packages/*', 'apps/*'] }));
  write('pnpm-workspace.yaml', "packages:\n  - 'tools/*'\n");
  for (const pkg of ['packages/billing', 'packages/search', 'apps/web', 'tools/cli']) {
    write(`${pkg}/package.json`, JSON.stringify({ name: `@acme/${path.basename(pkg)}` }));
    write(`${pkg}/tsconfig.json`, '{}');
    for (let i = 0; i < 30; i++) write(`${pkg}/src/lib/util-${i}.ts`, `export const util${i} = (x: number): number => x + ${i};\n`);
  }
  write('packages/billing/src/server.ts', SERVER('billing'));
  write('packages/billing/src/other-server.ts', SERVER('billing-2'));
  write('packages/search/src/server.ts', SERVER('search'));
  // JavaScript package: its state module is JavaScript.
  write('apps/web/src/server.js', SERVER('web').replace(/: z\.object\(\{ greeting: z\.string\(\) \}\)/, ': {}'));
  fs.rmSync(path.join(tmp, 'apps/web/tsconfig.json'));
  // Trips the prefilter, needs nothing.
  write('tools/cli/src/client.ts', "import { Client } from '@modelcontextprotocol/client';\nexport const c = Client;\n");
  write('scripts/build.ts', 'export const build = 1;\n');
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('the prefilter', () => {
  it('parses only the files that can need work', async () => {
    const result = await run({ cwd: tmp, paths: ['.'], mode: 'dry-run', transforms: await loadTransforms() });
    expect(result.filesScanned).toBe(4 * 30 + 5 + 1);
    expect(result.filesParsed).toBe(5); // four servers and the MCP client
    expect(result.outcomes.map((o) => o.path)).toEqual([
      'apps/web/src/server.js',
      'packages/billing/src/other-server.ts',
      'packages/billing/src/server.ts',
      'packages/search/src/server.ts',
    ]);
  });

  it('--verbose says how much it skipped', async () => {
    const { io, err } = captureIo(false);
    await main(['--dry-run', '--verbose', '--workers', '1', '.'], io);
    expect(err.join('')).toMatch(/Parsed 5 of 126 files in 5 packages; the prefilter ruled out the rest\. Ran in-process in \d+ ms\./);
  });
});

describe('a monorepo', () => {
  it('is recognised from its workspace manifest and reports per package', async () => {
    const result = await run({ cwd: tmp, paths: ['.'], mode: 'dry-run', transforms: await loadTransforms() });
    expect(result.monorepo).toBe(true);
    expect(result.packages.map((p) => [p.path, p.name, p.filesScanned])).toEqual([
      ['.', 'acme', 1],
      ['apps/web', '@acme/web', 31],
      ['packages/billing', '@acme/billing', 32],
      ['packages/search', '@acme/search', 31],
      ['tools/cli', '@acme/cli', 31],
    ]);
    const { io } = captureIo(false);
    await main(['--check', '.', '--report', 'report.json'], io);
    const report = JSON.parse(fs.readFileSync(path.join(tmp, 'report.json'), 'utf8')) as {
      packages: { name: string; path: string; filesChanged: number }[];
    };
    expect(report.packages.map((p) => [p.path, p.name, p.filesChanged])).toEqual([
      ['apps/web', '@acme/web', 1],
      ['packages/billing', '@acme/billing', 2],
      ['packages/search', '@acme/search', 1],
    ]);
    const { io: io2, out } = captureIo(false);
    await main(['--check', '.'], io2);
    const summary = out.join('');
    expect(summary).toMatch(/^ {2}packages\/billing +2 files would change, \d+ findings? {2}\(@acme\/billing\)$/m);
    expect(summary).toMatch(/^ {2}packages\/search +1 file would change/m);
  });

  it('creates one requestState module per package, in its language', async () => {
    const result = await run({ cwd: tmp, paths: ['.'], mode: 'dry-run', transforms: await loadTransforms() });
    expect(result.created.map((c) => c.path)).toEqual([
      'apps/web/src/mrtr-state.js',
      'packages/billing/src/mrtr-state.ts',
      'packages/search/src/mrtr-state.ts',
    ]);
  });

  it('a single package is not a monorepo', async () => {
    const result = await run({ cwd: tmp, paths: ['packages/search'], mode: 'dry-run', transforms: await loadTransforms() });
    expect(result.monorepo).toBe(false);
    expect(result.packages.map((p) => p.path)).toEqual(['packages/search']);
  });
});

describe('the progress line', () => {
  const progress = /\r\x1b\[K\d+\/\d+ files/;

  it('shows files done / total and the package on a TTY, and is cleared at the end', async () => {
    const { io, err } = captureIo(true);
    await main(['--check', '.'], io);
    const text = err.join('');
    expect(text).toMatch(progress);
    expect(text).toMatch(/\r\x1b\[K126\/126 files {2}\S+/);
    expect(text.endsWith('\r\x1b[K')).toBe(true);
  });

  it.each([
    ['piped', false, ['--check', '.']],
    ['piped, dry run', false, ['--dry-run', '.']],
    ['--quiet on a TTY', true, ['--check', '--quiet', '.']],
    ['--json on a TTY', true, ['--check', '--json', '.']],
  ])('is absent when %s', async (_label, tty, args) => {
    const { io, out, err } = captureIo(tty as boolean);
    await main(args as string[], io);
    expect(err.join('')).not.toMatch(/\r|\x1b\[K/);
    expect(out.join('')).not.toMatch(/\r|\x1b\[K/);
  });
});
