// A fuzz worker thread: its own seeds, transforms and typecheck program; runs the batches and
// shrink jobs the main thread sends, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { loadTransforms } from '../../src/registry.js';
import { PropertyCheck } from './properties.js';
import { runBatch, shrinkCase, type CaseResult, type ShrinkResult } from './run.js';
import { loadSeeds } from './seeds.js';
import type { Failure } from './properties.js';

export type Job =
  | { type: 'batch'; seed: number; indices: number[] }
  | { type: 'shrink'; seed: number; index: number; failure: Failure };

export type Reply =
  | { type: 'ready' }
  | { type: 'batch'; results: CaseResult[] }
  | { type: 'shrunk'; result: ShrinkResult };

const port = parentPort!;
const seeds = loadSeeds((workerData as { root: string }).root);
const check = new PropertyCheck(await loadTransforms());
const reply = (message: Reply) => port.postMessage(message);

port.on('message', (job: Job) => {
  if (job.type === 'batch') reply({ type: 'batch', results: runBatch(seeds, check, job.seed, job.indices) });
  else reply({ type: 'shrunk', result: shrinkCase(seeds, check, job.seed, job.index, job.failure) });
});
reply({ type: 'ready' });
