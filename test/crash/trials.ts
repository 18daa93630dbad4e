// Crash safety of a write run: the real CLI (bin/, built dist/) migrates a generated package of a
// few hundred files (every fixture input and corpus file, and the v1 example, so the v1→v2 upgrade
// edits package.json and a state module is created) and is killed with SIGKILL at a random moment,
// most often while it writes. After each kill every file must be byte-identical to its original or
// to the full run's result (besides temp files and group journals of ours, which a kill leaves), and a
// second run must bring the tree to exactly the full run's result, those gone.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch, writeFileSync, type FSWatcher } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isJournalName } from '../../src/write/group-journal.js';
import { isTempFileName } from '../../src/write/write.js';
import { caseRng } from '../fuzz/rng.js';
import { loadSeeds } from '../fuzz/seeds.js';

export type Snapshot = Map<string, Buffer>;

export interface Reference {
  /** The tree before any run, and after a full run. */
  original: Snapshot;
  final: Snapshot;
  /** Milliseconds from spawn to exit of the full run, and the window in which it wrote. */
  duration: number;
  writeWindow: [number, number];
}

export interface TrialResult {
  trial: number;
  /** When the kill was sent, ms after spawn. */
  delay: number;
  /** The run had already exited when the kill came. */
  finishedFirst: boolean;
  /** Files the full run changes or creates: left as they were / as the full run writes them. */
  original: number;
  final: number;
  /** Files that are neither (half-written, or written wrong), or gone. */
  damaged: string[];
  /**
   * Files of ours the kill left: temp files (a kill between writing one and renaming it) and group
   * journals (a kill while a cross-file group was written). The next write run consumes them.
   */
  ours: string[];
  /** Files neither run has that are not our temp files. */
  leftovers: string[];
  /** After the second run: files that differ from the full run's result (and files too many). */
  rerunDifferences: string[];
}

export function snapshot(dir: string): Snapshot {
  const out: Snapshot = new Map();
  for (const rel of readdirSync(dir, { recursive: true }) as string[]) {
    const abs = path.join(dir, rel);
    if (statSync(abs).isFile()) out.set(rel.split(path.sep).join('/'), readFileSync(abs));
  }
  return out;
}

/**
 * A package of every fixture input and corpus file under src/ (their folders kept; every `every`-th
 * only, for a smaller tree), and the v1 example.
 */
export function buildTree(root: string, dir: string, every = 1): number {
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  let files = 0;
  for (const seed of loadSeeds(root).filter((_, i) => i % every === 0)) {
    const target = path.join(dir, 'src', seed.id);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, seed.text);
    files++;
  }
  const v1 = path.join(root, 'examples', 'v1-server', 'src');
  for (const name of readdirSync(v1)) {
    cpSync(path.join(v1, name), path.join(dir, 'src', 'v1', name));
    files++;
  }
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({
    name: 'crash-tree',
    private: true,
    type: 'module',
    dependencies: { '@modelcontextprotocol/sdk': '^1.24.0', zod: '^4.2.0' },
  }, null, 2)}\n`);
  writeFileSync(path.join(dir, 'tsconfig.json'), `${JSON.stringify({
    compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true },
    include: ['src'],
  }, null, 2)}\n`);
  return files + 2;
}

function restore(pristine: string, work: string): void {
  rmSync(work, { recursive: true, force: true });
  cpSync(pristine, work, { recursive: true });
}

/** When to kill a run: `at` ms after spawn, or `afterFirstWrite` ms after anything in the tree first changes. */
type Kill = { at: number } | { afterFirstWrite: number };

/** Runs the CLI in write mode in `dir`, killing it with SIGKILL as `kill` says. */
function runCli(root: string, dir: string, kill?: Kill): Promise<{ code: number | null; signal: string | null; ms: number; stderr: string; killedAt?: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let killedAt: number | undefined;
    const child = spawn(process.execPath, [path.join(root, 'bin', 'mcp-mrtr-migrate.js'), '--no-format', '--quiet', '.'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timers: NodeJS.Timeout[] = [];
    const killNow = () => {
      killedAt ??= performance.now() - started;
      child.kill('SIGKILL');
    };
    // Every directory is watched: the first temp file or rename starts the countdown.
    const watchers: FSWatcher[] = [];
    if (kill && 'at' in kill) timers.push(setTimeout(killNow, kill.at));
    if (kill && 'afterFirstWrite' in kill) {
      let armed = false;
      const onChange = () => {
        if (armed) return;
        armed = true;
        timers.push(setTimeout(killNow, kill.afterFirstWrite));
      };
      for (const sub of ['', ...(readdirSync(dir, { recursive: true }) as string[])]) {
        const abs = path.join(dir, sub);
        if (statSync(abs).isDirectory()) watchers.push(watch(abs, onChange));
      }
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      for (const timer of timers) clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      resolve({ code, signal, ms: performance.now() - started, stderr, killedAt });
    });
  });
}

export class CrashTrials {
  readonly base: string;
  private readonly pristine: string;
  private readonly work: string;
  files = 0;

  constructor(private readonly root: string, every = 1) {
    this.base = mkdtempSync(path.join(os.tmpdir(), 'mrtr-crash-'));
    this.pristine = path.join(this.base, 'pristine');
    this.work = path.join(this.base, 'work');
    this.files = buildTree(root, this.pristine, every);
  }

  /** The full run: its result, how long it takes and when it writes. */
  async reference(): Promise<Reference> {
    restore(this.pristine, this.work);
    const original = snapshot(this.work);
    const spawned = Date.now();
    const run = await runCli(this.root, this.work);
    // 1 is a finished run that reports an error-severity finding (fixture inputs in the tree may hold
    // code left dangerous or a v1 leftover): which inputs the tree takes shifts as fixtures are added.
    if (run.code !== 0 && run.code !== 1) throw new Error(`the full run exited with ${run.code}: ${run.stderr}`);
    const final = snapshot(this.work);
    const written = [...final.keys()].filter((rel) => !original.get(rel)?.equals(final.get(rel)!));
    if (written.length === 0) throw new Error('the full run changed nothing');
    const times = written.map((rel) => statSync(path.join(this.work, rel)).mtimeMs - spawned);
    return { original, final, duration: run.ms, writeWindow: [Math.min(...times), Math.max(...times)] };
  }

  /**
   * One trial: a kill at a random moment (three in four while it writes: a random time after its
   * first write, within the full run's write window; the others anywhere in the run), the tree
   * checked, then a second run to completion, checked again.
   */
  async trial(reference: Reference, seed: number, trial: number): Promise<TrialResult> {
    const rng = caseRng(seed, trial);
    const [from, to] = reference.writeWindow;
    const kill: Kill = rng.next() < 0.75 ? { afterFirstWrite: rng.next() * (to - from + 50) } : { at: rng.next() * reference.duration };
    restore(this.pristine, this.work);
    const killed = await runCli(this.root, this.work, kill);
    const delay = killed.killedAt ?? killed.ms;
    // The killed tree, for a look when something is found (removed with the rest by dispose()).
    cpSync(this.work, path.join(this.base, `killed-${trial}`), { recursive: true });
    const after = snapshot(this.work);
    const result: TrialResult = {
      trial, delay: Math.round(delay), finishedFirst: killed.signal !== 'SIGKILL', original: 0, final: 0, damaged: [], ours: [], leftovers: [], rerunDifferences: [],
    };
    for (const rel of new Set([...reference.original.keys(), ...reference.final.keys(), ...after.keys()])) {
      const now = after.get(rel);
      const before = reference.original.get(rel);
      const full = reference.final.get(rel);
      if (!now) {
        if (before) result.damaged.push(`${rel}: gone`);
        continue;
      }
      if (!before && !full) (isTempFileName(path.basename(rel)) || isJournalName(path.basename(rel)) ? result.ours : result.leftovers).push(rel);
      else if (before && full?.equals(before)) continue;
      else if (before?.equals(now)) result.original++;
      else if (full?.equals(now)) result.final++;
      else result.damaged.push(`${rel}: neither the original nor the full run's result`);
    }
    await runCli(this.root, this.work);
    const rerun = snapshot(this.work);
    for (const rel of new Set([...reference.final.keys(), ...rerun.keys()])) {
      if (!reference.final.get(rel)?.equals(rerun.get(rel) ?? Buffer.alloc(0)) || !rerun.has(rel)) result.rerunDifferences.push(rel);
    }
    return result;
  }

  dispose(): void {
    rmSync(this.base, { recursive: true, force: true });
  }
}
