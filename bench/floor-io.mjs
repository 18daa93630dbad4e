// @ts-check
// The I/O floor: read every file of the list once (UTF-8), nothing else. Prints JSON timings.
import { readFileSync } from 'node:fs';

const started = performance.now();
const files = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
let chars = 0;
for (const file of files) chars += readFileSync(file, 'utf8').length;
process.stdout.write(JSON.stringify({ files: files.length, chars, readMs: performance.now() - started }) + '\n');
