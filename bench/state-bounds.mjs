// How fast the generated requestState module refuses what it must refuse, next to what a valid
// token costs and what an unbounded check would cost.
//
//   node bench/state-bounds.mjs            (no build needed: it transpiles src/state-module*.ts)
//
// For each protection it renders the JavaScript module into test/tmp/bench-<pid>/ (so that
// @modelcontextprotocol/server resolves from this package's node_modules), loads it with a fixed
// key and times mrtrState.verify(token, ctx) — the SDK's requestState hook — per case. Figures are
// medians of several batches, in microseconds per call, on whatever machine runs this.
import { createRequire } from 'node:module';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(path.join(root, 'package.json'));
const ts = require('typescript');
const { createRequestStateCodec } = await import('@modelcontextprotocol/server');

const workDir = path.join(root, 'test', 'tmp', `bench-${process.pid}`);
mkdirSync(path.join(workDir, 'lib'), { recursive: true });
process.on('exit', () => rmSync(workDir, { recursive: true, force: true }));

// src/state/state-module.ts and its template, transpiled as they are (no dist/ needed).
for (const name of ['state-module', 'state-module-template']) {
  const source = readFileSync(path.join(root, 'src', 'state', `${name}.ts`), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  writeFileSync(path.join(workDir, 'lib', `${name}.js`), outputText);
}
const { renderStateModule } = await import(pathToFileURL(path.join(workDir, 'lib', 'state-module.js')).href);

const KEY = 'bench-request-state-key-0123456789abcdefghij';
process.env.MCP_REQUEST_STATE_KEY = KEY;
const MAX_PAYLOAD_BYTES = 32 * 1024;
const MAX_STATE_LENGTH = Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3) + 128;
const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } };
const plan = { service: 'api', env: 'prod', version: '1.4.2', steps: ['build', 'migrate', 'switch'] };

/** Median microseconds per call of fn (awaited), over `batches` batches of `perBatch` calls. */
async function time(fn, { perBatch = 200, batches = 7 } = {}) {
  for (let i = 0; i < Math.min(perBatch, 50); i++) await fn(); // warm up
  const samples = [];
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    for (let i = 0; i < perBatch; i++) await fn();
    samples.push(((performance.now() - start) * 1000) / perBatch);
  }
  samples.sort((x, y) => x - y);
  return samples[Math.floor(samples.length / 2)];
}

/** Calls verify and insists it refuses with `reason` (a benchmark of a refusal that does not refuse is worthless). */
function refusing(verify, token, reason) {
  return async () => {
    try {
      await verify(token, ctx);
    } catch (error) {
      if (error.message === reason) return;
      throw new Error(`expected ${reason}, got ${error.message}`);
    }
    throw new Error(`expected ${reason}, but the token verified`);
  };
}

const rows = [];
for (const protection of ['sealed', 'signed']) {
  const dir = path.join(workDir, protection);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mrtr-state.js'), renderStateModule({ language: 'js', protection }));
  const { mrtrState } = await import(pathToFileURL(path.join(dir, 'mrtr-state.js')).href);
  const verify = (token) => mrtrState.verify(token, ctx);

  const valid = await mrtrState.mint(ctx, 'deploy', { service: 'api', env: 'prod' }, { step: 'confirm', plan });
  const largest = await mrtrState.mint(ctx, 'deploy', {}, { step: 'a', blob: 'x'.repeat(MAX_PAYLOAD_BYTES - 200) });
  const cut = protection === 'sealed' ? valid.lastIndexOf('.') : valid.indexOf('.') + 41;
  const pad = (length) => valid.slice(0, cut) + 'A'.repeat(length - valid.length) + valid.slice(cut);
  const huge = pad(4_000_000);
  const justOver = pad(MAX_STATE_LENGTH + 1);
  const maxMalformed = `${pad(MAX_STATE_LENGTH).slice(0, -1)}!`;
  // A full-length token in the right format whose authentication fails: the most work any refusal takes.
  const maxForged =
    protection === 'sealed'
      ? (() => {
          const [version, keyId, nonce, , tag] = largest.split('.');
          return [version, keyId, nonce, 'A'.repeat(largest.split('.')[3].length), tag].join('.');
        })()
      : `${largest.slice(0, largest.lastIndexOf('.') + 1)}${'A'.repeat(42)}A`;
  const authFailure = protection === 'sealed' ? 'unauthentic' : 'mac';

  const add = async (label, length, fn, options) => rows.push({ protection, label, length, us: await time(fn, options) });
  await add('valid token (small state), verified', valid.length, () => verify(valid));
  await add('valid token near MAX_PAYLOAD_BYTES, verified', largest.length, () => verify(largest), { perBatch: 50 });
  await add('4 MB token, refused (too_large)', huge.length, refusing(verify, huge, 'too_large'), { perBatch: 2000 });
  await add('MAX_STATE_LENGTH + 1, refused (too_large)', justOver.length, refusing(verify, justOver, 'too_large'), { perBatch: 2000 });
  await add('MAX_STATE_LENGTH, bad last character, refused (malformed)', maxMalformed.length, refusing(verify, maxMalformed, 'malformed'), { perBatch: 200 });
  await add(`MAX_STATE_LENGTH, forged, refused (${authFailure})`, maxForged.length, refusing(verify, maxForged, authFailure), { perBatch: 50 });
}

// For comparison: the SDK's codec on its own has no size bound, so a 4 MB token is decoded and MACed in full.
{
  const codec = createRequestStateCodec({ key: KEY });
  const valid = await codec.mint({ step: 'confirm', plan });
  const huge = valid.slice(0, 3) + 'A'.repeat(4_000_000 - valid.length) + valid.slice(3);
  const us = await time(
    async () => {
      try {
        await codec.verify(huge, ctx);
      } catch {
        // refused, as expected: 'mac'
      }
    },
    { perBatch: 5, batches: 5 },
  );
  rows.push({ protection: 'SDK codec, unbounded', label: '4 MB token, refused (mac)', length: huge.length, us });
}

const width = Math.max(...rows.map((row) => row.label.length));
console.log(`node ${process.version} · ${process.platform}/${process.arch} · median µs per verify() call\n`);
for (const row of rows) {
  console.log(`${row.protection.padEnd(22)} ${row.label.padEnd(width)} ${String(row.length).padStart(9)} chars ${row.us.toFixed(2).padStart(10)} µs`);
}
