// The README's jscodeshift command, run for real: the jscodeshift CLI (with its default babel hook,
// worker processes and --parser ts) on a copy of the example package whose node_modules holds this
// project as `mcp-mrtr-migrate`. The result must be the bytes our own CLI writes, state module included.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JSCODESHIFT = path.join(ROOT, 'node_modules', 'jscodeshift', 'bin', 'jscodeshift.js');
const BIN = path.join(ROOT, 'bin', 'mcp-mrtr-migrate.js');
const EXAMPLE_DIR = path.join(ROOT, 'examples', 'v2-server');
const TRANSFORMS = ['step-machine', 'result-type', 'serve-2026'];

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A temp copy of the example package with this project installed (linked) as its dependency. */
function installedCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-jscodeshift-'));
  temps.push(dir);
  fs.cpSync(EXAMPLE_DIR, dir, { recursive: true });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(ROOT, path.join(dir, 'node_modules', 'mcp-mrtr-migrate'), 'dir');
  return dir;
}

// jscodeshift colours its summary when the environment asks for colour (CI does, through FORCE_COLOR),
// which puts escape codes between the line start and "0 errors": ask for none, and strip any left.
const ANSI = /\u001b\[[0-9;]*m/g;

function run(cwd: string, script: string, args: string[]) {
  const env = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' };
  const result = spawnSync(process.execPath, [script, ...args], { cwd, env, encoding: 'utf8', timeout: 120_000 });
  if (result.error) throw result.error;
  return { code: result.status, output: `${result.stdout}${result.stderr}`.replace(ANSI, '') };
}

function sources(dir: string): Record<string, string> {
  const src = path.join(dir, 'src');
  return Object.fromEntries(fs.readdirSync(src).sort().map((name) => [name, fs.readFileSync(path.join(src, name), 'utf8')]));
}

describe('npx jscodeshift -t node_modules/mcp-mrtr-migrate/dist/transforms/<id>.js --parser ts src/', () => {
  it('runs every transform through the real jscodeshift CLI and writes what our CLI writes', () => {
    const viaJscodeshift = installedCopy();
    for (const id of TRANSFORMS) {
      const jscodeshift = run(viaJscodeshift, JSCODESHIFT, ['-t', `node_modules/mcp-mrtr-migrate/dist/transforms/${id}.js`, '--parser', 'ts', 'src/']);
      expect(jscodeshift.output).not.toContain('Error');
      expect(jscodeshift.code, jscodeshift.output).toBe(0);
      expect(jscodeshift.output).toMatch(/^0 errors$/m);
      // The example asks mid-handler and returns results; it has no serving code to rewrite.
      expect(jscodeshift.output).toMatch(id === 'serve-2026' ? /^0 ok$/m : /^1 ok$/m);
    }

    const viaCli = installedCopy();
    const cli = run(viaCli, BIN, ['--no-format', 'src/']);
    expect(cli.code, cli.output).toBe(0);
    const expected = sources(viaCli);
    expect(Object.keys(expected)).toEqual(['mrtr-state.ts', 'server.ts']);
    expect(sources(viaJscodeshift)).toEqual(expected);
  });

  it('--dry writes nothing, not even the state module', () => {
    const dir = installedCopy();
    const before = sources(dir);
    const dry = run(dir, JSCODESHIFT, ['--dry', '-t', 'node_modules/mcp-mrtr-migrate/dist/transforms/step-machine.js', '--parser', 'ts', 'src/']);
    expect(dry.code, dry.output).toBe(0);
    expect(dry.output).toMatch(/^1 ok$/m);
    expect(sources(dir)).toEqual(before);
  });
});
