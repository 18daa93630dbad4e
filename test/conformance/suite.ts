// The official MCP conformance suite as installed by scripts/conformance-setup.sh: where it is,
// which version, and how to run one server scenario with it and read what it reports.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = path.join(repoRoot, '.cache', 'conformance');
export const node22 = path.join(cacheDir, 'node_modules', 'node', 'bin', 'node');
const suitePackageDir = path.join(cacheDir, 'node_modules', '@modelcontextprotocol', 'conformance');
const suiteCli = path.join(suitePackageDir, 'dist', 'index.js');

/** The version scripts/conformance-setup.sh installs (test/conformance/suite/package.json). */
export const pinnedSuiteVersion: string = (
  JSON.parse(readFileSync(path.join(repoRoot, 'test', 'conformance', 'suite', 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  }
).dependencies['@modelcontextprotocol/conformance'];

const SETUP_HINT =
  `Run \`bash scripts/conformance-setup.sh\` first: it installs Node 22 and ` +
  `@modelcontextprotocol/conformance@${pinnedSuiteVersion} into .cache/conformance/ (about 30 s, npm registry only).`;

export interface SuiteInstall {
  suiteVersion: string;
  nodeVersion: string;
}

/**
 * Checks that the suite and Node 22 are installed in the pinned versions; throws an error that
 * says how to install them otherwise (the conformance test fails, it never skips).
 */
export async function requireSuite(): Promise<SuiteInstall> {
  if (!existsSync(node22) || !existsSync(suiteCli)) {
    throw new Error(`The official conformance suite is not installed in .cache/conformance/. ${SETUP_HINT}`);
  }
  const installed = (JSON.parse(readFileSync(path.join(suitePackageDir, 'package.json'), 'utf8')) as { version: string }).version;
  if (installed !== pinnedSuiteVersion) {
    throw new Error(`.cache/conformance holds @modelcontextprotocol/conformance@${installed}, not the pinned ${pinnedSuiteVersion}. ${SETUP_HINT}`);
  }
  const node = await exec(node22, ['--version']);
  if (node.code !== 0 || !/^v22\./.test(node.stdout.trim())) {
    throw new Error(`${node22} is not a working Node 22 (${(node.stdout + node.stderr).trim() || `exit ${node.code}`}). ${SETUP_HINT}`);
  }
  return { suiteVersion: installed, nodeVersion: node.stdout.trim() };
}

/** Server scenario names the installed suite lists (`conformance list`), in its order. */
export async function listServerScenarios(): Promise<string[]> {
  const out = await exec(node22, [suiteCli, 'list', '--server'], { cwd: cacheDir });
  if (out.code !== 0) throw new Error(`conformance list failed (exit ${out.code}): ${out.stderr}`);
  return [...out.stdout.matchAll(/^\s*-\s+(\S+)/gm)].map((m) => m[1]);
}

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';

export interface Check {
  id: string;
  name: string;
  status: CheckStatus;
  errorMessage?: string;
  details?: unknown;
}

export interface ScenarioRun {
  scenario: string;
  exitCode: number | null;
  /** The suite's own summary line, e.g. `Passed: 2/2, 0 failed, 0 warnings`. */
  summary: string;
  passed: number;
  denominator: number;
  failed: number;
  warnings: number;
  /** Every check the suite recorded (checks.json), including the wire-schema checks. */
  checks: Check[];
  stdout: string;
  stderr: string;
}

/**
 * Runs one server scenario of the suite against `url` with Node 22; results go under `outDir`.
 * `specVersion` picks the revision a scenario listed for several is run at (the suite's default
 * is its newest).
 */
export async function runScenario(url: string, scenario: string, outDir: string, timeoutMs = 30_000, specVersion?: string): Promise<ScenarioRun> {
  const version = specVersion === undefined ? [] : ['--spec-version', specVersion];
  const out = await exec(node22, [suiteCli, 'server', '--url', url, '--scenario', scenario, ...version, '--timeout', String(timeoutMs), '-o', outDir], {
    cwd: cacheDir,
    killAfterMs: timeoutMs + 30_000,
  });
  const match = /^Passed: (\d+)\/(\d+), (\d+) failed, (\d+) warnings$/m.exec(out.stdout);
  return {
    scenario,
    exitCode: out.code,
    summary: match?.[0] ?? '(no summary line)',
    passed: Number(match?.[1] ?? 0),
    denominator: Number(match?.[2] ?? 0),
    failed: Number(match?.[3] ?? 0),
    warnings: Number(match?.[4] ?? 0),
    checks: readChecks(outDir),
    stdout: out.stdout,
    stderr: out.stderr,
  };
}

/** checks.json of the newest result folder under outDir (the suite names folders after the scenario and a timestamp). */
function readChecks(outDir: string): Check[] {
  if (!existsSync(outDir)) return [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry === 'checks.json') files.push(full);
    }
  };
  walk(outDir);
  files.sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files.length > 0 ? (JSON.parse(readFileSync(files[0], 'utf8')) as Check[]) : [];
}

interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command without a shell; the child is killed when it outlives killAfterMs. */
function exec(command: string, args: string[], options: { cwd?: string; killAfterMs?: number } = {}): Promise<ExecResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
