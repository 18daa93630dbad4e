// v1 registrations in modules that import nothing of the SDK (a registrar handed the server, plain
// JavaScript): the upgrade cannot prove their receiver is the SDK's McpServer and leaves them, and
// v2's McpServer has no tool(). Moved with its package, such a module would throw at start-up, so
// the package stays on v1 with an error at each call (src/upgrade/v1/unproven-registrations.ts);
// before, the entry point and package.json moved to v2 and the registrars kept server.tool().
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../../src/runner.js';
import { loadTransforms } from '../../src/registry.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const MANIFEST = JSON.stringify({ name: 'registrars', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.30.0', zod: '^3.25.0' } }, null, 2) + '\n';
const ENTRY = [
  "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
  "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
  "import { registerGreeting } from './tools/greeting.js';",
  '',
  "const server = new McpServer({ name: 'registrars', version: '1.0.0' });",
  'registerGreeting(server);',
  'await server.connect(new StdioServerTransport());',
  '',
].join('\n');
const REGISTRAR = [
  "import { z } from 'zod';",
  '',
  'export function registerGreeting(server) {',
  "  server.tool('greet', 'Says hello', { name: z.string() }, async ({ name }) => ({ content: [{ type: 'text', text: `Hello ${name}` }] }));",
  '}',
  '',
].join('\n');

function scratch(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-registrars-'));
  temps.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('v1 registrations the upgrade cannot prove are the SDK\'s', () => {
  it('keep the whole package on v1, with an error at each call, and the manifest as it was', async () => {
    const dir = scratch({ 'package.json': MANIFEST, 'index.js': ENTRY, 'tools/greeting.js': REGISTRAR });
    const result = await run({ cwd: dir, paths: ['.'], mode: 'dry-run', transforms: await loadTransforms(), workers: 1, sdkUpgrade: 'auto', format: false });
    const byPath = new Map(result.outcomes.map((o) => [o.path, o]));
    expect(byPath.get('package.json')?.output).toBeUndefined();
    // The entry point stays on v1: nothing but its hold warning.
    expect(byPath.get('index.js')?.output).toBeUndefined();
    expect(byPath.get('index.js')?.findings.map((f) => f.message)).toEqual([
      'left as it was, on the v1 SDK: tools/greeting.js:4 of the same package cannot be upgraded to v2 yet (see the error there), and a package\'s files move to v2 together',
    ]);
    const registrar = byPath.get('tools/greeting.js')!;
    const errors = registrar.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.line}: ${f.rule}`)).toEqual(['4: sdk-upgrade']);
    expect(errors[0]!.message).toContain("server.tool('greet', …) registers the v1 way, and v2's McpServer has no tool()");
    // Only the marker above the call is written.
    expect(registrar.output).toBe(REGISTRAR.replace("  server.tool('greet'", `  // @mcp-mrtr-migrate sdk-upgrade: ${errors[0]!.message}\n  server.tool('greet'`));
  });

  it('are not said of a package that stays where it is', async () => {
    const dir = scratch({ 'package.json': MANIFEST, 'tools/greeting.js': REGISTRAR });
    const result = await run({ cwd: dir, paths: ['.'], mode: 'dry-run', transforms: await loadTransforms(), workers: 1, sdkUpgrade: 'auto', format: false });
    const registrar = result.outcomes.find((o) => o.path === 'tools/greeting.js');
    expect(registrar?.findings.filter((f) => f.rule === 'sdk-upgrade') ?? []).toEqual([]);
  });
});
