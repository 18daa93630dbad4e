// Spreading file tasks over worker threads. The main thread reads and dispatches; workers run the
// tasks. Workers are started only once enough candidate files have turned up to pay for them (each
// one loads ts-morph, the transforms and prettier, and on its first migrated file the type
// checker's standard library), so `--workers 1` and small runs do everything in the main thread.
// Results come back as plain data and are put in place by file id: the output does not depend on
// which thread ran a task, or in which order.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { failedTask, runFileTask, type FileTask, type FileTaskResult } from './file-task.js';
import { FormatThread, formatHere, type Formatter } from './format/format-thread.js';
import type { SdkUpgradeMode } from './upgrade/sdk-upgrade.js';
import type { Transform } from './types.js';
import type { WorkerData, WorkerMessage } from './worker.js';

/**
 * Candidate files found before workers start, and per further worker. Starting a worker costs
 * about as much as the main thread needs for a few dozen files, so below this the main thread
 * alone is faster; at this point two workers start (one would only replace the main thread).
 */
export const DEFAULT_FILES_PER_WORKER = 48;

/**
 * The default for `--workers`: one core fewer than are available, at least 1. A run with one
 * pipeline thread keeps a core for what runs beside it (prettier on its own thread, V8's compiler
 * and garbage collector); each further worker loads and compiles the TypeScript compiler again.
 */
export function defaultWorkers(): number {
  return Math.max(1, (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length) - 1);
}

/**
 * Tasks sent to a worker ahead of its results, so it does not wait for the main thread between
 * two tasks; only one near the end, so no worker sits on work another could start.
 */
const PREFETCH = 2;

/**
 * Old-generation heap of a worker (MiB). With Node's default limit (about a quarter of the
 * machine's memory) V8 lets each worker's heap grow far past what it holds live before it
 * collects; capped, a worker stays at a few hundred MiB for a small GC cost.
 * A file that needs more than this is retried in the main thread.
 */
export const DEFAULT_WORKER_HEAP_MB = 1024;

/**
 * Changed files waiting for the format thread before the main thread waits too (their texts are
 * copied into the thread's queue).
 */
const FORMAT_BACKLOG = 16;

/** Workers that died at start-up (before `ready`) before the pool gives up on workers. */
const MAX_START_FAILURES = 2;

export interface SchedulerOptions {
  /** Worker threads at most (`--workers`); 1 runs every task in the main thread. */
  workers: number;
  /** Candidate files before workers start, and per further worker (default DEFAULT_FILES_PER_WORKER). */
  filesPerWorker?: number;
  /** The compiled worker script; undefined: everything runs in the main thread. */
  workerUrl?: URL;
  /** The transforms, run in this order. */
  transforms: readonly Transform[];
  /** Their ids, for workers (which load the same transforms from the registry). */
  transformIds: string[];
  format: boolean;
  /**
   * The compiled format thread (format-worker.js); undefined: tasks run in the main thread format
   * there and leave their diffs to the caller. Used when the main thread runs more than one task:
   * it formats one file, and computes its diff, while the main thread transforms the next.
   */
  formatWorkerUrl?: URL;
  sdkUpgrade?: SdkUpgradeMode;
  /**
   * Old-generation heap of each worker (MiB; default DEFAULT_WORKER_HEAP_MB, 0: Node's default). A
   * file that runs a worker out of it is retried in the main thread.
   */
  workerHeapMb?: number;
  onResult: (result: FileTaskResult) => void;
}

interface PoolWorker {
  worker: Worker;
  ready: boolean;
  /** Tasks sent and not answered yet, oldest first (the worker runs them in this order). */
  inFlight: FileTask[];
  /** Set when it exited or we stop it. */
  closing: boolean;
}

/** The compiled worker next to this module (dist/src/worker.js); undefined when running from TS sources. */
export function compiledWorkerUrl(): URL | undefined {
  const url = new URL('./worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

export class TaskScheduler {
  private readonly queue: FileTask[] = [];
  /** Tasks only the main thread may run (they ran a worker out of memory). */
  private readonly mainQueue: FileTask[] = [];
  private readonly workers: PoolWorker[] = [];
  private submitted = 0;
  private outstanding = 0;
  private startFailures = 0;
  private started = 0;
  private idleWaiters: (() => void)[] = [];
  private readonly filesPerWorker: number;
  private formatThread: FormatThread | undefined;
  /** A main-thread result that could not be delivered (onResult threw): drain() throws it. */
  private failure: { error: unknown } | undefined;

  constructor(private readonly options: SchedulerOptions) {
    this.filesPerWorker = Math.max(1, options.filesPerWorker ?? DEFAULT_FILES_PER_WORKER);
  }

  /** Worker threads started so far (replacements included). */
  get workersStarted(): number {
    return this.started;
  }

  /** Queues a task; starts workers when the work found so far justifies them. */
  submit(task: FileTask): void {
    this.queue.push(task);
    this.submitted++;
    this.outstanding++;
    if (this.mayStartWorkers()) {
      const wanted =
        this.submitted < this.filesPerWorker ? 0 : Math.min(this.options.workers, 1 + Math.floor(this.submitted / this.filesPerWorker));
      while (this.liveWorkers() < wanted) this.spawn();
    }
    this.dispatch();
  }

  /**
   * Waits until every submitted task has its result, then stops the workers. Call after the last
   * submit. The main thread runs the tasks itself when no worker runs: none was started (a small
   * run, `--workers 1`), or none could start.
   */
  async drain(): Promise<void> {
    // Largest files first (a rough measure of their cost): the run ends on short tasks, not on one
    // long one that started last. Results are put in place by id, so the order here is free.
    this.queue.sort((a, b) => b.text.length - a.text.length || a.id - b.id);
    try {
      while (this.outstanding > 0 && !this.failure) {
        const task = this.mainQueue.shift() ?? (this.liveWorkers() === 0 ? this.queue.shift() : undefined);
        if (task) {
          // The transforms run now; the result is delivered once formatted, maybe by the format
          // thread while this loop goes on with the next task.
          void runFileTask(task, this.options.transforms, { format: this.options.format, sdkUpgrade: this.options.sdkUpgrade }, this.mainFormatter())
            .then((result) => this.deliver(result))
            // What the caller's onResult throws ends the run, as it did when this loop awaited it.
            .catch((error: unknown) => {
              this.failure ??= { error };
              this.wake();
            });
          await this.formatThread?.below(FORMAT_BACKLOG);
          // Let worker results in between two main-thread tasks.
          await new Promise<void>((resolve) => setImmediate(resolve));
        } else {
          await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
        }
      }
      if (this.failure) throw this.failure.error;
    } finally {
      await this.close();
    }
  }

  /** Stops every worker (after the run, or when the run failed). */
  async close(): Promise<void> {
    const formatThread = this.formatThread;
    this.formatThread = undefined;
    await Promise.all([
      ...this.workers.splice(0).map(async (entry) => {
        entry.closing = true;
        await entry.worker.terminate();
      }),
      formatThread?.close(),
    ]);
  }

  /** How the main thread formats its tasks' outputs: beside it when it has more than one task. */
  private mainFormatter(): Formatter {
    if (!this.options.format || this.options.formatWorkerUrl === undefined || this.submitted < 2) return formatHere;
    this.formatThread ??= new FormatThread(this.options.formatWorkerUrl);
    return this.formatThread.format;
  }

  private mayStartWorkers(): boolean {
    return this.options.workerUrl !== undefined && this.options.workers > 1 && this.startFailures < MAX_START_FAILURES;
  }

  private liveWorkers(): number {
    return this.workers.length;
  }

  private spawn(): void {
    const data: WorkerData = { transformIds: this.options.transformIds, format: this.options.format, sdkUpgrade: this.options.sdkUpgrade };
    const heapMb = this.options.workerHeapMb ?? DEFAULT_WORKER_HEAP_MB;
    const worker = new Worker(this.options.workerUrl!, {
      workerData: data,
      resourceLimits: heapMb > 0 ? { maxOldGenerationSizeMb: heapMb } : undefined,
    });
    const entry: PoolWorker = { worker, ready: false, inFlight: [], closing: false };
    this.workers.push(entry);
    this.started++;
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        entry.ready = true;
      } else {
        const index = entry.inFlight.findIndex((t) => t.id === message.result.id);
        if (index !== -1) entry.inFlight.splice(index, 1);
        this.deliver(message.result);
      }
      this.dispatch();
    });
    let failure: (Error & { code?: string }) | undefined;
    worker.on('error', (error) => {
      failure = error;
    });
    worker.on('exit', (code) => {
      if (entry.closing) return;
      entry.closing = true;
      const index = this.workers.indexOf(entry);
      if (index !== -1) this.workers.splice(index, 1);
      if (!entry.ready) this.startFailures++;
      // The oldest task in flight was running; the ones behind it never started.
      const [running, ...waiting] = entry.inFlight;
      entry.inFlight = [];
      this.queue.unshift(...waiting);
      if (running && failure?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.mainQueue.push(running);
      } else if (running) {
        const why = failure ? failure.message : `exit code ${code}`;
        this.deliver(failedTask(running.id, `the worker processing this file stopped (${why}); the file was left untouched`));
      }
      if (this.queue.length > 0 && this.mayStartWorkers()) this.spawn();
      this.dispatch();
      this.wake();
    });
  }

  /** Gives queued tasks to ready workers. */
  private dispatch(): void {
    for (const entry of this.workers) {
      const ahead = () => (this.queue.length > this.workers.length ? PREFETCH : 1);
      while (entry.ready && entry.inFlight.length < ahead() && this.queue.length > 0) {
        const task = this.queue.shift()!;
        entry.inFlight.push(task);
        entry.worker.postMessage(task);
      }
    }
  }

  private deliver(result: FileTaskResult): void {
    this.outstanding--;
    this.options.onResult(result);
    this.wake();
  }

  private wake(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
