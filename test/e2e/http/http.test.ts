// End-to-end over real HTTP: five servers written the way HTTP servers are written today (./servers:
// express, fastify, node:http, hono and a web-standard fetch export, each keeping its 2025 sessions
// in a map) and the asking tools they all serve (./servers/tools.ts, push style).
//
// beforeAll copies them into a package under test/tmp, runs the CLI on it in-process (write mode),
// imports the originals and the migrated copies and starts every one of them listening on
// 127.0.0.1 (ephemeral ports). For each form, each scripted call then runs three ways:
//   legacy         the original server, the 2025-era Client over StreamableHTTPClientTransport;
//   migrated-2025  the migrated server, the same client: the route's front sends it on to the
//                  session wiring the migration kept, and the SDK's legacy shim pushes the
//                  migrated handler's questions over that session;
//   migrated-2026  the migrated server on the 2026-07-28 wire (fetch): input_required, then the
//                  retry with the answers and the echoed requestState.
// Results, side effects and the questions asked must match the legacy run. Tampered states are
// refused on both eras. Last, why the front exists: the migrated tools behind a plain
// createMcpHandler(factory), whose default stateless leg cannot push a question to a 2025 client.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { McpServer } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackHost } from '../../conformance/host.js';
import { runCli, type CliRun } from '../../helpers/cli-run.js';
import { onLoopback, type Listening } from '../../helpers/loopback.js';
import { errorOf, requestStateOf, resultOf, retry, send } from '../../helpers/wire2026.js';
import {
  answer,
  httpHandler,
  normalizeAsked,
  normalizeResult,
  runOn2026Http,
  runOver2025Http,
  tool,
  wireCall,
  type LogicalCall,
  type Outcome,
  type Script,
} from '../harness.js';

// The generated state module reads its key once, when it loads: set it before any import of it.
process.env['MCP_REQUEST_STATE_KEY'] = 'http-e2e-only-request-state-key-0123456789abcdef';
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const FORMS = ['express', 'fastify', 'node-http', 'hono', 'fetch'] as const;
type Form = (typeof FORMS)[number];

const root = fileURLToPath(new URL('../../..', import.meta.url));
const serversDir = fileURLToPath(new URL('./servers', import.meta.url));
const runDir = path.join(root, 'test', 'tmp', `e2e-http-${process.pid}`);
const pkgDir = path.join(runDir, 'http-forms');
const srcDir = path.join(pkgDir, 'src');

interface Tools {
  createServer(): McpServer;
  effects: string[];
}

let cli: CliRun;
let report: { findings: Array<{ rule: string; severity: string; path: string; message: string }> } | undefined;
const tools = {} as Record<'legacy' | 'migrated', Tools>;
const urls = {} as Record<'legacy' | 'migrated', Record<Form, string>>;
const sources = {} as Record<Form, string>;
const open: Listening[] = [];

/** Starts one form's module listening on 127.0.0.1, the way each framework is started. */
async function listen(form: Form, module: Record<string, unknown>): Promise<Listening> {
  if (form === 'fastify') {
    const app = module['fastify'] as { listen(o: { port: number; host: string }): Promise<string>; close(): Promise<void> };
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `${address}/mcp`, close: () => app.close() };
  }
  type Fetch = { fetch: (request: Request) => Promise<Response> };
  if (form === 'hono' || form === 'fetch') {
    const { fetch } = (form === 'hono' ? module['app'] : module['default']) as Fetch;
    return onLoopback(createAdaptorServer({ fetch }) as Server);
  }
  if (form === 'express') return onLoopback(createHttpServer(module['app'] as RequestListener));
  return onLoopback(module['httpServer'] as Server);
}

beforeAll(async () => {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(srcDir, { recursive: true });
  cpSync(serversDir, srcDir, { recursive: true });
  writeFileSync(path.join(pkgDir, 'package.json'), `${JSON.stringify({ name: 'http-forms', private: true, type: 'module' }, null, 2)}\n`);
  const reportPath = path.join(runDir, 'report.json');
  cli = await runCli(['--allow-dirty', '--report', reportPath, pkgDir], root);
  report = JSON.parse(readFileSync(reportPath, 'utf8')) as typeof report;
  tools.legacy = (await import(pathToFileURL(path.join(serversDir, 'tools.ts')).href)) as Tools;
  tools.migrated = (await import(pathToFileURL(path.join(srcDir, 'tools.ts')).href)) as Tools;
  urls.legacy = {} as Record<Form, string>;
  urls.migrated = {} as Record<Form, string>;
  for (const form of FORMS) {
    sources[form] = readFileSync(path.join(srcDir, `${form}.ts`), 'utf8');
    for (const [era, dir] of [['legacy', serversDir], ['migrated', srcDir]] as const) {
      const module = (await import(pathToFileURL(path.join(dir, `${form}.ts`)).href)) as Record<string, unknown>;
      const listening = await listen(form, module);
      open.push(listening);
      urls[era][form] = listening.url;
    }
  }
}, 60_000);

afterAll(async () => {
  await Promise.all(open.map((l) => l.close()));
  rmSync(runDir, { recursive: true, force: true });
});

describe('the codemod on the HTTP forms', () => {
  it('migrates the tools and puts the front before every route, with nothing left for review', () => {
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    expect(report!.findings.filter((f) => f.severity !== 'info')).toEqual([]);
    for (const form of FORMS) {
      expect(sources[form], form).toContain("createMcpHandler(() => createServer(), { legacy: 'reject' })");
      expect(sources[form], form).toMatch(/if \(!\(await isLegacyRequest\(/);
    }
  });
});

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

interface Case {
  label: string;
  call: LogicalCall;
  script: Script;
  expected: Record<string, unknown>;
  effects: string[];
}

const book = tool('book', { room: 'kepler' });
const cases: Case[] = [
  { label: 'book: confirmed', call: book, script: [answer.accept({ room: 'kepler' })], expected: text('Booked kepler-1'), effects: ['reserve:kepler-1', 'book:kepler-1'] },
  { label: 'book: declined', call: book, script: [answer.decline()], expected: text('Not booked (decline)'), effects: ['reserve:kepler-1', 'release:kepler-1'] },
  { label: 'title: sampled', call: tool('title', { topic: 'retries' }), script: [answer.sampleText('Try again')], expected: text('Title: Try again'), effects: [] },
  {
    label: 'folders: two roots',
    call: tool('folders'),
    script: [answer.roots([{ uri: 'file:///minutes' }, { uri: 'file:///notes' }])],
    expected: text('file:///minutes\nfile:///notes'),
    effects: [],
  },
];

describe.each(FORMS)('%s over HTTP', (form) => {
  it.each(cases)('$label: a 2025 client and a 2026-07-28 client get what the legacy server gave', async (c) => {
    const reference = await runOver2025Http(urls.legacy[form], tools.legacy, c.call, c.script);
    expect(normalizeResult(reference.result)).toEqual(c.expected);
    expect(reference.effects).toEqual(c.effects);
    const outcomes: Record<string, Outcome> = {
      'migrated-2025': await runOver2025Http(urls.migrated[form], tools.migrated, c.call, c.script),
      'migrated-2026': await runOn2026Http(urls.migrated[form], tools.migrated, c.call, c.script),
    };
    for (const [way, outcome] of Object.entries(outcomes)) {
      expect.soft(normalizeResult(outcome.result), `${way}: result`).toEqual(normalizeResult(reference.result));
      expect.soft(outcome.effects, `${way}: effects`).toEqual(reference.effects);
      expect.soft(normalizeAsked(outcome.asked), `${way}: questions`).toEqual(normalizeAsked(reference.asked));
      expect.soft(outcome.unused, `${way}: unused answers`).toBe(0);
    }
    // The 2025 client was asked over its session; the 2026 client got input_required once and completed on the retry.
    expect(outcomes['migrated-2025']!.asked).toHaveLength(1);
    expect(outcomes['migrated-2026']!.rounds).toBe(1);
    expect(outcomes['migrated-2026']!.result['resultType']).toBe('complete');
  });

  it('refuses a tampered requestState on the 2026-07-28 wire, and the booking does not happen', async () => {
    tools.migrated.effects.length = 0;
    const handler = httpHandler(urls.migrated[form]);
    const wire = wireCall(book);
    const first = await send(handler, wire);
    const state = requestStateOf(first);
    const key = Object.keys(resultOf(first)['inputRequests'] as object)[0]!;
    const tampered = state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA');
    const refused = await retry(handler, wire, { inputResponses: { [key]: { action: 'accept', content: { room: 'kepler' } } }, requestState: tampered });
    expect(errorOf(refused).code).toBe(-32602);
    expect(tools.migrated.effects).toEqual(['reserve:kepler-1']);
  });

  it('refuses a requestState a 2025 client sends in its session', async () => {
    tools.migrated.effects.length = 0;
    const forged = await tamperedOver2025(urls.migrated[form]);
    expect(forged.error?.code).toBe(-32602);
    expect(tools.migrated.effects).toEqual([]);
  });
});

/** A 2025 session (initialize, initialized) whose tools/call carries a requestState it never got. */
async function tamperedOver2025(url: string): Promise<{ error?: { code: number } }> {
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const post = (body: unknown, extra: Record<string, string> = {}) => fetch(url, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 'forger', version: '1' } } });
  const session = { 'mcp-session-id': init.headers.get('mcp-session-id') ?? '', 'mcp-protocol-version': '2025-11-25' };
  await init.text();
  await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).text();
  const call = await post({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'book', arguments: { room: 'kepler' }, requestState: 'forged.state' } }, session);
  const body = await call.text();
  const message = body.startsWith('{') ? body : body.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5)).pop() ?? '{}';
  await fetch(url, { method: 'DELETE', headers: session });
  return JSON.parse(message) as { error?: { code: number } };
}

describe('why the front: createMcpHandler alone serves 2025 clients one request at a time', () => {
  it('answers an asking tool to a 2025 client over HTTP with the per-request refusal', async () => {
    const host = await startLoopbackHost(() => tools.migrated.createServer());
    try {
      const outcome = await runOver2025Http(host.url, tools.migrated, book, [answer.accept({ room: 'kepler' })]);
      expect(JSON.stringify(outcome.result)).toContain('per-request legacy serving cannot receive server-to-client requests');
      expect(outcome.asked).toEqual([]);
    } finally {
      await host.close();
    }
  });
});
