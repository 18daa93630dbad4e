// End-to-end harness: runs one scripted logical call (a tools/call or prompts/get, with the
// user's answers scripted in advance) against an MCP server module three ways, and returns
// what came out, how many round trips it took and which side effects happened:
//
//   legacy         the legacy (push-style) server, connected to the real 2025-era Client from
//                  @modelcontextprotocol/client over InMemoryTransport (initialize handshake);
//                  the client answers elicitation/create, sampling/createMessage and roots/list
//                  server→client requests from the script;
//   migrated-2026  the migrated server behind createMcpHandler(() => createServer()), driven on the
//                  2026-07-28 wire by test/helpers/wire2026.ts: while the result is input_required,
//                  every embedded input request is answered from the script and the call is sent
//                  again with inputResponses + the echoed requestState (and a new JSON-RPC id);
//   migrated-2025  the migrated server with the same 2025-era Client as the legacy run: the SDK's
//                  legacy shim sends the embedded requests as real server→client requests and
//                  re-enters the handler.
//
// The same two clients also run over real HTTP against a listening server (runOver2025Http: the
// Client's StreamableHTTPClientTransport, a session, the questions pushed on it; runOn2026Http: the
// 2026-07-28 wire sent with fetch), for servers whose serving code is itself under test.
//
// The script is an ordered list of answers, each tagged with its kind; every input request of a
// kind consumes the next unused answer of that kind (the server's key names play no part, so the
// same script serves all three ways). A kind whose answers are used up is left unanswered: on the
// 2026 wire the key is simply omitted from inputResponses (the server should ask again), on a
// 2025 connection the client handler fails the request.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  InMemoryTransport,
  McpServer,
  SERVER_INFO_META_KEY,
  type AuthInfo,
  type ClientCapabilities,
  type CreateMessageResult,
  type ElicitResult,
  type ListRootsResult,
} from '@modelcontextprotocol/server';
import {
  ALL_CAPABILITIES,
  resultOf,
  retry,
  send,
  type Call,
  type FetchHandler,
  type JsonRpcError,
  type WireResponse,
} from '../helpers/wire2026.js';

export type Kind = 'elicitation' | 'sampling' | 'roots';

export type ScriptEntry =
  | { kind: 'elicitation'; answer: ElicitResult }
  | { kind: 'sampling'; answer: CreateMessageResult }
  | { kind: 'roots'; answer: ListRootsResult };

export type Script = readonly ScriptEntry[];

/** Builders for script entries. */
export const answer = {
  accept: (content: Record<string, unknown> = {}): ScriptEntry => ({
    kind: 'elicitation',
    answer: { action: 'accept', content: content as ElicitResult['content'] },
  }),
  decline: (): ScriptEntry => ({ kind: 'elicitation', answer: { action: 'decline' } }),
  cancel: (): ScriptEntry => ({ kind: 'elicitation', answer: { action: 'cancel' } }),
  sampleText: (text: string, model = 'test-model'): ScriptEntry => ({
    kind: 'sampling',
    answer: { role: 'assistant', content: { type: 'text', text }, model },
  }),
  roots: (roots: ListRootsResult['roots']): ScriptEntry => ({ kind: 'roots', answer: { roots } }),
};

/** What a server example module exports (the legacy example and its migrated output alike). */
export interface ServerModule {
  createServer(): McpServer;
  /** Side effects, appended by the example's handlers; reset before each run. */
  effects: string[];
}

/** One logical call: the method and its name/arguments, sent again unchanged on every retry. */
export interface LogicalCall {
  method: 'tools/call' | 'prompts/get';
  name: string;
  arguments: Record<string, string>;
}

export const tool = (name: string, args: Record<string, string> = {}): LogicalCall => ({ method: 'tools/call', name, arguments: args });
export const prompt = (name: string, args: Record<string, string> = {}): LogicalCall => ({ method: 'prompts/get', name, arguments: args });

export function wireCall(call: LogicalCall): Call {
  return { method: call.method, params: { name: call.name, arguments: call.arguments } };
}

export interface Outcome {
  /** The final result, or { error: { code, message } } when the call failed with a JSON-RPC error. */
  result: Record<string, unknown>;
  /**
   * Round trips to the client for input. legacy: server→client requests sent (the example awaits
   * them one after the other, so each is its own round trip); migrated-2026: input_required
   * results answered; migrated-2025: legacy-shim rounds (handler entries − 1).
   */
  rounds: number;
  /** A copy of the module's effects array after the call. */
  effects: string[];
  /** Every input request the server made, in order: its kind and its params. */
  asked: Array<{ kind: Kind; params: unknown }>;
  /** How often a tool/prompt handler of the server was entered. */
  entries: number;
  /** Script answers left unused. */
  unused: number;
}

export type Way = 'legacy' | 'migrated-2026' | 'migrated-2025';
export const WAYS: readonly Way[] = ['legacy', 'migrated-2026', 'migrated-2025'];

// ---------------------------------------------------------------------------------------------

/** Hands out the script's answers, in order, per kind. */
export class ScriptPlayer {
  private readonly used = new Set<number>();
  constructor(private readonly script: Script) {}

  next(kind: Kind): ScriptEntry['answer'] | undefined {
    const index = this.script.findIndex((entry, i) => entry.kind === kind && !this.used.has(i));
    if (index < 0) return undefined;
    this.used.add(index);
    return structuredClone(this.script[index]!.answer);
  }

  get unused(): number {
    return this.script.length - this.used.size;
  }
}

export function kindOfMethod(method: unknown): Kind {
  switch (method) {
    case 'elicitation/create':
      return 'elicitation';
    case 'sampling/createMessage':
      return 'sampling';
    case 'roots/list':
      return 'roots';
    default:
      throw new Error(`not an input request method: ${String(method)}`);
  }
}

type AnyCallback = (...args: unknown[]) => unknown;

/**
 * Builds the module's server while counting handler entries: registerTool / registerPrompt are
 * wrapped for the duration of the (synchronous) createServer() call only, so every callback the
 * module registers logs its name to `entered` when the SDK runs it.
 */
export function instrumentedServer(module: ServerModule, entered: string[]): McpServer {
  const proto = McpServer.prototype as unknown as Record<'registerTool' | 'registerPrompt', AnyCallback>;
  const originals = { registerTool: proto.registerTool, registerPrompt: proto.registerPrompt };
  const wrap =
    (original: AnyCallback) =>
    function (this: unknown, name: unknown, config: unknown, cb: unknown) {
      const callback = cb as AnyCallback;
      const logged = function (this: unknown, ...args: unknown[]) {
        entered.push(String(name));
        return callback.apply(this, args);
      };
      return original.call(this, name, config, logged);
    };
  proto.registerTool = wrap(originals.registerTool);
  proto.registerPrompt = wrap(originals.registerPrompt);
  try {
    return module.createServer();
  } finally {
    proto.registerTool = originals.registerTool;
    proto.registerPrompt = originals.registerPrompt;
  }
}

function resetEffects(module: ServerModule): void {
  module.effects.length = 0;
}

function errorResult(error: unknown): Record<string, unknown> {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message } = error as { code: unknown; message: unknown };
    return { error: { code, message } };
  }
  return { error: { message: error instanceof Error ? error.message : String(error) } };
}

// ---------------------------------------------------------------------------------------------
// A 2025-era connection: the real Client, initialize handshake, server→client requests

/** Capabilities of the 2025-era test client (form elicitation must be explicit for elicitInput). */
export const CLIENT_2025_CAPABILITIES: ClientCapabilities = { elicitation: { form: {} }, sampling: {}, roots: {} };

/** The 2025-era test client, answering server→client requests from the script and logging them to `asked`. */
function client2025(player: ScriptPlayer, asked: Outcome['asked']): Client {
  const client = new Client({ name: 'e2e-legacy-client', version: '0.0.0' }, { capabilities: CLIENT_2025_CAPABILITIES });
  const answerFrom = (kind: Kind) => (request: { params?: unknown }) => {
    asked.push({ kind, params: request.params });
    const next = player.next(kind);
    if (next === undefined) throw new Error(`script has no ${kind} answer left`);
    return next;
  };
  client.setRequestHandler('elicitation/create', answerFrom('elicitation') as never);
  client.setRequestHandler('sampling/createMessage', answerFrom('sampling') as never);
  client.setRequestHandler('roots/list', answerFrom('roots') as never);
  return client;
}

/** Connects the 2025-era client, checks the era, and makes the logical call (a JSON-RPC error becomes { error }). */
async function call2025(client: Client, transport: Parameters<Client['connect']>[0], call: LogicalCall): Promise<Record<string, unknown>> {
  await client.connect(transport);
  const negotiated = client.getNegotiatedProtocolVersion();
  if (negotiated === undefined || negotiated >= '2026') throw new Error(`expected a 2025-era connection, negotiated ${String(negotiated)}`);
  try {
    const result =
      call.method === 'tools/call'
        ? await client.callTool({ name: call.name, arguments: call.arguments })
        : await client.getPrompt({ name: call.name, arguments: call.arguments });
    return structuredClone(result) as Record<string, unknown>;
  } catch (error) {
    return errorResult(error);
  }
}

export async function runOver2025(module: ServerModule, call: LogicalCall, script: Script, countRounds: 'requests' | 'entries'): Promise<Outcome> {
  resetEffects(module);
  const entered: string[] = [];
  const asked: Outcome['asked'] = [];
  const player = new ScriptPlayer(script);
  const server = instrumentedServer(module, entered);
  const client = client2025(player, asked);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverTransport);
    const result = await call2025(client, clientTransport, call);
    return {
      result,
      rounds: countRounds === 'requests' ? asked.length : Math.max(0, entered.length - 1),
      effects: [...module.effects],
      asked,
      entries: entered.length,
      unused: player.unused,
    };
  } finally {
    await client.close();
    await server.close();
  }
}

/**
 * The 2025-era client over real HTTP (a session on `url`, server→client requests pushed on it).
 * The server is built by the served code itself, so handler entries are not counted (`entries`
 * is -1) and rounds are the questions asked.
 */
export async function runOver2025Http(url: string, module: Pick<ServerModule, 'effects'>, call: LogicalCall, script: Script): Promise<Outcome> {
  module.effects.length = 0;
  const asked: Outcome['asked'] = [];
  const player = new ScriptPlayer(script);
  const client = client2025(player, asked);
  const transport = new StreamableHTTPClientTransport(new URL(url));
  try {
    const result = await call2025(client, transport, call);
    return { result, rounds: asked.length, effects: [...module.effects], asked, entries: -1, unused: player.unused };
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close();
  }
}

export function runLegacy(module: ServerModule, call: LogicalCall, script: Script): Promise<Outcome> {
  return runOver2025(module, call, script, 'requests');
}

export function runMigrated2025(module: ServerModule, call: LogicalCall, script: Script): Promise<Outcome> {
  return runOver2025(module, call, script, 'entries');
}

// ---------------------------------------------------------------------------------------------
// The 2026-07-28 wire: createMcpHandler(factory).fetch, input_required rounds driven by the script

export interface Wire2026Options {
  capabilities?: ClientCapabilities;
  authInfo?: AuthInfo;
  /** Give up after this many input_required results (default 12). */
  maxRounds?: number;
}

/** A createMcpHandler for the module whose handler entries are logged to `entered`. */
export function handlerFor(module: ServerModule, entered: string[], onerror?: (error: Error) => void) {
  const mcp = createMcpHandler(
    () => {
      const server = instrumentedServer(module, entered);
      if (onerror !== undefined) server.server.onerror = onerror;
      return server;
    },
    onerror === undefined ? undefined : { onerror },
  );
  return { mcp, handler: mcp as unknown as FetchHandler };
}

function isInputRequired(response: WireResponse): boolean {
  return response.body.result?.['resultType'] === 'input_required';
}

export async function runMigrated2026(module: ServerModule, call: LogicalCall, script: Script, options: Wire2026Options = {}): Promise<Outcome> {
  resetEffects(module);
  const entered: string[] = [];
  const { mcp, handler } = handlerFor(module, entered);
  try {
    const driven = await drive2026(handler, call, script, options);
    return { ...driven, effects: [...module.effects], entries: entered.length };
  } finally {
    await mcp.close();
  }
}

/** A FetchHandler that sends each request to `url` over the network. */
export function httpHandler(url: string): FetchHandler {
  return {
    fetch: async (request) =>
      fetch(url, { method: request.method, headers: request.headers, body: request.method === 'GET' ? undefined : await request.text() }),
  };
}

/** The 2026-07-28 wire over real HTTP to `url` (entries not counted: -1). */
export async function runOn2026Http(url: string, module: Pick<ServerModule, 'effects'>, call: LogicalCall, script: Script, options: Wire2026Options = {}): Promise<Outcome> {
  module.effects.length = 0;
  const driven = await drive2026(httpHandler(url), call, script, options);
  return { ...driven, effects: [...module.effects], entries: -1 };
}

/** Sends the call, answers every input_required round from the script, and returns the final result. */
async function drive2026(handler: FetchHandler, call: LogicalCall, script: Script, options: Wire2026Options): Promise<Omit<Outcome, 'effects' | 'entries'>> {
  const asked: Outcome['asked'] = [];
  const player = new ScriptPlayer(script);
  const rpcOptions = { capabilities: options.capabilities ?? ALL_CAPABILITIES, ...(options.authInfo && { authInfo: options.authInfo }) };
  const maxRounds = options.maxRounds ?? 12;
  const wire = wireCall(call);
  let response = await send(handler, wire, rpcOptions);
  let rounds = 0;
  while (isInputRequired(response)) {
    if (++rounds > maxRounds) throw new Error(`still input_required after ${maxRounds} rounds`);
    const result = resultOf(response);
    const inputRequests = (result['inputRequests'] ?? {}) as Record<string, { method: string; params?: unknown }>;
    const inputResponses: Record<string, unknown> = {};
    for (const [key, request] of Object.entries(inputRequests)) {
      const kind = kindOfMethod(request.method);
      asked.push({ kind, params: request.params });
      const next = player.next(kind);
      if (next !== undefined) inputResponses[key] = next;
    }
    response = await retry(handler, wire, { inputResponses, requestState: result['requestState'] }, rpcOptions);
  }
  const final: Record<string, unknown> =
    response.body.error !== undefined
      ? { error: { code: response.body.error.code, message: response.body.error.message } satisfies Omit<JsonRpcError, 'data'> }
      : resultOf(response);
  return { result: structuredClone(final), rounds, asked, unused: player.unused };
}

// ---------------------------------------------------------------------------------------------

export interface Modules {
  legacy: ServerModule;
  migrated: ServerModule;
}

/** The same logical call and script, three ways (one after the other: the effects arrays are module-wide). */
export async function runThreeWays(modules: Modules, call: LogicalCall, script: Script): Promise<Record<Way, Outcome>> {
  return {
    legacy: await runLegacy(modules.legacy, call, script),
    'migrated-2026': await runMigrated2026(modules.migrated, call, script),
    'migrated-2025': await runMigrated2025(modules.migrated, call, script),
  };
}

/**
 * The result as compared across the three ways. Only what the 2026-07-28 serving path adds is
 * removed (measured: the legacy run and the migrated-2025 run return neither):
 *   - resultType: the migrated handlers return resultType: 'complete' explicitly and the SDK
 *     stamps it on the 2026 wire; on a 2025-era connection the Client's result has none. A client
 *     treats a missing resultType as 'complete', so it carries no information here (the tests
 *     check separately that it is 'complete' where present);
 *   - _meta['io.modelcontextprotocol/serverInfo']: stamped by the SDK on every 2026 result (the
 *     server's name and version; no handler of the example sets _meta), and _meta itself when
 *     that leaves it empty.
 * Nothing else is touched: content, isError, messages and any other _meta key must match exactly.
 */
export function normalizeResult(result: Record<string, unknown>): Record<string, unknown> {
  const { resultType: _resultType, _meta: meta, ...rest } = result;
  if (meta === undefined) return rest;
  const { [SERVER_INFO_META_KEY]: _serverInfo, ...otherMeta } = meta as Record<string, unknown>;
  return Object.keys(otherMeta).length === 0 ? rest : { ...rest, _meta: otherMeta };
}

/**
 * The questions as compared across the three ways. Removed from each request's params: _meta
 * (the SDK's legacy shim sends its server→client legs with a progressToken in _meta; the legacy
 * push calls and the 2026 inputRequests carry none). Params that are then empty count as absent
 * (roots/list is sent without params by the legacy call and in inputRequests, and with only
 * _meta by the shim). Nothing else is touched.
 */
export function normalizeAsked(asked: Outcome['asked']): Outcome['asked'] {
  return asked.map(({ kind, params }) => {
    if (params === null || typeof params !== 'object') return { kind, params };
    const { _meta: _metaField, ...rest } = params as Record<string, unknown>;
    return Object.keys(rest).length === 0 ? { kind, params: undefined } : { kind, params: rest };
  });
}
