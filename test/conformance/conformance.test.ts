// An outside judge: the official MCP conformance suite (@modelcontextprotocol/conformance, pinned
// in test/conformance/suite/package.json) against the codemod's own output.
//
// beforeAll copies the legacy push-style fixture (./legacy-server.ts) into test/tmp, migrates it
// with our CLI in-process (write mode, as a user would run it), imports the migrated server, and
// serves it over loopback HTTP (./host.ts: createMcpHandler + node:http on 127.0.0.1, ephemeral
// port). Each of the suite's 14 input-required-result-* server scenarios then runs in its own
// suite process under Node 22 (installed by scripts/conformance-setup.sh into .cache/conformance).
//
// A scenario passes only with every check SUCCESS: the suite's WARNINGs are the specification's
// SHOULDs (re-ask on a missing answer, ignore unknown keys, reject malformed answers) and count as
// failures here. There is no expected-failures file. The migrated code is never edited by hand.
//
// Without the suite installed, every test here fails with the command to run; nothing is skipped.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli.js';
import { startLoopbackHost, type LoopbackHost } from './host.js';
import { listServerScenarios, pinnedSuiteVersion, repoRoot, requireSuite, runScenario, type ScenarioRun, type SuiteInstall } from './suite.js';

/** The suite's MRTR server scenarios (SEP-2322), as listed by 0.2.0-alpha.12. */
const SCENARIOS = [
  'input-required-result-basic-elicitation',
  'input-required-result-basic-sampling',
  'input-required-result-basic-list-roots',
  'input-required-result-request-state',
  'input-required-result-multiple-input-requests',
  'input-required-result-multi-round',
  'input-required-result-missing-input-response',
  'input-required-result-non-tool-request',
  'input-required-result-result-type',
  'input-required-result-unsupported-methods',
  'input-required-result-tampered-state',
  'input-required-result-capability-check',
  'input-required-result-ignore-extra-params',
  'input-required-result-validate-input',
] as const;

const SCENARIO_TIMEOUT_MS = 30_000;

// The generated state module reads its key once, when it loads: set it before importing it.
const previousKey = process.env['MCP_REQUEST_STATE_KEY'];
process.env['MCP_REQUEST_STATE_KEY'] = 'conformance-only-request-state-key-0123456789';

const runDir = path.join(repoRoot, 'test', 'tmp', `conformance-${process.pid}`);
const packageDir = path.join(runDir, 'legacy-server');
const reportPath = path.join(runDir, 'migration-report.json');

interface Finding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  path: string;
  line: number;
  message: string;
}

let install: SuiteInstall | undefined;
let host: LoopbackHost | undefined;
const migration = { code: -1, stdout: '', stderr: '', findings: [] as Finding[] };
const runs = new Map<string, ScenarioRun>();

/** Why beforeAll could not get ready, re-thrown by every test so each one fails (none is skipped). */
let setupError: unknown;

function ready(): LoopbackHost {
  if (setupError !== undefined) throw setupError;
  if (host === undefined) throw new Error('the loopback host did not start');
  return host;
}

beforeAll(async () => {
  try {
    await setUp();
  } catch (error) {
    setupError = error;
  }
}, 120_000);

async function setUp(): Promise<void> {
  install = await requireSuite();

  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(path.join(packageDir, 'src'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'test', 'conformance', 'legacy-server.ts'), path.join(packageDir, 'src', 'server.ts'));
  writeFileSync(
    path.join(packageDir, 'package.json'),
    JSON.stringify({ name: 'conformance-legacy-server', private: true, type: 'module', dependencies: { '@modelcontextprotocol/server': '^2.4.0' } }, null, 2) + '\n',
  );
  writeFileSync(
    path.join(packageDir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true }, include: ['src'] }, null, 2) + '\n',
  );

  const io: CliIo = {
    stdout: (text) => void (migration.stdout += text),
    stderr: (text) => void (migration.stderr += text),
    cwd: runDir,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  // test/tmp is ignored by git, so its files count as uncommitted: --allow-dirty.
  migration.code = await main(['--allow-dirty', '--report', reportPath, packageDir], io);
  migration.findings = (JSON.parse(readFileSync(reportPath, 'utf8')) as { findings: Finding[] }).findings;

  const migrated = (await import(pathToFileURL(path.join(packageDir, 'src', 'server.ts')).href)) as { createServer(): McpServer };
  host = await startLoopbackHost(() => migrated.createServer());
}

afterAll(async () => {
  await host?.close();
  if (previousKey === undefined) delete process.env['MCP_REQUEST_STATE_KEY'];
  else process.env['MCP_REQUEST_STATE_KEY'] = previousKey;
  if (install && runs.size > 0) {
    const lines = SCENARIOS.filter((s) => runs.has(s)).map((s) => {
      const run = runs.get(s)!;
      return `  ${ok(run) ? '✓' : '✗'} ${s.padEnd(46)} ${run.summary}`;
    });
    const passing = [...runs.values()].filter(ok).length;
    console.log(
      [
        `@modelcontextprotocol/conformance ${install.suiteVersion} (Node ${install.nodeVersion}) against the migrated legacy fixture:`,
        ...lines,
        `MRTR scenarios passing: ${passing} of ${SCENARIOS.length}`,
      ].join('\n'),
    );
    // Keep the migrated code and the suite's checks.json files for inspection when anything failed.
    if (passing === SCENARIOS.length) rmSync(runDir, { recursive: true, force: true });
  }
});

/** All checks SUCCESS (WARNINGs count as failures), at least one check, and the suite exited 0. */
function ok(run: ScenarioRun): boolean {
  return run.exitCode === 0 && run.failed === 0 && run.warnings === 0 && run.denominator > 0 &&
    run.passed === run.denominator && run.checks.length > 0 && run.checks.every((c) => c.status === 'SUCCESS');
}

function explain(run: ScenarioRun): string {
  const bad = run.checks.filter((c) => c.status !== 'SUCCESS');
  return [
    `${run.scenario}: ${run.summary} (suite exit ${run.exitCode})`,
    ...bad.map((c) => `  ${c.status} ${c.id}: ${c.errorMessage ?? ''}\n    details: ${JSON.stringify(c.details ?? null)}`),
    ...(run.checks.length === 0 ? [`  no checks recorded; suite output:\n${run.stdout}\n${run.stderr}`] : []),
    ...(host && host.errors.length > 0 ? [`  host errors so far: ${host.errors.map((e) => e.message).join(' | ')}`] : []),
    `  migrated server: ${path.relative(repoRoot, path.join(packageDir, 'src', 'server.ts'))}`,
  ].join('\n');
}

describe(`official conformance suite @modelcontextprotocol/conformance@${pinnedSuiteVersion}, input-required-result-* scenarios`, () => {
  it('migrates every push-style handler of the legacy fixture, with nothing left for review', () => {
    ready();
    const review = migration.findings.filter((f) => f.severity !== 'info');
    expect(migration.code, migration.stderr).toBe(0);
    expect(review.map((f) => `${f.path}:${f.line} ${f.rule}: ${f.message}`)).toEqual([]);
  });

  it('the migrated server typechecks against @modelcontextprotocol/server as written', async () => {
    ready();
    const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
    const out = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(process.execPath, [tsc, '-p', path.join(packageDir, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { cwd: packageDir }, (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
      );
    });
    expect(out.output).toBe('');
    expect(out.code).toBe(0);
  }, 60_000);

  it('the pinned suite lists exactly these 14 MRTR server scenarios', async () => {
    ready();
    const listed = (await listServerScenarios()).filter((name) => name.startsWith('input-required-result-'));
    expect([...listed].sort()).toEqual([...SCENARIOS].sort());
  });

  // One suite process per scenario (its CLI runs one --scenario at a time), one after the other:
  // on a 2-core machine that is faster than running them side by side.
  it.for(SCENARIOS)('%s: every check passes (no failure, no warning)', { timeout: SCENARIO_TIMEOUT_MS + 60_000 }, async (scenario) => {
    const run = await runScenario(ready().url, scenario, path.join(runDir, 'results', scenario), SCENARIO_TIMEOUT_MS);
    runs.set(scenario, run);
    expect(ok(run), explain(run)).toBe(true);
  });
});
