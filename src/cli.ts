// Option parsing, exit codes and human output. All work happens in runner.ts.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { buildReport, serializeReport, type Report } from './report/json.js';
import { renderMarkdown } from './report/markdown.js';
import { renderSarif } from './report/sarif.js';
import { notTypecheckedLine, renderSummary } from './report/human.js';
import { mergeReports, readReportFile, ReportMergeError } from './report/merge-reports.js';
import { loadTransforms, selectTransforms, UsageError } from './registry.js';
import { CONFIG_FILE, ConfigError, PACKAGE_KEY, loadConfig, type MigrateConfig } from './discover/config.js';
import { ProjectError } from './index/project-index.js';
import { run, type RunMode, type RunResult } from './runner.js';
import { renderDiff } from './write/diff.js';
import { parseShard, type Shard } from './discover/shard.js';
import type { Transform } from './types.js';

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
  report?: string[];
  json?: boolean;
  transforms?: string[];
  list?: boolean;
  sdkUpgrade: 'auto' | 'always' | 'never';
  ignore?: string[];
  workers?: number;
  shard?: Shard;
  allowDirty?: boolean;
  format: boolean;
  typecheck: boolean;
  stateModule?: string;
  config?: string;
  project?: string | false;
  stateProtection: 'sealed' | 'signed';
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

/** A repeatable option: every occurrence is kept, in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

function shardArg(value: string): Shard {
  try {
    return parseShard(value);
  } catch (error) {
    throw new InvalidArgumentError(error instanceof Error ? error.message : String(error));
  }
}

const REPORT_EXTENSION = /\.(json|md|sarif)$/i;

const MERGE_HELP = `
Commands:
  merge-reports <reports...>  merge the JSON reports of --shard runs (see merge-reports --help)
`;

function buildProgram(): Command {
  return new Command()
    .name('mcp-mrtr-migrate')
    .description('Migrate MCP servers to Multi Round-Trip Requests (MCP 2026-07-28)')
    .argument('[paths...]', 'files or directories to migrate', ['.'])
    .option('-d, --dry-run', 'write nothing; print a unified diff of every change to stdout')
    .option('--check', 'write nothing; exit 1 when any file would change or any finding needs review')
    .option('--report <file>', 'write the report; format from the extension: .json .md .sarif (repeatable)', collect)
    .option('--json', 'print the JSON report to stdout instead of the human summary')
    .option('-t, --transforms <ids>', 'comma-separated subset of transforms', commaList)
    .option('--list', 'list transforms and exit')
    .addOption(
      new Option('--sdk-upgrade <mode>', 'apply the official v1→v2 surface upgrade first')
        .choices(['auto', 'always', 'never'])
        .default('auto'),
    )
    .option('--ignore <globs...>', 'extra ignore globs')
    .option('--workers <n>', 'worker threads; 1 runs in-process, prettier beside it (default: available cores less one)', positiveInt)
    .option('--shard <i/n>', 'process only shard i of n (stable split for CI matrices; merge with merge-reports)', shardArg)
    .option('--allow-dirty', 'write although target files have uncommitted git changes')
    .option('--no-format', 'never run prettier')
    .option('--no-typecheck', 'do not typecheck the output (by default, where dependencies are installed, a file the run would make typecheck worse is left as it was)')
    .option('--config <file>', `configuration file (default: ${CONFIG_FILE} or the "${PACKAGE_KEY}" key of package.json, found from the targets upward)`)
    .option('--project <tsconfig>', 'cross-file mode with this tsconfig: helpers imported from other files of the run are lifted into the handlers that call them (default: on, with the nearest tsconfig.json of each file, or default options where there is none)')
    .option('--no-project', 'migrate file by file only (no cross-file mode)')
    .option('--state-module <path>', 'requestState module path, relative to each package root (default: src/mrtr-state.ts)')
    .addOption(
      new Option('--state-protection <mode>', 'how the generated requestState module protects state: sealed (AES-256-GCM) or signed (HMAC, readable by the client)')
        .choices(['sealed', 'signed'])
        .default('sealed'),
    )
    .option('-q, --quiet', 'print only errors')
    .option('-v, --verbose', 'print suggestions and more detail')
    .version(toolVersion(), '-V, --version')
    .addHelpText('after', MERGE_HELP)
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

function buildMergeProgram(): Command {
  return new Command()
    .name('mcp-mrtr-migrate merge-reports')
    .description('Merge the JSON reports of --shard runs into the report of the whole run')
    .argument('<reports...>', 'JSON reports written with --report x.json, one per shard')
    .option('--report <file>', 'write the merged report; format from the extension: .json .md .sarif (repeatable)', collect)
    .option('--json', 'print the merged JSON report to stdout (the default without --report)')
    .option('--check', 'exit 1 when the merged report has changes or findings that need review')
    .addOption(
      new Option('--mode <mode>', 'how the shards ran, for the wording of the summary and the Markdown')
        .choices(['check', 'dry-run', 'write'])
        .default('check'),
    )
    .option('-q, --quiet', 'print only errors')
    .option('-v, --verbose', 'print suggestions and more detail')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
}

/** Parses argv with commander; a number is the exit code to return (help, version, usage error). */
function parseArgs(program: Command, argv: string[], io: CliIo): number | undefined {
  let captured = '';
  program.configureOutput({ writeOut: (s) => (captured += s), writeErr: (s) => (captured += s) });
  try {
    program.parse(argv, { from: 'user' });
    return undefined;
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
}

function badReportPath(files: string[] | undefined, io: CliIo): boolean {
  const bad = (files ?? []).find((file) => !REPORT_EXTENSION.test(file));
  if (bad === undefined) return false;
  io.stderr(`error: --report ${bad}: the file must end in .json, .md or .sarif\n`);
  return true;
}

/** Runs the CLI; returns the exit code instead of exiting (so tests can call it in-process). */
export async function main(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  if (argv[0] === 'merge-reports') return mergeReportsMain(argv.slice(1), io);
  const setup = await setUp(argv, io);
  if (typeof setup === 'number') return setup;
  const result = await runMigration(setup, io);
  if (typeof result === 'number') return result;
  const { options, mode } = setup;

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
    typecheck: result.typecheck,
  });
  // The PR comment shows generated modules by name only, so the diff of the code itself fits.
  const commentDiff = options.report?.some((f) => /\.md$/i.test(f)) ? renderDiff(result.outcomes, result.created, { newFiles: 'summary' }) : '';
  for (const file of options.report ?? []) await writeReport(path.resolve(io.cwd, file), report, { diff: commentDiff, mode });
  printResult(result, report, setup, io);
  return exitCode(mode, result);
}

interface Setup {
  options: CliOptions;
  paths: string[];
  mode: RunMode;
  transforms: Transform[];
  config: MigrateConfig;
}

/** The parsed command line, its transforms and configuration; a number is the exit code to return instead. */
async function setUp(argv: string[], io: CliIo): Promise<Setup | number> {
  const program = buildProgram();
  const parsed = parseArgs(program, argv, io);
  if (parsed !== undefined) return parsed;
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
  if (badReportPath(options.report, io)) return EXIT.usage;
  let transforms: Transform[];
  try {
    transforms = await selectTransforms(options.transforms);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }

  let config: MigrateConfig;
  try {
    config = loadConfig({ cwd: io.cwd, paths, configFile: options.config });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(`error: invalid configuration: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const mode: RunMode = options.check ? 'check' : options.dryRun ? 'dry-run' : 'write';
  return { options, paths, mode, transforms, config };
}

/** The run, with the TTY progress line; a number is the exit code of a usage error (a bad --project). */
async function runMigration({ options, paths, mode, transforms, config }: Setup, io: CliIo): Promise<RunResult | number> {
  const showProgress = io.stderrIsTTY && !options.quiet && !options.json;
  let result: RunResult;
  try {
    result = await run({
      cwd: io.cwd,
      paths,
      mode,
      transforms,
      ignore: options.ignore,
      allowDirty: options.allowDirty,
      format: options.format,
      typecheck: options.typecheck,
      stateModule: options.stateModule,
      stateProtection: options.stateProtection,
      aliases: config.aliases,
      project: options.project,
      sdkUpgrade: options.sdkUpgrade,
      workers: options.workers,
      shard: options.shard,
      onProgress: showProgress ? progressLine(io) : undefined,
    });
  } catch (error) {
    if (error instanceof ProjectError) {
      io.stderr(`error: --project: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  if (showProgress) io.stderr('\r\x1b[K');
  return result;
}

/** stdout carries the diff (dry run) or the JSON report; the human summary then goes to stderr. */
function printResult(result: RunResult, report: Report, { options, mode }: Setup, io: CliIo): void {
  if (options.json) {
    io.stdout(serializeReport(report));
  } else if (mode === 'dry-run') {
    io.stdout(result.diff);
  }
  if (options.json) return;
  const summaryOut = mode === 'dry-run' ? io.stderr : io.stdout;
  if (result.notInGitRepo && mode === 'write' && !options.quiet) {
    io.stderr('warning: not inside a git repository; files were written without the uncommitted-changes check\n');
  }
  if (!options.quiet) {
    summaryOut(renderSummary(report, { verbose: Boolean(options.verbose), color: io.stdoutIsTTY && summaryOut === io.stdout, mode }));
    if (result.installHint) summaryOut(`${result.installHint}\n`);
    const unchecked = notTypecheckedLine(report);
    if (unchecked) summaryOut(`${unchecked}\n`);
    if (options.verbose) io.stderr(runStats(result, options.shard));
  } else if (result.errors.length > 0) {
    io.stderr(result.errors.map((e) => `${e.path}: ${e.message}\n`).join(''));
  }
}

function exitCode(mode: RunMode, result: RunResult): number {
  if (result.errors.length > 0) return EXIT.fileErrors;
  // An error-severity finding is code the run left broken (a v1 leftover the upgrade could not
  // rewrite): never report such a run as done.
  if (result.outcomes.some((o) => o.findings.some((f) => f.severity === 'error'))) return EXIT.checkFoundWork;
  if (mode === 'check') {
    const wouldChange = result.outcomes.some((o) => o.output !== undefined) || result.created.length > 0;
    const needsReview = result.outcomes.some((o) => o.findings.some((f) => f.severity !== 'info'));
    if (wouldChange || needsReview) return EXIT.checkFoundWork;
  }
  return EXIT.ok;
}

/** Writes one report file; the format follows the extension. `diff` goes into the Markdown (folded). */
async function writeReport(file: string, report: Report, options: { diff?: string; mode: RunMode }): Promise<void> {
  const ext = path.extname(file).toLowerCase();
  const text =
    ext === '.json'
      ? serializeReport(report)
      : ext === '.md'
        ? renderMarkdown(report, { diff: options.diff, mode: options.mode })
        : `${JSON.stringify(renderSarif(report), null, 2)}\n`;
  await writeFile(file, text);
}

/** `--verbose`: what the prefilter and the threads did. */
function runStats(result: RunResult, shard: Shard | undefined): string {
  const packages = result.packages.length;
  const where = `${result.filesScanned} file${result.filesScanned === 1 ? '' : 's'}${packages > 1 ? ` in ${packages} packages` : ''}`;
  const threads = result.workersStarted === 0 ? 'in-process' : `on ${result.workersStarted} worker thread${result.workersStarted === 1 ? '' : 's'}`;
  const shardText = shard ? ` (shard ${shard.index}/${shard.count})` : '';
  const cross = result.crossFile;
  const crossText = cross
    ? `Cross-file mode (${cross.tsconfig}): imports of ${cross.files} files resolved, ${cross.parsed} modules parsed for helpers, ${cross.helperModules} with exported helpers, ${cross.groups} group${cross.groups === 1 ? '' : 's'} applied; index ${cross.indexMs} ms.\n`
    : '';
  const gate = result.typecheck;
  const gateText = gate
    ? `Typecheck gate: ${gate.checked.length} package${gate.checked.length === 1 ? '' : 's'} checked before and after, ${gate.putBack} file${gate.putBack === 1 ? '' : 's'} put back; ${gate.ms} ms.\n` +
      gate.unchecked.map((p) => `  not typechecked: ${p.path}: ${p.why}\n`).join('')
    : '';
  return `Parsed ${result.filesParsed} of ${where}${shardText}; the prefilter ruled out the rest. Ran ${threads} in ${result.durationMs} ms.\n${crossText}${gateText}`;
}

/** The TTY progress line: files done / total and the package of the latest file, at most 10 times a second. */
function progressLine(io: CliIo): (done: number, total: number, currentPackage: string) => void {
  let last = 0;
  return (done, total, currentPackage) => {
    const now = Date.now();
    if (done !== total && now - last < 100) return;
    last = now;
    const where = currentPackage === '.' ? '' : `  ${currentPackage.length > 50 ? `…${currentPackage.slice(-49)}` : currentPackage}`;
    io.stderr(`\r\x1b[K${done}/${total} files${where}`);
  };
}

/** `mcp-mrtr-migrate merge-reports a.json b.json … [--report out.(json|md|sarif)]`. */
async function mergeReportsMain(argv: string[], io: CliIo): Promise<number> {
  const program = buildMergeProgram();
  const parsed = parseArgs(program, argv, io);
  if (parsed !== undefined) return parsed;
  const options = program.opts<{ report?: string[]; json?: boolean; check?: boolean; mode: RunMode; quiet?: boolean; verbose?: boolean }>();
  const inputs = program.processedArgs[0] as string[];
  if (badReportPath(options.report, io)) return EXIT.usage;

  let merged: Report;
  try {
    const reports = [];
    for (const input of inputs) reports.push(await readReportFile(path.resolve(io.cwd, input)));
    merged = mergeReports(reports);
  } catch (error) {
    if (error instanceof ReportMergeError) {
      io.stderr(`error: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }

  for (const file of options.report ?? []) await writeReport(path.resolve(io.cwd, file), merged, { mode: options.mode });
  if (options.json || !options.report?.length) {
    io.stdout(serializeReport(merged));
  } else if (!options.quiet) {
    io.stdout(renderSummary(merged, { verbose: Boolean(options.verbose), color: io.stdoutIsTTY, mode: options.mode }));
  }
  if (options.check) {
    const needsReview = merged.findings.some((f) => f.severity !== 'info');
    if (merged.summary.errors > 0) return EXIT.fileErrors;
    if (merged.summary.filesChanged > 0 || needsReview) return EXIT.checkFoundWork;
  }
  return EXIT.ok;
}

export { CommanderError };
