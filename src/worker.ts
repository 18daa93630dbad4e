// Worker thread entry (compiled: dist/src/worker.js). Loads the transforms named in workerData from
// the registry, says `ready`, then runs the file tasks it is sent one at a time, in the order they
// arrive, and posts each result back. It keeps nothing between tasks: the engine removes every
// parsed file from its project when the file is done.
import { parentPort, workerData } from 'node:worker_threads';
import { loadTransforms } from './registry.js';
import { runFileTask, type FileTask, type FileTaskOptions, type FileTaskResult } from './file-task.js';
import type { Transform } from './types.js';

export interface WorkerData extends FileTaskOptions {
  /** Transform ids, in the order the main thread runs them. */
  transformIds: string[];
}

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'result'; result: FileTaskResult };

const port = parentPort;
if (!port) throw new Error('worker.js must run in a worker thread');
const data = workerData as WorkerData;

const all = await loadTransforms();
const transforms: Transform[] = data.transformIds.map((id) => {
  const transform = all.find((t) => t.id === id);
  if (!transform) throw new Error(`unknown transform in worker: ${id}`);
  return transform;
});

// Tasks run strictly one after the other (prettier is async; without the chain a second task could
// start while the first one formats), so a crash is always the fault of the oldest task in flight.
let chain: Promise<void> = Promise.resolve();
port.on('message', (task: FileTask) => {
  chain = chain.then(async () => {
    const result = await runFileTask(task, transforms, { format: data.format, sdkUpgrade: data.sdkUpgrade, diffHunks: true });
    port.postMessage({ type: 'result', result } satisfies WorkerMessage);
  });
});
port.postMessage({ type: 'ready' } satisfies WorkerMessage);
