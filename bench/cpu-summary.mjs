// @ts-check
// Summarises a `node --cpu-prof` profile: where each 100 ms goes. Prints self time by area
// (module loading, the TypeScript compiler, ts-morph, prettier, the official codemod, our code by
// module, GC) and the heaviest inclusive frames of our own code.
// Usage: node bench/cpu-summary.mjs <file.cpuprofile> [--top N]
import { readFileSync } from 'node:fs';

const file = process.argv[2];
// Without --top, indexOf is -1 and argv[0] (node's path) would be read: NaN, and no rows printed.
const top = process.argv.includes('--top') ? Number(process.argv[process.argv.indexOf('--top') + 1]) : 25;
const profile = JSON.parse(readFileSync(file, 'utf8'));
/** @type {Map<number, any>} */
const nodes = new Map(profile.nodes.map((/** @type {any} */ n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

// Self time per node from the samples and their time deltas.
const self = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** The area a frame belongs to. */
function area(/** @type {any} */ frame) {
  const url = frame.url || '';
  const fn = frame.functionName;
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(idle)' || fn === '(program)') return fn;
  // ts-morph runs the compiler it bundles (@ts-morph/common/dist/typescript.js).
  if (url.includes('/typescript/lib/') || url.endsWith('/@ts-morph/common/dist/typescript.js')) return 'typescript';
  if (url.includes('/@ts-morph/common/')) return 'ts-morph/common';
  if (url.includes('/ts-morph/')) return 'ts-morph';
  if (url.includes('/prettier/')) return 'prettier';
  if (url.includes('/@modelcontextprotocol/codemod/')) return 'official codemod';
  if (url.includes('/node_modules/')) return 'node_modules/' + url.split('/node_modules/').pop().split('/')[0];
  if (url.startsWith('node:') || url === '') return 'node internals';
  const m = /\/dist\/(.*)$/.exec(url);
  return m ? m[1] : url;
}
/** Module loading: any frame under node's loaders (compile, link, cjs-module-lexer). */
function inLoader(/** @type {number} */ id) {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = nodes.get(cur).callFrame;
    if (/internal\/modules\/|cjs-module-lexer|compileFunction|wrapSafe/.test(f.url + ' ' + f.functionName) && f.functionName !== '') {
      // the loader on the stack above user code: only if no user frame is between
      return true;
    }
  }
  return false;
}
const byArea = new Map();
let loading = 0;
for (const [id, ms] of self) {
  const frame = nodes.get(id).callFrame;
  byArea.set(area(frame), (byArea.get(area(frame)) ?? 0) + ms);
  if (loaderTop(id)) loading += ms;
}
/** True when the nearest non-internal ancestor chain is module loading (top-level evaluation counts too). */
function loaderTop(/** @type {number} */ id) {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = nodes.get(cur).callFrame;
    if (/cjs-module-lexer|compileSourceTextModule|compileFunctionForCJSLoader|wrapSafe|ModuleJob|moduleEvaluation|Module\._load|loadESM|link|instantiate/i.test(f.functionName)) return true;
  }
  return false;
}
const fmt = (/** @type {number} */ ms) => `${ms.toFixed(0).padStart(6)} ms`;
console.log(`total sampled ${fmt(total)}; under module loading/evaluation ${fmt(loading)}`);
console.log('self time by area:');
for (const [k, v] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(v)}  ${k}`);

// Inclusive time of our own frames (counted once per stack).
const inclusive = new Map();
for (const [id, ms] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = nodes.get(cur).callFrame;
    if (!/\/dist\/(src|transforms)\//.test(f.url)) continue;
    const key = `${f.functionName || '(anon)'} ${area(f)}:${f.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
  }
}
console.log('inclusive time, our frames:');
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${fmt(v)}  ${k}`);
