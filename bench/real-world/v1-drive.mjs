// @ts-check
// Drives one real public v1 server (bench/real-world/repos/<owner>+<name>.json, its "v1" field)
// through the whole v1 story, as a user would, and writes the figures back into that manifest:
//
//   before   check out the pinned commit (from the mirror fetched by the search tools), install
//            its dependencies, typecheck, start it, list its tools with a 2025 client (the real
//            @modelcontextprotocol/client), run every server scenario of the official conformance
//            suite that the 2025-11-25 revision requires (HTTP servers), and call each asking tool
//            with scripted answers;
//   migrate  run our CLI once on the package root (exit code, findings, handlers migrated);
//   after    install what the migrated package.json names, typecheck, start it, the same 2025
//            checks, and on the 2026-07-28 wire: each asking tool must answer `input_required`,
//            complete on the retry with the answers, and refuse a tampered requestState.
//
// Nothing of the repository is kept here: the checkout lives under $V1_RW (/work/rw/v1), is reset
// to the pinned commit on every run, and the servers only ever listen on 127.0.0.1.
//
// Usage: node bench/real-world/v1-drive.mjs <owner+name> [--phase before|after|all] [--dry]
//   --dry: print the figures, do not write the manifest.
// Needs: npm run build (our CLI), bash scripts/conformance-setup.sh (the suite and Node 22).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const here = path.dirname(fileURLToPath(import.meta.url));
const project = path.resolve(here, '..', '..');
const mirrors = process.env.V1_MIRRORS ?? process.env.MIRRORS ?? '/work/.mirror';
const checkouts = process.env.V1_RW ?? '/work/rw/v1';
const conformanceDir = path.join(project, '.cache', 'conformance');
const node22 = path.join(conformanceDir, 'node_modules', 'node', 'bin', 'node');
const suiteCli = path.join(conformanceDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const STATE_KEY = 'v1-drive-only-request-state-key-0123456789abcdef';
/** A tsx of the drive's own (`{tsx}` in a serve command), the same for every server. */
const TSX_VERSION = '4.21.0';
function tsx() {
  const bin = path.join(checkouts, '.tools', 'node_modules', '.bin', 'tsx');
  if (!existsSync(bin)) sh(`npm install --prefix ${JSON.stringify(path.join(checkouts, '.tools'))} --no-audit --no-fund tsx@${TSX_VERSION}`, checkouts);
  return bin;
}
/** Every server process binds loopback only (see loopback.cjs). */
const LOOPBACK = { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(here, 'loopback.cjs')}`.trim() };

const [id, ...rest] = process.argv.slice(2);
if (!id) {
  console.error('usage: node bench/real-world/v1-drive.mjs <owner+name> [--phase before|after|all] [--dry]');
  process.exit(2);
}
const phase = rest.includes('--phase') ? rest[rest.indexOf('--phase') + 1] : 'all';
const dry = rest.includes('--dry');
const manifestPath = path.join(here, 'repos', `${id}.json`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
/** @type {Drive} */
const drive = manifest.v1.drive;
// A repository the scorecard also reads may be driven at another commit or root: `v1.pin` says so.
const pinned = manifest.v1.pin ?? {};
const pin = { commit: pinned.commit ?? manifest.commit, root: pinned.root ?? manifest.root, install: pinned.install ?? manifest.install };
const checkout = path.join(checkouts, id);
const root = path.join(checkout, pin.root);

/**
 * @typedef {{ transport: 'http' | 'stdio', command: string, env?: Record<string, string>, path?: string, readyMs?: number }} Serve
 * @typedef {{ tool: string, arguments?: Record<string, unknown>, answers: Record<string, unknown>, expect?: string }} Ask
 * @typedef {{ typecheck: string, serve: { before: Serve[], after?: Serve[] }, asks?: Ask[], env?: Record<string, string> }} Drive
 */

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

async function main() {
  reset();
  if (phase === 'before' || phase === 'all') {
    manifest.v1.before = await measure('before', drive.serve.before);
    log(`before: ${JSON.stringify(summary(manifest.v1.before))}`);
  }
  if (phase === 'after' || phase === 'all') {
    reset();
    manifest.v1.run = migrate();
    log(`run: ${JSON.stringify(manifest.v1.run)}`);
    manifest.v1.after = await measure('after', drive.serve.after ?? drive.serve.before);
    log(`after: ${JSON.stringify(summary(manifest.v1.after))}`);
  }
  if (manifest.v1.before && manifest.v1.after) {
    (manifest.v1.pin ? manifest.v1 : manifest).typecheck = { command: drive.typecheck, errorsBefore: manifest.v1.before.typecheckErrors, errorsAfter: manifest.v1.after.typecheckErrors };
    manifest.v1.table = table(manifest.v1.before, manifest.v1.after);
    log(`table: ${JSON.stringify(manifest.v1.table)}`);
  }
  if (dry) writeFileSync(path.join(os.tmpdir(), `v1-drive-${id}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
  else writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}

function log(message) {
  console.log(`[${id}] ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Checkout, install, typecheck, migrate

function sh(command, cwd, env = {}, timeoutMs = 600_000) {
  const out = spawnSync('bash', ['-c', command], { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  return { code: out.status, stdout: out.stdout ?? '', stderr: out.stderr ?? '' };
}

/** The pinned commit, tracked files as committed, untracked files gone (installed packages stay). */
function reset() {
  if (!existsSync(checkout)) {
    mkdirSync(checkouts, { recursive: true });
    const mirror = path.join(mirrors, id, 'repo');
    if (!existsSync(mirror)) throw new Error(`no mirror at ${mirror}: fetch github:${manifest.repo} first`);
    // Without a checkout: the default branch may hold a file the mirror lacks (see leaveOutMissingFiles).
    const cloned = sh(`git clone -q --no-checkout ${JSON.stringify(mirror)} ${JSON.stringify(checkout)}`, checkouts);
    if (cloned.code !== 0) throw new Error(cloned.stderr);
  }
  leaveOutMissingFiles();
  const out = sh(`git checkout -q -f ${pin.commit} && git clean -q -fdx -e node_modules -e .pnpm-store`, checkout);
  if (out.code !== 0) throw new Error(out.stderr);
}

/**
 * The mirrors lack files of 4 MiB and more (demo videos, gifs): a sparse checkout leaves them out,
 * so the rest of the commit can be checked out.
 */
function leaveOutMissingFiles() {
  const tree = sh(`git ls-tree -r --format='%(objectname) %(path)' ${pin.commit}`, checkout);
  const objects = tree.stdout.split('\n').filter(Boolean).map((l) => ({ sha: l.slice(0, 40), path: l.slice(41) }));
  const check = spawnSync('git', ['cat-file', '--batch-check'], { cwd: checkout, input: objects.map((o) => o.sha).join('\n'), encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const missing = new Set(check.stdout.split('\n').filter((l) => l.endsWith(' missing')).map((l) => l.split(' ')[0]));
  if (missing.size === 0) return;
  const patterns = ['/*', ...objects.filter((o) => missing.has(o.sha)).map((o) => `!/${o.path}`)];
  sh('git config core.sparseCheckout true', checkout);
  writeFileSync(path.join(checkout, '.git', 'info', 'sparse-checkout'), `${patterns.join('\n')}\n`);
  log(`left out ${missing.size} file(s) the mirror does not hold`);
}

function install() {
  const out = sh(pin.install.command, root);
  return { ok: out.code === 0, log: out.code === 0 ? '' : (out.stderr || out.stdout).slice(-2000) };
}

function typecheck() {
  const out = sh(drive.typecheck, root);
  const errors = (out.stdout + out.stderr).split('\n').filter((l) => /error TS\d+/.test(l));
  return { errors: errors.length, first: errors.slice(0, 12) };
}

function migrate() {
  const report = path.join(os.tmpdir(), `v1-drive-${id}-${process.pid}.json`);
  const out = sh(`node ${JSON.stringify(path.join(project, 'bin', 'mcp-mrtr-migrate.js'))} ${JSON.stringify(pin.root)} --report ${JSON.stringify(report)}`, checkout);
  const json = existsSync(report) ? JSON.parse(readFileSync(report, 'utf8')) : undefined;
  rmSync(report, { force: true });
  const findings = json?.findings ?? [];
  return {
    exit: out.code,
    filesChanged: json?.summary.filesChanged,
    handlersMigrated: json?.summary.handlersMigrated,
    errors: findings.filter((f) => f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.rule}: ${f.message}`),
    warnings: findings.filter((f) => f.severity === 'warning').length,
  };
}

// ---------------------------------------------------------------------------------------------
// One phase

async function measure(which, serves) {
  const installed = install();
  const checked = typecheck();
  const result = { installed: installed.ok, ...(installed.ok ? {} : { installLog: installed.log }), typecheckErrors: checked.errors, typecheckFirst: checked.first, serves: [] };
  for (const serve of serves) {
    const env = { ...drive.env, ...serve.env, ...LOOPBACK, ...(which === 'after' ? { MCP_REQUEST_STATE_KEY: STATE_KEY } : {}) };
    result.serves.push(serve.transport === 'http' ? await measureHttp(which, serve, env) : await measureStdio(which, serve, env));
  }
  return result;
}

async function measureHttp(which, serve, env) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}${serve.path ?? '/mcp'}`;
  const vars = { ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v.replace('{port}', String(port))])), PORT: String(port) };
  const server = start(serve.command.replaceAll('{port}', String(port)).replaceAll('{tsx}', tsx()), vars);
  const out = { transport: 'http', started: false, tools: undefined, asks2025: [], conformance: undefined, asks2026: [], log: '' };
  try {
    out.started = await waitForHttp(url, server, serve.readyMs ?? 30_000);
    if (!out.started) return out;
    const client2025 = () => new StreamableHTTPClientTransport(new URL(url));
    out.tools = await listTools(client2025);
    out.asks2025 = await asksOver2025(client2025);
    out.conformance = conformance(url, which);
    if (which === 'after') out.asks2026 = await asksOver2026Http(url);
  } catch (error) {
    out.error = String(error?.message ?? error);
  } finally {
    out.log = server.output().slice(-1500);
    await stop(server);
  }
  return out;
}

async function measureStdio(which, serve, env) {
  const out = { transport: 'stdio', started: false, tools: undefined, asks2025: [], asks2026: [], log: '' };
  const [command, ...args] = serve.command.replaceAll('{tsx}', tsx()).split(' ');
  const transport = () => new StdioClientTransport({ command, args, cwd: root, env: { ...process.env, ...env }, stderr: 'pipe' });
  try {
    out.tools = await listTools(transport);
    out.started = out.tools !== undefined;
    out.asks2025 = await asksOver2025(transport);
    if (which === 'after') out.asks2026 = await asksOver2026Stdio(command, args, env);
  } catch (error) {
    out.error = String(error?.message ?? error);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Processes

function start(command, env) {
  const child = spawn('bash', ['-c', `exec ${command}`], { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  return { child, output: () => output };
}

async function stop(server) {
  if (server.child.exitCode !== null) return;
  try {
    process.kill(-server.child.pid, 'SIGTERM');
  } catch {}
  await new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-server.child.pid, 'SIGKILL');
      } catch {}
      resolve(undefined);
    }, 3000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHttp(url, server, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (server.child.exitCode !== null) return false;
    try {
      await fetch(url, { method: 'GET', signal: AbortSignal.timeout(1000) });
      return true;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// 2025: the real client, initialize handshake, server→client requests answered from the script

async function connect2025(makeTransport, ask) {
  const client = new Client({ name: 'v1-drive-2025', version: '0.0.0' }, { capabilities: { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} } });
  for (const method of ['elicitation/create', 'sampling/createMessage', 'roots/list']) {
    client.setRequestHandler(/** @type {any} */ (method), async () => {
      const answer = ask?.answers[method];
      if (answer === undefined) throw new Error(`no scripted answer for ${method}`);
      return /** @type {any} */ (answer);
    });
  }
  await client.connect(makeTransport());
  return client;
}

async function listTools(makeTransport) {
  const client = await connect2025(makeTransport);
  try {
    return (await client.listTools()).tools.length;
  } finally {
    await client.close();
  }
}

async function asksOver2025(makeTransport) {
  const results = [];
  for (const ask of drive.asks ?? []) {
    const client = await connect2025(makeTransport, ask);
    try {
      const result = await client.callTool({ name: ask.tool, arguments: ask.arguments ?? {} });
      results.push({ tool: ask.tool, ok: !result.isError && textOf(result).includes(ask.expect ?? ''), text: textOf(result).slice(0, 200) });
    } catch (error) {
      results.push({ tool: ask.tool, ok: false, text: String(error?.message ?? error).slice(0, 200) });
    } finally {
      await client.close();
    }
  }
  return results;
}

function textOf(result) {
  const first = Array.isArray(result?.content) ? result.content.find((c) => c.type === 'text') : undefined;
  return first?.text ?? JSON.stringify(result).slice(0, 200);
}

// ---------------------------------------------------------------------------------------------
// 2026-07-28: input_required, the retry with answers, a tampered requestState

const PROTOCOL_2026 = '2026-07-28';
const CAPABILITIES = { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} };
let nextId = 1;

function envelope2026(method, params) {
  return {
    jsonrpc: '2.0',
    id: nextId++,
    method,
    params: {
      ...params,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': PROTOCOL_2026,
        'io.modelcontextprotocol/clientCapabilities': CAPABILITIES,
        'io.modelcontextprotocol/clientInfo': { name: 'v1-drive-2026', version: '0.0.0' },
      },
    },
  };
}

async function asksOver2026Http(url) {
  return asksOver2026(async (message) => {
    // One more try when the connection itself failed (a kept-alive socket the server had closed).
    const post = (init) => fetch(url, init).catch(() => fetch(url, init));
    const response = await post({
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': PROTOCOL_2026,
        'mcp-method': message.method,
        'mcp-name': message.params.name,
      },
      body: JSON.stringify(message),
    });
    const text = await response.text();
    const messages = (response.headers.get('content-type') ?? '').startsWith('text/event-stream')
      ? text.split(/\r?\n\r?\n/).map((e) => e.split(/\r?\n/).filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trim()).join('\n')).filter(Boolean).map((d) => JSON.parse(d))
      : text ? [JSON.parse(text)] : [];
    const reply = messages.find((m) => m.id === message.id);
    if (!reply) throw new Error(`HTTP ${response.status}: ${text.slice(0, 300)}`);
    return reply;
  });
}

async function asksOver2026Stdio(command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
  const waiting = new Map();
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line.startsWith('{')) continue;
      const message = JSON.parse(line);
      waiting.get(message.id)?.(message);
    }
  });
  child.stderr.resume();
  try {
    return await asksOver2026(
      (message) =>
        new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no reply to ${message.method} within 20s`)), 20_000);
          waiting.set(message.id, (reply) => {
            clearTimeout(timer);
            resolve(reply);
          });
          child.stdin.write(`${JSON.stringify(message)}\n`);
        }),
    );
  } finally {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {}
  }
}

/** For each asking tool: first leg → input_required; retry with the scripted answers → complete; tampered state → refused. */
async function asksOver2026(send) {
  const results = [];
  for (const ask of drive.asks ?? []) {
    const params = { name: ask.tool, arguments: ask.arguments ?? {} };
    const out = { tool: ask.tool, inputRequired: false, completed: false, tamperedRefused: false, detail: '' };
    try {
      let reply = await send(envelope2026('tools/call', params));
      let rounds = 0;
      let state;
      while (reply.result?.resultType === 'input_required' && rounds < 6) {
        out.inputRequired = true;
        rounds++;
        const requests = reply.result.inputRequests ?? {};
        const responses = Object.fromEntries(Object.entries(requests).map(([key, request]) => [key, ask.answers[/** @type {any} */ (request).method]]));
        state = reply.result.requestState;
        if (rounds === 1 && typeof state === 'string') {
          const tampered = state.slice(0, -6) + (state.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
          const refused = await send(envelope2026('tools/call', { ...params, inputResponses: responses, requestState: tampered }));
          out.tamperedRefused = refused.error !== undefined || refused.result?.isError === true;
          if (refused.error) out.detail = `tampered: ${refused.error.code} ${refused.error.message}`.slice(0, 160);
        }
        reply = await send(envelope2026('tools/call', { ...params, inputResponses: responses, ...(state !== undefined ? { requestState: state } : {}) }));
      }
      out.completed = reply.result !== undefined && reply.result.resultType !== 'input_required' && !reply.result.isError && textOf(reply.result).includes(ask.expect ?? '');
      if (!out.completed) out.detail = `${out.detail} final: ${JSON.stringify(reply.error ?? reply.result).slice(0, 240)}`.trim();
    } catch (error) {
      out.detail = String(error?.message ?? error).slice(0, 240);
    }
    results.push(out);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// The official conformance suite, 2025-11-25 requirements

function conformance(url, which) {
  if (!existsSync(node22) || !existsSync(suiteCli)) throw new Error('run bash scripts/conformance-setup.sh first');
  const outDir = path.join(os.tmpdir(), `v1-drive-conformance-${id}-${which}-${process.pid}`);
  const out = spawnSync(node22, [suiteCli, 'server', '--url', url, '--requirements', '2025-11-25', '-o', outDir], {
    cwd: conformanceDir,
    encoding: 'utf8',
    timeout: 600_000,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const text = out.stdout ?? '';
  const scored = text.split(/^Not scored/m)[0];
  const passed = [...scored.matchAll(/^✓ ([\w-]+):/gm)].map((m) => m[1]);
  const failed = [...scored.matchAll(/^✗ ([\w-]+):/gm)].map((m) => m[1]);
  // Why each scenario failed: the first failing check's message (the suite writes checks.json per scenario).
  const reasons = {};
  for (const dir of existsSync(outDir) ? readdirSync(outDir) : []) {
    const scenario = failed.find((f) => dir.startsWith(`server-${f}-`));
    const file = path.join(outDir, dir, 'checks.json');
    if (!scenario || !existsSync(file)) continue;
    const check = JSON.parse(readFileSync(file, 'utf8')).find((c) => c.status === 'FAILURE');
    if (check) reasons[scenario] = String(check.errorMessage ?? check.name).slice(0, 200);
  }
  rmSync(outDir, { recursive: true, force: true });
  return { passed, failed, reasons };
}

/** A scenario whose fixture tool, prompt or resource the server does not have: not one it implements. */
function notImplemented(reason) {
  return /\bnot found\b|Unknown (tool|prompt|resource)|does not (exist|have)/i.test(reason ?? '');
}

// ---------------------------------------------------------------------------------------------
// Figures

function summary(m) {
  return {
    installed: m.installed,
    typecheckErrors: m.typecheckErrors,
    serves: m.serves.map((s) => ({
      transport: s.transport,
      started: s.started,
      tools: s.tools,
      asks2025: s.asks2025.filter((a) => a.ok).length,
      conformance: s.conformance ? `${s.conformance.passed.length}/${s.conformance.passed.length + s.conformance.failed.length}` : undefined,
      asks2026: s.asks2026?.length ? s.asks2026.filter((a) => a.inputRequired && a.completed && a.tamperedRefused).length : undefined,
      error: s.error,
    })),
  };
}

/** The before/after row of the note: started, typecheck errors, asking tools migrated, conformance scenarios kept. */
function table(before, after) {
  const started = (m) => m.serves.map((s) => `${s.transport}:${s.started ? 'yes' : 'no'}`).join(' ');
  const beforeHttp = before.serves.find((s) => s.conformance);
  const afterHttp = after.serves.find((s) => s.conformance);
  // Scenarios the server does not implement (its fixture tool is missing) are left out: v1 answered
  // an unknown tool with an isError result some of them took for a pass, v2 with a JSON-RPC error.
  const reasons = afterHttp?.conformance.reasons ?? {};
  const passedAfter = new Set(afterHttp?.conformance.passed ?? []);
  const unimplemented = (beforeHttp?.conformance.passed ?? []).filter((s) => !passedAfter.has(s) && notImplemented(reasons[s]));
  const passedBefore = (beforeHttp?.conformance.passed ?? []).filter((s) => !unimplemented.includes(s));
  const lost = passedBefore.filter((s) => !passedAfter.has(s));
  const asks = (drive.asks ?? []).length;
  const migrated = after.serves.flatMap((s) => s.asks2026 ?? []).filter((a) => a.inputRequired && a.completed && a.tamperedRefused);
  return {
    started: `${started(before)} → ${started(after)}`,
    typecheckErrors: `${before.typecheckErrors} → ${after.typecheckErrors}`,
    askingToolsMigrated: `${new Set(migrated.map((a) => a.tool)).size}/${asks}`,
    conformanceKept: beforeHttp ? `${passedBefore.length - lost.length}/${passedBefore.length}` : 'n/a (no HTTP serving)',
    ...(lost.length ? { conformanceLost: Object.fromEntries(lost.map((s) => [s, reasons[s] ?? ''])) } : {}),
    ...(unimplemented.length ? { conformanceNotImplemented: unimplemented } : {}),
  };
}
