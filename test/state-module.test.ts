// The generated requestState module (src/state-module.ts): its text, that it typechecks on its own,
// how it behaves at load time, and — through a server written the way the codemod emits migrated
// handlers (test/servers/migrated-deploy.ts) — what it does on the real 2026-07-28 wire, driven
// in-process through createMcpHandler(...).fetch.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createMcpHandler,
  createRequestStateCodec,
  type AuthInfo,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { Project, ts } from 'ts-morph';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STATE_MODULE_BASENAME, STATE_MODULE_EXPORTS, renderStateModule } from '../src/state-module.js';
import { STATE_MODULE_TEMPLATE_TS } from '../src/state-module-template.js';
import {
  callTool,
  errorOf,
  getPrompt,
  promptCall,
  requestStateOf,
  resultOf,
  retry,
  send,
  textOf,
  toolCall,
  type Call,
  type FetchHandler,
  type RpcOptions,
  type WireResponse,
} from './helpers/wire2026.js';

// The key must be in the environment before the module loads (it is read once, at load time).
const KEY = 'test-only-request-state-key-0123456789abcdef';
process.env['MCP_REQUEST_STATE_KEY'] = KEY;
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const root = fileURLToPath(new URL('..', import.meta.url));
const runDir = path.join(root, 'test', 'tmp', `state-module-${process.pid}`);
const tsDir = path.join(runDir, 'ts');
const jsDir = path.join(runDir, 'js');
mkdirSync(tsDir, { recursive: true });
mkdirSync(jsDir, { recursive: true });
const tsModuleText = renderStateModule({ language: 'ts' });
const jsModuleText = renderStateModule({ language: 'js' });
writeFileSync(path.join(tsDir, `${STATE_MODULE_BASENAME}.ts`), tsModuleText);
writeFileSync(path.join(jsDir, `${STATE_MODULE_BASENAME}.js`), jsModuleText);
const serverSource = path.join(root, 'test', 'servers', 'migrated-deploy.ts');
copyFileSync(serverSource, path.join(tsDir, 'migrated-deploy.ts'));
copyFileSync(serverSource, path.join(jsDir, 'migrated-deploy.ts'));

type ServerModule = typeof import('./servers/migrated-deploy.js');
type StateModule = typeof import('./servers/mrtr-state.js');
const serverModule = (await import(pathToFileURL(path.join(tsDir, 'migrated-deploy.ts')).href)) as ServerModule;
const stateModule = (await import(pathToFileURL(path.join(tsDir, `${STATE_MODULE_BASENAME}.ts`)).href)) as StateModule;
// The same server wired to the JavaScript rendering of the module.
const serverModuleOnJs = (await import(pathToFileURL(path.join(jsDir, 'migrated-deploy.ts')).href)) as ServerModule;

afterAll(() => rmSync(runDir, { recursive: true, force: true }));

function setup(module: ServerModule = serverModule) {
  const record = module.createRecorder();
  const errors: Error[] = [];
  const mcp = createMcpHandler(
    () => {
      const server = module.buildServer(record);
      // The verify hook's reason for a refusal is reported here, never on the wire.
      server.server.onerror = (error) => errors.push(error);
      return server;
    },
    { onerror: (error) => errors.push(error) },
  );
  return { handler: mcp as FetchHandler, record, errors };
}

const INVALID = { code: -32602, message: 'Invalid or expired requestState' };

/** Decodes the signed (not encrypted) wire state: "v1.<base64url body>.<base64url mac>". */
function decodeState(state: string): { p: { v: number; d: string; r: number; s: Record<string, unknown> }; exp: number; b?: string } {
  const body = state.slice(3, state.lastIndexOf('.'));
  return JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
}

/** Replaces one character of s at index i with a different base64url character. */
function flipChar(s: string, i: number): string {
  const replacement = s[i] === 'A' ? 'B' : 'A';
  return s.slice(0, i) + replacement + s.slice(i + 1);
}

function expectInputRequired(response: WireResponse) {
  expect(response.status).toBe(200);
  const result = resultOf(response);
  expect(result['resultType']).toBe('input_required');
  expect(typeof result['requestState']).toBe('string');
  return result as { resultType: 'input_required'; inputRequests: Record<string, unknown>; requestState: string };
}

function expectRefused(response: WireResponse) {
  expect(errorOf(response)).toMatchObject({ ...INVALID, data: { reason: 'invalid_request_state' } });
}

const deploy = toolCall('deploy', { service: 'api', env: 'prod' });
const confirmRequest = {
  method: 'elicitation/create',
  params: {
    mode: 'form', // added by inputRequired.elicit
    message: 'Type api to deploy 1.4.2',
    requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  },
};

async function firstLeg(handler: FetchHandler, call: Call = deploy, options: RpcOptions = {}) {
  const response = await send(handler, call, options);
  return { response, state: requestStateOf(response) };
}

// ---------------------------------------------------------------------------------------------

describe('renderStateModule', () => {
  it('renders the TypeScript template as is, and the checked-in copy next to the test server matches', () => {
    expect(tsModuleText).toBe(STATE_MODULE_TEMPLATE_TS);
    // test/servers/mrtr-state.ts lets the project's own typecheck cover the migrated server.
    // After changing the template: UPDATE_STATE_MODULE_COPY=1 npx vitest run test/state-module.test.ts
    if (process.env['UPDATE_STATE_MODULE_COPY'] === '1') {
      writeFileSync(path.join(root, 'test', 'servers', 'mrtr-state.ts'), tsModuleText);
    }
    expect(readFileSync(path.join(root, 'test', 'servers', 'mrtr-state.ts'), 'utf8')).toBe(tsModuleText);
  });

  it('keeps the template free of backticks and ${ (it is a String.raw literal)', () => {
    expect(STATE_MODULE_TEMPLATE_TS).not.toContain('`');
    expect(STATE_MODULE_TEMPLATE_TS).not.toContain('${');
  });

  it('exports exactly the names migrated code may import (plus nothing else)', () => {
    expect(STATE_MODULE_EXPORTS).toEqual(['mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities']);
    expect(Object.keys(stateModule).sort()).toEqual([...STATE_MODULE_EXPORTS].sort());
    expect(Object.keys(stateModule.mrtrState).sort()).toEqual(['mint', 'resume', 'verify']);
  });

  it('renders JavaScript without types, comments and layout kept', () => {
    expect(jsModuleText).not.toMatch(/\bimport type\b|: ServerContext|<StatePayload>|\btype StatePayload\b/);
    expect(jsModuleText).toContain('export const mrtrState = {');
    expect(jsModuleText).toContain('export function elicitAnswer(ctx, key, request) {');
    expect(jsModuleText).toContain('MCP_REQUEST_STATE_KEY          HMAC key');
    expect(jsModuleText).toContain("  if (view.kind !== 'elicit') return undefined;");
    expect(jsModuleText).not.toMatch(/^\t/m);
    expect(jsModuleText).not.toMatch(/\n\n\n/);
    const check = spawnSync(process.execPath, ['--check', path.join(jsDir, `${STATE_MODULE_BASENAME}.js`)], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it('typechecks on its own against the installed SDK types, under strict and stricter settings', () => {
    const strict: ts.CompilerOptions = {
      strict: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      skipLibCheck: true,
      noEmit: true,
      types: ['node'],
    };
    const variants: Record<string, ts.CompilerOptions> = {
      strict,
      strictest: {
        ...strict,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        noPropertyAccessFromIndexSignature: true,
        noImplicitReturns: true,
        noUnusedLocals: true,
        noUnusedParameters: true,
        noFallthroughCasesInSwitch: true,
        verbatimModuleSyntax: true,
        isolatedModules: true,
      },
      // A package without @types/node (for example one built for workers): DOM lib only.
      'no node types': { ...strict, types: [], lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'] },
    };
    for (const [name, compilerOptions] of Object.entries(variants)) {
      const project = new Project({ compilerOptions, skipAddingFilesFromTsConfig: true });
      const file = project.createSourceFile(path.join(runDir, 'typecheck', name.replace(/ /g, '-'), 'mrtr-state.ts'), tsModuleText);
      const diagnostics = file.getPreEmitDiagnostics();
      expect({ name, errors: project.formatDiagnosticsWithColorAndContext(diagnostics) }).toEqual({ name, errors: '' });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('loading the module', () => {
  const jsModuleUrl = pathToFileURL(path.join(jsDir, `${STATE_MODULE_BASENAME}.js`)).href;

  function load(env: Record<string, string>, script = '') {
    const code = `const m = await import(${JSON.stringify(jsModuleUrl)});\n${script}`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', ...env },
    });
  }

  it('refuses to load in production without MCP_REQUEST_STATE_KEY', () => {
    const child = load({ NODE_ENV: 'production' });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('MCP_REQUEST_STATE_KEY is not set. In production the requestState signing key must come from the environment');
  });

  it('loads in production with the key, silently', () => {
    const child = load({ NODE_ENV: 'production', MCP_REQUEST_STATE_KEY: KEY }, 'console.log(Object.keys(m).sort().join())');
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('clientCapabilities,elicitAnswer,mrtrState,rootsAnswer,samplingAnswer');
  });

  it('falls back to a per-process key outside production, with exactly one loud warning', () => {
    const child = load({ NODE_ENV: 'development' }, `
      const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } };
      await m.mrtrState.mint(ctx, 'deploy', {}, { step: 'a' });
      await m.mrtrState.mint(ctx, 'deploy', {}, { step: 'b' });
      console.log('minted');`);
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe('minted');
    const warnings = child.stderr.split('\n').filter((line) => line.includes('[mrtr-state] WARNING'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('will not survive a restart');
    expect(warnings[0]).toContain("multiple server instances (replicas, serverless invocations) will reject each other's state");
  });

  it('refuses a key shorter than 32 characters', () => {
    const child = load({ MCP_REQUEST_STATE_KEY: 'x'.repeat(31) });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('MCP_REQUEST_STATE_KEY must be at least 32 characters long (it has 31)');
  });

  it('takes the expiry from MCP_REQUEST_STATE_TTL_SECONDS (default 600) and refuses a bad value', () => {
    const mintAndMeasure = `
      const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } };
      const state = await m.mrtrState.mint(ctx, 'deploy', {}, { step: 'a' });
      const body = JSON.parse(Buffer.from(state.slice(3, state.lastIndexOf('.')), 'base64url').toString());
      console.log(body.exp - Math.floor(Date.now() / 1000));`;
    expect(load({ MCP_REQUEST_STATE_KEY: KEY }, mintAndMeasure).stdout.trim()).toBe('600');
    expect(load({ MCP_REQUEST_STATE_KEY: KEY, MCP_REQUEST_STATE_TTL_SECONDS: '90' }, mintAndMeasure).stdout.trim()).toBe('90');
    const bad = load({ MCP_REQUEST_STATE_KEY: KEY, MCP_REQUEST_STATE_TTL_SECONDS: 'ten' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('MCP_REQUEST_STATE_TTL_SECONDS must be a positive whole number of seconds');
  });
});

// ---------------------------------------------------------------------------------------------

describe('a migrated tool on the 2026-07-28 wire (deploy: plan, confirm, run)', () => {
  it('first leg: input_required with the confirm elicitation and a signed state', async () => {
    const { handler, record } = setup();
    const response = await callTool(handler, 'deploy', { service: 'api', env: 'prod' });
    const result = expectInputRequired(response);
    expect(result.inputRequests).toEqual({ confirm: confirmRequest });
    expect(result.requestState.startsWith('v1.')).toBe(true);
    const decoded = decodeState(result.requestState);
    expect(decoded.p).toMatchObject({ v: 1, r: 1, s: { step: 'confirm', plan: { service: 'api', env: 'prod', version: '1.4.2' } } });
    expect(decoded.p.d).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(record.entered).toEqual(['deploy']);
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('retry with accept: completes, and the plan ran exactly once across both legs', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const done = await retry(handler, deploy, { requestState: state, inputResponses: { confirm: { action: 'accept', content: { name: 'api' } } } });
    expect(done.status).toBe(200);
    expect(resultOf(done)).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Deployed 1.4.2' }] });
    expect(resultOf(done)['isError']).toBeUndefined();
    expect(record.entered).toEqual(['deploy', 'deploy']);
    expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
  });

  it.each(['decline', 'cancel'] as const)('retry with %s: cancelled, nothing deployed', async (action) => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const done = await retry(handler, deploy, { requestState: state, inputResponses: { confirm: { action } } });
    expect(textOf(done)).toBe('Deploy cancelled');
    expect(resultOf(done)['resultType']).toBe('complete');
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('accepted with the wrong name: cancelled, as before the migration', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const done = await retry(handler, deploy, { requestState: state, inputResponses: { confirm: { action: 'accept', content: { name: 'web' } } } });
    expect(textOf(done)).toBe('Deploy cancelled');
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('retry without the answer: asks again with the same input request and a next-round state', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const again = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: { unrelated: { action: 'accept' } } }));
    expect(again.inputRequests).toEqual({ confirm: confirmRequest });
    expect(again.requestState).not.toBe(state);
    expect(decodeState(again.requestState).p.r).toBe(2);
    expect(decodeState(again.requestState).p.s).toEqual(decodeState(state).p.s);
    expect(record.effects).toEqual(['plan:api@prod']);
    // The re-asked round still completes.
    const done = await retry(handler, deploy, { requestState: again.requestState, inputResponses: { confirm: { action: 'accept', content: { name: 'api' } } } });
    expect(textOf(done)).toBe('Deployed 1.4.2');
    expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
  });

  it.each([
    ['a number where a string is required', { name: 42 }],
    ['the required property missing', { other: 'api' }],
  ])('accepted content failing the schema (%s): asks again, runs nothing', async (_label, content) => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const again = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: { confirm: { action: 'accept', content } } }));
    expect(again.inputRequests).toEqual({ confirm: confirmRequest });
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('a first call that already carries the answer (no requestState) completes in one leg', async () => {
    const { handler, record } = setup();
    const done = await retry(handler, deploy, { inputResponses: { confirm: { action: 'accept', content: { name: 'api' } } } });
    expect(textOf(done)).toBe('Deployed 1.4.2');
    expect(record.entered).toEqual(['deploy']);
    expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
  });

  it('serves the same flow through the JavaScript rendering of the module', async () => {
    const { handler, record } = setup(serverModuleOnJs);
    const { state } = await firstLeg(handler);
    const done = await retry(handler, deploy, { requestState: state, inputResponses: { confirm: { action: 'accept', content: { name: 'api' } } } });
    expect(textOf(done)).toBe('Deployed 1.4.2');
    expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    const tampered = await retry(handler, deploy, { requestState: flipChar(state, 10), inputResponses: {} });
    expectRefused(tampered);
  });
});

// ---------------------------------------------------------------------------------------------

describe('refusing bad requestState on the wire', () => {
  const accept = { confirm: { action: 'accept', content: { name: 'api' } } };

  it.each([
    ['a byte flipped in the payload', (s: string) => flipChar(s, 8)],
    ['a byte flipped in the MAC', (s: string) => flipChar(s, s.length - 5)],
    ['the version prefix changed', (s: string) => `v2${s.slice(2)}`],
    ['the MAC cut off', (s: string) => s.slice(0, s.lastIndexOf('.'))],
    ['a made-up string', () => 'not-a-state'],
    ['the empty string', () => ''],
  ])('tampered (%s): -32602 and the handler never runs', async (_label, tamper) => {
    const { handler, record, errors } = setup();
    const { state } = await firstLeg(handler);
    const response = await retry(handler, deploy, { requestState: tamper(state), inputResponses: accept });
    expect(response.status).toBe(200);
    expectRefused(response);
    expect(record.entered).toEqual(['deploy']);
    expect(record.effects).toEqual(['plan:api@prod']);
    // The reason goes to onerror only, never to the wire.
    expect(errors.map((e) => e.message).join('\n')).toMatch(/requestState verification rejected tools\/call: (mac|malformed)/);
  });

  it.each([
    ['a number', 42],
    ['an object', { step: 'confirm' }],
    ['an array', ['v1.x.y']],
    ['true', true],
  ])('a non-string requestState (%s): -32602', async (_label, requestState) => {
    const { handler, record } = setup();
    const response = await retry(handler, deploy, { requestState, inputResponses: accept });
    expectRefused(response);
    expect(record.entered).toEqual([]);
  });

  const alice: AuthInfo = { token: 'token-alice', clientId: 'client-1', scopes: [] };
  const bob: AuthInfo = { token: 'token-bob', clientId: 'client-1', scopes: [] };

  it.each([
    ['another token', alice, bob],
    ['no authentication on the retry', alice, undefined],
    ['authentication only on the retry', undefined, alice],
    ['the same subject through another client', { ...alice, extra: { sub: 'u1' } }, { ...alice, clientId: 'client-2', extra: { sub: 'u1' } }],
  ])('state from another principal (%s): -32602', async (_label, first, second) => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler, deploy, first ? { authInfo: first } : {});
    const response = await retry(handler, deploy, { requestState: state, inputResponses: accept }, second ? { authInfo: second } : {});
    expectRefused(response);
    expect(record.entered).toEqual(['deploy']);
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('the same principal keeps its state: same token, or same subject after a token refresh', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler, deploy, { authInfo: alice });
    expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }, { authInfo: alice }))).toBe('Deployed 1.4.2');

    const refreshed = await firstLeg(handler, deploy, { authInfo: { ...alice, extra: { sub: 'user-1' } } });
    const done = await retry(handler, deploy, { requestState: refreshed.state, inputResponses: accept }, {
      authInfo: { ...alice, token: 'token-alice-refreshed', extra: { sub: 'user-1' } },
    });
    expect(textOf(done)).toBe('Deployed 1.4.2');
    expect(record.effects.filter((e) => e.startsWith('deploy:'))).toHaveLength(2);
  });

  it('state reused for the same tool with other arguments: refused inside the handler, as an isError tool result', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const otherArgs = toolCall('deploy', { service: 'api', env: 'staging' });
    const response = await retry(handler, otherArgs, { requestState: state, inputResponses: accept });
    // McpServer turns errors thrown in tool callbacks into tool results; the verify hook (which
    // answers -32602) cannot see the arguments. Nothing after resume() ran.
    expect(response.status).toBe(200);
    expect(response.body.error).toBeUndefined();
    expect(resultOf(response)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Invalid or expired requestState' }] });
    expect(record.entered).toEqual(['deploy', 'deploy']);
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('state replayed on another tool (same method): refused as an isError tool result', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const response = await retry(handler, toolCall('rename', { project: 'api' }), {
      requestState: state,
      inputResponses: { new_name: { action: 'accept', content: { newName: 'service' } } },
    });
    expect(resultOf(response)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Invalid or expired requestState' }] });
    expect(record.entered).toEqual(['deploy', 'rename']);
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('state from tool A replayed on prompt B: -32602 before the prompt runs (method binding)', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler);
    const response = await retry(handler, promptCall('release-notes', { version: '1.4.2' }), {
      requestState: state,
      inputResponses: { audience: { action: 'accept', content: { audience: 'users' } } },
    });
    expectRefused(response);
    expect(record.entered).toEqual(['deploy']);
    expect(record.effects).toEqual(['plan:api@prod']);
  });

  it('expired state (clock moved past the 600 s expiry): -32602', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const start = new Date('2026-08-01T10:00:00Z').getTime();
      vi.setSystemTime(start);
      const { handler, record } = setup();
      const { state } = await firstLeg(handler);
      expect(decodeState(state).exp).toBe(start / 1000 + 600);

      vi.setSystemTime(start + 600_000); // the last valid second
      const young = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: {} }));

      vi.setSystemTime(start + 601_000);
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      // A state minted later lives its own 600 s.
      expect(textOf(await retry(handler, deploy, { requestState: young.requestState, inputResponses: accept }))).toBe('Deployed 1.4.2');
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('past the round bound (8 rounds): the 9th leg is refused, as an isError tool result', async () => {
    const { handler, record } = setup();
    let { state } = await firstLeg(handler);
    for (let round = 2; round <= 8; round++) {
      const again = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: {} }));
      expect(decodeState(again.requestState).p.r).toBe(round);
      state = again.requestState;
    }
    const ninth = await retry(handler, deploy, { requestState: state, inputResponses: {} });
    expect(resultOf(ninth)).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Too many input rounds for deploy (the limit is 8); start the request again' }],
    });
    expect(record.entered).toHaveLength(9);
    expect(record.effects).toEqual(['plan:api@prod']);
    // The last state within the bound still completes when the answer comes.
    expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
  });

  describe('validly signed payloads of the wrong shape (forged with the key): -32602', () => {
    // The payload check in verify is defence in depth behind the MAC: these states carry a valid
    // MAC and binding, so only the shape check can refuse them.
    const forger = createRequestStateCodec<unknown>({
      key: KEY,
      bind: (ctx) => JSON.stringify([ctx.mcpReq.method, '']),
    });
    const toolsCallCtx = { mcpReq: { method: 'tools/call' } } as unknown as ServerContext;
    const digest = createHash('sha256').update('["deploy",{"env":"prod","service":"api"}]').digest('base64url');
    const plan = { service: 'api', env: 'prod', version: '1.4.2' };
    const good = { v: 1, d: digest, r: 1, s: { step: 'confirm', plan } };

    it('the forging harness is right: a well-formed forged payload is accepted', async () => {
      const { handler } = setup();
      const state = await forger.mint(good, toolsCallCtx);
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
    });

    it.each([
      ['version 2', { ...good, v: 2 }],
      ['round 0', { ...good, r: 0 }],
      ['round 9', { ...good, r: 9 }],
      ['round 1.5', { ...good, r: 1.5 }],
      ['no step', { ...good, s: { plan } }],
      ['a numeric step', { ...good, s: { step: 7, plan } }],
      ['an extra field', { ...good, x: 1 }],
      ['a missing digest', { v: 1, r: 1, s: good.s }],
      ['a __proto__ key in the step state', { ...good, s: JSON.parse('{"step":"confirm","__proto__":{"admin":true}}') }],
      ['an array payload', [good]],
      ['a string payload', 'confirm'],
    ])('%s', async (_label, payload) => {
      const { handler, record } = setup();
      const state = await forger.mint(payload, toolsCallCtx);
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(record.entered).toEqual([]);
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('a migrated prompt on the 2026-07-28 wire (release-notes)', () => {
  const notes = promptCall('release-notes', { version: '1.4.2' });
  const audienceRequest = {
    method: 'elicitation/create',
    params: {
      mode: 'form',
      message: 'Who are the release notes for 1.4.2 for?',
      requestedSchema: {
        type: 'object',
        properties: { audience: { type: 'string', enum: ['users', 'developers'] } },
        required: ['audience'],
      },
    },
  };

  it('asks, then completes with the answer; the draft is made once', async () => {
    const { handler, record } = setup();
    const first = expectInputRequired(await getPrompt(handler, 'release-notes', { version: '1.4.2' }));
    expect(first.inputRequests).toEqual({ audience: audienceRequest });
    const done = await retry(handler, notes, { requestState: first.requestState, inputResponses: { audience: { action: 'accept', content: { audience: 'users' } } } });
    expect(resultOf(done)).toMatchObject({
      resultType: 'complete',
      messages: [{ role: 'user', content: { type: 'text', text: 'Write for users: Changes in 1.4.2: faster startup.' } }],
    });
    expect(record.effects).toEqual(['draft:1.4.2']);
  });

  it('an answer outside the enum asks again', async () => {
    const { handler } = setup();
    const { state } = await firstLeg(handler, notes);
    const again = expectInputRequired(await retry(handler, notes, { requestState: state, inputResponses: { audience: { action: 'accept', content: { audience: 'managers' } } } }));
    expect(again.inputRequests).toEqual({ audience: audienceRequest });
  });

  it('state reused with other arguments: JSON-RPC -32602 (prompt errors reach the wire)', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler, notes);
    const response = await retry(handler, promptCall('release-notes', { version: '2.0.0' }), {
      requestState: state,
      inputResponses: { audience: { action: 'accept', content: { audience: 'users' } } },
    });
    expect(response.status).toBe(200);
    expect(errorOf(response)).toMatchObject({ ...INVALID, data: { reason: 'invalid_request_state' } });
    expect(record.entered).toEqual(['release-notes', 'release-notes']);
    expect(record.effects).toEqual(['draft:1.4.2']);
  });

  it('prompt state replayed on a tool: -32602 before the tool runs', async () => {
    const { handler, record } = setup();
    const { state } = await firstLeg(handler, notes);
    expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: {} }));
    expect(record.entered).toEqual(['release-notes']);
  });

  it('past the round bound: the 9th leg is JSON-RPC -32602', async () => {
    const { handler, record } = setup();
    let { state } = await firstLeg(handler, notes);
    for (let round = 2; round <= 8; round++) {
      state = expectInputRequired(await retry(handler, notes, { requestState: state, inputResponses: {} })).requestState;
    }
    const ninth = await retry(handler, notes, { requestState: state, inputResponses: {} });
    expect(errorOf(ninth)).toMatchObject({
      code: -32602,
      message: 'Too many input rounds for release-notes (the limit is 8); start the request again',
      data: { reason: 'too_many_rounds' },
    });
    expect(record.effects).toEqual(['draft:1.4.2']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('sampling, Standard Schema, URL mode and roots on the wire', () => {
  it('sampling: asks with sampling/createMessage and completes with the model output', async () => {
    const { handler, record } = setup();
    const summarize = toolCall('summarize', { text: 'A long text' });
    const first = expectInputRequired(await send(handler, summarize));
    expect(first.inputRequests).toEqual({
      summary: {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarise: A long text' } }], maxTokens: 200 },
      },
    });
    // An answer of the wrong kind is not a sampling result: asked again.
    const wrongKind = await retry(handler, summarize, { requestState: first.requestState, inputResponses: { summary: { action: 'accept' } } });
    expectInputRequired(wrongKind);
    const done = await retry(handler, summarize, {
      requestState: first.requestState,
      inputResponses: { summary: { role: 'assistant', content: { type: 'text', text: 'Short.' }, model: 'test-model' } },
    });
    expect(textOf(done)).toBe('Short.');
    expect(record.effects).toEqual(['summarized']);
  });

  it('a zod requestedSchema: content is validated with acceptedContent', async () => {
    const { handler, record } = setup();
    const rename = toolCall('rename', { project: 'API' });
    const first = expectInputRequired(await send(handler, rename));
    expect(first.inputRequests['new_name']).toMatchObject({
      method: 'elicitation/create',
      params: { message: 'New name for API?', requestedSchema: { type: 'object', properties: { newName: { type: 'string', minLength: 3 } } } },
    });
    const tooShort = await retry(handler, rename, { requestState: first.requestState, inputResponses: { new_name: { action: 'accept', content: { newName: 'ab' } } } });
    expectInputRequired(tooShort);
    const done = await retry(handler, rename, { requestState: first.requestState, inputResponses: { new_name: { action: 'accept', content: { newName: 'gateway' } } } });
    expect(textOf(done)).toBe('Renamed to gateway');
    expect(record.effects).toEqual(['rename:api->gateway']);
  });

  it('URL mode: accept means consent, without content', async () => {
    const { handler } = setup();
    const connect = toolCall('connect', { account: 'octo cat' });
    const first = expectInputRequired(await send(handler, connect));
    expect(first.inputRequests).toEqual({
      authorize: {
        method: 'elicitation/create',
        params: { mode: 'url', message: 'Authorize octo cat', url: 'https://example.com/authorize?account=octo%20cat' },
      },
    });
    expect(textOf(await retry(handler, connect, { requestState: first.requestState, inputResponses: { authorize: { action: 'accept' } } }))).toBe('Connected octo cat');
    expect(textOf(await retry(handler, connect, { requestState: first.requestState, inputResponses: { authorize: { action: 'decline' } } }))).toBe('Not connected');
  });

  it('roots: completes with the listing, asks again for a malformed one', async () => {
    const { handler } = setup();
    const workspace = toolCall('workspace');
    const first = expectInputRequired(await send(handler, workspace));
    expect(first.inputRequests).toEqual({ roots: { method: 'roots/list' } });
    const malformed = await retry(handler, workspace, { requestState: first.requestState, inputResponses: { roots: { roots: [{ name: 'no uri' }] } } });
    expectInputRequired(malformed);
    const done = await retry(handler, workspace, {
      requestState: first.requestState,
      inputResponses: { roots: { roots: [{ uri: 'file:///src', name: 'src' }, { uri: 'file:///docs' }] } },
    });
    expect(textOf(done)).toBe('file:///src\nfile:///docs');
  });
});

// ---------------------------------------------------------------------------------------------

describe('client capabilities are per request', () => {
  it('clientCapabilities(ctx) reads this request’s envelope', async () => {
    const { handler } = setup();
    const declared = { elicitation: { form: {} }, roots: {} };
    expect(JSON.parse(textOf(await callTool(handler, 'capabilities', {}, { capabilities: declared })))).toEqual(declared);
    expect(JSON.parse(textOf(await callTool(handler, 'capabilities', {}, { capabilities: {} })))).toEqual({});
  });

  it.each([
    ['elicitation, declared nothing', toolCall('deploy', { service: 'api', env: 'prod' }), {}, { elicitation: {} }],
    ['sampling, declared elicitation only', toolCall('summarize', { text: 'x' }), { elicitation: {} }, { sampling: {} }],
    ['roots, declared sampling only', toolCall('workspace'), { sampling: {} }, { roots: {} }],
    ['URL elicitation, declared form mode only', toolCall('connect', { account: 'a' }), { elicitation: {} }, { elicitation: { url: {} } }],
  ])('an undeclared capability (%s): -32021 with data.requiredCapabilities, HTTP 400', async (_label, call, capabilities, required) => {
    const { handler } = setup();
    const response = await send(handler, call, { capabilities });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: -32021, data: { requiredCapabilities: required } });
  });

  it('the capability gate runs on the returned result, so work before the first question has already run', async () => {
    const { handler, record } = setup();
    const response = await send(handler, deploy, { capabilities: {} });
    expect(errorOf(response).code).toBe(-32021);
    expect(record.effects).toEqual(['plan:api@prod']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the answer readers, directly', () => {
  const ctxWith = (inputResponses: Record<string, unknown> | undefined) =>
    ({ mcpReq: { inputResponses, requestState: () => undefined } }) as unknown as ServerContext;
  const accepted = (content: unknown) => ctxWith({ k: { action: 'accept', content } });
  const asked = (properties: Record<string, unknown>, required: string[] = []) => ({
    message: 'm',
    requestedSchema: { type: 'object' as const, properties, required },
  }) as never;

  it('missing, and of another kind, read as undefined; decline and cancel come back bare', () => {
    const { elicitAnswer } = stateModule;
    const request = asked({});
    expect(elicitAnswer(ctxWith(undefined), 'k', request)).toBeUndefined();
    expect(elicitAnswer(ctxWith({}), 'k', request)).toBeUndefined();
    expect(elicitAnswer(ctxWith({ k: { roots: [] } }), 'k', request)).toBeUndefined();
    expect(elicitAnswer(ctxWith({ k: 'accept' }), 'k', request)).toBeUndefined();
    expect(elicitAnswer(ctxWith({ k: { action: 'decline', content: { a: 1 } } }), 'k', request)).toEqual({ action: 'decline' });
    expect(elicitAnswer(ctxWith({ k: { action: 'cancel' } }), 'k', request)).toEqual({ action: 'cancel' });
    expect(elicitAnswer(ctxWith({ k: { action: 'accept' } }), 'k', request)).toEqual({ action: 'accept', content: {} });
  });

  it('URL mode (with or without mode: url) answers accept without content', () => {
    const { elicitAnswer } = stateModule;
    const answer = ctxWith({ k: { action: 'accept', content: { ignored: true } } });
    expect(elicitAnswer(answer, 'k', { message: 'm', url: 'https://example.com' })).toEqual({ action: 'accept' });
    expect(elicitAnswer(answer, 'k', { mode: 'url', message: 'm', url: 'https://example.com' })).toEqual({ action: 'accept' });
    expect(elicitAnswer(ctxWith({ k: { action: 'decline' } }), 'k', { message: 'm', url: 'https://example.com' })).toEqual({ action: 'decline' });
  });

  const cases: Array<[string, Record<string, unknown>, unknown, boolean]> = [
    ['string', { type: 'string' }, 'x', true],
    ['string, got number', { type: 'string' }, 1, false],
    ['minLength', { type: 'string', minLength: 2 }, 'x', false],
    ['minLength counts code points', { type: 'string', minLength: 2, maxLength: 2 }, '😀😀', true],
    ['maxLength', { type: 'string', maxLength: 2 }, 'xyz', false],
    ['email', { type: 'string', format: 'email' }, 'a@b.co', true],
    ['email, bad', { type: 'string', format: 'email' }, 'a@b', false],
    ['uri', { type: 'string', format: 'uri' }, 'https://example.com/x', true],
    ['uri, bad', { type: 'string', format: 'uri' }, 'example.com', false],
    ['date', { type: 'string', format: 'date' }, '2026-02-28', true],
    ['date, not a day', { type: 'string', format: 'date' }, '2026-02-30', false],
    ['date-time', { type: 'string', format: 'date-time' }, '2026-07-28T12:30:00.5+02:00', true],
    ['date-time, bad hour', { type: 'string', format: 'date-time' }, '2026-07-28T25:00:00Z', false],
    ['unknown format ignored', { type: 'string', format: 'hostname' }, '%%%', true],
    ['enum', { type: 'string', enum: ['a', 'b'] }, 'b', true],
    ['enum, outside', { type: 'string', enum: ['a', 'b'] }, 'c', false],
    ['oneOf const', { type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'a', true],
    ['oneOf const, outside', { type: 'string', oneOf: [{ const: 'a', title: 'A' }] }, 'b', false],
    ['number', { type: 'number', minimum: 1, maximum: 2 }, 1.5, true],
    ['number, below', { type: 'number', minimum: 1 }, 0, false],
    ['number, above', { type: 'number', maximum: 1 }, 2, false],
    ['number, got string', { type: 'number' }, '1', false],
    ['integer', { type: 'integer' }, 3, true],
    ['integer, got fraction', { type: 'integer' }, 3.5, false],
    ['boolean', { type: 'boolean' }, false, true],
    ['boolean, got string', { type: 'boolean' }, 'true', false],
    ['multi-select items.enum', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } }, ['a', 'b'], true],
    ['multi-select items.enum, outside', { type: 'array', items: { type: 'string', enum: ['a'] } }, ['a', 'z'], false],
    ['multi-select items.anyOf', { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } }, ['a'], true],
    ['multi-select items.anyOf, outside', { type: 'array', items: { anyOf: [{ const: 'a', title: 'A' }] } }, ['b'], false],
    ['multi-select minItems', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 2 }, ['a'], false],
    ['multi-select maxItems', { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 1 }, ['a', 'b'], false],
    ['multi-select, not an array', { type: 'array', items: { type: 'string', enum: ['a'] } }, 'a', false],
    ['unknown keyword ignored', { type: 'string', pattern: '^z' }, 'a', true],
    ['unknown type ignored', { type: 'object' }, 'anything', true],
  ];

  it.each(cases)('validates %s', (_label, property, value, ok) => {
    const answer = stateModule.elicitAnswer(accepted({ p: value }), 'k', asked({ p: property }));
    expect(answer === undefined ? 'asks again' : 'accepted').toBe(ok ? 'accepted' : 'asks again');
    if (ok) expect(answer).toEqual({ action: 'accept', content: { p: value } });
  });

  it('checks required properties and ignores undeclared ones', () => {
    const request = asked({ a: { type: 'string' } }, ['a']);
    expect(stateModule.elicitAnswer(accepted({ b: 'x' }), 'k', request)).toBeUndefined();
    expect(stateModule.elicitAnswer(accepted({ a: 'x', b: 1 }), 'k', request)).toEqual({ action: 'accept', content: { a: 'x', b: 1 } });
  });

  it('sampling and roots readers', () => {
    const sample = { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' };
    expect(stateModule.samplingAnswer(ctxWith({ s: sample }), 's')).toEqual(sample);
    expect(stateModule.samplingAnswer(ctxWith({ s: { action: 'accept' } }), 's')).toBeUndefined();
    expect(stateModule.rootsAnswer(ctxWith({ r: { roots: [{ uri: 'file:///a' }] } }), 'r')).toEqual({ roots: [{ uri: 'file:///a' }] });
    expect(stateModule.rootsAnswer(ctxWith({ r: { roots: [{ uri: 1 }] } }), 'r')).toBeUndefined();
    expect(stateModule.rootsAnswer(ctxWith({}), 'r')).toBeUndefined();
  });

  it('mint refuses step state that is not plain JSON', async () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } } as unknown as ServerContext;
    const mint = (state: unknown) => stateModule.mrtrState.mint(ctx, 'deploy', {}, state as { step: string });
    await expect(mint({ step: 'a', when: new Date(0) })).rejects.toThrow('state.when is not plain JSON data (Date)');
    await expect(mint({ step: 'a', seen: new Set() })).rejects.toThrow('state.seen is not plain JSON data (Set)');
    await expect(mint({ step: 'a', n: Number.NaN })).rejects.toThrow('state.n is not a finite number');
    await expect(mint({ step: 1 })).rejects.toThrow('state.step must be a string');
    await expect(mint({ step: 'a', skipped: undefined, list: [1, 'x', null, { ok: true }] })).resolves.toMatch(/^v1\./);
  });

  it('the argument digest does not depend on key order', async () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } } as unknown as ServerContext;
    const a = decodeState(await stateModule.mrtrState.mint(ctx, 'deploy', { service: 'api', env: 'prod' }, { step: 's' }));
    const b = decodeState(await stateModule.mrtrState.mint(ctx, 'deploy', { env: 'prod', service: 'api' }, { step: 's' }));
    expect(a.p.d).toBe(b.p.d);
    expect(a.p.d).toBe(createHash('sha256').update('["deploy",{"env":"prod","service":"api"}]').digest('base64url'));
  });
});

// ---------------------------------------------------------------------------------------------

describe('the same migrated handler on a 2025-era connection (the SDK legacy shim)', () => {
  it('the shim fulfils the embedded request, echoes the signed state, and the handler resumes', async () => {
    const { Client } = await import('@modelcontextprotocol/client');
    const { InMemoryTransport } = await import('@modelcontextprotocol/server');
    const record = serverModule.createRecorder();
    const server = serverModule.buildServer(record);
    const client = new Client({ name: 'legacy-client', version: '0.0.0' }, { capabilities: { elicitation: {} } });
    const asked: unknown[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params);
      return { action: 'accept', content: { name: 'api' } };
    });
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const result = await client.callTool({ name: 'deploy', arguments: { service: 'api', env: 'prod' } });
      expect(result).toMatchObject({ content: [{ type: 'text', text: 'Deployed 1.4.2' }] });
      expect(asked).toHaveLength(1);
      expect(record.entered).toEqual(['deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
      // No per-request envelope on this era: clientCapabilities(ctx) is undefined (documented).
      expect(await client.callTool({ name: 'capabilities', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'null' }] });
    } finally {
      await client.close();
      await server.close();
    }
  });
});

// Fake timers must never leak into another test.
beforeEach(() => vi.useRealTimers());
afterEach(() => vi.useRealTimers());
