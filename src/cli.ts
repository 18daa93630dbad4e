// Option parsing, exit codes and human output. All work happens in runner.ts.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { buildReport, serializeReport, type Report } from './report/json.js';
import { renderMarkdown } from './report/markdown.js';
import { renderSarif } from './report/sarif.js';
import { renderSummary } from './report/human.js';
import { loadTransforms, selectTransforms, UsageError } from './registry.js';
import { run, type RunMode, type RunResult } from './runner.js';

export const EXIT = { ok: 0, checkFoundWork: 1, usage: 2, fileErrors: 3 } as const;

/** Our own package.json, found from src/ (tests) and from dist/src/ (installed) alike. */
export function toolVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version: string };
      if (pkg.name === 'mcp-mrtr-migrate') return pkg.version;
    } catch {
      // not at this level
    }
  }
  return '0.0.0';
}

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  stderrIsTTY: boolean;
  stdoutIsTTY: boolean;
}

const defaultIo = (): CliIo => ({
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  stderrIsTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
});

interface CliOptions {
  dryRun?: boolean;
  check?: boolean;
  report?: string;
  json?: boolean;
  transforms?: string[];
  list?: boolean;
  sdkUpgrade: 'auto' | 'always' | 'never';
  ignore?: string[];
  workers?: number;
  allowDirty?: boolean;
  format: boolean;
  stateModule?: string;
  quiet?: boolean;
  verbose?: boolean;
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('expected a whole number of at least 1');
  return n;
}

function commaList(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function buildProgram(): Command {
  return new Command()
    .name('mcp-mrtr-migrate')
    .description('Migrate MCP servers to Multi Round-Trip Requests (MCP 2026-07-28)')
    .argument('[paths...]', 'files or directories to migrate', ['.'])
    .option('-d, --dry-run', 'write nothing; print a unified diff of every change to stdout')
    .option('--check', 'write nothing; exit 1 when any file would change or any finding needs review')
    .option('--report <file>', 'write the report; format from the extension: .json .md .sarif')
    .option('--json', 'print the JSON report to stdout instead of the human summary')
    .option('-t, --transforms <ids>', 'comma-separated subset of transforms', commaList)
    .option('--list', 'list transforms and exit')
    .addOption(
      new Option('--sdk-upgrade <mode>', 'apply the official v1→v2 surface upgrade first')
        .choices(['auto', 'always', 'never'])
        .default('auto'),
    )
    .option('--ignore <globs...>', 'extra ignore globs')
    .option('--workers <n>', 'worker threads (default: available cores)', positiveInt)
    .option('--allow-dirty', 'write although target files have uncommitted git changes')
    .option('--no-format', 'never run prettier')
    .option('--state-module <path>', 'requestState module path, relative to each package root (default: src/mrtr-state.ts)')
    .option('-q, --quiet', 'print only errors')
    .option('-v, --verbose', 'print suggestions and more detail')
    .version(toolVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

/** Runs the CLI; returns the exit code instead of exiting (so tests can call it in-process). */
export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  const program = buildProgram();
  let captured = '';
  program.configureOutput({ writeOut: (s) => (captured += s), writeErr: (s) => (captured += s) });
  try {
    program.parse(argv, { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') {
        io.stdout(captured);
        return EXIT.ok;
      }
      io.stderr(captured || `${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const options = program.opts<CliOptions>();
  const paths = program.processedArgs[0] as string[];

  if (options.list) {
    for (const transform of await loadTransforms()) io.stdout(`${transform.id.padEnd(16)} ${transform.title}\n`);
    return EXIT.ok;
  }
  if (options.dryRun && options.check) {
    io.stderr('error: --dry-run and --check cannot be combined\n');
    return EXIT.usage;
  }
  if (options.report && !/\.(json|md|sarif)$/i.test(options.report)) {
    io.stderr(`error: --report ${options.report}: the file must end in .json, .md or .sarif\n`);
    return EXIT.usage;
  }
  let transforms;
  try {
    transforms = await selectTransforms(options.transforms);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }

  const mode: RunMode = options.check ? 'check' : options.dryRun ? 'dry-run' : 'write';
  const showProgress = io.stderrIsTTY && !options.quiet && !options.json;
  const result = await run({
    cwd: io.cwd,
    paths,
    mode,
    transforms,
    ignore: options.ignore,
    allowDirty: options.allowDirty,
    format: options.format,
    stateModule: options.stateModule,
    onProgress: showProgress ? progressLine(io) : undefined,
  });
  if (showProgress) io.stderr('\r\x1b[K');

  if (result.refusedDirty) {
    io.stderr(
      `error: refusing to write files with uncommitted changes (commit or stash them, or pass --allow-dirty):\n` +
        result.refusedDirty.map((p) => `  ${p}\n`).join(''),
    );
    return EXIT.usage;
  }

  const report = buildReport({
    toolVersion: toolVersion(),
    filesScanned: result.filesScanned,
    outcomes: result.outcomes,
    errors: result.errors,
    durationMs: result.durationMs,
  });
  if (options.report) await writeReport(path.resolve(io.cwd, options.report), report, result);

  // stdout carries the diff (dry run) or the JSON report; the human summary then goes to stderr.
  if (options.json) {
    io.stdout(serializeReport(report));
  } else if (mode === 'dry-run') {
    io.stdout(result.diff);
  }
  if (!options.json) {
    const summaryOut = mode === 'dry-run' ? io.stderr : io.stdout;
    if (result.notInGitRepo && mode === 'write' && !options.quiet) {
      io.stderr('warning: not inside a git repository; files were written without the uncommitted-changes check\n');
    }
    if (!options.quiet) {
      summaryOut(renderSummary(report, { verbose: Boolean(options.verbose), color: io.stdoutIsTTY && summaryOut === io.stdout, mode }));
    } else if (result.errors.length > 0) {
      io.stderr(result.errors.map((e) => `${e.path}: ${e.message}\n`).join(''));
    }
  }
  return exitCode(mode, result);
}

function exitCode(mode: RunMode, result: RunResult): number {
  if (result.errors.length > 0) return EXIT.fileErrors;
  if (mode === 'check') {
    const wouldChange = result.outcomes.some((o) => o.output !== undefined) || result.created.length > 0;
    const needsReview = result.outcomes.some((o) => o.findings.some((f) => f.severity !== 'info'));
    if (wouldChange || needsReview) return EXIT.checkFoundWork;
  }
  return EXIT.ok;
}

async function writeReport(file: string, report: Report, result: RunResult): Promise<void> {
  const ext = path.extname(file).toLowerCase();
  const text =
    ext === '.json'
      ? serializeReport(report)
      : ext === '.md'
        ? renderMarkdown(report, { diff: result.diff })
        : `${JSON.stringify(renderSarif(report), null, 2)}\n`;
  await writeFile(file, text);
}

function progressLine(io: CliIo): (done: number, total: number, current: string) => void {
  let last = 0;
  return (done, total, current) => {
    const now = Date.now();
    if (done !== total && now - last < 100) return;
    last = now;
    io.stderr(`\r\x1b[K${done}/${total} ${current.length > 60 ? `…${current.slice(-59)}` : current}`);
  };
}

export { CommanderError };
