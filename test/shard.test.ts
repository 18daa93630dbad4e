// --shard i/n and merge-reports: a stable, disjoint split whose union is the full run, and merged
// shard reports that equal the full run's report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.js';
import { mergeReports, parseReport, ReportMergeError } from '../src/report/merge-reports.js';
import { buildReport, serializeReport, type Report } from '../src/report/json.js';
import { loadTransforms } from '../src/registry.js';
import { run, type RunResult } from '../src/runner.js';
import { parseShard, selectShard, shardOf } from '../src/discover/shard.js';

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('1/4')).toEqual({ index: 1, count: 4 });
    expect(parseShard(' 3 / 3 ')).toEqual({ index: 3, count: 3 });
  });

  it.each(['0/4', '5/4', '1/0', '1', 'a/b', '1/2/3', '-1/2', '1.5/2', ''])('refuses %j', (value) => {
    expect(() => parseShard(value)).toThrow(/i\/n/);
  });
});

describe('shardOf / selectShard', () => {
  const paths = Array.from({ length: 2000 }, (_, i) => ({ path: `packages/pkg-${i % 37}/src/dir-${i % 11}/file-${i}.ts` }));

  it('is pinned: the same path lands in the same shard on every machine, in every release', () => {
    // If this changes, shard assignments of existing CI matrices move: keep the hash stable.
    expect([1, 2, 3, 4, 5].map((n) => shardOf('src/server.ts', n))).toEqual(PINNED.server);
    expect([2, 3, 7].map((n) => shardOf('packages/a/src/index.ts', n))).toEqual(PINNED.index);
  });

  it('splits into disjoint shards whose union is everything, in the original order', () => {
    for (const count of [1, 2, 3, 8]) {
      const shards = Array.from({ length: count }, (_, i) => selectShard(paths, { index: i + 1, count }));
      const union = shards.flat();
      expect(union).toHaveLength(paths.length);
      expect(new Set(union.map((p) => p.path)).size).toBe(paths.length);
      for (const shard of shards) expect(shard).toEqual(paths.filter((p) => shard.includes(p)));
    }
  });

  it('balances the shards', () => {
    const sizes = [1, 2, 3, 4].map((index) => selectShard(paths, { index, count: 4 }).length);
    for (const size of sizes) expect(Math.abs(size - 500)).toBeLessThan(75);
  });

  it('does not move a file when others are added', () => {
    const before = selectShard(paths.slice(0, 1000), { index: 2, count: 5 });
    const after = selectShard(paths, { index: 2, count: 5 });
    expect(after.slice(0, before.length)).toEqual(before);
  });
});

// Computed once from the FNV-1a + avalanche hash in src/discover/shard.ts.
const PINNED = { server: [1, 1, 2, 1, 3], index: [2, 2, 4] };

// ---------------------------------------------------------------------------------------------
// Whole runs

const SERVER = (tool: string) =>
  [
    "import { McpServer } from '@modelcontextprotocol/server';",
    "import { z } from 'zod';",
    '',
    `const server = new McpServer({ name: '${tool}', version: '1.0.0' });`,
    '',
    'server.registerTool(',
    `  '${tool}',`,
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

const LOOP_SERVER = [
  "import { McpServer } from '@modelcontextprotocol/server';",
  "const server = new McpServer({ name: 'loop', version: '1.0.0' });",
  "server.registerTool('triage', {}, async (_args, ctx) => {",
  '  for (const item of [1, 2]) {',
  "    await ctx.mcpReq.elicitInput({ message: `Keep ${item}?`, requestedSchema: { type: 'object', properties: {} } });",
  '  }',
  "  return { content: [] };",
  '});',
  '',
].join('\n');

let tmp: string;
let transforms: Awaited<ReturnType<typeof loadTransforms>>;

function write(rel: string, text: string): void {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

beforeAll(async () => {
  transforms = await loadTransforms();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-shard-'));
  write('package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }));
  for (const pkg of ['alpha', 'beta', 'gamma']) {
    write(`packages/${pkg}/package.json`, JSON.stringify({ name: `@mono/${pkg}`, version: '1.0.0' }));
    write(`packages/${pkg}/tsconfig.json`, '{}');
    for (let i = 0; i < 4; i++) write(`packages/${pkg}/src/server-${i}.ts`, SERVER(`${pkg}-${i}`));
    write(`packages/${pkg}/src/loop.ts`, LOOP_SERVER);
    for (let i = 0; i < 6; i++) write(`packages/${pkg}/src/util-${i}.ts`, `export const value${i} = ${i};\n`);
  }
  write('packages/beta/src/broken.ts', "import { McpServer } from '@modelcontextprotocol/server';\nconst = ;\n");
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const runIt = (shard?: { index: number; count: number }) =>
  run({ cwd: tmp, paths: ['.', 'missing-dir'], mode: 'dry-run', transforms, shard, workers: 1 });

const reportOf = (result: RunResult): Report =>
  buildReport({ toolVersion: '9.9.9', filesScanned: result.filesScanned, outcomes: result.outcomes, errors: result.errors, durationMs: result.durationMs });

/** Diff chunks by file (a shard's diff is the full diff restricted to its files, plus state modules). */
function diffByFile(diff: string): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const chunk of diff.split(/^(?=diff --git )/m).filter(Boolean)) chunks.set(/^diff --git a\/(\S+)/.exec(chunk)?.[1] ?? chunk, chunk);
  return chunks;
}

describe('a run split into shards', () => {
  it('covers exactly the full run: outcomes, errors, diff, created files', async () => {
    const full = await runIt();
    const shards = await Promise.all([1, 2, 3].map((index) => runIt({ index, count: 3 })));
    expect(full.outcomes.length).toBeGreaterThan(3);
    expect(shards.reduce((n, s) => n + s.filesScanned, 0)).toBe(full.filesScanned);
    expect(shards.every((s) => s.filesScanned > 0)).toBe(true);

    const strip = (o: RunResult['outcomes'][number]) => ({ ...o });
    const union = shards.flatMap((s) => s.outcomes).map(strip).sort((a, b) => (a.path < b.path ? -1 : 1));
    expect(union).toEqual(full.outcomes.map(strip));

    // Errors: per-file ones once, the missing path in every shard.
    const shardErrors = [...new Map(shards.flatMap((s) => s.errors).map((e) => [`${e.path}\0${e.message}`, e])).values()];
    expect(shardErrors.sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(full.errors);

    const fullChunks = diffByFile(full.diff);
    const shardChunks = new Map(shards.flatMap((s) => [...diffByFile(s.diff)]));
    expect(shardChunks).toEqual(fullChunks);

    const created = [...new Map(shards.flatMap((s) => s.created).map((c) => [c.path, c])).values()];
    expect(created.sort((a, b) => (a.path < b.path ? -1 : 1))).toEqual(full.created);
  });

  it('merges shard reports into the full-run report', async () => {
    const full = reportOf(await runIt());
    const shardReports = await Promise.all(
      [1, 2, 3, 4].map(async (index) => parseReport(serializeReport(reportOf(await runIt({ index, count: 4 }))), `shard ${index}`)),
    );
    const merged = mergeReports(shardReports);
    const withoutTime = (r: Report) => ({ ...r, summary: { ...r.summary, durationMs: 0 } });
    expect(withoutTime(merged)).toEqual(withoutTime(full));
    expect(serializeReport(withoutTime(merged))).toBe(serializeReport(withoutTime(full)));
    expect(merged.summary.durationMs).toBe(Math.max(...shardReports.map((r) => r.summary.durationMs)));
  });
});

describe('mergeReports refuses', () => {
  const base = buildReport({ toolVersion: '1.0.0', filesScanned: 1, outcomes: [], errors: [], durationMs: 1 });
  const withFile = (report: Report): Report => ({
    ...report,
    summary: { ...report.summary, filesChanged: 1 },
    packages: [{ name: 'p', path: '.', filesChanged: 1, findings: 0 }],
    files: [{ path: 'a.ts', changed: true, transforms: ['x'], sitesMigrated: 0 }],
  });

  it('no reports, different versions, and overlapping reports', () => {
    expect(() => mergeReports([])).toThrow(ReportMergeError);
    expect(() => mergeReports([base, { ...base, tool: { ...base.tool, version: '2.0.0' } }])).toThrow(/different versions/);
    expect(() => mergeReports([withFile(base), withFile(base)])).toThrow(/both cover a\.ts/);
  });

  it('what is not a report', () => {
    expect(() => parseReport('{', 'x.json')).toThrow(/x\.json: not JSON/);
    expect(() => parseReport('{"version": 2}', 'y.json')).toThrow(/y\.json: not an mcp-mrtr-migrate JSON report/);
  });
});

describe('CLI: --shard and merge-reports', () => {
  const io = (out: string[] = [], err: string[] = []): CliIo => ({
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    cwd: tmp,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  });
  const read = (rel: string) => fs.readFileSync(path.join(tmp, rel), 'utf8');
  const zeroTime = (text: string) => text.replace(/"durationMs": \d+/, '"durationMs": 0');

  it('merged JSON, SARIF and Markdown equal the full run', async () => {
    expect(await main(['--check', '.', '--report', 'full.json', '--report', 'full.sarif'], io())).toBe(3);
    for (const index of [1, 2]) {
      await main(['--check', '.', '--shard', `${index}/2`, '--report', `shard-${index}.json`], io());
    }
    const err: string[] = [];
    const code = await main(
      ['merge-reports', 'shard-1.json', 'shard-2.json', '--check', '--report', 'merged.json', '--report', 'merged.sarif', '--report', 'merged.md'],
      io([], err),
    );
    expect(err.join('')).toBe('');
    expect(code).toBe(3); // broken.ts is in the merged errors
    expect(zeroTime(read('merged.json'))).toBe(zeroTime(read('full.json')));
    expect(read('merged.sarif')).toBe(read('full.sarif'));
    expect(read('merged.md')).toContain('## MCP MRTR migration report');
    expect(read('merged.md')).toContain('broken.ts');
  });

  it('prints the merged JSON without --report', async () => {
    await main(['--check', '.', '--shard', '1/2', '--report', 's1.json'], io());
    await main(['--check', '.', '--shard', '2/2', '--report', 's2.json'], io());
    const out: string[] = [];
    expect(await main(['merge-reports', 's1.json', 's2.json'], io(out))).toBe(0);
    expect(JSON.parse(out.join('')).version).toBe(1);
  });

  it('usage errors: a bad --shard, a bad report, the same report twice', async () => {
    const err: string[] = [];
    expect(await main(['--shard', '3/2', '.'], io([], err))).toBe(2);
    expect(err.join('')).toMatch(/--shard/);
    write('not-a-report.json', '{"hello": 1}');
    const err2: string[] = [];
    expect(await main(['merge-reports', 'not-a-report.json'], io([], err2))).toBe(2);
    expect(err2.join('')).toMatch(/not an mcp-mrtr-migrate JSON report/);
    await main(['--check', '.', '--report', 'again.json'], io());
    const err3: string[] = [];
    expect(await main(['merge-reports', 'again.json', 'again.json'], io([], err3))).toBe(2);
    expect(err3.join('')).toMatch(/both cover/);
    expect(await main(['merge-reports', 'again.json', '--report', 'out.txt'], io())).toBe(2);
  });
});
