// requestState in production: the generated module behind several server instances, across key
// rotation, against tampering with each envelope field, what a client can see, size bounds, and
// an envelope format change. Every instance is its own copy of the migrated example server
// (test/servers/migrated-deploy.ts) and of the rendered module, loaded with its own environment,
// behind its own createMcpHandler — as separate processes behind a load balancer would be. Each
// suite runs for both protections (sealed, the default, and signed).
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMcpHandler, type ServerContext } from '@modelcontextprotocol/server';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { STATE_MODULE_TEMPLATE } from '../src/state/state-module-template.js';
import { renderStateModule } from '../src/state/state-module.js';
import { errorOf, requestStateOf, resultOf, retry, send, textOf, toolCall, type FetchHandler, type WireResponse } from './helpers/wire2026.js';
import {
  PROTECTIONS,
  flipChar,
  keyIdOf,
  openState,
  readSigned,
  sealedParts,
  type Protection,
} from './servers/state-envelope.js';

const KEY_A = 'production-key-A-0123456789abcdefghijklmnop';
const KEY_B = 'production-key-B-qrstuvwxyz9876543210ABCDEF';
const KEY_OTHER = 'an-unrelated-deployment-key-000000000000000';

/** The module's documented defaults (a test below checks the template still says so). */
const MAX_PAYLOAD_BYTES = 32 * 1024;
const MAX_STATE_LENGTH = Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3) + 128; // 43 819
const MAX_INLINE_STATE_BYTES = 24 * 1024;

const root = fileURLToPath(new URL('..', import.meta.url));
const runDir = path.join(root, 'test', 'tmp', `state-production-${process.pid}`);
const serverSource = path.join(root, 'test', 'servers', 'migrated-deploy.ts');
afterAll(() => rmSync(runDir, { recursive: true, force: true }));
// Fake timers must never leak into another test.
afterEach(() => vi.useRealTimers());

type ServerModule = typeof import('./servers/migrated-deploy.js');
type StateModule = typeof import('./servers/mrtr-state.js');

interface Instance {
  label: string;
  server: ServerModule;
  state: StateModule;
}

/** The module at envelope version 2: what a format change looks like in the file the user owns. */
function atVersion2(acceptPrevious: boolean) {
  return (text: string) => {
    const bumped = text
      .replace('const ENVELOPE_VERSION = 1;', 'const ENVELOPE_VERSION = 2;')
      .replace(
        'const ACCEPTED_ENVELOPE_VERSIONS: readonly number[] = [ENVELOPE_VERSION];',
        acceptPrevious
          ? 'const ACCEPTED_ENVELOPE_VERSIONS: readonly number[] = [ENVELOPE_VERSION, 1];'
          : 'const ACCEPTED_ENVELOPE_VERSIONS: readonly number[] = [ENVELOPE_VERSION];',
      );
    if (!bumped.includes('const ENVELOPE_VERSION = 2;')) throw new Error('the version constant moved');
    return bumped;
  };
}

/** Renders the module (optionally edited) next to a fresh copy of the server, and loads both with this environment. */
async function loadInstance(
  label: string,
  protection: Protection,
  keys: { current: string; previous?: string[] },
  edit: (text: string) => string = (text) => text,
): Promise<Instance> {
  const dir = path.join(runDir, protection, label);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mrtr-state.ts'), edit(renderStateModule({ language: 'ts', protection })));
  copyFileSync(serverSource, path.join(dir, 'migrated-deploy.ts'));
  const saved = { ...process.env };
  process.env['MCP_REQUEST_STATE_KEY'] = keys.current;
  if (keys.previous === undefined) delete process.env['MCP_REQUEST_STATE_KEYS_PREVIOUS'];
  else process.env['MCP_REQUEST_STATE_KEYS_PREVIOUS'] = keys.previous.join(',');
  delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];
  try {
    const server = (await import(pathToFileURL(path.join(dir, 'migrated-deploy.ts')).href)) as ServerModule;
    const state = (await import(pathToFileURL(path.join(dir, 'mrtr-state.ts')).href)) as StateModule;
    return { label, server, state };
  } finally {
    process.env = saved;
  }
}

async function loadFleet(protection: Protection) {
  return {
    /** Two instances of one deployment: same key, separate module instances and handlers. */
    first: await loadInstance('first', protection, { current: KEY_A }),
    second: await loadInstance('second', protection, { current: KEY_A }),
    /** Rotation step 1: B known, A still current. */
    knowsB: await loadInstance('knows-b', protection, { current: KEY_A, previous: [KEY_B] }),
    /** Rotation step 2: B current, A previous. */
    rotated: await loadInstance('rotated', protection, { current: KEY_B, previous: [KEY_A] }),
    /** Rotation step 3: A removed. */
    onlyB: await loadInstance('only-b', protection, { current: KEY_B }),
    /** Another deployment altogether. */
    foreign: await loadInstance('foreign', protection, { current: KEY_OTHER }),
    /** The next release, with a new envelope version, still reading the previous one. */
    version2: await loadInstance('version-2', protection, { current: KEY_A }, atVersion2(true)),
    /** The release after, once the previous version's retry window is over. */
    version2Only: await loadInstance('version-2-only', protection, { current: KEY_A }, atVersion2(false)),
  };
}

const fleets = { sealed: await loadFleet('sealed'), signed: await loadFleet('signed') };
// Read from a loaded copy: importing ./servers/migrated-deploy.js here would load the checked-in
// module beside it without a key.
const { ISSUED_LOGIN } = fleets.sealed.first.server;

/** One instance behind its own createMcpHandler, recording what ran and what onerror heard. */
function serve(instance: Instance) {
  const record = instance.server.createRecorder();
  const errors: string[] = [];
  const mcp = createMcpHandler(
    () => {
      const server = instance.server.buildServer(record);
      server.server.onerror = (error) => errors.push(error.message);
      return server;
    },
    { onerror: (error) => errors.push(error.message) },
  );
  return { handler: mcp as FetchHandler, record, errors };
}

const deploy = toolCall('deploy', { service: 'api', env: 'prod' });
const confirmed = { confirm: { action: 'accept', content: { name: 'api' } } };

function expectRefused(response: WireResponse) {
  expect(response.status).toBe(200);
  expect(errorOf(response)).toMatchObject({ code: -32602, message: 'Invalid or expired requestState', data: { reason: 'invalid_request_state' } });
}

/** The reason verify gave (onerror only; the wire always says "Invalid or expired requestState"). */
function reasonOf(errors: string[]): string | undefined {
  const line = errors.find((message) => message.startsWith('requestState verification rejected'));
  return line?.replace(/^requestState verification rejected [^:]+: /, '');
}

/** Refused by the verify hook, for `reason`, before the handler ran. */
async function expectRefusedBeforeHandler(instance: Instance, state: string, reason: string) {
  const target = serve(instance);
  expectRefused(await retry(target.handler, deploy, { requestState: state, inputResponses: confirmed }));
  expect(target.record.entered).toEqual([]);
  expect(reasonOf(target.errors)).toBe(reason);
}

async function firstLegOn(instance: Instance) {
  const origin = serve(instance);
  const state = requestStateOf(await send(origin.handler, deploy));
  expect(origin.record.effects).toEqual(['plan:api@prod']);
  return state;
}

/** A signed token with its body edited and the original MAC kept. */
function editSigned(token: string, edit: (body: ReturnType<typeof readSigned>) => void): string {
  const body = readSigned(token);
  edit(body);
  return `v1.${Buffer.from(JSON.stringify(body), 'utf8').toString('base64url')}${token.slice(token.lastIndexOf('.'))}`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes spelled differently: the last character's lowest (unused) bit flipped. */
function respellLastChar(segment: string): string {
  const last = BASE64URL.indexOf(segment[segment.length - 1] ?? '');
  return segment.slice(0, -1) + BASE64URL[last ^ 1];
}

describe('the documented limits', () => {
  it('are the constants at the top of the generated module', () => {
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_PAYLOAD_BYTES = 32 * 1024;');
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_STATE_LENGTH = Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3) + 128;');
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_ROUNDS = 8;');
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_STATE_DEPTH = 64;');
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_INLINE_STATE_BYTES = 24 * 1024;');
    expect(STATE_MODULE_TEMPLATE).toContain('const MAX_STORED_STATE_BYTES = 16 * 1024 * 1024;');
    expect(MAX_STATE_LENGTH).toBe(43_819);
  });
});

describe.each(PROTECTIONS)('%s', (protection) => {
  const fleet = fleets[protection];

  describe('two instances behind a load balancer, sharing the key', () => {
    it('the first leg on one instance, the retry on the other: completes, and the plan ran once', async () => {
      const a = serve(fleet.first);
      const b = serve(fleet.second);
      const first = await send(a.handler, deploy);
      expect(resultOf(first)['resultType']).toBe('input_required');
      const done = await retry(b.handler, deploy, { requestState: requestStateOf(first), inputResponses: confirmed });
      expect(textOf(done)).toBe('Deployed 1.4.2');
      expect(a.record.effects).toEqual(['plan:api@prod']);
      expect(b.record.effects).toEqual(['deploy:api@prod@1.4.2']);
      expect(b.record.entered).toEqual(['deploy']);
    });

    it('rounds alternate between instances: each one continues the other’s state', async () => {
      const a = serve(fleet.first);
      const b = serve(fleet.second);
      let state = requestStateOf(await send(a.handler, deploy));
      state = requestStateOf(await retry(b.handler, deploy, { requestState: state, inputResponses: {} }));
      state = requestStateOf(await retry(a.handler, deploy, { requestState: state, inputResponses: {} }));
      expect(openState(state, KEY_A).payload.r).toBe(3);
      expect(textOf(await retry(b.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expect([...a.record.effects, ...b.record.effects]).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    });

    it('an instance of another deployment (other key) refuses the state: -32602, unknown key', async () => {
      await expectRefusedBeforeHandler(fleet.foreign, await firstLegOn(fleet.first), 'unknown_key');
    });
  });

  describe('key rotation', () => {
    it('minted with A, resumed after the rotation to B (A previous): completes; the next state is minted with B', async () => {
      const state = await firstLegOn(fleet.first);
      expect(openState(state, KEY_A).keyId).toBe(keyIdOf(KEY_A));
      const rotated = serve(fleet.rotated);
      expect(textOf(await retry(rotated.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expect(rotated.record.effects).toEqual(['deploy:api@prod@1.4.2']);
      // Asked again instead, the rotated instance continues an A flow with a B state.
      const again = requestStateOf(await retry(rotated.handler, deploy, { requestState: await firstLegOn(fleet.first), inputResponses: {} }));
      expect(openState(again, KEY_B).keyId).toBe(keyIdOf(KEY_B));
      expect(textOf(await retry(rotated.handler, deploy, { requestState: again, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
    });

    it('during a rolling rotation, an instance that only knows B as previous resumes a state minted with B', async () => {
      const state = await firstLegOn(fleet.rotated);
      const stillOnA = serve(fleet.knowsB);
      expect(textOf(await retry(stillOnA.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
    });

    it('A removed: a state minted with A is refused with -32602 before the handler runs; B states still resume', async () => {
      await expectRefusedBeforeHandler(fleet.onlyB, await firstLegOn(fleet.first), 'unknown_key');
      const withB = await firstLegOn(fleet.rotated);
      const onlyB = serve(fleet.onlyB);
      expect(textOf(await retry(onlyB.handler, deploy, { requestState: withB, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
    });
  });

  describe('single use across instances: the replay store', () => {
    let loaded = 0;
    /** A fresh instance (its own module, so its own replay store), optionally with the module text edited. */
    const freshInstance = (label: string, edit?: (text: string) => string) =>
      loadInstance(`${label}-${++loaded}`, protection, { current: KEY_A }, edit);

    /** A store all instances share, with the semantics of Redis SET id 1 NX PXAT expiresAtMs; it records every call. */
    function sharedStore() {
      const held = new Map<string, number>();
      const calls: Array<{ id: string; expiresAtMs: number }> = [];
      return {
        calls,
        async consume(id: string, expiresAtMs: number): Promise<boolean> {
          calls.push({ id, expiresAtMs });
          const until = held.get(id);
          if (until !== undefined && until > Date.now()) return false;
          held.set(id, expiresAtMs);
          return true;
        },
      };
    }

    it('the default store is per instance: a replay on the same instance is refused, on another one it is not (so plug a shared store)', async () => {
      const a = serve(fleet.first);
      const b = serve(fleet.second);
      const state = requestStateOf(await send(a.handler, deploy));
      expect(textOf(await retry(b.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expectRefused(await retry(b.handler, deploy, { requestState: state, inputResponses: confirmed }));
      expect(reasonOf(b.errors)).toBe('replayed');
      // What the header's "Single use across instances" warns about: instance a never saw it used.
      expect(textOf(await retry(a.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
    });

    it('with a shared store plugged in on every instance: a replay on any instance is refused before the handler', async () => {
      const store = sharedStore();
      const one = await freshInstance('shared');
      const two = await freshInstance('shared');
      one.state.useReplayStore(store);
      two.state.useReplayStore(store);
      const a = serve(one);
      const b = serve(two);
      const state = requestStateOf(await send(a.handler, deploy));
      expect(textOf(await retry(b.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expectRefused(await retry(a.handler, deploy, { requestState: state, inputResponses: confirmed }));
      expect(reasonOf(a.errors)).toBe('replayed');
      expect(a.record.entered).toEqual(['deploy']);
      expect([...a.record.effects, ...b.record.effects]).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
      // The token's id, kept until its expiry's second is over plus the clock skew allowance (60 s).
      const { id, exp } = openState(state, KEY_A);
      expect(store.calls).toEqual([
        { id, expiresAtMs: (exp + 1 + 60) * 1000 },
        { id, expiresAtMs: (exp + 1 + 60) * 1000 },
      ]);
    });

    it('the SDK verifies once per request: one consume per retry on the 2026 wire, one per in-process round through the legacy shim', async () => {
      const store = sharedStore();
      const instance = await freshInstance('counted');
      instance.state.useReplayStore(store);
      const wire = serve(instance);
      const first = requestStateOf(await send(wire.handler, deploy));
      const again = requestStateOf(await retry(wire.handler, deploy, { requestState: first, inputResponses: {} }));
      expect(textOf(await retry(wire.handler, deploy, { requestState: again, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expect(store.calls.map((call) => call.id)).toEqual([openState(first, KEY_A).id, openState(again, KEY_A).id]);
      expect(wire.errors).toEqual([]);

      const { Client } = await import('@modelcontextprotocol/client');
      const { InMemoryTransport } = await import('@modelcontextprotocol/server');
      const record = instance.server.createRecorder();
      const server = instance.server.buildServer(record);
      const client = new Client({ name: 'legacy-client', version: '0.0.0' }, { capabilities: { elicitation: {} } });
      const answers = [{ name: 7 }, { name: 'api' }];
      client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: answers.shift() ?? {} }));
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
      try {
        store.calls.length = 0;
        const result = await client.callTool({ name: 'deploy', arguments: { service: 'api', env: 'prod' } });
        expect(result).toMatchObject({ content: [{ type: 'text', text: 'Deployed 1.4.2' }] });
        expect(record.entered).toHaveLength(3);
        // Two rounds, two fresh states, each verified once.
        expect(store.calls).toHaveLength(2);
        expect(new Set(store.calls.map((call) => call.id)).size).toBe(2);
      } finally {
        await client.close();
        await server.close();
      }
    });

    it.each([
      ['throws', () => { throw new Error('redis down'); }, 'replay_store: redis down'],
      ['rejects', () => Promise.reject(new Error('timeout')), 'replay_store: timeout'],
      ['answers false', () => false, 'replayed'],
      ['answers "OK" instead of true', () => 'OK', 'replayed'],
      ['answers nothing', () => undefined, 'replayed'],
    ])('a store that %s refuses the state (fails closed) before the handler', async (_label, consume, reason) => {
      const instance = await freshInstance('failing');
      instance.state.useReplayStore({ consume: consume as () => boolean });
      const target = serve(instance);
      const state = requestStateOf(await send(target.handler, deploy));
      expectRefused(await retry(target.handler, deploy, { requestState: state, inputResponses: confirmed }));
      expect(target.record.entered).toEqual(['deploy']);
      expect(reasonOf(target.errors)).toBe(reason);
    });

    it('useReplayStore refuses what is not a store', () => {
      const { useReplayStore } = fleet.first.state;
      for (const bad of [undefined, null, {}, { consume: 'yes' }]) {
        expect(() => useReplayStore(bad as never)).toThrow('useReplayStore() takes an object with a consume(id, expiresAtMs) method');
      }
    });

    describe('the in-memory store when full (REPLAY_STORE_MAX_ENTRIES, here 2)', () => {
      const withTwoEntries = (text: string) => {
        const edited = text.replace('const REPLAY_STORE_MAX_ENTRIES = 100_000;', 'const REPLAY_STORE_MAX_ENTRIES = 2;');
        if (edited === text) throw new Error('the replay store bound moved');
        return edited;
      };
      const t0 = new Date('2026-08-01T10:00:00Z').getTime();
      const at = (seconds: number) => vi.setSystemTime(t0 + seconds * 1000);

      it('refuses every further state instead of forgetting an unexpired id, warns once a minute, and recovers as ids expire', async () => {
        const instance = await freshInstance('full', withTwoEntries);
        const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          const target = serve(instance);
          at(0);
          for (let i = 0; i < 2; i++) {
            const state = requestStateOf(await send(target.handler, deploy));
            expect(textOf(await retry(target.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
          }
          // The two used tokens expire at 600 s; their ids are kept until 661 s (end of that second + 60 s skew).
          at(600);
          const waiting = requestStateOf(await send(target.handler, deploy));
          const entered = target.record.entered.length;
          expectRefused(await retry(target.handler, deploy, { requestState: waiting, inputResponses: confirmed }));
          expect(reasonOf(target.errors)).toBe('replay_store: full');
          at(630);
          expectRefused(await retry(target.handler, deploy, { requestState: waiting, inputResponses: confirmed }));
          expect(target.record.entered).toHaveLength(entered);
          const warned = warnings.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('replay store'));
          expect(warned).toHaveLength(1);
          expect(warned[0]).toContain('the in-memory replay store holds 2 unexpired requestState ids (REPLAY_STORE_MAX_ENTRIES)');
          expect(warned[0]).toContain('useReplayStore()');
          // Once the used ids have expired, the refused state (it was not used up) goes through.
          at(661);
          expect(textOf(await retry(target.handler, deploy, { requestState: waiting, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
        } finally {
          vi.useRealTimers();
          warnings.mockRestore();
        }
      });

      it('finds an expired id behind a younger one (ids are held in the order used, not the order they expire)', async () => {
        const instance = await freshInstance('full-order', withTwoEntries);
        const warnings = vi.spyOn(console, 'error').mockImplementation(() => {});
        vi.useFakeTimers({ toFake: ['Date'] });
        try {
          const target = serve(instance);
          at(0);
          const older = requestStateOf(await send(target.handler, deploy)); // expires at 600 s, kept until 661 s
          at(300);
          const younger = requestStateOf(await send(target.handler, deploy)); // expires at 900 s, kept until 961 s
          expect(textOf(await retry(target.handler, deploy, { requestState: younger, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
          at(310);
          expect(textOf(await retry(target.handler, deploy, { requestState: older, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
          at(700);
          const next = requestStateOf(await send(target.handler, deploy));
          expect(textOf(await retry(target.handler, deploy, { requestState: next, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
          // And the younger id is still held.
          expectRefused(await retry(target.handler, deploy, { requestState: younger, inputResponses: confirmed }));
          expect(reasonOf(target.errors)).toBe('replayed');
          expect(warnings).not.toHaveBeenCalled();
        } finally {
          vi.useRealTimers();
          warnings.mockRestore();
        }
      });
    });
  });

  describe('tampering with each envelope field: -32602, the handler never runs', () => {
    if (protection === 'sealed') {
      const field = (state: string, edit: (parts: ReturnType<typeof sealedParts>) => void) => {
        const parts = sealedParts(state);
        edit(parts);
        return `s${parts.version}.${parts.keyId}.${parts.nonce}.${parts.ciphertext}.${parts.tag}`;
      };
      it.each([
        ['ciphertext', (s: string) => field(s, (p) => (p.ciphertext = flipChar(p.ciphertext, 5))), 'unauthentic'],
        // Three bytes fewer, canonically encoded (cutting characters could leave a non-canonical last one: 'malformed').
        ['ciphertext, truncated', (s: string) => field(s, (p) => (p.ciphertext = Buffer.from(p.ciphertext, 'base64url').subarray(0, -3).toString('base64url'))), 'unauthentic'],
        ['nonce', (s: string) => field(s, (p) => (p.nonce = flipChar(p.nonce, 3))), 'unauthentic'],
        ['tag', (s: string) => field(s, (p) => (p.tag = flipChar(p.tag, 0))), 'unauthentic'],
        ['tag, respelled (same bytes, other text)', (s: string) => field(s, (p) => (p.tag = respellLastChar(p.tag))), 'malformed'],
        ['key id: another key the instance knows', (s: string) => field(s, (p) => (p.keyId = keyIdOf(KEY_B))), 'unauthentic'],
        ['key id: unknown', (s: string) => field(s, (p) => (p.keyId = 'AAAAAAAA')), 'unknown_key'],
        ['version: not accepted', (s: string) => field(s, (p) => (p.version = '2')), 'unsupported_version'],
        ['version: written as 01', (s: string) => field(s, (p) => (p.version = '01')), 'malformed'],
      ])('%s', async (_label, tamper, reason) => {
        const state = await firstLegOn(fleet.knowsB);
        await expectRefusedBeforeHandler(fleet.knowsB, tamper(state), reason);
      });

      it('version: relabelled as another accepted version (the version is authenticated)', async () => {
        const state = await firstLegOn(fleet.first);
        await expectRefusedBeforeHandler(fleet.version2, `s2${state.slice(2)}`, 'unauthentic');
      });
    } else {
      it.each([
        ['payload', (s: string) => editSigned(s, (body) => ((body.p['s'] as { plan: { version: string } }).plan.version = '9.9.9')), 'mac'],
        ['MAC', (s: string) => flipChar(s, s.length - 10), 'mac'],
        ['MAC, respelled (same bytes, other text)', (s: string) => respellLastChar(s), 'malformed'],
        ['key id: another key the instance knows', (s: string) => editSigned(s, (body) => (body.p['k'] = keyIdOf(KEY_B))), 'mac'],
        ['key id: unknown', (s: string) => editSigned(s, (body) => (body.p['k'] = 'AAAAAAAA')), 'unknown_key'],
        ['version: not accepted', (s: string) => editSigned(s, (body) => (body.p['v'] = 2)), 'unsupported_version'],
        ['version: the codec prefix', (s: string) => `v2${s.slice(2)}`, 'malformed'],
        ['expiry', (s: string) => editSigned(s, (body) => (body.exp += 3600)), 'mac'],
      ])('%s', async (_label, tamper, reason) => {
        const state = await firstLegOn(fleet.knowsB);
        await expectRefusedBeforeHandler(fleet.knowsB, tamper(state), reason);
      });

      it('version: relabelled as another accepted version (the version is signed)', async () => {
        const state = await firstLegOn(fleet.first);
        await expectRefusedBeforeHandler(fleet.version2, editSigned(state, (body) => (body.p['v'] = 2)), 'mac');
      });
    }
  });

  describe('what a client can see', () => {
    const database = 'analytics-warehouse-eu1';
    const grant = toolCall('grant-access', { database });
    const carried = [ISSUED_LOGIN.user, ISSUED_LOGIN.password, database];

    async function grantState() {
      const origin = serve(fleet.first);
      const state = requestStateOf(await send(origin.handler, grant));
      // It does carry them: the instance that resumes gets them back.
      expect(openState(state, KEY_A).payload.s).toEqual({ step: 'approve', login: { ...ISSUED_LOGIN, database } });
      return state;
    }

    /** The token as text, and every base64 decoding of it: whole and per segment, as Latin-1 and UTF-8. */
    function views(token: string): string[] {
      const decodings = [token, ...token.split('.')].flatMap((part) => {
        const bytes = Buffer.from(part, 'base64url');
        return [bytes.toString('latin1'), bytes.toString('utf8')];
      });
      return [token, ...decodings];
    }

    if (protection === 'sealed') {
      it('the sealed token reveals none of the carried values, nor their names', async () => {
        const state = await grantState();
        for (const view of views(state)) {
          for (const value of [...carried, 'password', 'svc_reporting', '"step"', 'approve']) expect(view).not.toContain(value);
        }
        // What it does show: the format version, the key id, a nonce, and the payload's length.
        const parts = sealedParts(state);
        expect(parts.version).toBe('1');
        expect(parts.keyId).toBe(keyIdOf(KEY_A));
        expect(Buffer.from(parts.nonce, 'base64url')).toHaveLength(12);
        expect(Buffer.from(parts.tag, 'base64url')).toHaveLength(16);
        const { exp, payload } = openState(state, KEY_A);
        expect(Buffer.from(parts.ciphertext, 'base64url').length).toBe(Buffer.byteLength(JSON.stringify({ exp, ...payload })));
      });

      it('two mints of the same state differ (a fresh nonce each time)', async () => {
        const [one, two] = [await grantState(), await grantState()];
        expect(sealedParts(one).nonce).not.toBe(sealedParts(two).nonce);
        expect(sealedParts(one).ciphertext).not.toBe(sealedParts(two).ciphertext);
      });
    } else {
      it('the signed token shows every carried value to anyone who base64-decodes it', async () => {
        const state = await grantState();
        const { p, exp } = readSigned(state);
        expect(p).toMatchObject({ v: 1, k: keyIdOf(KEY_A), r: 1, s: { step: 'approve', login: { ...ISSUED_LOGIN, database } } });
        expect(typeof exp).toBe('number');
        for (const value of carried) expect(views(state).some((view) => view.includes(value))).toBe(true);
      });
    }

    it('the resumed flow hands the login over on the other instance', async () => {
      const state = await grantState();
      const other = serve(fleet.second);
      const done = await retry(other.handler, grant, { requestState: state, inputResponses: { approve: { action: 'accept', content: { approve: true } } } });
      expect(textOf(done)).toBe(`Granted ${ISSUED_LOGIN.user} on ${database}`);
      expect(other.record.effects).toEqual([`grant:${ISSUED_LOGIN.user}@${database}`]);
    });
  });

  describe('bounds', () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } } as unknown as ServerContext;

    /** The state with filler inserted where the format allows any length (ciphertext, signed body). */
    function padded(state: string, length: number): string {
      const at = protection === 'sealed' ? state.lastIndexOf('.') : state.indexOf('.') + 1 + 40;
      return state.slice(0, at) + 'A'.repeat(length - state.length) + state.slice(at);
    }

    it.each([
      ['one character over MAX_STATE_LENGTH', MAX_STATE_LENGTH + 1],
      ['4 MB (just under the SDK’s request body limit)', 4_000_000],
    ])('a token %s: refused for its length before anything else, -32602', async (_label, length) => {
      const token = padded(await firstLegOn(fleet.first), length);
      expect(token).toHaveLength(length);
      await expectRefusedBeforeHandler(fleet.first, token, 'too_large');
    });

    if (protection === 'sealed') {
      it('a ciphertext longer than MAX_PAYLOAD_BYTES inside the length limit: refused before decryption', async () => {
        const state = await firstLegOn(fleet.first);
        const parts = sealedParts(state);
        const token = `s1.${parts.keyId}.${parts.nonce}.${'A'.repeat(43_700)}.${parts.tag}`;
        expect(token.length).toBeLessThanOrEqual(MAX_STATE_LENGTH);
        await expectRefusedBeforeHandler(fleet.first, token, 'too_large');
      });
    }

    it('a state under MAX_INLINE_STATE_BYTES travels in the token and round-trips on another instance', async () => {
      const { mrtrState } = fleet.first.state;
      const inline = { step: 'a', blob: 'x'.repeat(MAX_INLINE_STATE_BYTES - 200) };
      const token = await mrtrState.mint(ctx, 'deploy', {}, inline);
      expect(token.length).toBeGreaterThan(MAX_INLINE_STATE_BYTES);
      expect(token.length).toBeLessThanOrEqual(MAX_STATE_LENGTH);
      await expect(fleet.second.state.mrtrState.verify(token, ctx)).resolves.toMatchObject({ r: 1, s: inline });
    });

    describe('large states (issue 15: a 40 KB diff carried across a question failed at mint)', () => {
      const big = { step: 'a', diff: 'x'.repeat(40 * 1024), lines: 1200 };
      // 'xxx' in base64url: the state's text, wherever it would show.
      const visible = 'eHh4eHh4eHh4';
      const mapStore = () => {
        const entries = new Map<string, string>();
        return { entries, store: { put: (id: string, stored: string) => void entries.set(id, stored), get: (id: string) => entries.get(id), delete: (id: string) => void entries.delete(id) } };
      };
      afterEach(() => {
        // Back to a private store per instance, as after loading.
        fleet.first.state.useLargeStateStore(mapStore().store);
        fleet.second.state.useLargeStateStore(mapStore().store);
      });

      it('stay on the server: the token carries the id only, the same instance resumes them once', async () => {
        const { mrtrState } = fleet.first.state;
        const token = await mrtrState.mint(ctx, 'deploy', {}, big);
        expect(token.length).toBeLessThan(400);
        expect(token).not.toContain(visible);
        await expect(mrtrState.verify(token, ctx)).resolves.toMatchObject({ r: 1, s: big });
        await expect(mrtrState.verify(token, ctx)).rejects.toThrow(/^replayed$/);
      });

      it('another instance refuses them (large_state_missing) unless both share a store; a used one is forgotten', async () => {
        await expect(fleet.second.state.mrtrState.verify(await fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, big), ctx)).rejects.toThrow(/^large_state_missing$/);
        const { entries, store } = mapStore();
        fleet.first.state.useLargeStateStore(store);
        fleet.second.state.useLargeStateStore(store);
        const token = await fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, big);
        expect(entries.size).toBe(1);
        // Sealed: the store never sees the state either. Signed: it is signed, not encrypted.
        expect([...entries.values()][0]!.includes(visible)).toBe(protection === 'signed');
        await expect(fleet.second.state.mrtrState.verify(token, ctx)).resolves.toMatchObject({ r: 1, s: big });
        expect(entries.size).toBe(0);
      });

      it('a stored state moved under another id, or changed, does not open (unauthentic)', async () => {
        const { entries, store } = mapStore();
        fleet.first.state.useLargeStateStore(store);
        const first = await fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, big);
        const second = await fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, { ...big, lines: 7 });
        const [a, b] = [...entries.keys()];
        const [storedA, storedB] = [entries.get(a!)!, entries.get(b!)!];
        entries.set(a!, storedB);
        entries.set(b!, storedA);
        await expect(fleet.first.state.mrtrState.verify(first, ctx)).rejects.toThrow(/^unauthentic$/);
        entries.set(b!, storedA.slice(0, -2) + (storedA.endsWith('AA') ? 'BA' : 'AA'));
        await expect(fleet.first.state.mrtrState.verify(second, ctx)).rejects.toThrow(/^unauthentic$/);
      });

      it('bound to the method and principal like the token: another method does not open it', async () => {
        const token = await fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, big);
        const promptCtx = { mcpReq: { method: 'prompts/get', requestState: () => undefined } } as unknown as ServerContext;
        await expect(fleet.first.state.mrtrState.verify(token, promptCtx)).rejects.toThrow();
      });

      it('mint refuses a state over MAX_STORED_STATE_BYTES', async () => {
        await expect(fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, { step: 'a', blob: 'x'.repeat(16 * 1024 * 1024) })).rejects.toThrow(
          /^mrtr-state: the step state would be \d+ bytes, more than MAX_STORED_STATE_BYTES \(16777216\)/,
        );
      });
    });

    it('a state nested deeper than MAX_STATE_DEPTH is refused at mint', async () => {
      let deep: unknown = 'leaf';
      for (let i = 0; i < 70; i++) deep = [deep];
      await expect(fleet.first.state.mrtrState.mint(ctx, 'deploy', {}, { step: 'a', deep })).rejects.toThrow('is nested too deeply');
    });
  });

  describe('envelope versions: a format change during a rolling deploy', () => {
    it('a state minted by version 1 is resumed by the code at version 2', async () => {
      const state = await firstLegOn(fleet.first);
      expect(openState(state, KEY_A).version).toBe(1);
      const next = serve(fleet.version2);
      expect(textOf(await retry(next.handler, deploy, { requestState: state, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
      expect(next.record.effects).toEqual(['deploy:api@prod@1.4.2']);
    });

    it('version 2 continues a version-1 flow with version-2 states', async () => {
      const next = serve(fleet.version2);
      const again = requestStateOf(await retry(next.handler, deploy, { requestState: await firstLegOn(fleet.first), inputResponses: {} }));
      expect(openState(again, KEY_A)).toMatchObject({ version: 2, payload: { r: 2 } });
      expect(textOf(await retry(next.handler, deploy, { requestState: again, inputResponses: confirmed }))).toBe('Deployed 1.4.2');
    });

    it('an instance still at version 1 refuses a version-2 state (unsupported_version)', async () => {
      await expectRefusedBeforeHandler(fleet.first, await firstLegOn(fleet.version2), 'unsupported_version');
    });

    it('once version 1 is dropped (after one retry window), a version-1 state is refused', async () => {
      await expectRefusedBeforeHandler(fleet.version2Only, await firstLegOn(fleet.first), 'unsupported_version');
    });
  });
});
