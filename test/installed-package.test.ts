// The package as users get it: packed, installed with its dependencies alone (no devDependencies),
// and run from node_modules/.bin. What the CLI loads at run time must be a dependency: the v1 upgrade
// checks handler results against the v2 SDK's own types, which a devDependency would not provide
// (the installed CLI then failed on such a file: "Cannot find module '@modelcontextprotocol/server'").
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../src/rules.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

let home: string;
let installedBin: string;

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  expect(fs.existsSync(path.join(ROOT, 'dist', 'src', 'cli.js')), 'dist/ is missing: `npm test` builds it before vitest').toBe(true);
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-installed-'));
  // dist/ is already built: packing runs no script.
  const packed = run(NPM, ['pack', '--ignore-scripts', '--pack-destination', home], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const tarball = fs.readdirSync(home).find((name) => name.endsWith('.tgz'));
  expect(tarball).toBeDefined();
  const app = path.join(home, 'app');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'installs-the-codemod', version: '1.0.0', private: true }));
  const installed = run(NPM, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', path.join(home, tarball!)], app);
  expect(installed.code, installed.stderr).toBe(0);
  installedBin = path.join(app, 'node_modules', 'mcp-mrtr-migrate', 'bin', 'mcp-mrtr-migrate.js');
}, 180_000);

afterAll(() => {
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

/** A package of its own with `files`, outside this repository (nothing of ours resolves from it). */
function userPackage(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(home, 'user-'));
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'user-server', version: '1.0.0', type: 'module', dependencies: { '@modelcontextprotocol/sdk': '^1.24.0' } }, null, 2));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  return dir;
}

describe('the installed package (dependencies only)', () => {
  it('upgrades a v1 list handler whose result is checked against the v2 types', () => {
    const dir = userPackage({
      'src/server.ts': [
        "import { Server } from '@modelcontextprotocol/sdk/server/index.js';",
        "import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';",
        '',
        'export function createServer(): Server {',
        "  const server = new Server({ name: 'shelf', version: '1.0.0' }, { capabilities: { tools: {} } });",
        '  server.setRequestHandler(ListToolsRequestSchema, async () => {',
        '    return {',
        '      tools: [',
        "        { name: 'find', description: 'Find a book', inputSchema: { type: 'object', properties: { title: { type: 'string' } } } },",
        "        { name: 'count', description: 'Count the books', inputSchema: { type: 'object', properties: {} } },",
        '      ],',
        '    };',
        '  });',
        '  return server;',
        '}',
        '',
      ].join('\n'),
    });
    const result = run(process.execPath, [installedBin, '--dry-run', '.'], dir);
    expect(result.stderr).not.toContain('Cannot find module');
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("+import { Server, type ListToolsResult } from '@modelcontextprotocol/server';");
    expect(result.stdout).toContain('Promise<ListToolsResult>');
  });

  it('sees, with its own copy of the SDK, which members of an answer are narrowed where the user has not installed v2 yet, and writes them with the SDK\'s names', () => {
    const dir = userPackage({
      'src/server.ts': [
        "import { McpServer } from '@modelcontextprotocol/server';",
        '',
        "export const server = new McpServer({ name: 'rooms', version: '1.0.0' });",
        '',
        "server.registerTool('book', {}, async (ctx) => {",
        "  const dates = await ctx.mcpReq.elicitInput({ message: 'When?', requestedSchema: { type: 'object', properties: { start: { type: 'string' } } } });",
        "  if (dates.action !== 'accept' || !dates.content) return { content: [{ type: 'text', text: 'No booking' }] };",
        "  const confirm = await ctx.mcpReq.elicitInput({ message: 'Book it?', requestedSchema: { type: 'object', properties: {} } });",
        "  return { content: [{ type: 'text', text: `${confirm.action} ${String(dates.content.start)}` }] };",
        '});',
        '',
      ].join('\n'),
    });
    const result = run(process.execPath, [installedBin, '--dry-run', '.'], dir);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("dates: ElicitResult & { content: NonNullable<ElicitResult['content']> }");
    expect(result.stderr).not.toContain('types-unresolved');
  });

  it('migrates the README example as the repository build does', () => {
    const example = path.join(ROOT, 'examples', 'v2-server');
    const fromInstall = run(process.execPath, [installedBin, '--dry-run', '.'], example);
    const fromRepository = run(process.execPath, [path.join(ROOT, 'bin', 'mcp-mrtr-migrate.js'), '--dry-run', '.'], example);
    expect(fromInstall.code, fromInstall.stderr).toBe(0);
    expect(fromInstall.stdout).toBe(fromRepository.stdout);
  });

  it('ships the docs pages its README links to, and a section for every rule the reports link to', () => {
    const installed = path.dirname(path.dirname(installedBin));
    const readme = fs.readFileSync(path.join(installed, 'README.md'), 'utf8');
    const pages = [...new Set([...readme.matchAll(/\]\((docs\/[^)#\s]+)/g)].map((m) => m[1]))];
    expect(pages).toContain('docs/rules.md');
    for (const page of pages) expect(fs.existsSync(path.join(installed, page)), page).toBe(true);
    // The Markdown report links each rule as docs/rules.md#<rule>.
    const headings = new Set([...fs.readFileSync(path.join(installed, 'docs', 'rules.md'), 'utf8').matchAll(/^### (\S+)$/gm)].map((m) => m[1]));
    expect(RULES.filter((rule) => !headings.has(rule.id)).map((rule) => rule.id)).toEqual([]);
  });
});
