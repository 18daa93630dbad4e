// `npm run fuzz -- --seed N --cases M`: the mutation fuzzer over worker threads. Cases are numbered
// from --from; case i of seed N is the same wherever and whenever it runs, so a failure is replayed
// with `--seed N --from i --cases 1`. Failing cases are written under --out (default .cache/fuzz)
// with their message; the first --shrink of each kind are shrunk to the smallest input that still
// fails the same way. With --seconds, no batch starts after that many seconds: the run covers the
// cases from --from up to where it stopped (fewer than --cases), and says so. Exit code 1 when any
// case fails or a mutation produced text that does not parse.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { CaseResult, ShrinkResult } from './run.js';
import { repositoryRoot } from './seeds.js';
import type { Job, Reply } from './worker.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    cases: { type: 'string', default: '1000' },
    from: { type: 'string', default: '0' },
    workers: { type: 'string', default: String(Math.max(1, os.availableParallelism())) },
    batch: { type: 'string', default: '25' },
    shrink: { type: 'string', default: '1' },
    out: { type: 'string', default: '.cache/fuzz' },
    seconds: { type: 'string' },
  },
});
const seed = Number(values.seed);
const from = Number(values.from);
const cases = Number(values.cases);
const workers = Math.max(1, Number(values.workers));
const batch = Math.max(1, Number(values.batch));
const perKind = Math.max(0, Number(values.shrink));
const budgetMs = values.seconds === undefined ? Infinity : Number(values.seconds) * 1000;

const root = repositoryRoot(import.meta.url);
const out = path.resolve(values.out!, `seed-${seed}`);
const started = performance.now();
const results: CaseResult[] = [];
const shrunk: ShrinkResult[] = [];

const jobs: Job[] = [];
for (let start = from; start < from + cases; start += batch) {
  jobs.push({ type: 'batch', seed, indices: Array.from({ length: Math.min(batch, from + cases - start) }, (_, k) => start + k) });
}

const keyOf = (f: { property: string; kind: string }) => `${f.property}: ${f.kind}`;

function handle(reply: Reply): void {
  if (reply.type === 'batch') {
    results.push(...reply.results);
    // Said as they come, so a run that is stopped still names its failing cases.
    for (const r of reply.results) {
      for (const f of r.failures) process.stderr.write(`  failing: case ${r.index} (${r.seedFile}) ${keyOf(f)}\n`);
    }
    progress();
  } else if (reply.type === 'shrunk') {
    shrunk.push(reply.result);
    process.stderr.write(`  shrunk case ${reply.result.index} (${keyOf(reply.result.failure)}) in ${reply.result.evaluations} evaluations\n`);
  }
}

/** Runs the queued jobs on the pool, one at a time per worker; resolves when all are done. */
function drain(pool: Worker[]): Promise<void> {
  return new Promise((resolve, reject) => {
    let busy = 0;
    const feed = (worker: Worker) => {
      // Past the time budget no batch starts (those running finish): the cases run stay contiguous.
      if (performance.now() - started > budgetMs) jobs.splice(0, jobs.length, ...jobs.filter((j) => j.type !== 'batch'));
      const job = jobs.shift();
      if (job) {
        busy++;
        worker.postMessage(job);
      } else if (busy === 0) resolve();
    };
    for (const worker of pool) {
      worker.removeAllListeners('message').removeAllListeners('error');
      worker.on('message', (reply: Reply) => {
        busy--;
        handle(reply);
        feed(worker);
      });
      worker.on('error', reject);
    }
    for (const worker of pool) feed(worker);
  });
}

let lastProgress = 0;
function progress(): void {
  const now = performance.now();
  if (now - lastProgress < 5000 && results.length < cases) return;
  lastProgress = now;
  const failing = results.filter((r) => r.failures.length > 0).length;
  const rate = results.length / ((now - started) / 1000);
  process.stderr.write(`  ${results.length}/${cases} cases, ${rate.toFixed(2)}/s, ${failing} failing\n`);
}

async function startPool(): Promise<Worker[]> {
  const url = new URL('./worker.js', import.meta.url);
  return Promise.all(Array.from({ length: workers }, () => new Promise<Worker>((resolve, reject) => {
    const worker = new Worker(url, { workerData: { root } });
    worker.once('message', (reply: Reply) => (reply.type === 'ready' ? resolve(worker) : reject(new Error('worker did not start'))));
    worker.once('error', reject);
  })));
}

function slug(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
}

const pool = await startPool();
process.stderr.write(`fuzz: seed ${seed}, cases ${from}..${from + cases - 1}, ${workers} worker${workers > 1 ? 's' : ''}, batches of ${batch}\n`);
await drain(pool);
const runSeconds = (performance.now() - started) / 1000;

const byKind = new Map<string, CaseResult[]>();
for (const result of results.sort((a, b) => a.index - b.index)) {
  for (const failure of result.failures) {
    const list = byKind.get(keyOf(failure)) ?? [];
    if (!list.includes(result)) list.push(result);
    byKind.set(keyOf(failure), list);
  }
}
for (const [, list] of byKind) {
  for (const result of list.slice(0, perKind)) {
    const failure = result.failures.find((f) => byKind.get(keyOf(f)) === list)!;
    jobs.push({ type: 'shrink', seed, index: result.index, failure });
  }
}
if (jobs.length > 0) await drain(pool);
await Promise.all(pool.map((w) => w.terminate()));

// Failing cases on disk: the mutated input and what failed; shrunk ones beside them.
rmSync(out, { recursive: true, force: true });
const written = new Map<number, string>();
for (const [key, list] of byKind) {
  const dir = path.join(out, slug(key));
  mkdirSync(dir, { recursive: true });
  for (const result of list) {
    const ext = path.extname(result.seedFile);
    const file = path.join(dir, `case-${result.index}${ext}`);
    writeFileSync(file, result.text!);
    const failures = result.failures.map((f) => `${keyOf(f)}\n${f.message}`).join('\n\n');
    writeFileSync(`${file}.txt`, `seed ${seed}, case ${result.index}\nfrom ${result.seedFile}\nmutations: ${result.mutations.join(', ')}\n\n${failures}\n`);
    const small = shrunk.find((s) => s.index === result.index && keyOf(s.failure) === key);
    if (small) {
      writeFileSync(path.join(dir, `case-${result.index}.min${ext}`), small.text);
      writeFileSync(path.join(dir, `case-${result.index}.min${ext}.txt`), `${keyOf(small.failure)}\n${small.failure.message}\n`);
      written.set(result.index, path.relative(process.cwd(), path.join(dir, `case-${result.index}.min${ext}`)));
    }
  }
}

const failing = results.filter((r) => r.failures.length > 0);
const broken = results.filter((r) => r.broken.length > 0);
const summary = {
  seed,
  from,
  cases: results.length,
  workers,
  seconds: Math.round(runSeconds * 10) / 10,
  casesPerSecond: Math.round((results.length / runSeconds) * 100) / 100,
  changed: results.filter((r) => r.changed).length,
  failing: failing.length,
  brokenMutations: broken.flatMap((r) => r.broken.map((b) => `case ${r.index}: ${b}`)),
  kinds: Object.fromEntries([...byKind].map(([key, list]) => [key, { cases: list.length, examples: list.slice(0, 5).map((r) => r.index), shrunk: list.map((r) => written.get(r.index)).filter(Boolean) }])),
};
if (failing.length > 0 || broken.length > 0) {
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
}

const lines = [
  `fuzz: seed ${seed}, ${results.length} cases (${from}..${from + results.length - 1}) in ${summary.seconds} s on ${workers} worker${workers > 1 ? 's' : ''}: ${summary.casesPerSecond} cases/s` +
    (results.length < cases ? ` (stopped by --seconds ${values.seconds} before ${cases})` : ''),
  `  migrated (file changed): ${summary.changed}; failing: ${failing.length}; mutations that did not parse: ${broken.length}`,
  ...[...byKind].map(([key, list]) => `  ${String(list.length).padStart(5)}  ${key}  e.g. case ${list[0].index} (${list[0].seedFile}; ${list[0].mutations.join(', ')})${written.get(list[0].index) ? ` → ${written.get(list[0].index)}` : ''}`),
  ...summary.brokenMutations.slice(0, 10).map((b) => `  broken mutation: ${b}`),
];
if (failing.length > 0 || broken.length > 0) lines.push(`  written to ${path.relative(process.cwd(), out)}/`);
process.stdout.write(`${lines.join('\n')}\n`);
process.exitCode = failing.length > 0 || broken.length > 0 ? 1 : 0;
