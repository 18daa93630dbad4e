// A file that imports a dependency built on the v1 SDK (it depends on @modelcontextprotocol/sdk:
// the package hands v1 McpServer objects around) is left on v1 as it was, MRTR rewrite included,
// with an error finding at the import; what the dependency is built on is read from its installed
// package.json, else from package-lock.json. Its package keeps the v1 SDK; other files move on.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/json.js';
import { runCli } from '../helpers/cli-run.js';
import { v1ModulesOutsideRun } from '../../src/upgrade/v1/v1-dependents.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RUN_DIR = path.join(ROOT, 'test', 'tmp', `v1-dependents-${process.pid}`);

const AGENT = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { HostedAgent } from 'acme-agents';
import { z } from 'zod';

export class NotesAgent extends HostedAgent {
  server = new McpServer({ name: 'notes', version: '1.0.0' });

  init(): void {
    this.server.tool('confirm', { note: z.string() }, async ({ note }, extra) => {
      const answer = await extra.sendRequest(
        { method: 'elicitation/create', params: { mode: 'form', message: \`Save \${note}?\`, requestedSchema: { type: 'object', properties: {} } } },
        ElicitResultSchema,
      );
      return { content: [{ type: 'text', text: answer.action }] };
    });
  }
}
`;

const PLAIN = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

export const server = new McpServer({ name: 'plain', version: '1.0.0' });
`;

function writePackage(name: string, agentsManifest: 'installed' | 'locked'): string {
  const dir = path.join(RUN_DIR, name);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'src', 'agent.ts'), AGENT.replace("import { z } from 'zod';", "import { z } from 'zod';\nimport { ElicitResultSchema } from '@modelcontextprotocol/sdk/types.js';"));
  fs.writeFileSync(path.join(dir, 'src', 'plain.ts'), PLAIN);
  const manifest = { name, private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', 'acme-agents': '^0.1.0', zod: '^3.25.0' } };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const agents = { name: 'acme-agents', version: '0.1.0', dependencies: { '@modelcontextprotocol/sdk': '^1.17.2' } };
  if (agentsManifest === 'installed') {
    fs.mkdirSync(path.join(dir, 'node_modules', 'acme-agents'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', 'acme-agents', 'package.json'), JSON.stringify(agents));
  } else {
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': manifest, 'node_modules/acme-agents': agents } }));
  }
  return dir;
}

afterAll(() => {
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
});

describe.each(['installed', 'locked'] as const)('a file importing a dependency built on the v1 SDK (%s)', (how) => {
  it('stays on v1 as it was, reported at the import, and its package keeps the v1 SDK', async () => {
    const dir = writePackage(`agents-${how}`, how);
    const before = fs.readFileSync(path.join(dir, 'src', 'agent.ts'), 'utf8');
    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', 'src'], dir);
    const report = JSON.parse(stdout) as Report;
    expect(code).toBe(1);
    // As it was, apart from the marker line above the reported import.
    const after = fs.readFileSync(path.join(dir, 'src', 'agent.ts'), 'utf8');
    expect(after.split('\n').filter((line) => !line.startsWith('// @mcp-mrtr-migrate sdk-upgrade: acme-agents is built on the v1 SDK')).join('\n')).toBe(before);
    expect(after).not.toBe(before);
    const errors = report.findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => `${f.path}:${f.line} ${f.rule}`)).toEqual(['src/agent.ts:2 sdk-upgrade']);
    expect(errors[0].message).toContain('acme-agents is built on the v1 SDK (acme-agents depends on @modelcontextprotocol/sdk ^1.17.2)');
    // Its question is not migrated, and says so where it is asked (it was silent).
    expect(report.findings.filter((f) => f.path === 'src/agent.ts' && f.rule !== 'sdk-upgrade').map((f) => `${f.line} ${f.rule} ${f.severity}: ${f.message}`)).toEqual([
      '11 push-request warning: This elicitation request is not migrated: the file stays on the v1 SDK (see its sdk-upgrade errors), and its handler can return an input request only on v2',
    ]);
    // The other file moves to v2; the v1 SDK stays for the one left.
    expect(fs.readFileSync(path.join(dir, 'src', 'plain.ts'), 'utf8')).toContain("from '@modelcontextprotocol/server'");
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['@modelcontextprotocol/sdk']).toBe('^1.17.0');
  });

  // finnmerlett/user-input-mcp with its dependencies installed: the file kept on v1 for
  // @modelcontextprotocol/ext-apps came out reformatted by the project's prettier, although "left
  // on v1 as it was".
  it('keeps its own formatting where the project formats with prettier', async () => {
    const dir = writePackage(`agents-prettier-${how}`, how);
    fs.writeFileSync(path.join(dir, '.prettierrc'), '{ "singleQuote": true }\n');
    const agent = path.join(dir, 'src', 'agent.ts');
    // Code prettier would lay out otherwise.
    fs.writeFileSync(agent, fs.readFileSync(agent, 'utf8').replace("server = new McpServer({ name: 'notes', version: '1.0.0' });", "server = new McpServer({\n    name: 'notes', version: '1.0.0'\n  });"));
    const before = fs.readFileSync(agent, 'utf8');
    const { code } = await runCli(['--allow-dirty', '--json', 'src'], dir);
    expect(code).toBe(1);
    const after = fs.readFileSync(agent, 'utf8');
    expect(after.split('\n').filter((line) => !line.startsWith('// @mcp-mrtr-migrate ')).join('\n')).toBe(before);
    expect(after).not.toBe(before);
    // The file that moves to v2 is formatted as before.
    expect(fs.readFileSync(path.join(dir, 'src', 'plain.ts'), 'utf8')).toContain("from '@modelcontextprotocol/server'");
  });
});

// The same for a module of the user's own outside the run: a v1 file handing its server to
// `confirmWith(server: McpServer /* v1 */)` of src/lib/confirm.ts, which the run leaves on v1
// (test/fuzz/findings.md §6; the fixture cross-file/v1-helper-module-outside-run-reported).
describe('a file importing a v1 module the run leaves out', () => {
  const fixture = path.join(ROOT, '__testfixtures__', 'cross-file', 'v1-helper-module-outside-run-reported', 'input');
  const SERVER = fs.readFileSync(path.join(fixture, 'src', 'server.ts'), 'utf8');
  const CONFIRM = fs.readFileSync(path.join(fixture, 'src', 'lib', 'confirm.ts'), 'utf8');
  const MAIN = `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './index.js';

await createServer().connect(new StdioServerTransport());
`;
  const MESSAGE = "src/lib/confirm.ts (imported as '%s') imports the v1 SDK and is not in this run: it stays on v1";

  function writeApp(name: string, files: Record<string, string>): string {
    const dir = path.join(RUN_DIR, name);
    fs.rmSync(dir, { recursive: true, force: true });
    for (const [file, text] of Object.entries({ ...files, 'src/lib/confirm.ts': CONFIRM })) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.17.0', zod: '^3.25.0' } }, null, 2)}\n`);
    return dir;
  }

  /** A file's text with the review markers the run writes taken out. */
  const withoutMarkers = (text: string) => text.split('\n').filter((line) => !line.startsWith('// @mcp-mrtr-migrate ')).join('\n');
  const snapshot = (dir: string) => new Map(['package.json', ...fs.readdirSync(path.join(dir, 'src'), { recursive: true }).map((f) => path.join('src', String(f)))]
    .filter((f) => fs.statSync(path.join(dir, f)).isFile()).map((f) => [f, withoutMarkers(fs.readFileSync(path.join(dir, f), 'utf8'))]));

  it.each([false, true])('given alone (tsconfig.json beside it: %s), stays as it was but for the marker, reported, exit 1', async (tsconfig) => {
    const dir = writeApp(`outside-alone-${tsconfig}`, { 'src/server.ts': SERVER, ...(tsconfig ? { 'tsconfig.json': '{ "include": ["src"] }\n' } : {}) });
    const before = snapshot(dir);
    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', 'src/server.ts'], dir);
    expect(code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    expect(fs.readFileSync(path.join(dir, 'src', 'server.ts'), 'utf8')).not.toBe(SERVER);
    const report = JSON.parse(stdout) as Report;
    expect(report.findings.map((f) => `${f.path}:${f.line} ${f.severity} ${f.rule}`)).toEqual(['src/server.ts:3 error sdk-upgrade']);
    expect(report.findings[0].message).toContain(MESSAGE.replace('%s', './lib/confirm.js'));
    expect(report.findings[0].message).toContain('this file is left on v1 as it was');
    expect(report.findings[0].suggestion).toBe('Run the migration on src/lib/confirm.ts together with this file (give both paths, or the directory holding them), or upgrade that module to v2 first; then run it again.');
  });

  it('in a directory run, holds back its package: the file that builds the server on it stays v1 too', async () => {
    const dir = writeApp('outside-directory', { 'src/server/index.ts': SERVER.replace("'./lib/confirm.js'", "'../lib/confirm.js'"), 'src/server/main.ts': MAIN });
    const before = snapshot(dir);
    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', 'src/server'], dir);
    expect(code).toBe(1);
    expect(snapshot(dir)).toEqual(before);
    const report = JSON.parse(stdout) as Report;
    expect(report.findings.map((f) => `${f.path}:${f.line} ${f.severity} ${f.rule}`)).toEqual(['src/server/index.ts:3 error sdk-upgrade', 'src/server/main.ts:1 warning sdk-upgrade']);
    expect(report.findings[0].message).toContain(MESSAGE.replace('%s', '../lib/confirm.js'));
    expect(report.findings[1].message).toContain('src/server/index.ts:3 of the same package cannot be upgraded to v2 yet');
  });

  it('is found for files on the v1 SDK only, and only for modules the run leaves out', () => {
    const dir = writeApp('outside-fact', { 'src/server.ts': SERVER });
    const server = path.join(dir, 'src', 'server.ts');
    const confirm = path.join(dir, 'src', 'lib', 'confirm.ts');
    const shown = (absPath: string) => path.relative(dir, absPath).split(path.sep).join('/');
    expect(v1ModulesOutsideRun(server, SERVER, (p) => p === server, shown)).toEqual([{ specifier: './lib/confirm.js', path: 'src/lib/confirm.ts' }]);
    expect(v1ModulesOutsideRun(server, SERVER, (p) => p === server || p === confirm, shown)).toEqual([]);
    // A file with no v1 import of its own is not upgraded: the v1 module it imports is no concern of the upgrade.
    const v2 = SERVER.replace("'@modelcontextprotocol/sdk/server/mcp.js'", "'@modelcontextprotocol/server'");
    expect(v1ModulesOutsideRun(server, v2, (p) => p === server, shown)).toEqual([]);
  });

  it('with the module in the run, both move to v2', async () => {
    const dir = writeApp('outside-both', { 'src/server.ts': SERVER });
    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', 'src/server.ts', 'src/lib/confirm.ts'], dir);
    const report = JSON.parse(stdout) as Report;
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(code).toBe(0);
    for (const file of ['server.ts', 'lib/confirm.ts']) {
      expect(fs.readFileSync(path.join(dir, 'src', file), 'utf8')).toContain("from '@modelcontextprotocol/server'");
    }
  });
});

// A companion of the SDK whose 2.x is built on v2 (src/upgrade/v2-companions.ts) does not hold its
// importer on v1: the package moves, and the manifest raises the companion to its v2-based major.
describe('a file importing a companion with a v2-based release (@modelcontextprotocol/ext-apps 1.x)', () => {
  it('moves to v2 with its package, and package.json raises the companion to ^2.0.0 with a warning', async () => {
    const dir = path.join(RUN_DIR, 'ext-apps');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'src', 'app.ts'),
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n" +
        "import { registerAppTool } from '@modelcontextprotocol/ext-apps/server';\n" +
        "export const server = new McpServer({ name: 'apps', version: '1.0.0' });\n" +
        "registerAppTool(server, 'show', { description: 'show' }, async () => ({ content: [] }));\n",
    );
    const manifest = { name: 'apps', private: true, type: 'module', dependencies: { '@modelcontextprotocol/ext-apps': '^1.3.1', '@modelcontextprotocol/sdk': '^1.29.0' } };
    fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const extApps = { name: '@modelcontextprotocol/ext-apps', version: '1.7.5', peerDependencies: { '@modelcontextprotocol/sdk': '^1.24.0' } };
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': manifest, 'node_modules/@modelcontextprotocol/ext-apps': extApps } }));

    const { code, stdout } = await runCli(['--allow-dirty', '--json', '--no-format', '--no-typecheck', 'src'], dir);
    const report = JSON.parse(stdout) as Report;
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(code).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'src', 'app.ts'), 'utf8')).toContain("from '@modelcontextprotocol/server'");
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(written.dependencies['@modelcontextprotocol/ext-apps']).toBe('^2.0.0');
    expect(written.dependencies['@modelcontextprotocol/sdk']).toBeUndefined();
    expect(report.findings.find((f) => f.path === 'package.json')?.message).toBe(
      "@modelcontextprotocol/ext-apps '^1.3.1' raised to '^2.0.0': its 2.x releases are built on @modelcontextprotocol/server (v2), " +
        'its earlier releases on the v1 SDK (checked in the npm registry on 2026-12-07); run your tests against it after installing',
    );
  });
});
