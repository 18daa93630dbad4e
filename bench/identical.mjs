// @ts-check
// Proof that an optimisation changed nothing: runs every fixture input, every corpus server, the
// examples, the v1 fixtures and (optionally) the files of a tree through the whole pipeline (v1 upgrade on, every
// transform) with two builds in one process, this one and a baseline (another checkout's dist/, e.g.
// main's), and compares the complete outcomes (text, findings, counts, new files) exactly.
// Usage: node bench/identical.mjs --base <checkout with dist/> [--tree DIR]…
// Prints how many files were compared, how many handlers each build typed with the file alone or
// with its dependencies, and every difference; exits 1 on any.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const base = argv[argv.indexOf('--base') + 1];
if (!argv.includes('--base') || !base || !existsSync(path.join(base, 'dist/src/engine.js'))) {
  console.error('usage: node bench/identical.mjs --base <checkout with a built dist/> [--tree DIR]…');
  process.exit(2);
}
const trees = argv.flatMap((a, i) => (a === '--tree' ? [path.resolve(argv[i + 1])] : []));

/** @param {string} root */
async function build(root) {
  const dist = pathToFileURL(path.join(path.resolve(root), 'dist/src/')).href;
  const { transformSource } = await import(new URL('engine.js', dist).href);
  const { loadTransforms } = await import(new URL('registry.js', dist).href);
  return { transformSource, transforms: await loadTransforms() };
}
const ours = await build(repo);
const theirs = await build(base);

/** Every file under `dir` whose name passes `keep`. @param {string} dir @param {(f: string) => boolean} keep @returns {string[]} */
function walk(dir, keep) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).sort().flatMap((name) => {
    const abs = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(abs).isDirectory() ? walk(abs, keep) : keep(abs) ? [abs] : [];
  });
}
const source = (/** @type {string} */ f) => /\.[cm]?[jt]sx?$/.test(f) && !f.endsWith('.d.ts');
const sets = [
  ['fixtures', walk(path.join(repo, '__testfixtures__'), (f) => /\.input\.[cm]?[jt]sx?$/.test(f))],
  ['v1 fixtures', walk(path.join(repo, 'test/v1/__testfixtures__'), (f) => /\.input\.[cm]?[jt]sx?$/.test(f))],
  ['corpus', walk(path.join(repo, 'test/corpus/servers'), source)],
  ['examples', walk(path.join(repo, 'examples'), source)],
  // Files with handlers, and every file the v1 upgrade runs on.
  ...trees.map((t) => [`tree ${t}`, walk(t, source).filter((f) => /registerTool|registerPrompt|registerResource|\.tool\(|\.prompt\(|setRequestHandler|elicit|createMessage|listRoots|requestSampling|@modelcontextprotocol\/sdk/.test(readFileSync(f, 'utf8')))]),
];

/** A directory outside the repository, for the fixtures migrated without their dependencies. */
const uninstalled = mkdtempSync(path.join(tmpdir(), 'mrtr-identical-uninstalled-'));
process.on('exit', () => rmSync(uninstalled, { recursive: true, force: true }));

/**
 * Where the fixture test migrates `file` and with which options: beside it, or, for a case whose
 * options say `"dependenciesInstalled": false`, where none of its imports resolve.
 * @param {string} file
 */
function placed(file) {
  const extra = file.replace(/\.input\.[cm]?[jt]sx?$/, '.options.json');
  const { dependenciesInstalled, ...given } = extra !== file && existsSync(extra) ? JSON.parse(readFileSync(extra, 'utf8')) : {};
  const dir = dependenciesInstalled === false ? uninstalled : path.dirname(file);
  return {
    absPath: path.join(dir, path.basename(file)),
    options: { packageRoot: dir, stateModulePath: path.join(dir, 'mrtr-state.ts'), ...given },
  };
}

/** @param {{ transformSource: Function; transforms: unknown[] }} b @param {string} file @param {string} text */
function outcome(b, file, text) {
  try {
    const { absPath, options } = placed(file);
    return JSON.stringify(b.transformSource({ absPath, text, transforms: b.transforms, options, sdkUpgrade: 'auto' }));
  } catch (error) {
    return `threw: ${error instanceof Error ? error.message : String(error)}`;
  }
}

const { typedViewCounts } = await import(pathToFileURL(path.join(repo, 'dist/src/analysis/carried-types.js')).href);
let differences = 0;
for (const [label, files] of sets) {
  let same = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (outcome(ours, file, text) === outcome(theirs, file, text)) same++;
    else {
      differences++;
      console.log(`DIFFERENT: ${path.relative(repo, file)}`);
    }
  }
  console.log(`${label}: ${same} of ${files.length} files identical`);
}
console.log(`typed copies built (this build): ${typedViewCounts.alone} of a file alone, ${typedViewCounts.full} with its dependencies`);
process.exit(differences === 0 ? 0 : 1);
