// @ts-check
// `node bench/cross-file.mjs`: what cross-file mode costs. Times our dry run with and without it
// (fresh `node` processes, wall time from spawn to exit, median of --repeat runs, --workers 1 so
// the figures do not depend on the other load of the machine) on
//   - the realistic corpus (test/corpus/servers in a scratch package with a tsconfig.json, where
//     the mode is on by default), and
//   - the synthetic monorepo of bench/generate.mjs (--files, default 2000), run from its root with
//     --project naming one package's tsconfig (a workspace root has no tsconfig of its own, so
//     there the mode is off unless asked for),
// and prints the index's own figures (files whose imports were resolved, modules parsed, time).
// Options: --repeat N (5) --files N (2000) --packages N (10) --json FILE
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateMonorepo } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const cli = path.join(repo, 'bin/mcp-mrtr-migrate.js');
const args = Object.fromEntries(process.argv.slice(2).flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])));
const repeat = Math.max(1, Number(args.repeat ?? 5));
const files = Number(args.files ?? 2000);
const packages = Number(args.packages ?? 10);

if (!existsSync(path.join(repo, 'dist/src/cli.js'))) {
  console.error('Build first: npx tsc -p tsconfig.build.json');
  process.exit(2);
}

/** @returns {Promise<{ ms: number; stderr: string }>} */
function time(argv, cwd) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [cli, ...argv], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`exit ${code}: ${stderr}`));
      else resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, stderr });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(label, cwd, base, on, off) {
  const runs = { on: [], off: [] };
  let index = '';
  for (let i = 0; i < repeat; i++) {
    // Alternate, so drift of the machine's load hits both alike.
    const a = await time([...base, ...on], cwd);
    runs.on.push(a.ms);
    index = /Cross-file mode[^\n]*/.exec(a.stderr)?.[0] ?? '(cross-file mode did not run)';
    runs.off.push((await time([...base, ...off], cwd)).ms);
  }
  const result = { label, on: Math.round(median(runs.on)), off: Math.round(median(runs.off)), index };
  const delta = result.on - result.off;
  console.log(`${label}\n  without: ${result.off} ms   with: ${result.on} ms   difference: ${delta >= 0 ? '+' : ''}${delta} ms (${((100 * delta) / result.off).toFixed(1)}%)\n  ${index}`);
  return result;
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'mrtr-cross-file-'));
try {
  // The corpus package, as the corpus test builds it.
  const corpus = path.join(scratch, 'corpus');
  cpSync(path.join(repo, 'test/corpus/servers'), path.join(corpus, 'src'), { recursive: true });
  for (const f of readdirSync(path.join(corpus, 'src'))) if (f.endsWith('.json')) cpSync(path.join(corpus, 'src', f), path.join(corpus, f));
  writeFileSync(path.join(corpus, 'package.json'), JSON.stringify({ name: 'corpus', private: true, type: 'module' }));
  writeFileSync(path.join(corpus, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', strict: true }, include: ['src'] }));
  const base = ['--dry-run', '-v', '--workers', '1', '--no-format', '.'];
  const sources = readdirSync(path.join(corpus, 'src'), { recursive: true }).map(String).filter((f) => f.endsWith('.ts')).length;
  const results = [await measure(`corpus (${sources} files)`, corpus, base, [], ['--no-project'])];

  const tree = path.join(os.tmpdir(), `mrtr-bench-${files}x${packages}`);
  const summary = generateMonorepo(tree, { files, packages });
  const tsconfig = readdirSync(path.join(tree, 'packages')).map((p) => path.join(tree, 'packages', p, 'tsconfig.json')).find(existsSync);
  if (!tsconfig) throw new Error('the generated tree has no package tsconfig');
  results.push(await measure(`synthetic monorepo (${summary?.files ?? files} files, ${packages} packages)`, tree, base, ['--project', tsconfig], ['--no-project']));
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ repeat, results }, null, 2)}\n`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
