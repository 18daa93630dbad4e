// The configuration (src/discover/config.ts): the schema and its strict validation, where it is found, and
// what the CLI does with it (aliased push calls migrate like SDK ones; a bad file stops the run).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/cli-run.js';
import { ConfigError, findConfigFile, loadConfig, parseConfig } from '../src/discover/config.js';

const temps: string[] = [];

function tempDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-config-'));
  temps.push(dir);
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const cli = runCli;

afterAll(() => {
  for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
});

const PACKAGE = JSON.stringify({ name: 'kit-server', type: 'module' });

/** A tool that asks through framework glue imported from ./kit.js. */
const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { ask } from './kit.js';

const server = new McpServer({ name: 'kit-server', version: '1.0.0' });

server.registerTool('rename', { inputSchema: z.object({ from: z.string() }) }, async ({ from }) => {
  const answer = await ask({
    message: \`New name for \${from}?\`,
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  });
  if (answer.action !== 'accept') return { content: [{ type: 'text', text: 'Kept' }] };
  return { content: [{ type: 'text', text: \`Renamed to \${String(answer.content?.name)}\` }] };
});
`;

const ALIAS_ASK = JSON.stringify({ aliases: [{ call: 'ask', kind: 'elicitation' }] });

describe('parseConfig', () => {
  it('accepts aliases and fills in "params": "same"', () => {
    const config = parseConfig({ aliases: [{ call: 'ctx.elicit', kind: 'elicitation' }, { call: 'this.sample', kind: 'sampling', params: 'same' }] }, 'c.json');
    expect(config.aliases).toEqual([
      { call: 'ctx.elicit', kind: 'elicitation', params: 'same' },
      { call: 'this.sample', kind: 'sampling', params: 'same' },
    ]);
  });

  it.each([
    [[], 'must be a JSON object'],
    [{ alias: [] }, 'unknown key "alias"'],
    [{ aliases: {} }, '"aliases" must be an array'],
    [{ aliases: ['ctx.elicit'] }, 'aliases[0] must be an object'],
    [{ aliases: [{ call: 'ctx.elicit(', kind: 'elicitation' }] }, 'aliases[0].call must be a callee'],
    [{ aliases: [{ call: 'this', kind: 'elicitation' }] }, 'aliases[0].call must be a callee'],
    [{ aliases: [{ call: 'ctx.elicit', kind: 'elicit' }] }, 'aliases[0].kind must be one of "elicitation", "sampling", "roots"'],
    [{ aliases: [{ call: 'ctx.elicit', kind: 'elicitation', params: { message: 0 } }] }, 'aliases[0].params must be "same"'],
    [{ aliases: [{ call: 'ctx.elicit', kind: 'elicitation', when: 'always' }] }, 'aliases[0]: unknown key "when"'],
    [{ aliases: [{ call: 'a.ask', kind: 'elicitation' }, { call: 'a.ask', kind: 'sampling' }] }, 'aliases[1]: "a.ask" is declared twice'],
    [{ aliases: [{ call: 'ctx.mcpReq.elicitInput', kind: 'sampling' }] }, 'recognised without configuration'],
  ])('refuses %j naming the source and the problem', (value, problem) => {
    expect(() => parseConfig(value, '/x/mcp-mrtr-migrate.config.json')).toThrow(ConfigError);
    expect(() => parseConfig(value, '/x/mcp-mrtr-migrate.config.json')).toThrow(/^\/x\/mcp-mrtr-migrate\.config\.json: /);
    expect(() => parseConfig(value, '/x/mcp-mrtr-migrate.config.json')).toThrow(problem);
  });
});

describe('finding the configuration', () => {
  it('finds the file above the target, up to the git root', () => {
    const dir = tempDir({ '.git/HEAD': '', 'mcp-mrtr-migrate.config.json': ALIAS_ASK, 'packages/a/package.json': PACKAGE, 'packages/a/src/x.ts': '' });
    expect(findConfigFile(path.join(dir, 'packages/a/src'))).toBe(path.join(dir, 'mcp-mrtr-migrate.config.json'));
  });

  it('stops at the package root outside git', () => {
    const outer = tempDir({ 'mcp-mrtr-migrate.config.json': ALIAS_ASK, 'pkg/package.json': PACKAGE, 'pkg/src/x.ts': '' });
    expect(findConfigFile(path.join(outer, 'pkg/src'))).toBeUndefined();
  });

  it('reads the "mcp-mrtr-migrate" key of package.json', () => {
    const dir = tempDir({ 'package.json': JSON.stringify({ name: 'p', 'mcp-mrtr-migrate': { aliases: [{ call: 'kit.roots', kind: 'roots' }] } }) });
    expect(loadConfig({ cwd: dir, paths: ['.'] }).aliases).toEqual([{ call: 'kit.roots', kind: 'roots', params: 'same' }]);
  });

  it('refuses a folder that declares both', () => {
    const dir = tempDir({ 'package.json': JSON.stringify({ name: 'p', 'mcp-mrtr-migrate': {} }), 'mcp-mrtr-migrate.config.json': '{}' });
    expect(() => loadConfig({ cwd: dir, paths: ['.'] })).toThrow('keep one of the two');
  });

  it('refuses targets that find different files', () => {
    const dir = tempDir({ 'a/package.json': PACKAGE, 'a/mcp-mrtr-migrate.config.json': '{}', 'b/package.json': PACKAGE, 'b/mcp-mrtr-migrate.config.json': '{}' });
    expect(() => loadConfig({ cwd: dir, paths: ['a', 'b'] })).toThrow('different configuration files');
  });
});

describe('the CLI with a configuration', () => {
  it('migrates a call of a configured alias like an SDK push call', async () => {
    const dir = tempDir({ 'package.json': PACKAGE, 'mcp-mrtr-migrate.config.json': ALIAS_ASK, 'server.ts': SERVER, 'kit.ts': '' });
    const result = await cli(['--dry-run', '--json', '.'], dir);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { summary: { sitesMigrated: number } };
    expect(report.summary.sitesMigrated).toBe(1);
  });

  it('leaves the same call alone without the configuration (it is not an SDK call)', async () => {
    const dir = tempDir({ 'package.json': PACKAGE, 'server.ts': SERVER });
    const result = await cli(['--dry-run', '--json', '.'], dir);
    const report = JSON.parse(result.stdout) as { summary: { sitesMigrated: number } };
    expect(report.summary.sitesMigrated).toBe(0);
  });

  it('uses the file given with --config', async () => {
    const dir = tempDir({ 'package.json': PACKAGE, 'conf/aliases.json': ALIAS_ASK, 'server.ts': SERVER });
    const result = await cli(['--dry-run', '--config', 'conf/aliases.json', '.'], dir);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\+ +name: inputRequired\.elicit\(nameRequest\),$/m);
  });

  // The request function is a parameter here, so it is reported as a value passed in (push-in-callback).
  it('lets a file without SDK names through the prefilter when it calls an alias', async () => {
    const tool = `export async function pick(ask: (p: object) => Promise<unknown>) {\n  return ask({ message: 'Pick one' });\n}\n`;
    const dir = tempDir({ 'package.json': PACKAGE, 'mcp-mrtr-migrate.config.json': ALIAS_ASK, 'tool.ts': tool });
    const result = await cli(['--check', '--json', '.'], dir);
    const report = JSON.parse(result.stdout) as { findings: { rule: string; path: string }[] };
    expect(report.findings.map((f) => `${f.path} ${f.rule}`)).toEqual(['tool.ts push-in-callback']);
  });

  it.each([
    ['{ "aliases": [ { "call": "ask" } ] }', 'aliases[0].kind must be one of'],
    ['{ "aliases": [', 'not valid JSON'],
  ])('stops with exit 2 on a bad file, naming it and the problem (%s)', async (text, problem) => {
    const dir = tempDir({ 'package.json': PACKAGE, 'mcp-mrtr-migrate.config.json': text, 'server.ts': SERVER });
    const result = await cli(['--dry-run', '.'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(path.join(dir, 'mcp-mrtr-migrate.config.json'));
    expect(result.stderr).toContain(problem);
    expect(result.stdout).toBe('');
  });

  it('stops with exit 2 when --config names a missing file', async () => {
    const dir = tempDir({ 'package.json': PACKAGE, 'server.ts': SERVER });
    const result = await cli(['--dry-run', '--config', 'nope.json', '.'], dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('nope.json: cannot read the configuration');
  });
});
