// The three-way runner of the behaviour suite. It follows ../harness.ts (same three ways, same
// script model, same normalisation, which it reuses) and adds what the behaviour fixtures need and
// the example does not:
//
//   - resources/read calls (a resource template) besides tools/call and prompts/get, and tool
//     arguments that are not strings;
//   - handler entries counted for resources and for a low-level setRequestHandler('tools/call')
//     too (../harness.ts counts registerTool / registerPrompt callbacks only), so the migrated-2025
//     rounds (entries - 1) are right for every fixture;
//   - the client's declared capabilities per scenario, the same on all three ways (the 2025-era
//     Client declares them at initialize, the 2026 wire sends them in every request's envelope);
//   - answers left out on the 2026 wire only ("missing answer on a retry"): a 2025-era client
//     has no way to leave a server→client request unanswered, so those scenarios give the 2026
//     run its own script;
//   - URL mode: when the user accepts a URL-mode elicitation the scenario's out-of-band hook runs
//     (what the browser flow and the server's callback would do), on all three ways. A legacy tool
//     that throws UrlElicitationRequiredError (JSON-RPC -32042) is answered as a 2025-era client
//     does: it shows each elicitation of the error's data to the user (one script answer each) and,
//     when all were accepted, sends the same call again.
import { Client } from '@modelcontextprotocol/client';
import {
  createMcpHandler,
  InMemoryTransport,
  McpServer,
  Server,
  type ClientCapabilities,
} from '@modelcontextprotocol/server';
import { ALL_CAPABILITIES, resultOf, retry, send, type Call, type FetchHandler } from '../../helpers/wire2026.js';
import { kindOfMethod, type Kind, type Outcome, type ScriptEntry } from '../harness.js';

/** What every behaviour fixture exports (legacy and migrated alike); extra exports are allowed. */
export interface FixtureModule {
  createServer(): McpServer;
  effects: string[];
  [name: string]: unknown;
}

export type Step = ScriptEntry | { kind: Kind; missing: true };
export type Steps = readonly Step[];

/** Leaves the next request of this kind unanswered (its key is left out of inputResponses): 2026 wire only. */
export const missing = (kind: Kind = 'elicitation'): Step => ({ kind, missing: true });

export type BehaviourCall =
  | { method: 'tools/call'; name: string; arguments: Record<string, unknown> }
  | { method: 'prompts/get'; name: string; arguments: Record<string, string> }
  | { method: 'resources/read'; uri: string };

export const callTool = (name: string, args: Record<string, unknown> = {}): BehaviourCall => ({ method: 'tools/call', name, arguments: args });
export const getPrompt = (name: string, args: Record<string, string> = {}): BehaviourCall => ({ method: 'prompts/get', name, arguments: args });
export const readResource = (uri: string): BehaviourCall => ({ method: 'resources/read', uri });

export function wireCallOf(call: BehaviourCall): Call {
  return call.method === 'resources/read'
    ? { method: call.method, params: { uri: call.uri } }
    : { method: call.method, params: { name: call.name, arguments: call.arguments } };
}

export function labelOf(call: BehaviourCall): string {
  return call.method === 'resources/read' ? call.uri : call.name;
}

export interface RunOptions {
  /** Declared by the client on every way (default: form and URL elicitation, sampling, roots). */
  capabilities?: ClientCapabilities;
  /** Runs when the user accepts a URL-mode elicitation (the out-of-band flow completes). */
  onUrlAccept?: (module: FixtureModule, params: Record<string, unknown>) => void;
  /** Resets module state other than `effects` before each run. */
  reset?: (module: FixtureModule) => void;
  /** Runs while a question is open, before its answer reaches the server (what other requests do meanwhile). */
  whileAsked?: (module: FixtureModule) => void;
  /** Give up after this many input rounds on the 2026 wire (default 12). */
  maxRounds?: number;
}

export interface BehaviourOutcome extends Outcome {
  /** Requests of the logical call the client sent (a retry after -32042 or input_required counts). */
  calls: number;
}

export const DEFAULT_CAPABILITIES: ClientCapabilities = ALL_CAPABILITIES;

// ---------------------------------------------------------------------------------------------

class Player {
  private readonly used = new Set<number>();
  constructor(private readonly steps: Steps) {}

  /** The next step of this kind: an answer, 'missing', or undefined when the kind is used up. */
  next(kind: Kind): ScriptEntry['answer'] | 'missing' | undefined {
    const index = this.steps.findIndex((step, i) => step.kind === kind && !this.used.has(i));
    if (index < 0) return undefined;
    this.used.add(index);
    const step = this.steps[index]!;
    return 'missing' in step ? 'missing' : structuredClone(step.answer);
  }

  get unused(): number {
    return this.steps.length - this.used.size;
  }
}

/** The script as a 2025-era client can play it: without the 2026-only omissions. */
export function answersOnly(steps: Steps): ScriptEntry[] {
  return steps.filter((step): step is ScriptEntry => !('missing' in step));
}

type AnyFunction = (...args: unknown[]) => unknown;

const HANDLER_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

/**
 * Builds the fixture's server while logging every entry into one of its request handlers:
 * callbacks given to registerTool / registerPrompt / registerResource, and handlers the fixture
 * sets itself with setRequestHandler('tools/call' | 'prompts/get' | 'resources/read'). The
 * prototypes are patched for the (synchronous) createServer() call only; handlers McpServer sets
 * up internally while a register* call runs are not counted (their callbacks are).
 */
export function instrumented(module: FixtureModule, entered: string[]): McpServer {
  const mcp = McpServer.prototype as unknown as Record<string, AnyFunction>;
  const low = Server.prototype as unknown as Record<string, AnyFunction>;
  const originals = {
    registerTool: mcp['registerTool']!,
    registerPrompt: mcp['registerPrompt']!,
    registerResource: mcp['registerResource']!,
    setRequestHandler: low['setRequestHandler']!,
  };
  let insideRegister = 0;
  const logged = (label: string, callback: AnyFunction) =>
    function (this: unknown, ...args: unknown[]) {
      entered.push(label);
      return callback.apply(this, args);
    };
  const wrapRegister = (original: AnyFunction) =>
    function (this: unknown, ...args: unknown[]) {
      const last = args.length - 1;
      if (typeof args[last] === 'function') args[last] = logged(String(args[0]), args[last] as AnyFunction);
      insideRegister++;
      try {
        return original.apply(this, args);
      } finally {
        insideRegister--;
      }
    };
  mcp['registerTool'] = wrapRegister(originals.registerTool);
  mcp['registerPrompt'] = wrapRegister(originals.registerPrompt);
  mcp['registerResource'] = wrapRegister(originals.registerResource);
  low['setRequestHandler'] = function (this: unknown, method: unknown, handler: unknown, ...rest: unknown[]) {
    const counted = insideRegister === 0 && typeof method === 'string' && HANDLER_METHODS.has(method) && typeof handler === 'function';
    return originals.setRequestHandler.call(this, method, counted ? logged(String(method), handler as AnyFunction) : handler, ...rest);
  };
  try {
    return module.createServer();
  } finally {
    Object.assign(mcp, { registerTool: originals.registerTool, registerPrompt: originals.registerPrompt, registerResource: originals.registerResource });
    low['setRequestHandler'] = originals.setRequestHandler;
  }
}

function errorResult(error: unknown): Record<string, unknown> {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, message } = error as { code: unknown; message: unknown };
    return { error: { code, message } };
  }
  return { error: { message: error instanceof Error ? error.message : String(error) } };
}

function isAcceptedUrl(kind: Kind, params: unknown, answer: unknown): params is Record<string, unknown> {
  return (
    kind === 'elicitation' &&
    typeof params === 'object' &&
    params !== null &&
    (params as { mode?: unknown }).mode === 'url' &&
    (answer as { action?: unknown } | undefined)?.action === 'accept'
  );
}

function prepare(module: FixtureModule, options: RunOptions): void {
  module.effects.length = 0;
  options.reset?.(module);
}

// ---------------------------------------------------------------------------------------------
// 2025-era connection: the real Client, initialize handshake, server→client requests

async function runOver2025(
  module: FixtureModule,
  call: BehaviourCall,
  steps: Steps,
  options: RunOptions,
  countRounds: 'requests' | 'entries',
): Promise<BehaviourOutcome> {
  prepare(module, options);
  const entered: string[] = [];
  const asked: Outcome['asked'] = [];
  const player = new Player(answersOnly(steps));
  const server = instrumented(module, entered);
  const client = new Client({ name: 'behaviour-2025-client', version: '0.0.0' }, { capabilities: options.capabilities ?? DEFAULT_CAPABILITIES });
  const answerFrom = (kind: Kind) => (request: { params?: unknown }) => {
    asked.push({ kind, params: request.params });
    const next = player.next(kind);
    if (next === undefined || next === 'missing') throw new Error(`script has no ${kind} answer left`);
    if (isAcceptedUrl(kind, request.params, next)) options.onUrlAccept?.(module, request.params);
    options.whileAsked?.(module);
    return next;
  };
  // The Client refuses a handler for a capability it does not declare; an undeclared kind is
  // simply never asked (the server sees the capability missing).
  const declared = options.capabilities ?? DEFAULT_CAPABILITIES;
  if (declared.elicitation) client.setRequestHandler('elicitation/create', answerFrom('elicitation') as never);
  if (declared.sampling) client.setRequestHandler('sampling/createMessage', answerFrom('sampling') as never);
  if (declared.roots) client.setRequestHandler('roots/list', answerFrom('roots') as never);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  let calls = 0;
  try {
    await server.connect(serverTransport);
    await client.connect(clientTransport);
    const negotiated = client.getNegotiatedProtocolVersion();
    if (negotiated === undefined || negotiated >= '2026') throw new Error(`expected a 2025-era connection, negotiated ${String(negotiated)}`);
    const once = async (): Promise<Record<string, unknown>> => {
      calls++;
      switch (call.method) {
        case 'tools/call':
          return (await client.callTool({ name: call.name, arguments: call.arguments })) as Record<string, unknown>;
        case 'prompts/get':
          return (await client.getPrompt({ name: call.name, arguments: call.arguments })) as Record<string, unknown>;
        case 'resources/read':
          return (await client.readResource({ uri: call.uri })) as Record<string, unknown>;
      }
    };
    let result: Record<string, unknown> | undefined;
    for (let attempt = 0; result === undefined; attempt++) {
      try {
        result = await once();
      } catch (error) {
        // UrlElicitationRequiredError (-32042): show the URLs, retry the call when all were accepted.
        const elicitations = (error as { code?: unknown; data?: { elicitations?: unknown } }).data?.elicitations;
        if ((error as { code?: unknown }).code !== -32042 || !Array.isArray(elicitations) || attempt >= 4) {
          result = errorResult(error);
          break;
        }
        let allAccepted = true;
        for (const params of elicitations as Array<Record<string, unknown>>) {
          asked.push({ kind: 'elicitation', params });
          const next = player.next('elicitation');
          if (next === undefined || next === 'missing') throw new Error('script has no elicitation answer left');
          if (isAcceptedUrl('elicitation', params, next)) options.onUrlAccept?.(module, params);
          else allAccepted = false;
        }
        if (!allAccepted) result = errorResult(error);
      }
    }
    return {
      result: structuredClone(result),
      rounds: countRounds === 'requests' ? asked.length : Math.max(0, entered.length - 1),
      effects: [...module.effects],
      asked,
      entries: entered.length,
      unused: player.unused,
      calls,
    };
  } finally {
    await client.close();
    await server.close();
  }
}

export function runLegacy(module: FixtureModule, call: BehaviourCall, steps: Steps, options: RunOptions = {}): Promise<BehaviourOutcome> {
  return runOver2025(module, call, steps, options, 'requests');
}

export function runMigrated2025(module: FixtureModule, call: BehaviourCall, steps: Steps, options: RunOptions = {}): Promise<BehaviourOutcome> {
  return runOver2025(module, call, steps, options, 'entries');
}

// ---------------------------------------------------------------------------------------------
// The 2026-07-28 wire: createMcpHandler(factory).fetch, input_required rounds driven by the script

export async function runMigrated2026(module: FixtureModule, call: BehaviourCall, steps: Steps, options: RunOptions = {}): Promise<BehaviourOutcome> {
  prepare(module, options);
  const entered: string[] = [];
  const asked: Outcome['asked'] = [];
  const player = new Player(steps);
  const mcp = createMcpHandler(() => instrumented(module, entered));
  const handler = mcp as unknown as FetchHandler;
  const rpcOptions = { capabilities: options.capabilities ?? DEFAULT_CAPABILITIES };
  const maxRounds = options.maxRounds ?? 12;
  const wire = wireCallOf(call);
  try {
    let response = await send(handler, wire, rpcOptions);
    let rounds = 0;
    let calls = 1;
    while (response.body.result?.['resultType'] === 'input_required') {
      if (++rounds > maxRounds) throw new Error(`still input_required after ${maxRounds} rounds`);
      const result = resultOf(response);
      const inputRequests = (result['inputRequests'] ?? {}) as Record<string, { method: string; params?: unknown }>;
      const inputResponses: Record<string, unknown> = {};
      for (const [key, request] of Object.entries(inputRequests)) {
        const kind = kindOfMethod(request.method);
        asked.push({ kind, params: request.params });
        const next = player.next(kind);
        if (next === undefined || next === 'missing') continue;
        if (isAcceptedUrl(kind, request.params, next)) options.onUrlAccept?.(module, request.params);
        inputResponses[key] = next;
      }
      calls++;
      options.whileAsked?.(module);
      response = await retry(handler, wire, { inputResponses, requestState: result['requestState'] }, rpcOptions);
    }
    const final: Record<string, unknown> =
      response.body.error !== undefined ? { error: { code: response.body.error.code, message: response.body.error.message } } : resultOf(response);
    return { result: structuredClone(final), rounds, effects: [...module.effects], asked, entries: entered.length, unused: player.unused, calls };
  } finally {
    await mcp.close();
  }
}
