// @ts-check
// `npm run bench`: times, in this one invocation, side by side (issue 16's measures):
//   - startup: the README's first command (a one-file dry run of examples/v2-server) against
//     `node -e "require('typescript')"`,
//   - one generated v1 server file of 4,000 lines (bench/generate.mjs generateV1File), dry run,
// then generates the synthetic monorepo (bench/generate.mjs; 5,000 files, 50 servers of ten
// handlers by default) and times on the same warm tree:
//   - our dry run at the default worker count (cores less one) and at another (1, or 2 where the
//     default is 1), which must give the same output (wall time, peak RSS),
//   - our default run with --no-format (the tree has a root prettier config): the difference in CPU
//     is what formatting the changed files costs, and with the floors' CPU spread over every core
//     it bounds from below the wall of any run that formats them,
//   - the I/O floor: one process reading every file once,
//   - the parse floor: one process in which the TypeScript compiler alone parses the candidate
//     files (those our prefilter lets through),
//   - the official `@modelcontextprotocol/codemod v1-to-v2 --dry-run` on the same tree,
// then prints the ratios against the targets, and where our time goes (bench/profile.mjs).
// Every measured command is a fresh `node` process, timed from spawn to exit.
//
// The machine may be shared: the load average is printed with each section, and every ratio is
// against a baseline measured in the same invocation.
// Options: --files N (5000) --packages N (50) --handlers N (10 per server) --dir PATH
//          (os.tmpdir()/mrtr-bench-<files>x<packages>-h<handlers>) --repeat N (5; medians of the
//          startup and v1 runs) --tree-repeat N (3; medians on the monorepo) --skip-official
//          --official-heap-mb N (see below) --small-files N (0; a second, smaller tree on which the
//          official codemod and our default run are compared too) --json FILE
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync, mkdtempSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateMonorepo, generateV1File } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const args = parseArgs(process.argv.slice(2));
const files = Number(args.files ?? 5000);
const packages = Number(args.packages ?? 50);
const handlers = Number(args.handlers ?? 10);
const quickRepeat = Math.max(1, Number(args.repeat ?? 5));
const repeat = Math.max(1, Number(args['tree-repeat'] ?? 3));
const tree = path.resolve(String(args.dir ?? path.join(os.tmpdir(), `mrtr-bench-${files}x${packages}-h${handlers}`)));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'mrtr-bench-out-'));
const officialCli = path.join(repo, 'node_modules/@modelcontextprotocol/codemod/dist/cli.mjs');
const ourCli = path.join(repo, 'bin/mcp-mrtr-migrate.js');
// The official codemod keeps every parsed file of the tree in one ts-morph project; with Node's
// default heap (about 4 GiB here) it runs out of memory on the default tree. It gets a heap big
// enough to finish: three quarters of the machine's memory, at most 16 GiB.
const officialHeapMb = Number(args['official-heap-mb'] ?? Math.min(16384, Math.floor((os.totalmem() / 2 ** 20) * 0.75)));
const smallFiles = Number(args['small-files'] ?? 0);

if (!existsSync(path.join(repo, 'dist/src/worker.js'))) {
  console.error('bench: build first (npm run build)');
  process.exit(2);
}

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length,
  memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  loadBefore: os.loadavg().map((l) => +l.toFixed(2)),
};
log(`machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}, Node ${machine.node}`);
log(`load average before: ${machine.loadBefore.join(' ')}`);

// ---------------------------------------------------------------------------------------------
// Startup and the large v1 file: each a fresh process, rounds interleaved with their baseline.
const loadAt = () => os.loadavg().map((l) => +l.toFixed(2));
const example = path.join(repo, 'examples', 'v2-server');
const v1Dir = path.join(os.tmpdir(), 'mrtr-bench-v1-4000');
const v1File = generateV1File(v1Dir, 4000);
const v1Lines = readFileSync(v1File, 'utf8').split('\n').length - 1;
/** @type {Record<string, Sample[]>} */
const quick = { example: [], exampleNoGate: [], requireTs: [], v1: [] };
const quickLoad = { startup: loadAt(), v1: [0, 0, 0] };
for (let i = 0; i < quickRepeat; i++) {
  log(`startup round ${i + 1}/${quickRepeat}`);
  quick.example.push(await measure('ours: one-file example', [ourCli, '--dry-run', example], 'example.diff', undefined, repo));
  // The example resolves this repository's node_modules, so the default run typechecks it: the gate's cost is the difference.
  quick.exampleNoGate.push(await measure('ours: one-file example, --no-typecheck', [ourCli, '--dry-run', '--no-typecheck', example], undefined, undefined, repo));
  quick.requireTs.push(await measure(`node -e "require('typescript')"`, ['-e', "require('typescript')"], undefined, undefined, repo));
}
quickLoad.v1 = loadAt();
for (let i = 0; i < quickRepeat; i++) {
  log(`v1 round ${i + 1}/${quickRepeat}`);
  quick.v1.push(await measure(`ours: ${v1Lines}-line v1 file`, [ourCli, '--dry-run', v1Dir], 'v1.diff', undefined, repo));
}

let t = performance.now();
const composition = generateMonorepo(tree, { files, packages, handlers });
log(`tree: ${tree} (${((performance.now() - t) / 1000).toFixed(1)} s to generate or reuse)`);

// The file set and the candidates, exactly as our run sees them.
const dist = new URL('../dist/src/', import.meta.url);
const { discoverFiles } = await import(new URL('discover/discover.js', dist).href);
const { mightNeedMigration } = await import(new URL('analysis/push-sites.js', dist).href);
const discovered = await discoverFiles(['.'], { cwd: tree });
const allFiles = discovered.files.map((/** @type {{ absPath: string }} */ f) => f.absPath);
const candidates = allFiles.filter((/** @type {string} */ f) => mightNeedMigration(readFileSync(f, 'latin1')));
const allList = path.join(scratch, 'all-files.txt');
const candidateList = path.join(scratch, 'candidates.txt');
writeFileSync(allList, allFiles.join('\n') + '\n');
writeFileSync(candidateList, candidates.join('\n') + '\n');
log(
  `files: ${allFiles.length} (${(composition.bytes / 2 ** 20).toFixed(1)} MiB) in ${composition.packages} packages; ` +
    `${composition.mcpServers} MCP servers, ${composition.nearMisses} near misses; ` +
    `prefilter candidates: ${candidates.length} (${((100 * candidates.length) / allFiles.length).toFixed(2)}%), ` +
    `skipped unparsed: ${allFiles.length - candidates.length} (${((100 * (allFiles.length - candidates.length)) / allFiles.length).toFixed(2)}%)`,
);
// Warm the page cache so every measurement reads from memory.
for (const f of allFiles) readFileSync(f);

/** @type {Record<string, Sample[]>} */
const samples = { ours1: [], oursDefault: [], oursNoFormat: [], io: [], parse: [] };
const ourArgs = (/** @type {string[]} */ extra) => [ourCli, '--dry-run', ...extra, '.'];
// The CLI's default (src/pool.ts defaultWorkers), and another count to compare outputs with.
const defaultThreads = Math.max(1, machine.cores - 1);
const otherThreads = defaultThreads === 1 ? 2 : 1;
for (let i = 0; i < repeat; i++) {
  log(`round ${i + 1}/${repeat}`);
  samples.ours1.push(await measure(`ours --workers ${otherThreads}`, ourArgs(['--workers', String(otherThreads), '--report', path.join(scratch, 'r1.json')]), 'ours1.diff'));
  samples.oursDefault.push(await measure('ours (default workers)', ourArgs(['--verbose', '--report', path.join(scratch, 'rn.json')]), 'oursN.diff'));
  // The tree has a root prettier config: what formatting the changed files costs is this run's difference.
  samples.oursNoFormat.push(await measure('ours (default workers), --no-format', ourArgs(['--no-format'])));
  samples.io.push(await measure('I/O floor', [path.join(here, 'floor-io.mjs'), allList]));
  samples.parse.push(await measure('parse floor', [path.join(here, 'floor-parse.mjs'), candidateList]));
}

// Same output whatever the worker count.
const sameDiff = hash(path.join(scratch, 'ours1.diff')) === hash(path.join(scratch, 'oursN.diff'));
const normalise = (/** @type {string} */ f) => readFileSync(f, 'utf8').replace(/"durationMs": \d+/, '"durationMs": 0');
const sameReport = normalise(path.join(scratch, 'r1.json')) === normalise(path.join(scratch, 'rn.json'));
const report = JSON.parse(readFileSync(path.join(scratch, 'rn.json'), 'utf8'));
const verboseLine = samples.oursDefault[0].stderr.split('\n').find((l) => l.startsWith('Parsed ')) ?? '';

/** @type {Sample | undefined} */
let official;
if (!args['skip-official']) {
  log(`official codemod (heap ${officialHeapMb} MiB) — this takes a while`);
  official = await measure('official v1-to-v2 --dry-run', [`--max-old-space-size=${officialHeapMb}`, officialCli, 'v1-to-v2', '--dry-run', '.'], undefined, 3 * 3600_000);
}

// The same comparison on a smaller tree of the same make, where the official codemod finishes.
/** @type {{ files: number; packages: number; ours: Sample; official: Sample } | undefined} */
let small;
if (!args['skip-official'] && smallFiles > 0) {
  const smallPackages = Math.max(1, Math.round((packages * smallFiles) / files));
  const smallTree = path.join(path.dirname(tree), `mrtr-bench-${smallFiles}x${smallPackages}`);
  generateMonorepo(smallTree, { files: smallFiles, packages: smallPackages });
  log(`small tree: ${smallTree}`);
  const oursSmall = await measure('ours on the small tree', [ourCli, '--dry-run', '.'], 'small.diff', undefined, smallTree);
  const officialSmall = await measure('official on the small tree', [`--max-old-space-size=${officialHeapMb}`, officialCli, 'v1-to-v2', '--dry-run', '.'], undefined, 3600_000, smallTree);
  small = { files: smallFiles, packages: smallPackages, ours: oursSmall, official: officialSmall };
}

log(`profiling one in-process run`);
const profile = JSON.parse((await measure('profile', [path.join(here, 'profile.mjs'), tree])).stdout);

// ---------------------------------------------------------------------------------------------
const med = (/** @type {Sample[]} */ list, /** @type {keyof Sample} */ key) => median(list.map((s) => /** @type {number} */ (s[key])));
const ours1 = med(samples.ours1, 'wallMs');
const oursN = med(samples.oursDefault, 'wallMs');
const ioWall = med(samples.io, 'wallMs');
const parseWall = med(samples.parse, 'wallMs');
const ioInner = median(samples.io.map((s) => JSON.parse(s.stdout).readMs));
const parseInner = median(samples.parse.map((s) => JSON.parse(s.stdout).parseMs));
const parseLoad = median(samples.parse.map((s) => JSON.parse(s.stdout).loadMs));
const rssN = Math.max(...samples.oursDefault.map((s) => s.peakRssKiB)) / 1024;
const rss1 = Math.max(...samples.ours1.map((s) => s.peakRssKiB)) / 1024;
const floors = ioWall + parseWall;
const noFormatWall = med(samples.oursNoFormat, 'wallMs');
// Prettier's CPU in our run (its thread, its load, the diffs it computes beside it), and the wall no
// run that formats the changed files can beat on this machine: the floors' work and prettier's,
// spread perfectly over every core, with none of our own analysis.
const formatCpu = med(samples.oursDefault, 'cpuMs') - med(samples.oursNoFormat, 'cpuMs');
const floorsCpu = med(samples.io, 'cpuMs') + med(samples.parse, 'cpuMs');
const formattingBound = (floorsCpu + formatCpu) / machine.cores;
const loadAfter = os.loadavg().map((l) => +l.toFixed(2));
const exampleWall = med(quick.example, 'wallMs');
const requireTsWall = med(quick.requireTs, 'wallMs');
const v1Wall = med(quick.v1, 'wallMs');

const cpu = (/** @type {Sample[]} */ list) => sec(med(list, 'cpuMs'));
const rows = [
  ['ours: README example, one file (--dry-run examples/v2-server)', sec(exampleWall), cpu(quick.example), mib(med(quick.example, 'peakRssKiB') / 1024), spread(quick.example)],
  ['ours: the same, --no-typecheck', sec(med(quick.exampleNoGate, 'wallMs')), cpu(quick.exampleNoGate), mib(med(quick.exampleNoGate, 'peakRssKiB') / 1024), spread(quick.exampleNoGate)],
  [`node -e "require('typescript')"`, sec(requireTsWall), cpu(quick.requireTs), mib(med(quick.requireTs, 'peakRssKiB') / 1024), spread(quick.requireTs)],
  [`ours: one v1 server file, ${v1Lines} lines`, sec(v1Wall), cpu(quick.v1), mib(med(quick.v1, 'peakRssKiB') / 1024), spread(quick.v1)],
  [`ours on the monorepo, --workers ${otherThreads}`, sec(ours1), cpu(samples.ours1), mib(rss1), spread(samples.ours1)],
  [`ours on the monorepo, default (--workers ${defaultThreads})`, sec(oursN), cpu(samples.oursDefault), mib(rssN), spread(samples.oursDefault)],
  [`ours on the monorepo, default, --no-format`, sec(noFormatWall), cpu(samples.oursNoFormat), mib(med(samples.oursNoFormat, 'peakRssKiB') / 1024), spread(samples.oursNoFormat)],
  ['I/O floor (read every file)', sec(ioWall), cpu(samples.io), mib(med(samples.io, 'peakRssKiB') / 1024), `reading itself ${sec(ioInner)}`],
  ['parse floor (tsc parses the candidates)', sec(parseWall), cpu(samples.parse), mib(med(samples.parse, 'peakRssKiB') / 1024), `load tsc ${sec(parseLoad)}, parse ${sec(parseInner)}`],
  [
    'official v1-to-v2 --dry-run',
    official ? sec(official.wallMs) : 'skipped',
    official ? sec(official.cpuMs) : '',
    official ? mib(official.peakRssKiB / 1024) : '',
    official ? `${official.code === 0 ? 'finished' : `failed (${failure(official)})`}; heap limit ${officialHeapMb} MiB` : '',
  ],
];
if (small) {
  rows.push(
    [`ours, default, on ${small.files} files / ${small.packages} packages`, sec(small.ours.wallMs), sec(small.ours.cpuMs), mib(small.ours.peakRssKiB / 1024), ''],
    [
      `official, on ${small.files} files / ${small.packages} packages`,
      sec(small.official.wallMs),
      sec(small.official.cpuMs),
      mib(small.official.peakRssKiB / 1024),
      small.official.code === 0 ? 'finished' : `failed (${failure(small.official)})`,
    ],
  );
}
const ratios = {
  oursVsFloors: oursN / floors,
  officialVsOurs: official ? official.wallMs / oursN : undefined,
  workersSpeedup: ours1 / oursN,
};
const targets = [
  [`one-file example ≤ 1.2 s`, sec(exampleWall), exampleWall <= 1200],
  [`one-file example ≤ 2 × require('typescript')`, `${(exampleWall / requireTsWall).toFixed(2)}×`, exampleWall <= 2 * requireTsWall],
  [`${v1Lines}-line v1 file ≤ 4 s`, sec(v1Wall), v1Wall <= 4000],
  [`monorepo ≤ 3 × (I/O floor + parse floor)`, `${ratios.oursVsFloors.toFixed(1)}×`, ratios.oursVsFloors <= 3],
  [
    `official dry run ≥ 10 × ours`,
    ratios.officialVsOurs === undefined ? 'skipped' : `${ratios.officialVsOurs.toFixed(1)}×${official?.code === 0 ? '' : ' (official failed: lower bound)'}`,
    ratios.officialVsOurs !== undefined && ratios.officialVsOurs >= 10,
  ],
  [`peak memory < 1 GiB`, mib(rssN), rssN < 1024],
];

console.log('');
console.log(`| run | wall (median of ${quickRepeat} for the first four, ${repeat} on the monorepo) | CPU (user+sys) | peak RSS | notes |`);
console.log('|---|---:|---:|---:|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log('');
console.log(`| ratio | value |`);
console.log('|---|---:|');
console.log(`| one-file example / require('typescript'), wall | ${(exampleWall / requireTsWall).toFixed(2)}× |`);
console.log(`| one-file example / require('typescript'), CPU time | ${(med(quick.example, 'cpuMs') / med(quick.requireTs, 'cpuMs')).toFixed(2)}× |`);
console.log(`| ours (default) / (I/O floor + parse floor) | ${ratios.oursVsFloors.toFixed(2)}× |`);
if (ratios.officialVsOurs !== undefined && official) {
  // A failed official run is timed until it failed: the ratio is then a lower bound.
  const bound = official.code === 0 ? '' : ' (lower bound: it failed)';
  console.log(`| official / ours (default)${bound} | ${ratios.officialVsOurs.toFixed(1)}× |`);
  console.log(`| official / ours (default), CPU time${bound} | ${(official.cpuMs / med(samples.oursDefault, 'cpuMs')).toFixed(1)}× |`);
}
if (small) {
  console.log(`| official / ours on ${small.files} files${small.official.code === 0 ? '' : ' (lower bound: it failed)'} | ${(small.official.wallMs / small.ours.wallMs).toFixed(1)}× |`);
}
console.log(`| ours (default) / (I/O floor + parse floor), CPU time | ${(med(samples.oursDefault, 'cpuMs') / (med(samples.io, 'cpuMs') + med(samples.parse, 'cpuMs'))).toFixed(2)}× |`);
console.log(`| ours --workers ${otherThreads} / ours default | ${ratios.workersSpeedup.toFixed(2)}× |`);
console.log(`| ours (default) --no-format / (I/O floor + parse floor) | ${(noFormatWall / floors).toFixed(2)}× |`);
console.log(`| prettier's CPU in our run (default − --no-format) | ${sec(formatCpu)} |`);
console.log(`| typecheck gate on the one-file example, wall (default − --no-typecheck) | ${sec(exampleWall - med(quick.exampleNoGate, 'wallMs'))} |`);
console.log(`| one-file example --no-typecheck / require('typescript'), wall | ${(med(quick.exampleNoGate, 'wallMs') / requireTsWall).toFixed(2)}× |`);
console.log(`| (floors' CPU + prettier's CPU) / ${machine.cores} cores: the least wall of a run that formats, / (I/O floor + parse floor) | ${(formattingBound / floors).toFixed(2)}× |`);
console.log('');
console.log('| target | measured | met |');
console.log('|---|---:|---|');
for (const [name, value, met] of targets) console.log(`| ${name} | ${value} | ${met ? 'yes' : 'no'} |`);
console.log('');
console.log(`Output identical with --workers ${otherThreads} and ${defaultThreads}: diff ${sameDiff ? 'yes' : 'NO'}, JSON report ${sameReport ? 'yes' : 'NO'}.`);
console.log(`Our run: ${verboseLine.trim()}`);
// The gate's own line of the same --verbose run (the generated tree has no node_modules: it names the packages it could not check).
const gateLine = samples.oursDefault[0].stderr.split('\n').find((l) => l.startsWith('Typecheck gate: ')) ?? 'Typecheck gate: (no line)';
console.log(`Typecheck gate on the monorepo: ${gateLine.replace(/^Typecheck gate: /, '').trim()}`);
console.log(
  `Report: ${report.summary.filesChanged} files would change, ${report.summary.handlersMigrated} handlers, ` +
    `${report.summary.sitesMigrated} sites, ${report.summary.findings} findings, ${report.summary.errors} errors, ${report.packages.length} packages.`,
);
console.log('');
console.log('Where the time goes (one thread, in-process, bench/profile.mjs):');
console.log(`  load engine (ts-morph, transforms) ${sec(profile.loadMs)} · discovery ${sec(profile.discoverMs)} · read + prefilter ${sec(profile.readPrefilterMs)}`);
console.log(
  `  ${profile.candidates} candidates: ts-morph parse alone ${sec(profile.parseMs)} · full transform pipeline ${sec(profile.transformMs)} ` +
    `(first file ${sec(profile.firstTransformMs)}, slowest ${sec(profile.slowestTransformMs)}) · our format stage on ${profile.changed} changed files ${sec(profile.formatMs)}, ` +
    `prettier's API alone on the same texts ${sec(profile.prettierMs)} (${(profile.formatMs / profile.prettierMs).toFixed(2)}×; target ≤ 1.2×)`,
);
console.log(`Machine: ${machine.cpu}, ${machine.cores} cores (os.availableParallelism), ${machine.memoryGiB} GiB RAM, ${machine.platform}, Node ${machine.node}.`);
console.log(`Load average before ${machine.loadBefore.join(' ')}, at the startup runs ${quickLoad.startup.join(' ')}, at the v1 runs ${quickLoad.v1.join(' ')}, after ${loadAfter.join(' ')}.`);

if (args.json) {
  writeFileSync(
    String(args.json),
    JSON.stringify({ machine, loadAfter, quick, quickLoad, composition, candidates: candidates.length, samples, official, small, profile, ratios, formatCpu, formattingBound, sameDiff, sameReport }, null, 2) + '\n',
  );
}
rmSync(scratch, { recursive: true, force: true });

// ---------------------------------------------------------------------------------------------

/**
 * @typedef {{ label: string; wallMs: number; cpuMs: number; peakRssKiB: number; code: number | null; signal: string | null; stdout: string; stderr: string }} Sample
 */

/**
 * Runs `node <argv>` in the tree; wall time from spawn to exit, peak RSS from the exit hook
 * (bench/peak-rss.mjs) or, when the process died before it could run, from polling /proc.
 * @param {string} label
 * @param {string[]} argv
 * @param {string} [stdoutFile]
 * @param {number} [timeoutMs]
 * @param {string} [cwd]
 * @returns {Promise<Sample>}
 */
function measure(label, argv, stdoutFile, timeoutMs = 3600_000, cwd = tree) {
  const rssFile = path.join(scratch, `rss-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(here, 'peak-rss.mjs')).href, ...argv], {
      cwd,
      env: { ...process.env, BENCH_RSS_FILE: rssFile, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => err.push(d));
    let polledKiB = 0;
    let polledCpuMs = 0;
    const ticks = 100; // USER_HZ on Linux
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) polledKiB = Math.max(polledKiB, Number(m[1]));
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        polledCpuMs = ((Number(stat[11]) + Number(stat[12])) * 1000) / ticks;
      } catch {
        // not Linux, or already gone
      }
    }, 100);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const wallMs = performance.now() - started;
      clearInterval(poll);
      clearTimeout(timer);
      const stdout = Buffer.concat(out);
      if (stdoutFile) writeFileSync(path.join(scratch, stdoutFile), stdout);
      let peakRssKiB = polledKiB;
      let cpuMs = polledCpuMs;
      try {
        const usage = JSON.parse(readFileSync(rssFile, 'utf8'));
        peakRssKiB = usage.maxRssKiB;
        cpuMs = (usage.userUs + usage.systemUs) / 1000;
      } catch {
        // crashed before the exit hook
      }
      const sample = { label, wallMs, cpuMs, peakRssKiB, code, signal, stdout: stdoutFile ? '' : stdout.toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
      log(`  ${label}: ${sec(wallMs)} wall, ${sec(cpuMs)} CPU, peak ${mib(peakRssKiB / 1024)}${code === 0 ? '' : `, exit ${code ?? signal}`}`);
      if (code !== 0 && !label.startsWith('official') && !label.startsWith('ours')) {
        reject(new Error(`${label} failed (${code ?? signal}):\n${sample.stderr}`));
        return;
      }
      resolve(sample);
    });
  });
}

/** The gist of why a run failed: its first error line. */
function failure(/** @type {Sample} */ sample) {
  const line = sample.stderr.split('\n').find((l) => /error|fatal/i.test(l));
  return line ? line.trim().replace(/^FATAL ERROR: /, '').slice(0, 90) : `exit ${sample.code ?? sample.signal}`;
}

function hash(/** @type {string} */ file) {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

function median(/** @type {number[]} */ values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function spread(/** @type {Sample[]} */ list) {
  if (list.length < 2) return '';
  const walls = list.map((s) => s.wallMs);
  return `min ${sec(Math.min(...walls))}, max ${sec(Math.max(...walls))}`;
}

function sec(/** @type {number} */ ms) {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

function mib(/** @type {number} */ n) {
  return `${Math.round(n)} MiB`;
}

function log(/** @type {string} */ text) {
  process.stderr.write(`${text}\n`);
}

/** @param {string[]} argv */
function parseArgs(argv) {
  /** @type {Record<string, string | boolean>} */
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`bench: unexpected argument ${argv[i]}`);
    if (m[2] !== undefined) out[m[1]] = m[2];
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) out[m[1]] = argv[++i];
    else out[m[1]] = true;
  }
  return out;
}
