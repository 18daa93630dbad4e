// @ts-check
// Where our time goes, in one process and one thread (no workers): loading the engine, discovery,
// reading + prefilter, and per candidate file the ts-morph parse alone, the whole transform
// pipeline (parse, analysis, type checks of carried values, edits, markers) and prettier: our
// format stage on the changed files, against prettier's own API formatting the same texts with the
// same resolved config in this process (both passes after prettier is loaded, baseline first).
// Usage: node bench/profile.mjs <tree>. Prints JSON.
import { readFileSync } from 'node:fs';

const dist = new URL('../dist/src/', import.meta.url);
const root = process.argv[2];
const t0 = performance.now();
const { loadTransforms } = await import(new URL('registry.js', dist).href);
const transforms = await loadTransforms();
const { transformSource } = await import(new URL('engine.js', dist).href);
const { parseSource } = await import(new URL('parse.js', dist).href);
const { formatIfConfigured } = await import(new URL('format/format.js', dist).href);
const { mightNeedMigration } = await import(new URL('analysis/push-sites.js', dist).href);
const { discoverFiles } = await import(new URL('discover/discover.js', dist).href);
const t1 = performance.now();
const discovered = await discoverFiles(['.'], { cwd: root });
const t2 = performance.now();
const candidates = [];
for (const file of discovered.files) {
  const bytes = readFileSync(file.absPath);
  if (mightNeedMigration(bytes.toString('latin1'))) candidates.push({ absPath: file.absPath, text: bytes.toString('utf8') });
}
const t3 = performance.now();

let parseMs = 0;
let transformMs = 0;
let formatMs = 0;
let slowestMs = 0;
let firstMs = 0;
let changed = 0;
let failed = 0;
/** @type {{ absPath: string; original: string; output: string }[]} */
const outputs = [];
for (const [i, c] of candidates.entries()) {
  let s = performance.now();
  const sf = parseSource(c.absPath, c.text);
  sf.getProject().removeSourceFile(sf);
  parseMs += performance.now() - s;
  s = performance.now();
  let result;
  try {
    result = transformSource({ absPath: c.absPath, text: c.text, transforms, options: { packageRoot: root, stateModulePath: `${root}/mrtr-state.ts` }, sdkUpgrade: 'auto' });
  } catch {
    failed++;
  }
  const ms = performance.now() - s;
  transformMs += ms;
  if (i === 0) firstMs = ms;
  slowestMs = Math.max(slowestMs, ms);
  if (result?.output !== undefined) {
    changed++;
    outputs.push({ absPath: c.absPath, original: c.text, output: result.output });
  }
}
// Load prettier once before either pass; then prettier alone (resolveConfig + format), then ours.
let prettierMs = 0;
if (outputs.length > 0) {
  const prettier = await import('prettier');
  await prettier.format('const a = 1;\n', { parser: 'typescript' });
  let s = performance.now();
  for (const o of outputs) {
    const config = (await prettier.resolveConfig(o.absPath, { editorconfig: true })) ?? {};
    await prettier.format(o.output, { ...config, filepath: o.absPath });
  }
  prettierMs = performance.now() - s;
  s = performance.now();
  for (const o of outputs) await formatIfConfigured(o.absPath, o.output, o.original);
  formatMs = performance.now() - s;
}
process.stdout.write(
  JSON.stringify({
    loadMs: t1 - t0,
    discoverMs: t2 - t1,
    readPrefilterMs: t3 - t2,
    files: discovered.files.length,
    candidates: candidates.length,
    changed,
    failed,
    parseMs,
    transformMs,
    formatMs,
    prettierMs,
    firstTransformMs: firstMs,
    slowestTransformMs: slowestMs,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
  }) + '\n',
);
