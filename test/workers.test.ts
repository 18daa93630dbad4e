// Worker threads: the same output for 1 and N workers, and a worker that dies costs only its file.
//
// Worker threads load compiled JavaScript (dist/src/worker.js); under vitest the sources are
// TypeScript and the runner imported from src/ always runs in-process. So the N-worker runs here
// import the runner from dist/ (`npm test` builds first; run `npm run build` before running this
// file on its own).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunnerModule from '../src/runner.js';
import type * as RegistryModule from '../src/registry.js';
import type * as JsonModule from '../src/report/json.js';
import type * as MarkdownModule from '../src/report/markdown.js';
import type * as SarifModule from '../src/report/sarif.js';
import { TaskScheduler } from '../src/pool.js';
import type { FileTaskResult } from '../src/file-task.js';

const dist = fileURLToPath(new URL('../dist/src/', import.meta.url));
const fromDist = async <T>(rel: string): Promise<T> => (await import(pathToFileURL(path.join(dist, rel)).href)) as T;

let tmp: string;

function write(rel: string, text: string): void {
  const abs = path.join(tmp, rel);
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, text);
}

const SHAPES = [
  (n: number) => `server.registerTool('greet-${n}', { inputSchema: z.object({ greeting: z.string() }) }, async ({ greeting }, ctx) => {
  const nickname = await ctx.mcpReq.elicitInput({
    message: 'What should I call you?',
    requestedSchema: { type: 'object', properties: { nickname: { type: 'string' } }, required: ['nickname'] },
  });
  const who = nickname.action === 'accept' ? String(nickname.content?.nickname) : 'stranger';
  return { content: [{ type: 'text', text: \`\${greeting}, \${who}!\` }] };
});`,
  (n: number) => `server.registerTool('triage-${n}', {}, async (_args, ctx) => {
  for (const item of ['a', 'b']) {
    await ctx.mcpReq.elicitInput({ message: \`Keep \${item}?\`, requestedSchema: { type: 'object', properties: {} } });
  }
  return { content: [] };
});`,
  (n: number) => `server.registerTool('sum-${n}', {}, async (_args, ctx) => {
  const r = await ctx.mcpReq.requestSampling({ messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 });
  return { content: [{ type: 'text', text: String(r.model) }] };
});`,
];

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mrtr-workers-'));
  write('package.json', JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }));
  for (const pkg of ['a', 'b']) {
    write(`packages/${pkg}/package.json`, JSON.stringify({ name: `@w/${pkg}` }));
    write(`packages/${pkg}/tsconfig.json`, '{}');
    if (pkg === 'b') write(`packages/${pkg}/.prettierrc`, '{ "singleQuote": true, "printWidth": 100 }\n');
    for (let i = 0; i < 15; i++) {
      const body = [SHAPES[i % 3](i), SHAPES[(i + 1) % 3](i + 100)].join('\n\n');
      write(
        `packages/${pkg}/src/server-${String(i).padStart(2, '0')}.ts`,
        `import { McpServer } from '@modelcontextprotocol/server';\nimport { z } from 'zod';\n\nconst server = new McpServer({ name: 's${i}', version: '1.0.0' });\n\n${body}\n`,
      );
      write(`packages/${pkg}/src/plain-${i}.ts`, `export function f${i}(x: number): number {\n  return x * ${i};\n}\n`);
    }
  }
  write('packages/a/src/broken.ts', "import { McpServer } from '@modelcontextprotocol/server';\nconst = ;\n");
  write('packages/a/src/latin1.ts', Buffer.from([0x2f, 0x2f, 0x20, 0xe9, 0x0a]).toString('latin1'));
  fs.writeFileSync(path.join(tmp, 'packages/a/src/latin1.ts'), Buffer.from([0x2f, 0x2f, 0x20, 0xe9, 0x0a]));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('1 worker and N workers give the same output', () => {
  it('outcomes, diff, created files, errors and every report rendering', async () => {
    const { run } = await fromDist<typeof RunnerModule>('runner.js');
    const { loadTransforms } = await fromDist<typeof RegistryModule>('registry.js');
    const { buildReport, serializeReport } = await fromDist<typeof JsonModule>('report/json.js');
    const { renderMarkdown } = await fromDist<typeof MarkdownModule>('report/markdown.js');
    const { serializeSarif } = await fromDist<typeof SarifModule>('report/sarif.js');
    const transforms = await loadTransforms();
    const runWith = (workers: number) =>
      run({ cwd: tmp, paths: ['.'], mode: 'check', transforms, workers, filesPerWorker: 2, sdkUpgrade: 'auto' });

    const one = await runWith(1);
    const many = await runWith(4);
    expect(one.workersStarted).toBe(0);
    expect(many.workersStarted).toBeGreaterThan(0);
    expect(one.filesParsed).toBe(31);
    expect(one.outcomes.length).toBeGreaterThan(20);
    expect(one.errors.map((e) => e.path)).toEqual(['packages/a/src/broken.ts', 'packages/a/src/latin1.ts']);

    for (const key of ['filesScanned', 'filesParsed', 'outcomes', 'errors', 'created', 'diff', 'packages', 'monorepo'] as const) {
      expect(many[key], key).toEqual(one[key]);
    }
    const render = (result: typeof one) => {
      const report = buildReport({ toolVersion: '1.0.0', filesScanned: result.filesScanned, outcomes: result.outcomes, errors: result.errors, durationMs: 0 });
      return [serializeReport(report), renderMarkdown(report, { diff: result.diff, mode: 'check' }), serializeSarif(report)];
    };
    expect(render(many)).toEqual(render(one));
  });

  it('the compiled CLI prints the same diff and JSON report for --workers 1 and --workers 3', async () => {
    const { main } = await fromDist<typeof import('../src/cli.js')>('cli.js');
    const capture = async (args: string[]) => {
      const out: string[] = [];
      const code = await main(args, { stdout: (t) => void out.push(t), stderr: () => {}, cwd: tmp, stdoutIsTTY: false, stderrIsTTY: false });
      return { code, out: out.join('').replace(/"durationMs": \d+/, '"durationMs": 0') };
    };
    for (const mode of [['--dry-run'], ['--json', '--check']]) {
      const a = await capture([...mode, '--workers', '1', '.']);
      const b = await capture([...mode, '--workers', '3', '.']);
      expect(b).toEqual(a);
      expect(a.out.length).toBeGreaterThan(100);
    }
  });
});

describe('TaskScheduler', () => {
  // A stand-in worker script: answers with a marker, dies on files named "crash", or fails at start.
  const fakeWorker = (behaviour: 'ok' | 'fail-at-start'): URL => {
    // "oom" files make the worker allocate until its (small) heap runs out.
    const file = path.join(tmp, `fake-worker-${behaviour}.mjs`);
    fs.writeFileSync(
      file,
      behaviour === 'fail-at-start'
        ? "throw new Error('cannot load');\n"
        : `import { parentPort } from 'node:worker_threads';
parentPort.on('message', (task) => {
  if (task.absPath.includes('crash')) process.exit(7);
  if (task.absPath.includes('oom')) { const keep = []; for (;;) keep.push(new Array(1e5).fill(keep.length)); }
  parentPort.postMessage({ type: 'result', result: { id: task.id, output: task.text + '// by worker\\n', transforms: ['fake'], findings: [], handlersMigrated: 0, sitesMigrated: 0, newFiles: [] } });
});
parentPort.postMessage({ type: 'ready' });
`,
    );
    return pathToFileURL(file);
  };

  const runTasks = async (workerUrl: URL, names: string[], workerHeapMb?: number) => {
    const results: FileTaskResult[] = [];
    const scheduler = new TaskScheduler({
      workers: 2,
      filesPerWorker: 1,
      workerUrl,
      workerHeapMb,
      transforms: [],
      transformIds: [],
      format: false,
      onResult: (r) => results.push(r),
    });
    names.forEach((name, id) => scheduler.submit({ id, absPath: `/virtual/${name}.ts`, text: `// ${name}\n`, packageRoot: '/virtual', stateModulePath: '/virtual/s.ts' }));
    await scheduler.drain();
    return { results: results.sort((a, b) => a.id - b.id), started: scheduler.workersStarted };
  };

  it('gives every task exactly one result; a dying worker fails only the file it was on', async () => {
    // The longest text runs first, so the crash comes while work is left for a replacement.
    const names = Array.from({ length: 40 }, (_, i) => (i === 5 ? `crash-${'x'.repeat(40)}` : `file-${i}`));
    const { results, started } = await runTasks(fakeWorker('ok'), names);
    expect(results.map((r) => r.id)).toEqual(names.map((_, i) => i));
    expect(results[5].error).toMatch(/the worker processing this file stopped \(exit code 7\)/);
    const others = results.filter((_, i) => i !== 5);
    expect(others.every((r) => r.error === undefined && r.output?.endsWith('// by worker\n'))).toBe(true);
    expect(started).toBe(3); // the dead worker was replaced
  });

  it('retries a file that ran a worker out of memory in the main thread', async () => {
    const names = Array.from({ length: 10 }, (_, i) => (i === 3 ? 'oom' : `file-${i}`));
    const { results, started } = await runTasks(fakeWorker('ok'), names, 32);
    expect(results.map((r) => r.id)).toEqual(names.map((_, i) => i));
    // The main thread ran it (no worker marker) and nothing failed.
    expect(results[3].error).toBeUndefined();
    expect(results[3].output).toBeUndefined();
    expect(results.filter((_, i) => i !== 3).every((r) => r.output?.endsWith('// by worker\n'))).toBe(true);
    expect(started).toBeGreaterThanOrEqual(2);
  });

  it('ends the run with what onResult throws for a task the main thread ran', async () => {
    const scheduler = new TaskScheduler({
      workers: 1, transforms: [], transformIds: [], format: false,
      onResult: (r) => {
        if (r.id === 1) throw new Error('cannot put result 1 in place');
      },
    });
    [0, 1, 2].forEach((id) => scheduler.submit({ id, absPath: `/virtual/f${id}.ts`, text: '// f\n', packageRoot: '/virtual', stateModulePath: '/virtual/s.ts' }));
    await expect(scheduler.drain()).rejects.toThrow('cannot put result 1 in place');
  });

  it('falls back to the main thread when workers cannot start', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `file-${i}`);
    const { results } = await runTasks(fakeWorker('fail-at-start'), names);
    expect(results.map((r) => r.id)).toEqual(names.map((_, i) => i));
    expect(results.every((r) => r.error === undefined && r.output === undefined)).toBe(true);
  });
});
