// Formatting beside the pipeline. When the main thread runs the file tasks itself (few cores,
// `--workers 1`), prettier on one changed file, and the diff of its result, can run on another core
// while the main thread transforms the next one: a thread that loads prettier alone. It is started
// at the first changed file; if it cannot start or dies, the texts it had are formatted here (and
// their diffs computed at the end of the run, as without it), so the outcome never depends on it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { formatIfConfigured, mayHaveConfig } from './format.js';
import type { FormatReply, FormatRequest } from './format-worker.js';

/**
 * Formats `text` as the file at `absPath` would be (formatIfConfigured's contract). Given the
 * file's `original` text, it may also give the hunks of the diff from it to the formatted text.
 */
export type Formatter = (absPath: string, text: string, original?: string) => Promise<{ text: string; hunks?: string[] }>;

/** Formatting in the calling thread (the diff is left for later). */
export const formatHere: Formatter = async (absPath, text, original) => ({ text: (await formatIfConfigured(absPath, text, original)).text });

/** The compiled format thread next to this module; undefined when running from TS sources. */
export function compiledFormatWorkerUrl(): URL | undefined {
  const url = new URL('./format-worker.js', import.meta.url);
  return existsSync(fileURLToPath(url)) ? url : undefined;
}

interface Pending {
  request: FormatRequest;
  resolve: (formatted: { text: string; hunks?: string[] }) => void;
}

export class FormatThread {
  private worker: Worker | undefined;
  /** Set once the thread failed: everything is formatted here from then on. */
  private failed = false;
  private everStarted = false;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private waiters: { limit: number; resolve: () => void }[] = [];

  constructor(private readonly workerUrl: URL) {}

  readonly format: Formatter = (absPath, text, original) => {
    // Without a prettier configuration there is only the diff to take over.
    if (this.failed || (original === undefined && !mayHaveConfig(path.dirname(path.resolve(absPath))))) return formatHere(absPath, text);
    const request: FormatRequest = { id: this.nextId++, absPath, text, ...(original !== undefined ? { original } : {}) };
    return new Promise((resolve) => {
      this.pending.set(request.id, { request, resolve });
      try {
        this.thread().postMessage(request);
      } catch {
        this.fail();
      }
    });
  };

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  /**
   * Resolves once fewer than `limit` texts wait for the thread: a main thread faster than prettier
   * does not pile up copies of every changed file in the thread's queue.
   */
  below(limit: number): Promise<void> {
    if (this.pending.size < limit) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ limit, resolve }));
  }

  /** Whether the thread was ever started. */
  get threadStarted(): boolean {
    return this.everStarted;
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    this.everStarted = true;
    const worker = new Worker(this.workerUrl);
    worker.on('message', (reply: FormatReply) => {
      const entry = this.pending.get(reply.id);
      if (!entry) return;
      this.pending.delete(reply.id);
      entry.resolve({ text: reply.text, ...(reply.hunks ? { hunks: reply.hunks } : {}) });
      this.wakeWaiters();
    });
    worker.on('error', () => this.fail());
    worker.on('exit', () => {
      if (this.worker === worker) this.fail();
    });
    this.worker = worker;
    return worker;
  }

  /** The thread is gone: what it had is formatted here, and so is everything after. */
  private fail(): void {
    if (this.failed) return;
    this.failed = true;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    const left = [...this.pending.values()];
    this.pending.clear();
    this.wakeWaiters();
    for (const { request, resolve } of left) void formatHere(request.absPath, request.text).then(resolve);
  }

  private wakeWaiters(): void {
    const ready = this.waiters.filter((w) => this.pending.size < w.limit);
    this.waiters = this.waiters.filter((w) => this.pending.size >= w.limit);
    for (const { resolve } of ready) resolve();
  }
}
