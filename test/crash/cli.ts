// `npm run crash-trials -- --trials 200 --seed 1 [--every N]`: SIGKILL trials of a write run (see trials.ts).
// Prints one line per trial (every 20th only, and those that found something, unless --verbose) and
// a summary; exit code 1 when any found something. With --seconds, no trial starts after that many
// seconds (the summary counts the trials run).
import { parseArgs } from 'node:util';
import { repositoryRoot } from '../fuzz/seeds.js';
import { CrashTrials, type TrialResult } from './trials.js';

const { values } = parseArgs({ options: { trials: { type: 'string', default: '200' }, seed: { type: 'string', default: '1' }, keep: { type: 'boolean', default: false },
  seconds: { type: 'string' }, verbose: { type: 'boolean', default: false }, every: { type: 'string', default: '1' } } });
const trials = Number(values.trials);
const seed = Number(values.seed);
const deadline = performance.now() + (values.seconds === undefined ? Infinity : Number(values.seconds) * 1000);

// --every N takes every N-th fixture input and corpus file only: a smaller tree, faster trials.
const harness = new CrashTrials(repositoryRoot(import.meta.url), Math.max(1, Number(values.every)));
try {
  const reference = await harness.reference();
  const changed = [...reference.final.keys()].filter((rel) => !reference.original.get(rel)?.equals(reference.final.get(rel)!)).length;
  process.stdout.write(`tree: ${harness.files} files, the full run changes or creates ${changed} in ${Math.round(reference.duration)} ms, writing from ${Math.round(reference.writeWindow[0])} to ${Math.round(reference.writeWindow[1])} ms\n`);
  const results: TrialResult[] = [];
  for (let i = 0; i < trials && performance.now() < deadline; i++) {
    const result = await harness.trial(reference, seed, i);
    results.push(result);
    const bad = result.damaged.length + result.leftovers.length + result.rerunDifferences.length > 0;
    if (bad || values.verbose || (i + 1) % 20 === 0) {
      process.stdout.write(`  trial ${i}: kill at ${result.delay} ms${result.finishedFirst ? ' (after it finished)' : ''}: ${result.final} final, ${result.original} original, ${result.ours.length} of ours (temp, journal)` +
        `${result.damaged.length ? `; DAMAGED ${result.damaged.join(', ')}` : ''}${result.leftovers.length ? `; LEFT BEHIND ${result.leftovers.join(', ')}` : ''}` +
        `${result.rerunDifferences.length ? `; RE-RUN DIFFERS ${result.rerunDifferences.join(', ')}` : ''}\n`);
    }
  }
  const partial = results.filter((r) => !r.finishedFirst && r.final > 0 && r.original > 0).length;
  const sum = (f: (r: TrialResult) => number) => results.reduce((n, r) => n + f(r), 0);
  process.stdout.write([
    `${results.length} trials (seed ${seed})${results.length < trials ? `, stopped by --seconds before ${trials}` : ''}: ${results.filter((r) => !r.finishedFirst).length} killed mid-run, ${partial} of them mid-write (some files final, some original)`,
    `  files damaged: ${sum((r) => r.damaged.length)}; other files left behind: ${sum((r) => r.leftovers.length)}; temp files and journals left by the kill: ${sum((r) => r.ours.length)} (in ${results.filter((r) => r.ours.length > 0).length} trials), consumed by the second run`,
    `  re-runs that did not reach the full run's result: ${results.filter((r) => r.rerunDifferences.length > 0).length}`,
  ].join('\n') + '\n');
  process.exitCode = results.some((r) => r.damaged.length + r.leftovers.length + r.rerunDifferences.length > 0) ? 1 : 0;
} finally {
  // --keep leaves the trees (pristine/, work/, killed-<trial>/) for a look.
  if (values.keep) process.stdout.write(`kept ${harness.base}\n`);
  else harness.dispose();
}
