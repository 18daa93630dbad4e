// @ts-check
// The parse floor: the TypeScript compiler alone parses each file of the list once (with parent
// pointers, as ts-morph does), in one process. Prints JSON timings: loading the compiler, parsing.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const t0 = performance.now();
const ts = /** @type {typeof import('typescript')} */ (createRequire(import.meta.url)('typescript'));
const t1 = performance.now();
const files = readFileSync(process.argv[2], 'utf8').split('\n').filter(Boolean);
const kind = (/** @type {string} */ f) =>
  /\.tsx$/.test(f) ? ts.ScriptKind.TSX : /\.[cm]?ts$/.test(f) ? ts.ScriptKind.TS : /\.jsx$/.test(f) ? ts.ScriptKind.JSX : ts.ScriptKind.JS;
let nodes = 0;
for (const file of files) {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true, kind(file));
  nodes += sf.statements.length;
}
const t2 = performance.now();
process.stdout.write(JSON.stringify({ files: files.length, statements: nodes, loadMs: t1 - t0, parseMs: t2 - t1 }) + '\n');
