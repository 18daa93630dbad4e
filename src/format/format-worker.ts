// Format thread entry (compiled: dist/src/format-worker.js). Loads prettier alone (not ts-morph,
// not the transforms) and formats the texts it is sent, one at a time, in the order they arrive;
// given the file's original text, it also computes the hunks of the file's diff.
import { parentPort } from 'node:worker_threads';
import { diffHunks } from '../write/diff.js';
import { formatIfConfigured } from './format.js';

export interface FormatRequest {
  id: number;
  absPath: string;
  text: string;
  /** The file as it was: the reply then carries the hunks from it to the formatted text. */
  original?: string;
}

export interface FormatReply {
  id: number;
  text: string;
  hunks?: string[];
}

const port = parentPort;
if (!port) throw new Error('format-worker.js must run in a worker thread');

let chain: Promise<void> = Promise.resolve();
port.on('message', (request: FormatRequest) => {
  chain = chain.then(async () => {
    const { text } = await formatIfConfigured(request.absPath, request.text, request.original);
    const hunks = request.original !== undefined && request.original !== text ? diffHunks(request.original, text) : undefined;
    port.postMessage({ id: request.id, text, ...(hunks ? { hunks } : {}) } satisfies FormatReply);
  });
});
