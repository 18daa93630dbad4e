// The installed launcher, run for real: `node bin/mcp-mrtr-migrate.js` loads the built CLI from
// dist/ (npm test builds it before vitest) and turns main()'s result into the process exit code.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'mcp-mrtr-migrate.js');
const BUILT_CLI = path.join(ROOT, 'dist', 'src', 'cli.js');
const EXAMPLE_DIR = path.join(ROOT, 'examples', 'v2-server');

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function expectBuilt(): void {
  expect(
    fs.existsSync(BUILT_CLI),
    `${path.relative(ROOT, BUILT_CLI)} is missing: run \`npm run build\` first (\`npm test\` does it before vitest)`,
  ).toBe(true);
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((rel) => pattern.test(rel)).map((rel) => path.join(dir, rel));
}

/** A hint for failure messages when a source file changed after dist/ was built. */
function staleHint(): string {
  const built = filesUnder(path.join(ROOT, 'dist'), /\.js$/).map((f) => fs.statSync(f).mtimeMs);
  if (built.length === 0) return '';
  const oldestBuild = Math.min(...built);
  const newer = [...filesUnder(path.join(ROOT, 'src'), /\.ts$/), ...filesUnder(path.join(ROOT, 'transforms'), /\.ts$/)].filter(
    (f) => fs.statSync(f).mtimeMs > oldestBuild,
  );
  return newer.length === 0
    ? ''
    : ` (dist/ may be stale: ${newer.map((f) => path.relative(ROOT, f)).join(', ')} changed after the build; run \`npm run build\`)`;
}

/** A temp copy of the example package. */
function exampleCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-cli-'));
  temps.push(dir);
  fs.cpSync(EXAMPLE_DIR, dir, { recursive: true });
  return dir;
}

function runBin(cwd: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
}

describe('bin/mcp-mrtr-migrate.js', () => {
  it('--dry-run on the example prints the diff on stdout, the summary on stderr, exits 0 and writes nothing', () => {
    expectBuilt();
    const dir = exampleCopy();
    const before = fs.readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8');
    const run = runBin(dir, '--dry-run');
    expect(run.stderr).not.toContain('internal error');
    expect(run.code, `exit code; stderr:\n${run.stderr}${staleHint()}`).toBe(0);
    expect(run.stdout.startsWith('diff --git a/src/mrtr-state.ts b/src/mrtr-state.ts\nnew file mode 100644\n')).toBe(true);
    expect(run.stdout).toContain('\ndiff --git a/src/server.ts b/src/server.ts\n');
    expect(run.stdout).toContain("+import { mrtrState, elicitAnswer, samplingAnswer, rootsAnswer } from './mrtr-state.js';");
    // The summary's totals, then (the copy has no node_modules) the typecheck gate's one line.
    const [totals, gate] = run.stderr.trimEnd().split('\n').slice(-2);
    expect(totals).toMatch(/^Would migrate 5 handlers \(6 sites\) in 1 of 1 file(; \d+ notes?)?\.$/);
    expect(gate).toBe('output not typechecked: install dependencies for a checked run (.)');
    expect(fs.readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8')).toBe(before);
    expect(fs.existsSync(path.join(dir, 'src', 'mrtr-state.ts'))).toBe(false);
  });

  it('exit codes reach the process: --check 1, a usage error 2, --version 0', () => {
    expectBuilt();
    const dir = exampleCopy();
    const check = runBin(dir, '--check', '.');
    expect(check.code, `exit code; stderr:\n${check.stderr}${staleHint()}`).toBe(1);
    expect(check.stdout).toContain('Would migrate 5 handlers (6 sites)');

    const usage = runBin(dir, '--no-such-option');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("unknown option '--no-such-option'");
    expect(usage.stdout).toBe('');

    const version = runBin(dir, '--version');
    expect(version.code).toBe(0);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version.stdout.trim()).toBe(pkg.version);
  });
});
