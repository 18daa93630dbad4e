#!/usr/bin/env node
// The real-world scorecard (issue 12): runs the CLI, as a user would, on a scratch checkout of each
// manifest repository's pinned commit and grades every push site the manifest decided by hand.
//
//   node bench/real-world/score.mjs [--set tuned|fresh|all] [--repo owner/name ...] [--json] [--typecheck] [--with-deps] [--with-v2] [--verbose]
//
// Sets: `tuned` (default) is repos/, the 59 repositories read while the code was written; `fresh` is
// fresh/, repositories graded by hand before the tool ever ran on them (issue 33's held-out measure);
// `all` is both, with each set's figure printed apart.
//
// Mirrors: /work/.mirror/<owner>+<name> (the search tool's `fetch`; MIRRORS overrides). Scratch
// checkouts and install caches: /work/rw/scorecard (SCORECARD_DIR overrides). See README.md here.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gradeRepository, tally } from './lib/grade.mjs';
import { MIRRORS, checkout, commitAll, hasCommit, mirrorGitDir } from './lib/mirror.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = path.resolve(HERE, '../..');
const CLI = path.join(PROJECT, 'bin', 'mcp-mrtr-migrate.js');
const WORK = process.env.SCORECARD_DIR ?? '/work/rw/scorecard';
const SCRATCH = path.join(WORK, 'scratch');
const CACHE = path.join(WORK, 'cache');
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'out', 'coverage', '.next', '.turbo']);
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** The manifest sets, by name: the folder under bench/real-world/ that holds each. */
const SETS = { tuned: 'repos', fresh: 'fresh' };
const USAGE = 'usage: node bench/real-world/score.mjs [--set tuned|fresh|all] [--repo owner/name ...] [--json] [--typecheck] [--with-deps] [--with-v2] [--verbose]';

function parseArgs(argv) {
  const options = { set: 'tuned', repos: [], json: false, typecheck: false, withDeps: false, withV2: false, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--set' || arg.startsWith('--set=')) {
      options.set = arg === '--set' ? argv[++i] : arg.slice('--set='.length);
      if (options.set !== 'all' && !SETS[options.set]) {
        console.error(`unknown set ${options.set}: one of ${[...Object.keys(SETS), 'all'].join(', ')}\n${USAGE}`);
        process.exit(2);
      }
    } else if (arg === '--repo') options.repos.push(argv[++i]);
    else if (arg === '--json') options.json = true;
    // A checked run: dependencies installed before the CLI runs, so its typecheck gate can act (issue 32).
    else if (arg === '--typecheck') options.typecheck = options.withDeps = true;
    else if (arg === '--with-deps') options.withDeps = true;
    else if (arg === '--with-v2') options.withDeps = options.withV2 = true;
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else {
      console.error(`unknown argument ${arg}\n${USAGE}`);
      process.exit(2);
    }
  }
  return options;
}

/** The manifests of one set (`tuned`, `fresh`) or of all sets; each carries the name of its set. */
function loadManifests(set, only) {
  const sets = set === 'all' ? Object.keys(SETS) : [set];
  const manifests = sets.flatMap((name) => {
    const dir = path.join(HERE, SETS[name]);
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => ({ file: f, set: name, ...JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) }));
  });
  // A repository graded in two sets would be counted twice in `all` and would blur the held-out figure.
  const seen = new Map();
  for (const m of manifests) {
    if (seen.has(m.repo) && seen.get(m.repo) !== m.set) {
      console.error(`${m.repo} has a manifest in both ${SETS[seen.get(m.repo)]}/ and ${SETS[m.set]}/: a repository belongs to one set`);
      process.exit(2);
    }
    seen.set(m.repo, m.set);
  }
  if (only.length === 0) return manifests;
  const unknown = only.filter((r) => !manifests.some((m) => m.repo === r));
  if (unknown.length) {
    console.error(`no manifest for ${unknown.join(', ')} in ${sets.map((name) => `bench/real-world/${SETS[name]}/`).join(' or ')}`);
    process.exit(2);
  }
  return manifests.filter((m) => only.includes(m.repo));
}

/** Every source file under `root` of `dir`, as paths relative to `dir` with `/`. */
function sourceFiles(dir, root) {
  const out = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(path.join(dir, root));
  return out.sort();
}

const readAll = (dir, files) => new Map(files.map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));

function freshCheckout(manifest, suffix = '') {
  const gitDir = mirrorGitDir(manifest.repo);
  const dest = path.join(SCRATCH, manifest.repo.replace('/', '+') + suffix);
  fs.rmSync(dest, { recursive: true, force: true });
  const missing = checkout(gitDir, manifest.commit, dest);
  commitAll(dest);
  return { dest, missing };
}

/** The CLI as a user runs it: write mode on the whole root, JSON report on stdout. */
function runCli(dir, root) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [CLI, '--allow-dirty', '--json', root], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    timeout: 20 * 60_000,
  });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    report = undefined;
  }
  return { exitCode: result.status, report, stderr: result.stderr, ms: Date.now() - started };
}

// ---------------------------------------------------------------------------------- typecheck

function sha(text) {
  return crypto.createHash('sha1').update(text).digest('hex').slice(0, 16);
}

/**
 * Installs the dependencies of `dir` (cached by the hash of package.json and lockfile when the
 * repository has no workspaces, whose links would not survive a move).
 */
function install(manifest, dir) {
  const pkgPath = path.join(dir, 'package.json');
  if (!fs.existsSync(pkgPath)) return { ok: false, note: 'no package.json at the repository root' };
  const pkg = fs.readFileSync(pkgPath, 'utf8');
  const lock = ['package-lock.json', 'pnpm-lock.yaml', 'yarn.lock', 'bun.lock'].map((f) => path.join(dir, f)).filter(fs.existsSync).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
  const command = manifest.install?.command ?? 'npm install --ignore-scripts --no-audit --no-fund';
  const cacheable = !JSON.parse(pkg).workspaces && !fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'));
  const cached = path.join(CACHE, manifest.repo.replace('/', '+'), sha(pkg + lock + command), 'node_modules');
  const target = path.join(dir, 'node_modules');
  if (cacheable && fs.existsSync(cached)) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.symlinkSync(cached, target, 'dir');
    return { ok: true, note: 'from cache' };
  }
  // A link to another hash's cache (--with-deps installed the tree before the CLI changed its
  // package.json) must not be installed into.
  if (fs.lstatSync(target, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(target);
  const result = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8', timeout: 15 * 60_000, maxBuffer: 1 << 28 });
  if (result.status !== 0) return { ok: false, note: `${command} failed: ${(result.stderr || result.stdout).trim().split('\n').slice(-3).join(' / ')}` };
  if (cacheable && fs.existsSync(target)) {
    fs.mkdirSync(path.dirname(cached), { recursive: true });
    fs.rmSync(cached, { recursive: true, force: true });
    fs.renameSync(target, cached);
    fs.symlinkSync(cached, target, 'dir');
  }
  return { ok: true, note: 'installed' };
}

/** Errors of the typecheck command (`error TS….` lines); `npx tsc` uses the repository's compiler, else ours. */
function typecheckErrors(manifest, dir) {
  let command = manifest.typecheck?.command ?? 'npx tsc --noEmit -p tsconfig.json';
  // Never let npx fetch a package named "tsc": the repository's compiler, else this project's.
  const localTsc = path.join(dir, 'node_modules', '.bin', 'tsc');
  const tsc = fs.existsSync(localTsc) ? JSON.stringify(localTsc) : `node ${JSON.stringify(path.join(PROJECT, 'node_modules', 'typescript', 'bin', 'tsc'))}`;
  command = command.replace(/^npx tsc\b/, tsc);
  const result = spawnSync('bash', ['-c', command], { cwd: dir, encoding: 'utf8', timeout: 15 * 60_000, maxBuffer: 1 << 28 });
  const output = `${result.stdout}\n${result.stderr}`;
  const errors = output.split('\n').filter((l) => /error TS\d+:/.test(l));
  return { command, errors: errors.length, lines: errors, timedOut: result.error?.code === 'ETIMEDOUT' };
}

/**
 * --with-deps: the dependencies installed in the scratch tree before the CLI runs, as in a user's
 * package, so the type checker resolves their types. node_modules is excluded in the scratch's
 * .git/info/exclude (git status and the CLI's discovery, which also never enters node_modules), and
 * tracked files the install rewrote (a lockfile npm updates) are restored, so the CLI reads and the
 * diff shows the repository as committed.
 */
function installForRun(manifest, dir, withV2) {
  fs.appendFileSync(path.join(dir, '.git', 'info', 'exclude'), '\n/node_modules/\nnode_modules\n');
  const started = Date.now();
  if (manifest.install?.ok === false) return { ok: false, note: `the manifest says it does not install here: ${manifest.install.notes ?? ''}`, restored: [], ms: 0 };
  const command = manifest.install?.command ?? 'npm install --ignore-scripts --no-audit --no-fund';
  if (withV2 && !/^npm install\b/.test(command)) return { ok: false, note: `--with-v2 adds the v2 packages with npm; this repository installs with \`${command}\``, restored: [], ms: 0 };
  // --with-v2: also the v2 packages the migration names (src/upgrade/manifests.ts), beside the v1 SDK and
  // without touching package.json, as a user who installs them before running the codemod. The
  // same npm flags (a lockfile left out stays out); its own cache entry, since the command differs.
  const run = withV2 ? { ...manifest, install: { ...manifest.install, command: `${command} && ${command} --no-save ${V2_PACKAGES.join(' ')}` } } : manifest;
  const installed = install(run, dir);
  const changed = execGit(dir, ['diff', '--name-only']).split('\n').filter(Boolean);
  if (changed.length) execGit(dir, ['checkout', '--', ...changed]);
  return { ...installed, restored: changed, ms: Date.now() - started };
}

const V2_PACKAGES = ['@modelcontextprotocol/server@^2.4.0', '@modelcontextprotocol/client@^2.4.0', '@modelcontextprotocol/core@^2.4.0', '@modelcontextprotocol/node@^2.1.2'];

const execGit = (dir, args) => spawnSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout ?? '';

function typecheckRepository(manifest, migratedDir) {
  const before = freshCheckout(manifest, '.before').dest;
  const installedBefore = install(manifest, before);
  if (!installedBefore.ok) return { installed: false, note: installedBefore.note };
  const b = typecheckErrors(manifest, before);
  const installedAfter = install(manifest, migratedDir);
  if (!installedAfter.ok) return { installed: true, note: `migrated tree: ${installedAfter.note}`, errorsBefore: b.errors };
  const a = typecheckErrors(manifest, migratedDir);
  const beforeSet = new Set(b.lines.map((l) => l.replace(/\(\d+,\d+\)/, '')));
  return {
    installed: true,
    command: b.command,
    errorsBefore: b.errors,
    errorsAfter: a.errors,
    worse: a.errors > b.errors,
    newErrors: a.lines.filter((l) => !beforeSet.has(l.replace(/\(\d+,\d+\)/, ''))).slice(0, 20),
  };
}

// ---------------------------------------------------------------------------------- one repository

function scoreRepository(manifest, options, ruleIds) {
  const gitDir = mirrorGitDir(manifest.repo);
  if (!gitDir) return { repo: manifest.repo, set: manifest.set, skipped: `no mirror at ${MIRRORS}/${manifest.repo.replace('/', '+')}: bring it with the search tool's fetch (source "github:${manifest.repo}")` };
  if (!hasCommit(gitDir, manifest.commit)) return { repo: manifest.repo, set: manifest.set, skipped: `the mirror does not hold the pinned commit ${manifest.commit}: call fetch again (source "github:${manifest.repo}") or re-pin the manifest` };
  const { dest, missing } = freshCheckout(manifest);
  const deps = options.withDeps ? installForRun(manifest, dest, options.withV2) : undefined;
  const root = manifest.root ?? '.';
  const files = sourceFiles(dest, root);
  const originals = readAll(dest, files);
  const cli = runCli(dest, root);
  if (!cli.report) return { repo: manifest.repo, set: manifest.set, skipped: `the CLI gave no JSON report (exit ${cli.exitCode}): ${cli.stderr.trim().split('\n').slice(-3).join(' / ')}` };
  const outputs = readAll(dest, files);
  const grade = gradeRepository({ manifest, originals, outputs, report: cli.report, ruleIds });
  const result = {
    repo: manifest.repo,
    set: manifest.set,
    commit: manifest.commit,
    kind: manifest.kind,
    sdk: manifest.sdk,
    root,
    scratch: dest,
    missingFromSnapshot: missing.length,
    ...(deps && { deps }),
    cli: { exitCode: cli.exitCode, ms: cli.ms, filesChanged: cli.report.summary?.filesChanged, sitesMigrated: cli.report.summary?.sitesMigrated, errors: cli.report.errors ?? [] },
    ...grade,
    counts: { ...tally(grade.graded), halfMigrated: grade.half.length },
  };
  if (options.typecheck && manifest.install?.ok !== false) result.typecheck = typecheckRepository(manifest, dest);
  return result;
}

// ---------------------------------------------------------------------------------- printing

const COLUMNS = [
  ['sites', 'sites'],
  ['migr.out', 'migrateOutcome'],
  ['migrated', 'migratedOfMigrateOutcome'],
  ['held.v1', 'heldOnV1'],
  ['rep.ok', 'reported-accurate'],
  ['rep.wrong', 'reported-wrong-cause'],
  ['silent', 'silent'],
  ['wrongly', 'migrated-wrongly'],
  ['left', 'left'],
  ['half', 'halfMigrated'],
];

const SET_TITLES = { tuned: 'Tuned set', fresh: 'Fresh set (held out, graded before the tool ran)' };
const SET_TARGETS = { tuned: '90%', fresh: '75%, issue 33' };

const pct = (part, whole) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(0)}%`);

function table(title, rows) {
  const width = Math.max(title.length, ...rows.map(([label]) => label.length));
  const lines = [`${title.padEnd(width)} ${COLUMNS.map(([h]) => h.padStart(9)).join(' ')} ${'share'.padStart(6)}`];
  lines.push('-'.repeat(lines[0].length));
  for (const [label, c] of rows) {
    lines.push(`${label.padEnd(width)} ${COLUMNS.map(([, k]) => String(c[k] ?? 0).padStart(9)).join(' ')} ${pct(c.migratedOfMigrateOutcome, c.migrateOutcome).padStart(6)}`);
  }
  return lines.join('\n');
}

function sum(rows) {
  const total = {};
  for (const row of rows) for (const [k, v] of Object.entries(row)) total[k] = (total[k] ?? 0) + v;
  return total;
}

function printHuman(results, options) {
  const scored = results.filter((r) => !r.skipped);
  const out = [];
  for (const r of results.filter((r) => r.skipped)) out.push(`SKIPPED ${r.repo}: ${r.skipped}`);
  if (out.length) out.push('');
  const mixed = new Set(scored.map((r) => r.set)).size > 1;
  const perRepo = scored.map((r) => [mixed ? `${r.repo} [${r.set}]` : r.repo, r.counts]);
  out.push(table('repository', [...perRepo, ['TOTAL', sum(scored.map((r) => r.counts))]]));
  const graded = scored.flatMap((r) => r.graded);
  const shapes = [...new Set(graded.map((g) => g.site.shape))].sort();
  out.push('', table('shape', shapes.map((s) => [s, tally(graded.filter((g) => g.site.shape === s))])));
  const categories = [...new Set(graded.map((g) => g.site.category))].sort();
  out.push('', table('category', categories.map((c) => [c, tally(graded.filter((g) => g.site.category === c))])));
  // One summary per set: the fresh figure (held out) is never folded into the tuned one.
  const setNames = [...new Set(results.map((r) => r.set))];
  for (const name of setNames) {
    const inSet = scored.filter((r) => r.set === name);
    const setGraded = inSet.flatMap((r) => r.graded);
    const t = tally(setGraded);
    const others = tally(setGraded.filter((g) => g.site.outcome !== 'migrate'));
    const notMigrated = setGraded.filter((g) => g.site.outcome === 'migrate' && g.result !== 'migrated');
    const half = inSet.reduce((n, r) => n + r.half.length, 0);
    const skipped = results.filter((r) => r.set === name && r.skipped).length;
    out.push(
      '',
      `${SET_TITLES[name]} (bench/real-world/${SETS[name]}/, ${inSet.length} repositories scored${skipped ? `, ${skipped} skipped` : ''}):`,
      `Sites whose correct outcome is a migration: ${t.migrateOutcome}; migrated: ${t.migratedOfMigrateOutcome} = ${pct(t.migratedOfMigrateOutcome, t.migrateOutcome)} (target ${SET_TARGETS[name]})`,
      `  held on the v1 SDK by their authors' code (heldOnV1): ${t.heldOnV1}, so at most ${t.migrateOutcome - t.heldOnV1} = ${pct(t.migrateOutcome - t.heldOnV1, t.migrateOutcome)} can be migrated while that code stands; migrated of those: ${pct(t.migratedOfMigrateOutcome, t.migrateOutcome - t.heldOnV1)}`,
      `  not migrated of those: ${notMigrated.length}; reported with a true cause: ${notMigrated.filter((g) => g.result === 'reported-accurate').length}`,
      `Other sites (report or leave): ${others.sites}; reported with a true cause: ${others['reported-accurate']}; left as decided: ${others.left}`,
      `Silent sites: ${t.silent}; reported with a wrong cause: ${t['reported-wrong-cause']}; migrated though the right outcome is a report: ${t['migrated-wrongly']}; half-migrated handlers: ${half}`,
    );
  }
  const checked = scored.filter((r) => r.typecheck?.installed && r.typecheck.errorsAfter !== undefined);
  if (checked.length) {
    out.push('', `Typecheck (${checked.length} repositories installed and typechecked):`);
    for (const r of checked) {
      const worse = r.typecheck.worse ? `  TYPECHECKS WORSE${r.cli.exitCode === 0 ? ', CLI exit 0' : `, CLI exit ${r.cli.exitCode}`}` : '';
      out.push(`  ${r.repo}: ${r.typecheck.errorsBefore} errors before, ${r.typecheck.errorsAfter} after (CLI exit ${r.cli.exitCode})${worse}`);
      for (const line of r.typecheck.newErrors.slice(0, options.verbose ? 20 : 3)) out.push(`      ${line.trim().slice(0, 220)}`);
    }
    out.push(`  typecheck worse: ${checked.filter((r) => r.typecheck.worse).length}; of those with CLI exit 0 (issue 32: none): ${checked.filter((r) => r.typecheck.worse && r.cli.exitCode === 0).length}`);
  }
  for (const r of scored.filter((r) => r.typecheck && r.typecheck.errorsAfter === undefined)) out.push(`  ${r.repo}: not typechecked (${r.typecheck.note})`);
  const withDeps = scored.filter((r) => r.deps);
  if (withDeps.length) {
    const failed = withDeps.filter((r) => !r.deps.ok);
    out.push('', `Dependencies installed before the CLI run (${options.withV2 ? '--with-v2' : '--with-deps'}): ${withDeps.length - failed.length} of ${withDeps.length}`);
    for (const r of failed) out.push(`  ${r.repo}: NOT INSTALLED, run without dependencies (${r.deps.note})`);
    for (const r of withDeps.filter((r) => r.deps.restored.length)) out.push(`  ${r.repo}: the install rewrote ${r.deps.restored.join(', ')} (restored before the run)`);
  }

  out.push('', 'Per site (not migrated, or not as decided):');
  for (const r of scored) {
    for (const g of r.graded) {
      const expected = { migrate: ['migrated'], report: ['reported-accurate'], leave: ['left', 'reported-accurate'] }[g.site.outcome] ?? [];
      if (expected.includes(g.result)) continue;
      out.push(`  ${r.repo} ${g.site.path}:${g.site.line} [${g.site.shape}] ${g.result}${g.rules.length ? ` (${g.rules.join(', ')})` : ''}; decided: ${g.site.outcome}${g.site.expectedRules?.length ? ` ${g.site.expectedRules.join('|')}` : ''}`);
    }
  }
  const lists = [
    ['Push calls the scanner finds that the manifest does not list', (r) => r.unlisted],
    ['Manifest entries that do not match the code', (r) => r.problems],
    ['Half-migrated handlers', (r) => r.half],
    ['Migrated sites without an input request of their kind', (r) => r.noBuilder],
    ['Findings on declared non-sites (claims about code that asks nothing)', (r) => r.onNotSites],
    ['Findings on no manifest line (caller-side reports, registration notes, or a site the manifest misses: review)', (r) => r.stray],
    ['Rules the manifest expects that the tool does not have yet', (r) => r.missingRules],
    ['CLI file errors', (r) => r.cli.errors.map((e) => `${e.path}: ${e.message}`)],
  ];
  for (const [title, get] of lists) {
    const items = scored.flatMap((r) => get(r).map((x) => `  ${r.repo} ${x}`));
    if (items.length) out.push('', `${title}:`, ...items);
  }
  console.log(out.join('\n'));
}

// ---------------------------------------------------------------------------------- main

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(PROJECT, 'dist', 'src', 'cli.js'))) {
    console.error('dist/ is missing: run `npm run build` first.');
    process.exit(2);
  }
  const { RULES } = await import(path.join(PROJECT, 'dist', 'src', 'rules.js'));
  const ruleIds = new Set(RULES.map((r) => r.id));
  const manifests = loadManifests(options.set, options.repos);
  const missing = manifests.filter((m) => !mirrorGitDir(m.repo));
  if (missing.length) {
    console.error(`Missing mirrors (${missing.length}), skipped: ${missing.map((m) => m.repo).join(', ')}`);
    console.error(`Bring each with the search tool's fetch (source "github:<owner>/<name>"); it lands in ${MIRRORS}/<owner>+<name>.`);
  }
  fs.mkdirSync(SCRATCH, { recursive: true });
  const results = [];
  for (const manifest of manifests) {
    if (!options.json) process.stderr.write(`scoring ${manifest.repo} …\n`);
    results.push(scoreRepository(manifest, options, ruleIds));
  }
  if (options.json) {
    const slim = results.map((r) => (r.graded ? { ...r, graded: r.graded.map((g) => ({ ...g.site, result: g.result, rules: g.rules, messages: g.messages })) } : r));
    const totals = Object.fromEntries([...new Set(results.map((r) => r.set))].map((name) => [name, tally(results.filter((r) => r.set === name).flatMap((r) => r.graded ?? []))]));
    console.log(JSON.stringify({ version: 1, set: options.set, results: slim, total: tally(results.flatMap((r) => r.graded ?? [])), totals }, null, 2));
  } else printHuman(results, options);
}

await main();
