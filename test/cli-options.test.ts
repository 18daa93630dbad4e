// CLI options that reach the generated module and the manifests: --state-protection and the v1
// upgrade's package.json update with its install hint.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-run.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const temps: string[] = [];

function copyExample(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-opts-'));
  temps.push(dir);
  fs.cpSync(path.join(ROOT, 'examples', name), dir, { recursive: true });
  return dir;
}

const cli = runCli;

afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

describe('--state-protection', () => {
  it('writes a sealed module by default and a signed one on request', async () => {
    const sealed = copyExample('v2-server');
    expect((await cli(['--allow-dirty', '-q', '.'], sealed)).code).toBe(0);
    const sealedModule = fs.readFileSync(path.join(sealed, 'src', 'mrtr-state.ts'), 'utf8');
    expect(sealedModule).toContain('AES-GCM');

    const signed = copyExample('v2-server');
    expect((await cli(['--allow-dirty', '-q', '--state-protection', 'signed', '.'], signed)).code).toBe(0);
    const signedModule = fs.readFileSync(path.join(signed, 'src', 'mrtr-state.ts'), 'utf8');
    expect(signedModule).toContain('createRequestStateCodec');
    expect(signedModule).not.toContain('AES-GCM');
  });

  it('refuses an unknown protection as a usage error', async () => {
    const dir = copyExample('v2-server');
    const result = await cli(['--dry-run', '--state-protection', 'plain', '.'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--state-protection');
  });
});

describe('the v1 example in one run', () => {
  it('upgrades the SDK, updates package.json in the diff and says to run the install', async () => {
    const dir = copyExample('v1-server');
    const result = await cli(['--dry-run', '.'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('diff --git a/package.json b/package.json');
    expect(result.stdout).toMatch(/^-\s+"@modelcontextprotocol\/sdk"/m);
    expect(result.stdout).toMatch(/^\+\s+"@modelcontextprotocol\/server"/m);
    expect(result.stderr).toContain('lockfiles were not edited');
    // Nothing written in a dry run.
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(fs.readFileSync(path.join(ROOT, 'examples', 'v1-server', 'package.json'), 'utf8'));
  });
});
