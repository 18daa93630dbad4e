// The generated requestState module (src/state/state-module.ts): its text in both protections (sealed,
// the default, and signed), that it typechecks on its own, how it behaves at load time, and —
// through a server written the way the codemod emits migrated handlers
// (test/servers/migrated-deploy.ts) — what it does on the real 2026-07-28 wire, driven in-process
// through createMcpHandler(...).fetch. Every wire suite runs once per protection.
// test/state-production.test.ts covers multiple instances, key rotation, tampering per envelope
// field, confidentiality, bounds and envelope versions.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createMcpHandler, type AuthInfo, type ServerContext } from '@modelcontextprotocol/server';
import { Project, ts } from 'ts-morph';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_STATE_PROTECTION,
  STATE_MODULE_BASENAME,
  STATE_MODULE_EXPORTS,
  STATE_MODULE_SETUP_EXPORTS,
  STATE_PROTECTIONS,
  isSensitiveStateValue,
  parseStateProtection,
  renderStateModule,
  selectProtection,
} from '../src/state/state-module.js';
import { STATE_MODULE_TEMPLATE } from '../src/state/state-module-template.js';
import {
  callTool,
  errorOf,
  getPrompt,
  promptCall,
  requestStateOf,
  resourceCall,
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
import {
  PROTECTIONS,
  argumentsDigest,
  flipChar,
  forgeState,
  keyIdOf,
  openState,
  subjectDigest,
  type Protection,
} from './servers/state-envelope.js';

// The key must be in the environment before the module loads (it is read once, at load time).
const KEY = 'test-only-request-state-key-0123456789abcdef';
process.env['MCP_REQUEST_STATE_KEY'] = KEY;
delete process.env['MCP_REQUEST_STATE_KEYS_PREVIOUS'];
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const root = fileURLToPath(new URL('..', import.meta.url));
const runDir = path.join(root, 'test', 'tmp', `state-module-${process.pid}`);
const serverSource = path.join(root, 'test', 'servers', 'migrated-deploy.ts');

type ServerModule = typeof import('./servers/migrated-deploy.js');
type StateModule = typeof import('./servers/mrtr-state.js');

/** One protection's renderings, each next to a copy of the test server, loaded. */
interface Rendered {
  tsText: string;
  jsText: string;
  tsDir: string;
  jsDir: string;
  server: ServerModule;
  /** The same server wired to the JavaScript rendering of the module. */
  serverOnJs: ServerModule;
  state: StateModule;
}

async function renderAndLoad(protection: Protection): Promise<Rendered> {
  const tsDir = path.join(runDir, protection, 'ts');
  const jsDir = path.join(runDir, protection, 'js');
  mkdirSync(tsDir, { recursive: true });
  mkdirSync(jsDir, { recursive: true });
  const tsText = renderStateModule({ language: 'ts', protection });
  const jsText = renderStateModule({ language: 'js', protection });
  writeFileSync(path.join(tsDir, `${STATE_MODULE_BASENAME}.ts`), tsText);
  writeFileSync(path.join(jsDir, `${STATE_MODULE_BASENAME}.js`), jsText);
  copyFileSync(serverSource, path.join(tsDir, 'migrated-deploy.ts'));
  copyFileSync(serverSource, path.join(jsDir, 'migrated-deploy.ts'));
  const server = (await import(pathToFileURL(path.join(tsDir, 'migrated-deploy.ts')).href)) as ServerModule;
  const state = (await import(pathToFileURL(path.join(tsDir, `${STATE_MODULE_BASENAME}.ts`)).href)) as StateModule;
  const serverOnJs = (await import(pathToFileURL(path.join(jsDir, 'migrated-deploy.ts')).href)) as ServerModule;
  return { tsText, jsText, tsDir, jsDir, server, serverOnJs, state };
}

const rendered: Record<Protection, Rendered> = {
  sealed: await renderAndLoad('sealed'),
  signed: await renderAndLoad('signed'),
};

afterAll(() => rmSync(runDir, { recursive: true, force: true }));

function setupWith(module: ServerModule) {
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

/** How a minted token starts, per protection. */
const TOKEN_PREFIX: Record<Protection, RegExp> = { sealed: /^s1\.[A-Za-z0-9_-]{8}\./, signed: /^v1\./ };

/** Opens a token minted with KEY for an unauthenticated tools/call (or the given method). */
function inspect(state: string, method = 'tools/call') {
  return openState(state, KEY, [method, '']);
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
  it('renders sealed by default; the checked-in copy next to the test server is the sealed TypeScript rendering', () => {
    expect(DEFAULT_STATE_PROTECTION).toBe('sealed');
    expect(STATE_PROTECTIONS).toEqual(['sealed', 'signed']);
    expect(renderStateModule({ language: 'ts' })).toBe(rendered.sealed.tsText);
    expect(renderStateModule({ language: 'js' })).toBe(rendered.sealed.jsText);
    // test/servers/mrtr-state.ts lets the project's own typecheck cover the migrated server.
    // After changing the template: UPDATE_STATE_MODULE_COPY=1 npx vitest run test/state-module.test.ts
    if (process.env['UPDATE_STATE_MODULE_COPY'] === '1') {
      writeFileSync(path.join(root, 'test', 'servers', 'mrtr-state.ts'), rendered.sealed.tsText);
    }
    expect(readFileSync(path.join(root, 'test', 'servers', 'mrtr-state.ts'), 'utf8')).toBe(rendered.sealed.tsText);
  });

  it('ships the JavaScript modules the build stripped ahead, equal to stripping the template now; a copy made from another template is not used', async () => {
    // `npm test` builds first: dist holds this template's compiled module and the build step's JSON.
    const dist = pathToFileURL(path.join(root, 'dist', 'src', 'state', 'state-module.js')).href;
    const built = (await import(dist)) as typeof import('../src/state/state-module.js');
    const kept = JSON.parse(readFileSync(built.PRERENDERED_JAVASCRIPT, 'utf8')) as { template: string; js: Record<string, string> };
    expect(kept.template).toBe(createHash('sha256').update(STATE_MODULE_TEMPLATE).digest('hex'));
    for (const protection of PROTECTIONS) {
      expect(kept.js[protection]).toBe(rendered[protection].jsText);
      expect(built.renderStateModule({ language: 'js', protection })).toBe(rendered[protection].jsText);
    }
    expect(built.prerenderedFrom(JSON.stringify(kept))).toEqual(kept.js);
    // Made from another template (a build whose step did not run again), or not what it should be: stripped now instead.
    expect(built.prerenderedFrom(JSON.stringify({ ...kept, template: createHash('sha256').update('older template').digest('hex') }))).toBeUndefined();
    expect(built.prerenderedFrom(JSON.stringify({ ...kept, js: { sealed: kept.js['sealed'] } }))).toBeUndefined();
    expect(built.prerenderedFrom('{ not json')).toBeUndefined();
    // Running from source there is no such file beside the module: the types are stripped here.
    expect(() => readFileSync(new URL('../src/state/state-module-js.json', import.meta.url))).toThrow();
  });

  it('keeps the template free of backticks and ${ (it is a String.raw literal)', () => {
    expect(STATE_MODULE_TEMPLATE).not.toContain('`');
    expect(STATE_MODULE_TEMPLATE).not.toContain('${');
  });

  it('renders each protection from the one template: directives gone, the other protection’s lines gone', () => {
    for (const protection of PROTECTIONS) {
      const { tsText, jsText } = rendered[protection];
      expect(tsText).not.toContain('//@@');
      expect(jsText).not.toContain('//@@');
      expect(tsText).toBe(selectProtection(STATE_MODULE_TEMPLATE, protection));
    }
    const { sealed, signed } = rendered;
    expect(sealed.tsText).toContain("await globalThis.crypto.subtle.encrypt(algorithm, key.aes, plaintext)");
    expect(sealed.tsText).not.toContain('createRequestStateCodec(');
    expect(sealed.tsText).toContain('Confidentiality and integrity: the state is sealed with AES-256-GCM');
    expect(signed.tsText).toContain('createRequestStateCodec<SignedPayload>({');
    expect(signed.tsText).not.toContain('AES-GCM');
    expect(signed.tsText).toContain('signed, NOT encrypted');
    // Everything outside the envelope is shared, word for word.
    for (const shared of ['export function elicitAnswer(', 'async resume<T extends { step: string }>(', 'function loadSecrets(): Bytes[] {']) {
      const at = (text: string) => text.slice(text.indexOf(shared), text.indexOf(shared) + 1500);
      expect(at(sealed.tsText)).toBe(at(signed.tsText));
    }
  });

  it('refuses a malformed template and an unknown protection', () => {
    expect(() => selectProtection('a\n//@@if sealed\nb\n', 'sealed')).toThrow('//@@if without //@@end');
    expect(() => selectProtection('//@@end\n', 'sealed')).toThrow('stray //@@end');
    expect(() => selectProtection('//@@if sealed\n//@@if signed\n//@@end\n', 'sealed')).toThrow('nested //@@if');
    expect(() => selectProtection('//@@if sealed\n//@@else\n//@@else\n//@@end\n', 'sealed')).toThrow('stray //@@else');
    expect(() => selectProtection('//@@ifsealed\n', 'sealed')).toThrow('unknown directive');
    expect(selectProtection('a\n//@@if signed\nb\n//@@else\nc\n//@@end\nd', 'sealed')).toBe('a\nc\nd');
    expect(selectProtection('a\n//@@if signed\nb\n//@@else\nc\n//@@end\nd', 'signed')).toBe('a\nb\nd');
    expect(() => renderStateModule({ language: 'ts', protection: 'encrypted' as never })).toThrow('unknown state protection: encrypted');
    expect(parseStateProtection('sealed')).toBe('sealed');
    expect(parseStateProtection('signed')).toBe('signed');
    expect(parseStateProtection('Sealed')).toBeUndefined();
  });

  it.each(PROTECTIONS)('%s: exports exactly the names migrated code may import, and useReplayStore for the setup code', (protection) => {
    const { state } = rendered[protection];
    expect(STATE_MODULE_EXPORTS).toEqual(['mrtrState', 'elicitAnswer', 'samplingAnswer', 'rootsAnswer', 'clientCapabilities']);
    expect(STATE_MODULE_SETUP_EXPORTS).toEqual(['useReplayStore', 'useLargeStateStore']);
    expect(Object.keys(state).sort()).toEqual([...STATE_MODULE_EXPORTS, ...STATE_MODULE_SETUP_EXPORTS].sort());
    expect(Object.keys(state.mrtrState).sort()).toEqual(['mint', 'resume', 'verify']);
  });

  it.each(PROTECTIONS)('%s: renders JavaScript without types, comments and layout kept', (protection) => {
    const { jsText, jsDir } = rendered[protection];
    expect(jsText).not.toMatch(/\bimport type\b|: ServerContext|<StatePayload>|<SignedPayload>|\btype (StatePayload|StepState|Bytes)\b/);
    expect(jsText).toContain('export const mrtrState = {');
    expect(jsText).toContain('export function elicitAnswer(ctx, key, request) {');
    expect(jsText).toContain('MCP_REQUEST_STATE_KEY            the current secret');
    expect(jsText).toContain("  if (view.kind !== 'elicit') return undefined;");
    expect(jsText).toContain('  async resume(ctx, subject, args, accept) {');
    expect(jsText).not.toMatch(/^\t/m);
    expect(jsText).not.toMatch(/\n\n\n/);
    const check = spawnSync(process.execPath, ['--check', path.join(jsDir, `${STATE_MODULE_BASENAME}.js`)], { encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(0);
  });

  it.each(PROTECTIONS)('%s: typechecks on its own against the installed SDK types, under strict and stricter settings', (protection) => {
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
      // A Node package without the DOM lib: WebCrypto, TextEncoder and btoa come from @types/node.
      'no dom lib': { ...strict, lib: ['lib.es2022.d.ts'] },
    };
    for (const [name, compilerOptions] of Object.entries(variants)) {
      const project = new Project({ compilerOptions, skipAddingFilesFromTsConfig: true });
      const dir = path.join(runDir, 'typecheck', protection, name.replace(/ /g, '-'));
      const file = project.createSourceFile(path.join(dir, 'mrtr-state.ts'), rendered[protection].tsText);
      const diagnostics = file.getPreEmitDiagnostics();
      expect({ name, errors: project.formatDiagnosticsWithColorAndContext(diagnostics) }).toEqual({ name, errors: '' });
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: loading the module', (protection) => {
  const jsModuleUrl = pathToFileURL(path.join(rendered[protection].jsDir, `${STATE_MODULE_BASENAME}.js`)).href;

  function load(env: Record<string, string>, script = '') {
    const code = `const m = await import(${JSON.stringify(jsModuleUrl)});\n${script}`;
    return spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '', ...env },
    });
  }

  const mintOne = `
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } };
    console.log(await m.mrtrState.mint(ctx, 'deploy', {}, { step: 'a' }));`;

  it('refuses to load in production without MCP_REQUEST_STATE_KEY', () => {
    const child = load({ NODE_ENV: 'production' });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('MCP_REQUEST_STATE_KEY is not set. In production the requestState key must come from the environment');
  });

  it('loads in production with the key, silently', () => {
    const child = load({ NODE_ENV: 'production', MCP_REQUEST_STATE_KEY: KEY }, 'console.log(Object.keys(m).sort().join())');
    expect(child.stderr).toBe('');
    expect(child.stdout.trim()).toBe('clientCapabilities,elicitAnswer,mrtrState,rootsAnswer,samplingAnswer,useLargeStateStore,useReplayStore');
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

  it('refuses a key shorter than 32 characters, current or previous, without printing it', () => {
    const short = load({ MCP_REQUEST_STATE_KEY: 'x'.repeat(31) });
    expect(short.status).not.toBe(0);
    expect(short.stderr).toContain('MCP_REQUEST_STATE_KEY must be at least 32 characters long (it has 31)');
    const previous = load({ MCP_REQUEST_STATE_KEY: KEY, MCP_REQUEST_STATE_KEYS_PREVIOUS: `${'p'.repeat(40)}, shortsecret-xyz` });
    expect(previous.status).not.toBe(0);
    expect(previous.stderr).toContain('MCP_REQUEST_STATE_KEYS_PREVIOUS (entry 2) must be at least 32 characters long (it has 15)');
    expect(previous.stderr).not.toContain('shortsecret-xyz');
  });

  it('refuses previous keys without a current one', () => {
    const child = load({ MCP_REQUEST_STATE_KEYS_PREVIOUS: 'p'.repeat(40) });
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('MCP_REQUEST_STATE_KEYS_PREVIOUS is set but MCP_REQUEST_STATE_KEY is not');
  });

  it('mints with the current key: the token names its key id, never the key', () => {
    const child = load({ MCP_REQUEST_STATE_KEY: KEY, MCP_REQUEST_STATE_KEYS_PREVIOUS: ` ${'p'.repeat(40)} ,,${KEY}` }, mintOne);
    expect(child.stderr).toBe('');
    const token = child.stdout.trim();
    expect(inspect(token).keyId).toBe(keyIdOf(KEY));
    expect(keyIdOf(KEY)).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(token).not.toContain(KEY);
    expect(Buffer.from(token.split('.').join(''), 'base64url').toString('latin1')).not.toContain(KEY);
  });

  it('takes the expiry from MCP_REQUEST_STATE_TTL_SECONDS (default 600) and refuses a bad value', () => {
    const ttlOf = (env: Record<string, string>) => {
      const before = Math.floor(Date.now() / 1000);
      const token = load({ MCP_REQUEST_STATE_KEY: KEY, ...env }, mintOne).stdout.trim();
      return inspect(token).exp - before;
    };
    expect(ttlOf({})).toBeGreaterThanOrEqual(600);
    expect(ttlOf({})).toBeLessThanOrEqual(602);
    expect(ttlOf({ MCP_REQUEST_STATE_TTL_SECONDS: '90' })).toBeGreaterThanOrEqual(90);
    expect(ttlOf({ MCP_REQUEST_STATE_TTL_SECONDS: '90' })).toBeLessThanOrEqual(92);
    const bad = load({ MCP_REQUEST_STATE_KEY: KEY, MCP_REQUEST_STATE_TTL_SECONDS: 'ten' });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('MCP_REQUEST_STATE_TTL_SECONDS must be a positive whole number of seconds');
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: on the 2026-07-28 wire', (protection) => {
  const setup = (module: ServerModule = rendered[protection].server) => setupWith(module);

  describe('a migrated tool on the 2026-07-28 wire (deploy: plan, confirm, run)', () => {
    it('first leg: input_required with the confirm elicitation and a protected state', async () => {
      const { handler, record } = setup();
      const response = await callTool(handler, 'deploy', { service: 'api', env: 'prod' });
      const result = expectInputRequired(response);
      expect(result.inputRequests).toEqual({ confirm: confirmRequest });
      expect(result.requestState).toMatch(TOKEN_PREFIX[protection]);
      const opened = inspect(result.requestState);
      expect(opened).toMatchObject({
        version: 1,
        keyId: keyIdOf(KEY),
        payload: { r: 1, s: { step: 'confirm', plan: { service: 'api', env: 'prod', version: '1.4.2' } } },
      });
      expect(Object.keys(opened.payload).sort()).toEqual(['d', 'n', 'r', 's']);
      expect(opened.payload.d).toBe(argumentsDigest('deploy', { env: 'prod', service: 'api' }));
      expect(opened.payload.n).toBe(subjectDigest('deploy'));
      // The token's id for single use: the nonce (sealed) or 16 random bytes in j (signed).
      expect(opened.id).toMatch(protection === 'sealed' ? /^[A-Za-z0-9_-]{16}$/ : /^[A-Za-z0-9_-]{22}$/);
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
      expect(inspect(again.requestState).payload.r).toBe(2);
      expect(inspect(again.requestState).payload.s).toEqual(inspect(state).payload.s);
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
      const { handler, record } = setup(rendered[protection].serverOnJs);
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

    /** Tampered tokens that no key opens; test/state-production.test.ts flips every envelope field. */
    const tampered: Record<Protection, Array<[string, (s: string) => string]>> = {
      sealed: [
        ['a byte flipped in the ciphertext', (s) => flipChar(s, s.length - 30)],
        ['a byte flipped in the tag', (s) => flipChar(s, s.length - 5)],
        ['the version changed', (s) => `s2${s.slice(2)}`],
        ['the tag cut off', (s) => s.slice(0, s.lastIndexOf('.'))],
      ],
      signed: [
        ['a byte flipped in the payload', (s) => flipChar(s, 48)],
        ['a byte flipped in the MAC', (s) => flipChar(s, s.length - 5)],
        ['the version prefix changed', (s) => `v2${s.slice(2)}`],
        ['the MAC cut off', (s) => s.slice(0, s.lastIndexOf('.'))],
      ],
    };

    it.each([
      ...tampered[protection],
      ['a made-up string', () => 'not-a-state'],
      ['the empty string', () => ''],
    ] as Array<[string, (s: string) => string]>)('tampered (%s): -32602 and the handler never runs', async (_label, tamper) => {
      const { handler, record, errors } = setup();
      const { state } = await firstLeg(handler);
      const response = await retry(handler, deploy, { requestState: tamper(state), inputResponses: accept });
      expect(response.status).toBe(200);
      expectRefused(response);
      expect(record.entered).toEqual(['deploy']);
      expect(record.effects).toEqual(['plan:api@prod']);
      // The reason goes to onerror only, never to the wire.
      expect(errors.map((e) => e.message).join('\n')).toMatch(/requestState verification rejected tools\/call: (mac|malformed|unauthentic|unsupported_version)$/m);
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

    it('state replayed on another tool (same method): -32602 before that tool runs (Mcp-Name names the subject)', async () => {
      const { handler, record, errors } = setup();
      const { state } = await firstLeg(handler);
      const response = await retry(handler, toolCall('rename', { project: 'api' }), {
        requestState: state,
        inputResponses: { new_name: { action: 'accept', content: { newName: 'service' } } },
      });
      expectRefused(response);
      expect(record.entered).toEqual(['deploy']);
      expect(record.effects).toEqual(['plan:api@prod']);
      expect(errors.map((e) => e.message)).toContain('requestState verification rejected tools/call: subject');
      // Refused for its subject, the state was not used up: the tool it was minted for completes.
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
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
        expect(inspect(state).exp).toBe(start / 1000 + 600);

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
        expect(inspect(again.requestState).payload.r).toBe(round);
        state = again.requestState;
      }
      const ninth = await retry(handler, deploy, { requestState: state, inputResponses: {} });
      expect(resultOf(ninth)).toMatchObject({
        isError: true,
        content: [{ type: 'text', text: 'Too many input rounds for deploy (the limit is 8); start the request again' }],
      });
      expect(record.entered).toHaveLength(9);
      expect(record.effects).toEqual(['plan:api@prod']);
      // The 9th leg used the round-8 state up: it cannot be sent again, not even with the answer.
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(record.entered).toHaveLength(9);
    });

    it('the last state within the round bound (round 8) still completes when the answer comes', async () => {
      const { handler, record } = setup();
      let { state } = await firstLeg(handler);
      for (let round = 2; round <= 8; round++) {
        state = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: {} })).requestState;
      }
      expect(inspect(state).payload.r).toBe(8);
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    });

    describe('authentic payloads of the wrong shape (forged with the key): -32602', () => {
      // The payload check in verify is defence in depth behind the cryptography: these states open
      // with the key and carry the right binding, so only the shape check can refuse them.
      const digest = createHash('sha256').update('["deploy",{"env":"prod","service":"api"}]').digest('base64url');
      const plan = { service: 'api', env: 'prod', version: '1.4.2' };
      const good = { d: digest, n: subjectDigest('deploy'), r: 1, s: { step: 'confirm', plan } };

      it('the forging harness is right: a well-formed forged payload is accepted', async () => {
        const { handler } = setup();
        const state = await forgeState(protection, KEY, good);
        expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
      });

      it.each([
        ['envelope version 2', good, { version: 2 }],
        ['round 0', { ...good, r: 0 }],
        ['round 9', { ...good, r: 9 }],
        ['round 1.5', { ...good, r: 1.5 }],
        ['no step', { ...good, s: { plan } }],
        ['a numeric step', { ...good, s: { step: 7, plan } }],
        ['an extra field', { ...good, x: 1 }],
        ['a missing digest', { n: good.n, r: 1, s: good.s }],
        ['a missing subject digest', { d: good.d, r: 1, s: good.s }],
        ['a subject digest that is not one', { ...good, n: 'deploy' }],
        ['a __proto__ key in the step state', { ...good, s: JSON.parse('{"step":"confirm","__proto__":{"admin":true}}') }],
        ['an array payload', [good]],
        ['a string payload', 'confirm'],
      ] as Array<[string, unknown, { version?: number }?]>)('%s', async (_label, payload, options) => {
        const { handler, record } = setup();
        const state = await forgeState(protection, KEY, payload, options);
        expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
        expect(record.entered).toEqual([]);
      });
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('single use: a state answers exactly one retry', () => {
    const accept = { confirm: { action: 'accept', content: { name: 'api' } } };
    const alice: AuthInfo = { token: 'token-alice', clientId: 'client-1', scopes: [] };

    it('the final leg of a completed deploy, replayed verbatim: -32602, the handler is not entered, nothing runs again', async () => {
      const { handler, record, errors } = setup();
      const { state } = await firstLeg(handler);
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }))).toBe('Deployed 1.4.2');
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(record.entered).toEqual(['deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
      expect(errors.map((e) => e.message)).toContain('requestState verification rejected tools/call: replayed');
    });

    it('the same principal replaying its own state (authenticated, same arguments): -32602', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, deploy, { authInfo: alice });
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }, { authInfo: alice }))).toBe('Deployed 1.4.2');
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }, { authInfo: alice }));
      expect(record.effects.filter((e) => e.startsWith('deploy:'))).toHaveLength(1);
    });

    it('a state answered by asking again is used up; the new state carries on', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler);
      const again = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: {} }));
      expect(inspect(again.requestState).id).not.toBe(inspect(state).id);
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(textOf(await retry(handler, deploy, { requestState: again.requestState, inputResponses: accept }))).toBe('Deployed 1.4.2');
      expect(record.entered).toEqual(['deploy', 'deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    });

    it('two concurrent retries with one state: exactly one runs', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler);
      const responses = await Promise.all([1, 2, 3].map(() => retry(handler, deploy, { requestState: state, inputResponses: accept })));
      const outcomes = responses.map((r) => (r.body.error === undefined ? textOf(r) : r.body.error.code));
      expect(outcomes.sort()).toEqual([-32602, -32602, 'Deployed 1.4.2']);
      expect(record.entered).toEqual(['deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    });

    it('a state refused before it is used up (tampered copy, another principal, expired) is still good for its own retry', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, deploy, { authInfo: alice });
      expectRefused(await retry(handler, deploy, { requestState: flipChar(state, state.length - 30), inputResponses: accept }, { authInfo: alice }));
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(textOf(await retry(handler, deploy, { requestState: state, inputResponses: accept }, { authInfo: alice }))).toBe('Deployed 1.4.2');
      expect(record.entered).toEqual(['deploy', 'deploy']);
    });

    it('a state refused inside the handler (other arguments) is used up all the same', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler);
      const otherArgs = await retry(handler, toolCall('deploy', { service: 'api', env: 'staging' }), { requestState: state, inputResponses: accept });
      expect(resultOf(otherArgs)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Invalid or expired requestState' }] });
      expectRefused(await retry(handler, deploy, { requestState: state, inputResponses: accept }));
      expect(record.entered).toEqual(['deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod']);
    });

    it('a prompt state replayed: -32602 before the prompt runs', async () => {
      const { handler, record } = setup();
      const notes = promptCall('release-notes', { version: '1.4.2' });
      const audience = { audience: { action: 'accept', content: { audience: 'users' } } };
      const { state } = await firstLeg(handler, notes);
      expect(resultOf(await retry(handler, notes, { requestState: state, inputResponses: audience }))['resultType']).toBe('complete');
      expectRefused(await retry(handler, notes, { requestState: state, inputResponses: audience }));
      expect(record.entered).toEqual(['release-notes', 'release-notes']);
    });

    it('a resource state replayed: -32602 before the resource handler runs', async () => {
      const { handler, record } = setup();
      const weekly = resourceCall('reports://weekly');
      const drafts = { drafts: { action: 'accept', content: { drafts: true } } };
      const { state } = await firstLeg(handler, weekly);
      expect(resultOf(await retry(handler, weekly, { requestState: state, inputResponses: drafts }))).toMatchObject({
        resultType: 'complete',
        contents: [{ uri: 'reports://weekly', text: '12 pages with drafts' }],
      });
      expectRefused(await retry(handler, weekly, { requestState: state, inputResponses: drafts }));
      expect(record.entered).toEqual(['report:reports://weekly', 'report:reports://weekly']);
      expect(record.effects).toEqual(['count:reports://weekly', 'report:reports://weekly:drafts']);
    });
  });

  // ---------------------------------------------------------------------------------------------

  describe('subject binding on the 2026 wire: a state opens only for the tool, prompt or resource it was minted for', () => {
    it('tool A → tool B with the same arguments shape: -32602, B never entered', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, toolCall('grant-access', { database: 'api' }));
      const response = await retry(handler, toolCall('rename', { project: 'api' }), {
        requestState: state,
        inputResponses: { new_name: { action: 'accept', content: { newName: 'service' } } },
      });
      expectRefused(response);
      expect(record.entered).toEqual(['grant-access']);
      expect(record.effects).toEqual(['login:api']);
    });

    it('prompt A → prompt B with the same arguments: -32602, B never entered', async () => {
      const { handler, record, errors } = setup();
      const { state } = await firstLeg(handler, promptCall('release-notes', { version: '1.4.2' }));
      const response = await retry(handler, promptCall('announce', { version: '1.4.2' }), {
        requestState: state,
        inputResponses: { channel: { action: 'accept', content: { channel: 'blog' } } },
      });
      expectRefused(response);
      expect(record.entered).toEqual(['release-notes']);
      expect(errors.map((e) => e.message)).toContain('requestState verification rejected prompts/get: subject');
      // The prompt it was minted for still continues with it.
      const done = await retry(handler, promptCall('release-notes', { version: '1.4.2' }), {
        requestState: state,
        inputResponses: { audience: { action: 'accept', content: { audience: 'developers' } } },
      });
      expect(resultOf(done)['resultType']).toBe('complete');
    });

    it('resource A → resource B of the same template (subject = URI): -32602, B never entered', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, resourceCall('reports://weekly'));
      const response = await retry(handler, resourceCall('reports://monthly'), {
        requestState: state,
        inputResponses: { drafts: { action: 'accept', content: { drafts: false } } },
      });
      expectRefused(response);
      expect(record.entered).toEqual(['report:reports://weekly']);
      expect(record.effects).toEqual(['count:reports://weekly']);
    });

    it('resource A → another resource altogether: -32602, its handler never entered', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, resourceCall('reports://weekly'));
      expectRefused(await retry(handler, resourceCall('https://status.example.com/'), { requestState: state, inputResponses: {} }));
      expect(record.entered).toEqual(['report:reports://weekly']);
    });

    it('a resource URI written differently on the retry (same URL to McpServer): continues', async () => {
      const { handler, record } = setup();
      const { state } = await firstLeg(handler, resourceCall('https://status.example.com/'));
      const done = await retry(handler, resourceCall('HTTPS://Status.Example.COM'), {
        requestState: state,
        inputResponses: { region: { action: 'accept', content: { region: 'eu' } } },
      });
      expect(resultOf(done)).toMatchObject({ resultType: 'complete', contents: [{ uri: 'https://status.example.com/', text: 'All good in eu' }] });
      expect(record.entered).toEqual(['status:https://status.example.com/', 'status:https://status.example.com/']);
    });

    it('a URI that is not printable ASCII travels as =?base64?…?= in Mcp-Name: its state continues and opens no other', async () => {
      const { handler, record } = setup();
      const cafe = resourceCall('reports://café');
      const { state } = await firstLeg(handler, cafe);
      const drafts = { drafts: { action: 'accept', content: { drafts: false } } };
      expectRefused(await retry(handler, resourceCall('reports://thé'), { requestState: state, inputResponses: drafts }));
      const done = await retry(handler, cafe, { requestState: state, inputResponses: drafts });
      expect(resultOf(done)).toMatchObject({ resultType: 'complete', contents: [{ text: '12 pages' }] });
      expect(record.entered).toHaveLength(2);
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
      // An answer of the wrong kind is not a sampling result: asked again, with a new state.
      const wrongKind = expectInputRequired(
        await retry(handler, summarize, { requestState: first.requestState, inputResponses: { summary: { action: 'accept' } } }),
      );
      const done = await retry(handler, summarize, {
        requestState: wrongKind.requestState,
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
      const tooShort = expectInputRequired(
        await retry(handler, rename, { requestState: first.requestState, inputResponses: { new_name: { action: 'accept', content: { newName: 'ab' } } } }),
      );
      const done = await retry(handler, rename, { requestState: tooShort.requestState, inputResponses: { new_name: { action: 'accept', content: { newName: 'gateway' } } } });
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
      const second = expectInputRequired(await send(handler, connect));
      expect(textOf(await retry(handler, connect, { requestState: second.requestState, inputResponses: { authorize: { action: 'decline' } } }))).toBe('Not connected');
    });

    it('roots: completes with the listing, asks again for a malformed one', async () => {
      const { handler } = setup();
      const workspace = toolCall('workspace');
      const first = expectInputRequired(await send(handler, workspace));
      expect(first.inputRequests).toEqual({ roots: { method: 'roots/list' } });
      const malformed = expectInputRequired(
        await retry(handler, workspace, { requestState: first.requestState, inputResponses: { roots: { roots: [{ name: 'no uri' }] } } }),
      );
      const done = await retry(handler, workspace, {
        requestState: malformed.requestState,
        inputResponses: { roots: { roots: [{ uri: 'file:///src', name: 'src' }, { uri: 'file:///docs' }] } },
      });
      expect(textOf(done)).toBe('file:///src\nfile:///docs');
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('client capabilities are per request', () => {
  it('clientCapabilities(ctx) reads this request’s envelope', async () => {
    const { handler } = setupWith(rendered.sealed.server);
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
    const { handler } = setupWith(rendered.sealed.server);
    const response = await send(handler, call, { capabilities });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: -32021, data: { requiredCapabilities: required } });
  });

  it('the capability gate runs on the returned result, so work before the first question has already run', async () => {
    const { handler, record } = setupWith(rendered.sealed.server);
    const response = await send(handler, deploy, { capabilities: {} });
    expect(errorOf(response).code).toBe(-32021);
    expect(record.effects).toEqual(['plan:api@prod']);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the answer readers, directly', () => {
  const stateModule = rendered.sealed.state;
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
    await expect(mint({ step: 'a', skipped: undefined, list: [1, 'x', null, { ok: true }] })).resolves.toMatch(TOKEN_PREFIX.sealed);
  });

  it('the argument digest does not depend on key order', async () => {
    const ctx = { mcpReq: { method: 'tools/call', requestState: () => undefined } } as unknown as ServerContext;
    const a = inspect(await stateModule.mrtrState.mint(ctx, 'deploy', { service: 'api', env: 'prod' }, { step: 's' }));
    const b = inspect(await stateModule.mrtrState.mint(ctx, 'deploy', { env: 'prod', service: 'api' }, { step: 's' }));
    expect(a.payload.d).toBe(b.payload.d);
    expect(a.payload.d).toBe(createHash('sha256').update('["deploy",{"env":"prod","service":"api"}]').digest('base64url'));
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: the same migrated handler on a 2025-era connection (the SDK legacy shim)', (protection) => {
  const serverModule = rendered[protection].server;
  it('the shim fulfils the embedded request, echoes the protected state, and the handler resumes', async () => {
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

  it('each in-process round verifies (and uses up) the fresh state of the round before: asking again works through the shim', async () => {
    const { Client } = await import('@modelcontextprotocol/client');
    const { InMemoryTransport } = await import('@modelcontextprotocol/server');
    const record = serverModule.createRecorder();
    const server = serverModule.buildServer(record);
    const errors: Error[] = [];
    server.server.onerror = (error) => errors.push(error);
    const client = new Client({ name: 'legacy-client', version: '0.0.0' }, { capabilities: { elicitation: {} } });
    // Wrong content twice (the schema asks for a string), then the right answer.
    const answers = [{ name: 42 }, { other: 'api' }, { name: 'api' }];
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: answers.shift() ?? {} }));
    const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
    await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
    try {
      const result = await client.callTool({ name: 'deploy', arguments: { service: 'api', env: 'prod' } });
      expect(result).toMatchObject({ content: [{ type: 'text', text: 'Deployed 1.4.2' }] });
      expect(answers).toEqual([]);
      expect(record.entered).toEqual(['deploy', 'deploy', 'deploy', 'deploy']);
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
      expect(errors).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: resume() with a shape check', (protection) => {
  const { state: stateModule } = rendered[protection];
  const method = 'tools/call';

  /** A request context whose verify hook already ran: requestState() returns the opened payload. */
  async function retryCtx(state: Record<string, unknown>) {
    const mintCtx = { mcpReq: { method, requestState: () => undefined } } as unknown as ServerContext;
    const token = await stateModule.mrtrState.mint(mintCtx, 'deploy', { env: 'prod' }, state as { step: string });
    const verifyCtx = { mcpReq: { method } } as unknown as ServerContext;
    const payload = await stateModule.mrtrState.verify(token, verifyCtx);
    return { mcpReq: { method, requestState: () => payload } } as unknown as ServerContext;
  }

  it('passes the step state to the check and returns it when the check accepts', async () => {
    const ctx = await retryCtx({ step: 'confirm', plan: { version: '1.4.2' } });
    const seen: unknown[] = [];
    const state = await stateModule.mrtrState.resume(ctx, 'deploy', { env: 'prod' }, (s) => {
      seen.push(s);
      return s.step === 'confirm' && typeof s['plan'] === 'object';
    });
    expect(state).toEqual({ step: 'confirm', plan: { version: '1.4.2' } });
    expect(seen).toEqual([{ step: 'confirm', plan: { version: '1.4.2' } }]);
  });

  it('refuses (-32602) an authentic state the check rejects, e.g. minted before a deploy changed the steps', async () => {
    const ctx = await retryCtx({ step: 'confirm-v1', plan: 'old layout' });
    const refusal = stateModule.mrtrState.resume(ctx, 'deploy', { env: 'prod' }, (s) => s.step === 'confirm' && typeof s['plan'] === 'object');
    await expect(refusal).rejects.toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
    // Without a check the same state is returned as it was minted.
    await expect(stateModule.mrtrState.resume(ctx, 'deploy', { env: 'prod' })).resolves.toEqual({ step: 'confirm-v1', plan: 'old layout' });
  });

  it('on the wire: a tool with a check refuses a forged-but-authentic state of another shape', async () => {
    const { handler, record } = setupWith(rendered[protection].server);
    const grant = toolCall('grant-access', { database: 'analytics' });
    const digest = createHash('sha256').update('["grant-access",{"database":"analytics"}]').digest('base64url');
    const state = await forgeState(protection, KEY, { d: digest, n: subjectDigest('grant-access'), r: 1, s: { step: 'approve', login: 'not an object' } });
    const response = await retry(handler, grant, { requestState: state, inputResponses: { approve: { action: 'accept', content: { approve: true } } } });
    expect(resultOf(response)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Invalid or expired requestState' }] });
    expect(record.effects).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: mrtrState.verify directly (single use, and the subject an Mcp-Name header names)', (protection) => {
  const { mrtrState } = rendered[protection].state;
  const mintCtx = (method: string) => ({ mcpReq: { method, requestState: () => undefined } }) as unknown as ServerContext;
  /** The context the SDK hands the hook: with the HTTP request when there is one. */
  const verifyCtx = (method: string, mcpName?: string) =>
    ({
      mcpReq: { method },
      ...(mcpName !== undefined && { http: { req: new Request('http://localhost/mcp', { method: 'POST', headers: { 'mcp-name': mcpName } }) } }),
    }) as unknown as ServerContext;
  const mint = (subject: string, method = 'tools/call') => mrtrState.mint(mintCtx(method), subject, {}, { step: 'a' });
  const base64 = (text: string) => `=?base64?${Buffer.from(text, 'utf8').toString('base64')}?=`;

  it('resolves once per token; the same token a second time throws "replayed"', async () => {
    const token = await mint('deploy');
    await expect(mrtrState.verify(token, verifyCtx('tools/call'))).resolves.toMatchObject({ r: 1, s: { step: 'a' } });
    await expect(mrtrState.verify(token, verifyCtx('tools/call'))).rejects.toThrow(/^replayed$/);
    // Another token of the very same payload is another id.
    await expect(mrtrState.verify(await mint('deploy'), verifyCtx('tools/call'))).resolves.toMatchObject({ r: 1 });
  });

  it('without an Mcp-Name header (2025 era, stdio) the subject is left to resume()', async () => {
    await expect(mrtrState.verify(await mint('deploy'), verifyCtx('tools/call'))).resolves.toMatchObject({ n: subjectDigest('deploy') });
  });

  it('with one, it must name the subject the state was minted for; a refusal does not use the token up', async () => {
    const token = await mint('deploy');
    await expect(mrtrState.verify(token, verifyCtx('tools/call', 'rename'))).rejects.toThrow(/^subject$/);
    await expect(mrtrState.verify(token, verifyCtx('tools/call', 'Deploy'))).rejects.toThrow(/^subject$/);
    await expect(mrtrState.verify(token, verifyCtx('tools/call', 'deploy'))).resolves.toMatchObject({ r: 1 });
  });

  it('decodes the =?base64?…?= form as the SDK does, and refuses a broken one', async () => {
    const name = 'déployer 🚀';
    await expect(mrtrState.verify(await mint(name), verifyCtx('tools/call', base64(name)))).resolves.toMatchObject({ r: 1 });
    await expect(mrtrState.verify(await mint('deploy'), verifyCtx('tools/call', base64(name)))).rejects.toThrow(/^subject$/);
    // The sentinel around plain ASCII is decoded too.
    await expect(mrtrState.verify(await mint('deploy'), verifyCtx('tools/call', base64('deploy')))).resolves.toMatchObject({ r: 1 });
    for (const broken of ['=?base64?not base64?=', '=?base64?ZGVwbG95?=x', '=?base64?ZA?=', '=?base64?/w==?=']) {
      const outcome = mrtrState.verify(await mint('deploy'), verifyCtx('tools/call', broken));
      // Not a sentinel (it does not end with ?=) is compared as written; the rest is malformed.
      await expect(outcome, broken).rejects.toThrow(broken.endsWith('?=') ? /^malformed_name_header$/ : /^subject$/);
    }
  });

  it('resources: the URI is compared as new URL() writes it, as McpServer hands it to the handler', async () => {
    const read = (uri: string) => verifyCtx('resources/read', uri);
    await expect(mrtrState.verify(await mint('https://status.example.com/', 'resources/read'), read('HTTPS://STATUS.example.com'))).resolves.toMatchObject({ r: 1 });
    await expect(mrtrState.verify(await mint('https://status.example.com/', 'resources/read'), read('https://status.example.com/eu'))).rejects.toThrow(/^subject$/);
    await expect(mrtrState.verify(await mint('not a url', 'resources/read'), read('not a url'))).resolves.toMatchObject({ r: 1 });
    // A tool name is compared as written, even when it looks like a URL.
    await expect(mrtrState.verify(await mint('https://a.example/'), verifyCtx('tools/call', 'HTTPS://a.example'))).rejects.toThrow(/^subject$/);
  });
});

// ---------------------------------------------------------------------------------------------

describe.each(PROTECTIONS)('%s: without the verify hook wired (resume() and mint() verify in the handler)', (protection) => {
  const unwired = (module: ServerModule) => {
    const record = module.createRecorder();
    const mcp = createMcpHandler(() => module.buildServer(record, { verifyHook: false }));
    return { handler: mcp as FetchHandler, record };
  };
  const accept = { confirm: { action: 'accept', content: { name: 'api' } } };

  it('asks again (resume and mint read one state in one request), completes, and refuses a replay inside the handler', async () => {
    const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { handler, record } = unwired(rendered[protection].server);
      const { state } = await firstLeg(handler);
      const again = expectInputRequired(await retry(handler, deploy, { requestState: state, inputResponses: {} }));
      expect(inspect(again.requestState).payload.r).toBe(2);
      expect(textOf(await retry(handler, deploy, { requestState: again.requestState, inputResponses: accept }))).toBe('Deployed 1.4.2');
      const replay = await retry(handler, deploy, { requestState: again.requestState, inputResponses: accept });
      expect(resultOf(replay)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Invalid or expired requestState' }] });
      expect(record.effects).toEqual(['plan:api@prod', 'deploy:api@prod@1.4.2']);
    } finally {
      warn.mockRestore();
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('isSensitiveStateValue (for the state-carries-sensitive-value finding in signed mode)', () => {
  it.each([
    'password', 'dbPassword', 'db_password', 'apiKey', 'api_key', 'APIKey', 'privateKey', 'secret', 'clientSecret',
    'accessToken', 'refresh_token', 'token', 'credentials', 'creds', 'sessionCookie', 'authHeader', 'bearer', 'jwt',
    'otp', 'pin', 'signingKey', 'ssn',
  ])('flags %s', (name) => {
    expect(isSensitiveStateValue(name)).toBe(true);
  });

  it.each([
    'plan', 'service', 'maxTokens', 'tokenCount', 'inputTokens', 'total_tokens', 'keyboard', 'author', 'key', 'keys',
    'keyId', 'secretName', 'credentialsPath', 'passwordPolicy', 'tokenUrl', 'pinned', 'spinner', 'monkey', 'draft',
  ])('does not flag %s', (name) => {
    expect(isSensitiveStateValue(name)).toBe(false);
  });

  it('looks at the declared type as well', () => {
    expect(isSensitiveStateValue('login', 'Credentials')).toBe(true);
    expect(isSensitiveStateValue('grant', '{ user: string; password: string }')).toBe(true);
    expect(isSensitiveStateValue('auth', 'AuthInfo | undefined')).toBe(true);
    expect(isSensitiveStateValue('session', 'Promise<AccessToken>')).toBe(true);
    expect(isSensitiveStateValue('plan', 'Plan')).toBe(false);
    expect(isSensitiveStateValue('usage', '{ maxTokens: number }')).toBe(false);
  });
});

// Fake timers must never leak into another test.
beforeEach(() => vi.useRealTimers());
afterEach(() => vi.useRealTimers());
