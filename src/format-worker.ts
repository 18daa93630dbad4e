// Format thread entry (compiled: dist/src/format-worker.js). Loads prettier alone (not ts-morph,
// not the transforms) and formats the texts it is sent, one at a time, in the order they arrive.
import { parentPort } from 'node:worker_threads';
import { formatIfConfigured } from './format.js';

export interface FormatRequest {
  id: number;
  absPath: string;
  text: string;
}

export interface FormatReply {
  id: number;
  text: string;
}

const port = parentPort;
if (!port) throw new Error('format-worker.js must run in a worker thread');

let chain: Promise<void> = Promise.resolve();
port.on('message', (request: FormatRequest) => {
  chain = chain.then(async () => {
    const { text } = await formatIfConfigured(request.absPath, request.text);
    port.postMessage({ id: request.id, text } satisfies FormatReply);
  });
});
