import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules.js';
import type { FileError, FileOutcome, Finding, RuleId } from '../src/types.js';
import { buildReport, serializeReport, validateReport, type Report } from '../src/report/json.js';
import { renderMarkdown } from '../src/report/markdown.js';
import { PROCESSING_ERROR_RULE, renderSarif } from '../src/report/sarif.js';
import { renderSummary, summaryLine } from '../src/report/human.js';

function finding(path: string, line: number, column: number, rule: string, extra: Partial<Finding> = {}): Finding {
  // Unknown ids too: a report read from disk may name a rule this version does not have.
  return { rule: rule as RuleId, severity: 'warning', path, line, column, message: `${rule} at ${line}:${column}`, ...extra };
}

function outcome(path: string, extra: Partial<FileOutcome> = {}): FileOutcome {
  return {
    path,
    absPath: `/repo/${path}`,
    packagePath: '.',
    packageName: 'root',
    original: 'original text',
    transforms: [],
    findings: [],
    handlersMigrated: 0,
    sitesMigrated: 0,
    newFiles: [],
    ...extra,
  };
}

/** Two packages, files given out of order, findings out of order, one error. */
function sampleInput() {
  const outcomes: FileOutcome[] = [
    outcome('packages/b/src/z.ts', {
      packagePath: 'packages/b',
      packageName: '@acme/b',
      output: 'changed',
      transforms: ['push-to-input-required', 'result-type'],
      handlersMigrated: 2,
      sitesMigrated: 3,
      findings: [
        finding('packages/b/src/z.ts', 40, 3, 'side-effect-before-input', { severity: 'info' }),
        finding('packages/b/src/z.ts', 12, 9, 'push-in-loop', { suggestion: 'Ask all items in one round.' }),
      ],
    }),
    outcome('packages/a/src/server.ts', {
      packagePath: 'packages/a',
      packageName: '@acme/a',
      output: 'changed too',
      transforms: ['push-to-input-required'],
      handlersMigrated: 1,
      sitesMigrated: 1,
      findings: [
        finding('packages/a/src/server.ts', 7, 5, 'push-in-try'),
        finding('packages/a/src/server.ts', 7, 5, 'push-in-callback'),
        finding('packages/a/src/server.ts', 3, 1, 'push-outside-request'),
      ],
    }),
    // Scanned, unchanged, no findings: counted in its package but not listed in `files`.
    outcome('packages/a/src/quiet.ts', { packagePath: 'packages/a', packageName: '@acme/a' }),
    // Unchanged but with a finding: listed with changed: false.
    outcome('packages/b/src/helper.ts', {
      packagePath: 'packages/b',
      packageName: '@acme/b',
      findings: [finding('packages/b/src/helper.ts', 2, 2, 'push-in-helper')],
    }),
  ];
  const errors: FileError[] = [
    { path: 'packages/b/src/broken.ts', message: 'Unexpected token (1:5)' },
    { path: 'packages/a/src/also-broken.ts', message: 'Transform failed' },
  ];
  return { toolVersion: '1.2.3', filesScanned: 14, outcomes, errors, durationMs: 42 };
}

describe('buildReport', () => {
  const report = buildReport(sampleInput());

  it('counts the summary', () => {
    expect(report.version).toBe(1);
    expect(report.tool).toEqual({ name: 'mcp-mrtr-migrate', version: '1.2.3' });
    expect(report.summary).toEqual({
      filesScanned: 14,
      filesChanged: 2,
      handlersMigrated: 3,
      sitesMigrated: 4,
      findings: 6,
      errors: 2,
      durationMs: 42,
    });
  });

  it('groups packages by path, sorted, with their counts', () => {
    expect(report.packages).toEqual([
      { name: '@acme/a', path: 'packages/a', filesChanged: 1, findings: 3 },
      { name: '@acme/b', path: 'packages/b', filesChanged: 1, findings: 3 },
    ]);
  });

  it('lists changed files and files with findings, sorted by path', () => {
    expect(report.files).toEqual([
      { path: 'packages/a/src/server.ts', changed: true, transforms: ['push-to-input-required'], sitesMigrated: 1 },
      { path: 'packages/b/src/helper.ts', changed: false, transforms: [], sitesMigrated: 0 },
      {
        path: 'packages/b/src/z.ts',
        changed: true,
        transforms: ['push-to-input-required', 'result-type'],
        sitesMigrated: 3,
      },
    ]);
  });

  it('sorts findings by path, line, column, rule', () => {
    expect(report.findings.map((f) => `${f.path}:${f.line}:${f.column} ${f.rule}`)).toEqual([
      'packages/a/src/server.ts:3:1 push-outside-request',
      'packages/a/src/server.ts:7:5 push-in-callback',
      'packages/a/src/server.ts:7:5 push-in-try',
      'packages/b/src/helper.ts:2:2 push-in-helper',
      'packages/b/src/z.ts:12:9 push-in-loop',
      'packages/b/src/z.ts:40:3 side-effect-before-input',
    ]);
    expect(report.findings[4].suggestion).toBe('Ask all items in one round.');
    expect('suggestion' in report.findings[0]).toBe(false);
  });

  it('sorts errors by path', () => {
    expect(report.errors.map((e) => e.path)).toEqual(['packages/a/src/also-broken.ts', 'packages/b/src/broken.ts']);
  });

  it('takes errors carried by outcomes too, once each, and never counts them as changed', () => {
    const input = sampleInput();
    input.outcomes.push(
      outcome('packages/a/src/failed.ts', { output: 'half done', error: 'boom', handlersMigrated: 1, sitesMigrated: 1 }),
    );
    input.errors.push({ path: 'packages/a/src/failed.ts', message: 'boom' });
    const withFailure = buildReport(input);
    expect(withFailure.errors.filter((e) => e.path === 'packages/a/src/failed.ts')).toHaveLength(1);
    expect(withFailure.summary.filesChanged).toBe(2);
    expect(withFailure.summary.handlersMigrated).toBe(3);
    expect(validateReport(withFailure)).toEqual([]);
  });

  it('is deterministic: same input in any order gives byte-identical JSON', () => {
    const a = sampleInput();
    const b = sampleInput();
    b.outcomes.reverse();
    b.errors.reverse();
    for (const o of b.outcomes) o.findings.reverse();
    const text = serializeReport(buildReport(a));
    expect(serializeReport(buildReport(b))).toBe(text);
    expect(text.endsWith('}\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(report);
  });

  it('keeps the documented key order', () => {
    expect(Object.keys(report)).toEqual(['version', 'tool', 'summary', 'packages', 'files', 'findings', 'errors']);
    expect(Object.keys(report.findings[4])).toEqual(['rule', 'severity', 'path', 'line', 'column', 'message', 'suggestion']);
  });

  it('builds an empty report', () => {
    const empty = buildReport({ toolVersion: '0.0.0', filesScanned: 0, outcomes: [], errors: [], durationMs: 0 });
    expect(empty.packages).toEqual([]);
    expect(empty.files).toEqual([]);
    expect(validateReport(empty)).toEqual([]);
  });
});

describe('validateReport', () => {
  const valid = (): Report => JSON.parse(serializeReport(buildReport(sampleInput()))) as Report;

  it('accepts a built report (also after a JSON round trip)', () => {
    expect(validateReport(buildReport(sampleInput()))).toEqual([]);
    expect(validateReport(valid())).toEqual([]);
  });

  it('catches a missing field', () => {
    const report = valid() as unknown as { summary: Record<string, unknown> };
    delete report.summary.sitesMigrated;
    expect(validateReport(report)).toEqual(['$.summary.sitesMigrated: missing']);

    const noFindings = valid() as unknown as Record<string, unknown>;
    delete noFindings.findings;
    expect(validateReport(noFindings)).toContain('$.findings: missing');

    const findingWithoutLine = valid() as unknown as { findings: Record<string, unknown>[] };
    delete findingWithoutLine.findings[2].line;
    expect(validateReport(findingWithoutLine)).toContain('$.findings[2].line: missing');
  });

  it('catches a wrong type', () => {
    const report = valid() as unknown as { files: Record<string, unknown>[] };
    report.files[0].changed = 'yes';
    expect(validateReport(report)).toEqual(['$.files[0].changed: expected a boolean, got string']);

    const badSeverity = valid() as unknown as { findings: Record<string, unknown>[] };
    badSeverity.findings[0].severity = 'fatal';
    expect(validateReport(badSeverity)[0]).toMatch(/^\$\.findings\[0\]\.severity: expected one of/);

    const badLine = valid() as unknown as { findings: Record<string, unknown>[] };
    badLine.findings[1].line = 0;
    expect(validateReport(badLine)[0]).toMatch(/^\$\.findings\[1\]\.line: expected an integer >= 1/);

    const badVersion = valid() as unknown as Record<string, unknown>;
    badVersion.version = 2;
    expect(validateReport(badVersion)).toEqual(['$.version: expected 1, got 2']);

    const badTransforms = valid() as unknown as { files: Record<string, unknown>[] };
    badTransforms.files[0].transforms = 'push-to-input-required';
    expect(validateReport(badTransforms)).toEqual(['$.files[0].transforms: expected an array, got string']);
  });

  it('rejects non-objects, unknown fields and counts that disagree with the lists', () => {
    expect(validateReport(null)).toEqual(['$: expected an object, got null']);
    expect(validateReport([])).toEqual(['$: expected an object, got array']);

    const extra = valid() as unknown as { summary: Record<string, unknown> };
    extra.summary.warnings = 1;
    expect(validateReport(extra)).toEqual(['$.summary.warnings: unknown field']);

    const inconsistent = valid();
    inconsistent.findings.pop();
    expect(validateReport(inconsistent).join('\n')).toMatch(/summary\.findings: 6 does not match the 5 entries/);
  });
});

describe('renderMarkdown', () => {
  const report = buildReport(sampleInput());

  it('has a heading, the counts and a package table', () => {
    const md = renderMarkdown(report);
    expect(md).toMatch(/^## /);
    expect(md).toContain('| Files scanned | 14 |');
    expect(md).toContain('| Files changed | 2 |');
    expect(md).toContain('| Handlers migrated | 3 |');
    expect(md).toContain('| Sites migrated | 4 |');
    expect(md).toContain('| Findings | 6 (5 warning, 1 info) |');
    expect(md).toContain('| Errors | 2 |');
    expect(md).toContain('| `@acme/a` | `packages/a` | 1 | 3 |');
    expect(md).toContain(
      '**Migrated 3 handlers (4 sites) in 2 of 14 files; 5 findings need review; 1 note; 2 files could not be processed.**',
    );
    expect(renderMarkdown(report, { mode: 'check' })).toContain('**Would migrate 3 handlers');
  });

  it('leaves out the package table for a single package', () => {
    const single = buildReport({
      ...sampleInput(),
      outcomes: [outcome('src/a.ts', { findings: [finding('src/a.ts', 1, 1, 'push-request')] })],
      errors: [],
    });
    const md = renderMarkdown(single);
    expect(md).not.toContain('| Package |');
    expect(md).not.toContain('### Errors');
  });

  it('groups findings by rule with title, help link and path:line items', () => {
    const md = renderMarkdown(report);
    for (const rule of ['push-in-loop', 'push-in-try', 'push-in-callback', 'push-outside-request', 'push-in-helper', 'side-effect-before-input']) {
      const info = RULES.find((r) => r.id === rule)!;
      const heading = md.split('\n').find((line) => line.startsWith('#### ') && line.includes(`\`${rule}\``));
      expect(heading, rule).toBeDefined();
      expect(heading).toContain(info.title.replace(/[|]/g, '\\|').replace(/[*_[\]<>~&#!]/g, (c) => `\\${c}`));
      expect(md).toContain(`(docs/rules.md#${rule})`);
    }
    expect(md).toContain('- `packages/b/src/z.ts:12` — push-in-loop at 12:9');
    expect(md).toContain('**Suggestion:** Ask all items in one round.');
    // Warnings before infos; within the group, report order.
    expect(md.indexOf('`push-in-loop`')).toBeLessThan(md.indexOf('`side-effect-before-input`'));
    // One heading per rule, however many findings it has.
    const twice = buildReport({
      ...sampleInput(),
      outcomes: [
        outcome('src/a.ts', {
          findings: [finding('src/a.ts', 1, 1, 'push-request'), finding('src/a.ts', 9, 1, 'push-request')],
        }),
      ],
    });
    const md2 = renderMarkdown(twice);
    expect(md2.match(/^#### .*`push-request`/gm)).toHaveLength(1);
    expect(md2).toMatch(/`src\/a\.ts:1` [^\n]*\n- `src\/a\.ts:9`/);
  });

  it('lists errors', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('### Errors');
    expect(md).toContain('- `packages/b/src/broken.ts`: Unexpected token (1:5)');
  });

  it('escapes pipes and backticks so user text cannot break the layout', () => {
    const nasty = buildReport({
      toolVersion: '1.0.0',
      filesScanned: 2,
      errors: [],
      durationMs: 1,
      outcomes: [
        outcome('src/we|rd`name.ts', {
          packagePath: 'packages/p|q',
          packageName: 'p|q',
          findings: [
            finding('src/we|rd`name.ts', 5, 1, 'push-request', {
              message: 'value a | b uses `x || y` as code and one ` tick\nsecond line <b>bold</b>',
              suggestion: 'use *this* | [that]',
            }),
          ],
        }),
        outcome('src/other.ts', { packagePath: 'packages/other', packageName: 'other' }),
      ],
    });
    const md = renderMarkdown(nasty);
    // Package table: pipes escaped even inside code spans, so the row keeps 4 cells.
    const row = md.split('\n').find((line) => line.includes('p\\|q'))!;
    expect(row).toBe('| `p\\|q` | `packages/p\\|q` | 0 | 1 |');
    expect(row.split(/(?<!\\)\|/).length - 2).toBe(4);
    // The path is one code span with a longer fence, whatever backticks it holds.
    expect(md).toContain('- ``src/we|rd`name.ts:5`` — ');
    // Free text: a lone backtick and pipes are escaped, a balanced code span is kept as it is (a
    // backslash would show inside it outside a table), HTML is inert,
    // and the message stays on one line.
    expect(md).toContain('value a \\| b uses `x || y` as code and one \\` tick second line \\<b\\>bold\\</b\\>');
    expect(md).toContain('**Suggestion:** use \\*this\\* \\| \\[that\\]');
  });

  it('folds the diff into <details> when short enough, and leaves it out when too long', () => {
    const diff = '--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-const a = `x`;\n+const a = ```y```;\n';
    const md = renderMarkdown(report, { diff });
    expect(md).toContain('<details><summary>Diff</summary>');
    expect(md).toContain('````diff\n--- a/src/a.ts');
    expect(md).toContain('+const a = ```y```;\n````\n');
    expect(md.indexOf('</details>', md.indexOf('````diff'))).toBeGreaterThan(0);

    const tooLong = renderMarkdown(report, { diff, maxDiffChars: 20 });
    expect(tooLong).not.toContain('```diff');
    expect(tooLong).toContain('too long');
    expect(renderMarkdown(report)).not.toContain('Diff</summary>');
  });

  it('is deterministic', () => {
    expect(renderMarkdown(buildReport(sampleInput()))).toBe(renderMarkdown(report));
  });
});

describe('renderSarif', () => {
  const report = buildReport(sampleInput());
  const sarif = renderSarif(report);
  const run = sarif.runs[0];
  const rules = run.tool.driver.rules;

  it('is a SARIF 2.1.0 log with one run and the tool identified', () => {
    expect(sarif.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    expect(run.tool.driver.name).toBe('mcp-mrtr-migrate');
    expect(run.tool.driver.version).toBe('1.2.3');
    expect(run.tool.driver.informationUri).toMatch(/^https:\/\//);
  });

  it('lists every catalogue rule plus processing-error, fully described', () => {
    const ids = rules.map((r) => r.id);
    for (const rule of RULES) expect(ids).toContain(rule.id);
    expect(ids).toContain(PROCESSING_ERROR_RULE.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of rules) {
      expect(rule.shortDescription.text.length, rule.id).toBeGreaterThan(0);
      expect(rule.fullDescription.text.length, rule.id).toBeGreaterThan(0);
      expect(rule.help.text.length, rule.id).toBeGreaterThan(0);
      expect(rule.help.markdown.length, rule.id).toBeGreaterThan(0);
      expect(['error', 'warning', 'note'], rule.id).toContain(rule.defaultConfiguration.level);
    }
    expect(rules.find((r) => r.id === 'push-request')!.defaultConfiguration.level).toBe('warning');
    expect(rules.find((r) => r.id === 'side-effect-before-input')!.defaultConfiguration.level).toBe('note');
    expect(rules.find((r) => r.id === 'processing-error')!.defaultConfiguration.level).toBe('error');
    // Plain-text fields drop the Markdown code spans; the markdown help keeps them.
    const pushRequest = rules.find((r) => r.id === 'push-request')!;
    expect(pushRequest.fullDescription.text).toContain('Return inputRequired({ inputRequests, requestState }) from');
    expect(pushRequest.fullDescription.text).not.toContain('`');
    expect(pushRequest.help.markdown).toContain('`inputRequired({ inputRequests, requestState })`');
  });

  it('gives every result a ruleId that exists in the driver and the matching ruleIndex', () => {
    expect(run.results).toHaveLength(report.findings.length + report.errors.length);
    for (const result of run.results) {
      expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
    }
  });

  it('maps levels and locations', () => {
    const loop = run.results.find((r) => r.ruleId === 'push-in-loop')!;
    expect(loop.level).toBe('warning');
    expect(loop.message.text).toBe('push-in-loop at 12:9\nSuggestion: Ask all items in one round.');
    expect(loop.locations[0].physicalLocation.artifactLocation.uri).toBe('packages/b/src/z.ts');
    expect(loop.locations[0].physicalLocation.region).toEqual({ startLine: 12, startColumn: 9 });

    expect(run.results.find((r) => r.ruleId === 'side-effect-before-input')!.level).toBe('note');

    const errors = run.results.filter((r) => r.ruleId === 'processing-error');
    expect(errors).toHaveLength(2);
    for (const error of errors) expect(error.level).toBe('error');
    expect(errors[1].message.text).toBe('Unexpected token (1:5)');
    expect(errors[1].locations[0].physicalLocation.artifactLocation.uri).toBe('packages/b/src/broken.ts');
    expect(errors[1].locations[0].physicalLocation.region.startLine).toBe(1);

    const errorSeverity = renderSarif(
      buildReport({ ...sampleInput(), outcomes: [outcome('a.ts', { findings: [finding('a.ts', 1, 1, 'push-request', { severity: 'error' })] })] }),
    );
    expect(errorSeverity.runs[0].results[0].level).toBe('error');
  });

  it('still gives a valid ruleIndex to a rule missing from the catalogue', () => {
    const odd = renderSarif(
      buildReport({ ...sampleInput(), outcomes: [outcome('a.ts', { findings: [finding('a.ts', 1, 1, 'not-in-catalogue')] })] }),
    );
    const oddRun = odd.runs[0];
    for (const result of oddRun.results) expect(oddRun.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
  });

  it('serializes to plain JSON', () => {
    expect(JSON.parse(JSON.stringify(sarif))).toEqual(sarif);
  });
});

describe('renderSummary', () => {
  const report = buildReport(sampleInput());

  it('prints one line per finding, grouped by file, then errors and the closing sentence', () => {
    const text = renderSummary(report, { verbose: false, color: false, mode: 'write' });
    const lines = text.split('\n');
    expect(lines).toContain('packages/b/src/z.ts:12:9  warning  push-in-loop  push-in-loop at 12:9');
    expect(lines).toContain('packages/b/src/z.ts:40:3  info     side-effect-before-input  side-effect-before-input at 40:3');
    expect(lines).toContain('  packages/b/src/broken.ts: Unexpected token (1:5)');
    expect(text).not.toContain('Ask all items in one round.');
    expect(text).not.toContain('\u001b[');
    // A blank line between files.
    const helper = lines.findIndex((l) => l.startsWith('packages/b/src/helper.ts'));
    expect(lines[helper - 1]).toBe('');
    expect(lines[helper + 1]).toBe('');
    expect(text.trimEnd().split('\n').pop()).toBe(
      'Migrated 3 handlers (4 sites) in 2 of 14 files; 5 findings need review; 1 note; 2 files could not be processed.',
    );
    // Per-package counts in a monorepo.
    expect(text).toContain('packages/a  1 file changed, 3 findings');
  });

  it('shows suggestions and changed files when verbose, and colours only when asked', () => {
    const verbose = renderSummary(report, { verbose: true, color: false, mode: 'write' });
    expect(verbose).toContain('→ Ask all items in one round.');
    expect(verbose).toContain('changed  packages/b/src/z.ts');
    const colored = renderSummary(report, { verbose: false, color: true, mode: 'write' });
    expect(colored).toContain('\u001b[33mwarning\u001b[39m');
    expect(colored.replace(/\u001b\[\d+m/g, '')).toBe(renderSummary(report, { verbose: false, color: false, mode: 'write' }));
  });

  it('gets the grammar right for 0, 1 and many', () => {
    const one = buildReport({
      toolVersion: '1',
      filesScanned: 1,
      durationMs: 0,
      outcomes: [
        outcome('a.ts', {
          output: 'x',
          handlersMigrated: 1,
          sitesMigrated: 1,
          findings: [finding('a.ts', 1, 1, 'push-request')],
        }),
      ],
      errors: [{ path: 'b.ts', message: 'bad' }],
    });
    expect(summaryLine(one, 'write')).toBe(
      'Migrated 1 handler (1 site) in 1 of 1 file; 1 finding needs review; 1 file could not be processed.',
    );
    expect(summaryLine(one, 'dry-run')).toMatch(/^Would migrate 1 handler \(1 site\) in 1 of 1 file;/);

    const none = buildReport({ toolVersion: '1', filesScanned: 14, durationMs: 0, outcomes: [], errors: [] });
    expect(summaryLine(none, 'write')).toBe('Nothing to migrate in 14 files.');
    expect(summaryLine(none, 'check')).toBe('Nothing to migrate in 14 files.');
    const empty = buildReport({ toolVersion: '1', filesScanned: 0, durationMs: 0, outcomes: [], errors: [] });
    expect(summaryLine(empty, 'write')).toBe('No files to migrate.');

    const updatedOnly = buildReport({
      toolVersion: '1',
      filesScanned: 3,
      durationMs: 0,
      outcomes: [outcome('a.ts', { output: 'x' }), outcome('b.ts', { output: 'y' })],
      errors: [],
    });
    expect(summaryLine(updatedOnly, 'write')).toBe('Updated 2 of 3 files.');
    expect(summaryLine(updatedOnly, 'check')).toBe('Would update 2 of 3 files.');
  });

  it('keeps control characters from user text out of the terminal', () => {
    const evil = buildReport({
      toolVersion: '1',
      filesScanned: 1,
      durationMs: 0,
      outcomes: [outcome('a.ts', { findings: [finding('a.ts', 1, 1, 'push-request', { message: 'x\u001b[31my' })] })],
      errors: [],
    });
    expect(renderSummary(evil, { verbose: false, color: false, mode: 'write' })).not.toContain('\u001b');
  });
});
