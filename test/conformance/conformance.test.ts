// An outside judge: the official MCP conformance suite (@modelcontextprotocol/conformance, pinned
// in test/conformance/suite/package.json) against the codemod's own output.
//
// beforeAll copies the legacy push-style fixture (./legacy: the tools in server.ts, served by the
// sessionful express wiring in http.ts) into test/tmp and migrates it with our CLI in-process
// (write mode, as a user would run it): the tools become step machines, the wiring gets the
// isLegacyRequest front. The original and the migrated http.ts are both started on loopback
// (127.0.0.1, ephemeral ports), and the suite runs under Node 22 (installed by
// scripts/conformance-setup.sh into .cache/conformance), one suite process per scenario:
//   - the 2025-11-25 scenarios the legacy server passes (initialize, session lifecycle,
//     elicitation and sampling pushed over the session, SSE resumption and concurrent streams)
//     must pass on the original and still pass on the migrated server;
//   - the 14 input-required-result-* scenarios (2026-07-28) must pass on the same migrated server.
//
// A scenario passes only with every check SUCCESS: the suite's WARNINGs are the specification's
// SHOULDs (re-ask on a missing answer, ignore unknown keys, reject malformed answers) and count as
// failures here. There is no expected-failures file. The migrated code is never edited by hand.
//
// Without the suite installed, every test here fails with the command to run; nothing is skipped.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../src/cli.js';
import { onLoopback, type Listening } from '../helpers/loopback.js';
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

/** 2025-era scenarios of the suite that the legacy fixture serves (its tools and its session wiring). */
const LEGACY_SCENARIOS = [
  'server-initialize',
  'server-session-lifecycle',
  'tools-call-elicitation',
  'tools-call-sampling',
  'server-sse-polling',
  'server-sse-multiple-streams',
] as const;
const LEGACY_SPEC_VERSION = '2025-11-25';

const SCENARIO_TIMEOUT_MS = 30_000;

// The generated state module reads its key once, when it loads: set it before importing it.
const previousKey = process.env['MCP_REQUEST_STATE_KEY'];
process.env['MCP_REQUEST_STATE_KEY'] = 'conformance-only-request-state-key-0123456789';

const runDir = path.join(repoRoot, 'test', 'tmp', `conformance-${process.pid}`);
const packageDir = path.join(runDir, 'legacy-server');
const legacyDir = path.join(repoRoot, 'test', 'conformance', 'legacy');
const reportPath = path.join(runDir, 'migration-report.json');

interface Finding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  path: string;
  line: number;
  message: string;
}

let install: SuiteInstall | undefined;
const servers: { legacy?: Listening; migrated?: Listening } = {};
const migration = { code: -1, stdout: '', stderr: '', findings: [] as Finding[] };
const runs = new Map<string, ScenarioRun>();

/** Why beforeAll could not get ready, re-thrown by every test so each one fails (none is skipped). */
let setupError: unknown;

function ready(era: 'legacy' | 'migrated' = 'migrated'): Listening {
  if (setupError !== undefined) throw setupError;
  const server = servers[era];
  if (server === undefined) throw new Error(`the ${era} server did not start`);
  return server;
}

/** `app` (express) of an http.ts, listening on loopback. */
async function listen(modulePath: string): Promise<Listening> {
  const { app } = (await import(pathToFileURL(modulePath).href)) as { app: RequestListener };
  return onLoopback(createHttpServer(app));
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
  mkdirSync(packageDir, { recursive: true });
  cpSync(legacyDir, path.join(packageDir, 'src'), { recursive: true });
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

  servers.legacy = await listen(path.join(legacyDir, 'http.ts'));
  servers.migrated = await listen(path.join(packageDir, 'src', 'http.ts'));
}

afterAll(async () => {
  await servers.legacy?.close();
  await servers.migrated?.close();
  if (previousKey === undefined) delete process.env['MCP_REQUEST_STATE_KEY'];
  else process.env['MCP_REQUEST_STATE_KEY'] = previousKey;
  if (install && runs.size > 0) {
    const labels = [...SCENARIOS, ...LEGACY_SCENARIOS.flatMap((s) => [`${s} (legacy)`, `${s} (migrated)`])];
    const lines = labels.filter((s) => runs.has(s)).map((s) => {
      const run = runs.get(s)!;
      return `  ${ok(run) ? '✓' : '✗'} ${s.padEnd(46)} ${run.summary}`;
    });
    const passing = SCENARIOS.filter((s) => runs.has(s) && ok(runs.get(s)!)).length;
    console.log(
      [
        `@modelcontextprotocol/conformance ${install.suiteVersion} (Node ${install.nodeVersion}) against the legacy fixture and its migration:`,
        ...lines,
        `MRTR scenarios passing: ${passing} of ${SCENARIOS.length}`,
      ].join('\n'),
    );
    // Keep the migrated code and the suite's checks.json files for inspection when anything failed.
    if ([...runs.values()].every(ok) && runs.size === labels.length) rmSync(runDir, { recursive: true, force: true });
  }
});

/** INFO checks the suite records as a log of the HTTP traffic (the SSE scenarios), not as verdicts. */
const TRAFFIC_LOG = new Set(['outgoing-request', 'incoming-response', 'incoming-sse-event', 'stream-closed']);

/** All checks SUCCESS (WARNINGs count as failures; traffic logs aside), at least one check, and the suite exited 0. */
function ok(run: ScenarioRun): boolean {
  const verdicts = run.checks.filter((c) => !(c.status === 'INFO' && TRAFFIC_LOG.has(c.id)));
  return run.exitCode === 0 && run.failed === 0 && run.warnings === 0 && run.denominator > 0 &&
    run.passed === run.denominator && verdicts.length > 0 && verdicts.every((c) => c.status === 'SUCCESS');
}

function explain(run: ScenarioRun): string {
  const bad = run.checks.filter((c) => c.status !== 'SUCCESS');
  return [
    `${run.scenario}: ${run.summary} (suite exit ${run.exitCode})`,
    ...bad.filter((c) => !TRAFFIC_LOG.has(c.id)).map((c) => `  ${c.status} ${c.id}: ${c.errorMessage ?? ''}\n    details: ${JSON.stringify(c.details ?? null)}`),
    ...(run.checks.length === 0 ? [`  no checks recorded; suite output:\n${run.stdout}\n${run.stderr}`] : []),
    `  migrated server: ${path.relative(repoRoot, path.join(packageDir, 'src'))}`,
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

describe(`official conformance suite, ${LEGACY_SPEC_VERSION} scenarios: what the legacy server passed, the migrated one still passes`, () => {
  it.for(LEGACY_SCENARIOS)('%s', { timeout: 2 * SCENARIO_TIMEOUT_MS + 60_000 }, async (scenario) => {
    for (const era of ['legacy', 'migrated'] as const) {
      const label = `${scenario} (${era})`;
      const run = await runScenario(ready(era).url, scenario, path.join(runDir, 'results', `${scenario}-${era}`), SCENARIO_TIMEOUT_MS, LEGACY_SPEC_VERSION);
      runs.set(label, run);
      expect(ok(run), explain(run)).toBe(true);
    }
  });
});
