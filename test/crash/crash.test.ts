// Crash safety of write runs, through the real CLI (bin/ and the built dist/): what the migrated
// sources need is written before them, temp files a killed run left are cleaned up, and a few
// SIGKILL trials on a small generated package (`npm run crash-trials` runs 200 on a few hundred
// files) leave every file whole and let a second run finish the migration.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CrashTrials } from './trials.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'mcp-mrtr-migrate.js');
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

function v1Copy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-order-'));
  temps.push(dir);
  fs.cpSync(path.join(ROOT, 'examples', 'v1-server'), dir, { recursive: true });
  return dir;
}

function cli(dir: string, ...args: string[]): number | null {
  return spawnSync(process.execPath, [BIN, '--no-format', '--quiet', ...args, '.'], { cwd: dir, encoding: 'utf8', timeout: 120_000 }).status;
}

describe('a write run that stops half-way', () => {
  it('writes the state module first, then the manifest, then the sources', () => {
    const dir = v1Copy();
    const sources = ['src/index.ts', 'src/server.ts'];
    const before = new Map(sources.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
    expect(cli(dir)).toBe(0);
    const time = (file: string) => fs.statSync(path.join(dir, file)).mtimeMs;
    const changed = sources.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8') !== before.get(f));
    expect(changed.length).toBeGreaterThan(0);
    expect(time('src/mrtr-state.ts')).toBeLessThanOrEqual(time('package.json'));
    for (const file of changed) expect(time('package.json'), file).toBeLessThanOrEqual(time(file));
  });

  it('leaves no temp file of a killed run behind once a write run has been; a dry run removes nothing', () => {
    const dir = v1Copy();
    const stale = path.join(dir, 'src', '.server.ts.2147483646.0123abcd.tmp');
    fs.writeFileSync(stale, 'half a file');
    expect(cli(dir, '--dry-run')).toBe(0);
    expect(fs.existsSync(stale)).toBe(true);
    expect(cli(dir)).toBe(0);
    expect(fs.existsSync(stale)).toBe(false);
  });

  it('SIGKILL at random moments: every file whole, and a second run reaches the full run\'s result', async () => {
    // A tree of every tenth seed file and three trials: a regression guard that keeps `npm test` short;
    // the criterion itself is `npm run crash-trials` (200 trials on the whole tree).
    const harness = new CrashTrials(ROOT, 10);
    temps.push(harness.base);
    const reference = await harness.reference();
    for (let trial = 0; trial < 3; trial++) {
      const result = await harness.trial(reference, 7, trial);
      expect({ trial, damaged: result.damaged, leftovers: result.leftovers, rerun: result.rerunDifferences }).toEqual({ trial, damaged: [], leftovers: [], rerun: [] });
      // What a kill leaves of ours (a temp file, a group journal) the second run consumed (rerun above).
      expect(result.ours.every((f) => /\.\d+\.[0-9a-f]{8}\.tmp$|\.mcp-mrtr-migrate-group\.\d+\.json$/.test(f))).toBe(true);
    }
  }, 600_000);
});
