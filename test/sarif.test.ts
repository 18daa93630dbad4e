// The SARIF report against the official SARIF 2.1.0 JSON schema, and the things GitHub code scanning
// needs beyond the schema: a rule (with help) behind every result, a region on every location.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import formats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../src/cli.js';
import { buildReport } from '../src/report/json.js';
import { renderSarif, type SarifLog } from '../src/report/sarif.js';
import { RULES } from '../src/rules.js';
import type { FileOutcome, Finding, RuleId } from '../src/types.js';

const require = createRequire(import.meta.url);

/**
 * The schema is draft-04 (`id`, not `$id`) and one of its patterns is not valid with the `u` flag;
 * ajv's default (draft-07) dialect reads it once `id` is renamed and unicode regexps are off.
 */
function sarifValidator(): ValidateFunction {
  const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as Record<string, unknown>;
  const { $schema: _dialect, id, ...rest } = schema;
  const ajv = new Ajv({ allErrors: true, unicodeRegExp: false });
  // ajv-formats is CommonJS: under NodeNext its default import is module.exports, whose `default` is the plugin.
  formats.default(ajv);
  return ajv.compile({ ...rest, $id: id as string });
}

const validate = sarifValidator();

function expectValid(log: unknown): void {
  const ok = validate(log);
  expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
  expect(ok).toBe(true);
}

/** What code scanning needs to show a result on the diff. */
function expectUsableByCodeScanning(log: SarifLog): void {
  const [run] = log.runs;
  const rules = run.tool.driver.rules;
  for (const rule of rules) {
    expect(rule.shortDescription.text.trim(), rule.id).not.toBe('');
    expect(rule.help.text.trim(), rule.id).not.toBe('');
    expect(rule.help.markdown.trim(), rule.id).not.toBe('');
  }
  for (const result of run.results) {
    expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
    expect(result.locations).toHaveLength(1);
    const { artifactLocation, region } = result.locations[0].physicalLocation;
    expect(artifactLocation.uri).not.toMatch(/^\/|^[a-z]+:/i);
    expect(region.startLine).toBeGreaterThanOrEqual(1);
  }
}

describe('the validator itself', () => {
  it('accepts a minimal log and rejects a broken one', () => {
    expect(validate({ version: '2.1.0', runs: [] })).toBe(true);
    const broken = {
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'x' } }, results: [{ message: { text: 'm' }, ruleIndex: -2 }] }],
    };
    expect(validate(broken)).toBe(false);
  });
});

describe('renderSarif', () => {
  const finding = (rule: string, severity: Finding['severity'], line: number): Finding => ({
    rule: rule as RuleId,
    severity,
    path: 'packages/a b/src/server.ts',
    line,
    column: 3,
    message: `Spot for ${rule} with \`code\``,
    suggestion: 'Do the thing.',
  });
  const outcome: FileOutcome = {
    path: 'packages/a b/src/server.ts',
    absPath: '/x/packages/a b/src/server.ts',
    packagePath: 'packages/a b',
    packageName: '@acme/a',
    original: 'a',
    output: 'b',
    transforms: ['step-machine'],
    // One finding per catalogued rule, plus one the catalogue does not know.
    findings: [...RULES.map((rule, i) => finding(rule.id, rule.severity, i + 1)), finding('not-in-catalogue', 'warning', 99)],
    handlersMigrated: 1,
    sitesMigrated: 2,
    newFiles: [],
  };
  const report = buildReport({
    toolVersion: '1.2.3',
    filesScanned: 3,
    outcomes: [outcome],
    errors: [{ path: 'src/broken.ts', message: 'syntax error at 1:5: Expression expected.' }],
    durationMs: 5,
  });

  it('is valid SARIF 2.1.0 with every rule, an unknown rule and a processing error', () => {
    const log = renderSarif(report);
    expectValid(log);
    expectUsableByCodeScanning(log);
    const ids = log.runs[0].tool.driver.rules.map((r) => r.id);
    for (const rule of RULES) expect(ids).toContain(rule.id);
    expect(ids).toContain('processing-error');
    expect(ids).toContain('not-in-catalogue');
    expect(log.runs[0].results).toHaveLength(RULES.length + 2);
    // Paths are URI references: the space is encoded.
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe('packages/a%20b/src/server.ts');
  });

  it('is valid for an empty run', () => {
    const empty = buildReport({ toolVersion: '0.0.0', filesScanned: 0, outcomes: [], errors: [], durationMs: 0 });
    expectValid(renderSarif(empty));
  });

  it('is valid with the not-typechecked line as the invocation warning', () => {
    const typecheck = { checked: ['a'], unchecked: [{ path: 'b', why: 'no node_modules' }], putBack: 0 };
    const log = renderSarif(buildReport({ toolVersion: '0.0.0', filesScanned: 0, outcomes: [], errors: [], durationMs: 0, typecheck }));
    expectValid(log);
    expect(log.runs[0].invocations?.[0].toolExecutionNotifications[0].message.text).toBe(
      'output not typechecked: install dependencies for a checked run (b)',
    );
  });
});

describe('--report x.sarif', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-sarif-'));
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
      fs.writeFileSync(path.join(tmp, rel), text);
    };
    write('package.json', JSON.stringify({ name: 'sarif-demo', version: '1.0.0' }));
    write('tsconfig.json', '{}');
    write(
      'src/server.ts',
      [
        "import { McpServer } from '@modelcontextprotocol/server';",
        "import { z } from 'zod';",
        "const server = new McpServer({ name: 'demo', version: '1.0.0' });",
        "server.registerTool('triage', { inputSchema: z.object({ items: z.array(z.string()) }) }, async ({ items }, ctx) => {",
        '  const kept: string[] = [];',
        '  for (const item of items) {',
        "    const answer = await ctx.mcpReq.elicitInput({ message: `Keep ${item}?`, requestedSchema: { type: 'object', properties: { keep: { type: 'boolean' } } } });",
        "    if (answer.action === 'accept') kept.push(item);",
        '  }',
        "  return { content: [{ type: 'text', text: kept.join(', ') }] };",
        '});',
        '',
      ].join('\n'),
    );
    write('src/broken.ts', "import { McpServer } from '@modelcontextprotocol/server';\nconst = ;\n");
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('writes a schema-valid log with a result for each finding and error', async () => {
    const io: CliIo = { stdout: () => {}, stderr: () => {}, cwd: tmp, stdoutIsTTY: false, stderrIsTTY: false };
    const code = await main(['--check', '--report', 'out.sarif', '--report', 'out.json', '.'], io);
    expect(code).toBe(3); // broken.ts cannot be processed
    const log = JSON.parse(fs.readFileSync(path.join(tmp, 'out.sarif'), 'utf8')) as SarifLog;
    const report = JSON.parse(fs.readFileSync(path.join(tmp, 'out.json'), 'utf8')) as { findings: unknown[]; errors: unknown[] };
    expectValid(log);
    expectUsableByCodeScanning(log);
    expect(log.runs[0].results.length).toBe(report.findings.length + report.errors.length);
    expect(log.runs[0].results.some((r) => r.ruleId === 'processing-error' && r.locations[0].physicalLocation.artifactLocation.uri === 'src/broken.ts')).toBe(true);
  });
});
