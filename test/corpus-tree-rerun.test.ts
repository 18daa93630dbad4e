// The corpus servers as one package, migrated by the real CLI in write mode and run again: the second
// run changes nothing. Found by the SIGKILL trials over the whole corpus: a helper module's companions
// written by the first run were not recognised on the second because the marker that run left in the
// helper's own code was expected inside them, and the callers got new markers.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'mcp-mrtr-migrate.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-corpus-tree-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const rel of fs.readdirSync(root, { recursive: true }) as string[]) {
    const abs = path.join(root, rel);
    if (fs.statSync(abs).isFile()) files.set(rel, fs.readFileSync(abs, 'utf8'));
  }
  return files;
}

function cli(): number | null {
  return spawnSync(process.execPath, [BIN, '--no-format', '--quiet', '.'], { cwd: dir, encoding: 'utf8', timeout: 300_000 }).status;
}

it('a second run over the migrated corpus package changes nothing', () => {
  fs.cpSync(path.join(ROOT, 'test', 'corpus', 'servers'), path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name: 'corpus-tree', private: true, type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0', zod: '^4.2.0' } }, null, 2)}\n`);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true }, include: ['src'] }, null, 2)}\n`);
  expect([0, 1]).toContain(cli());
  const first = snapshot(dir);
  expect([0, 1]).toContain(cli());
  const second = snapshot(dir);
  const changed = [...second.keys()].filter((rel) => first.get(rel) !== second.get(rel));
  expect(changed).toEqual([]);
}, 600_000);
