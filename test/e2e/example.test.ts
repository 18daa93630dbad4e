// End-to-end: the codemod's own output for examples/v2-server, run for real.
//
// beforeAll copies examples/v2-server into test/tmp, runs our CLI on the copy in write mode,
// then imports both the migrated server.ts (vitest transpiles it) and the ORIGINAL legacy
// example. Every scripted logical call then runs three ways (see ./harness.ts): the legacy server
// on a 2025-era connection, the migrated server on the 2026-07-28 wire, and the migrated server on
// the same 2025-era connection (the SDK's legacy shim). Results, side effects and the questions
// asked must be the same; a table of the rounds each way took is printed.
//
// The second half is the requestState checklist on the 2026 wire, against the codemod's output.
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AuthInfo } from '@modelcontextprotocol/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main, type CliIo } from '../../src/cli.js';
import { errorOf, resultOf, retry, send, type RpcOptions, type WireResponse } from '../helpers/wire2026.js';
import { rpc2026 } from '../helpers/wire2026.js';
import {
  answer,
  handlerFor,
  normalizeAsked,
  normalizeResult,
  prompt,
  runThreeWays,
  tool,
  wireCall,
  WAYS,
  type LogicalCall,
  type Outcome,
  type Script,
  type ServerModule,
  type Way,
} from './harness.js';

// The generated state module reads its key once, when it loads: set it before any import of it.
process.env['MCP_REQUEST_STATE_KEY'] = 'e2e-only-request-state-key-0123456789abcdef';
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const root = fileURLToPath(new URL('../..', import.meta.url));
const exampleDir = path.join(root, 'examples', 'v2-server');
const runDir = path.join(root, 'test', 'tmp', `e2e-example-${process.pid}`);
const migratedDir = path.join(runDir, 'v2-server');

let legacy: ServerModule;
let migrated: ServerModule;
let migratedSource = '';
const cli = { code: -1, stdout: '', stderr: '' };

beforeAll(async () => {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  cpSync(exampleDir, migratedDir, { recursive: true });
  const io: CliIo = {
    stdout: (text) => void (cli.stdout += text),
    stderr: (text) => void (cli.stderr += text),
    cwd: root,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  // test/e2e/example-signed.test.ts runs this whole file again with the signed protection.
  const protection = process.env['E2E_STATE_PROTECTION'];
  cli.code = await main(['--allow-dirty', ...(protection ? ['--state-protection', protection] : []), migratedDir], io);
  migratedSource = readFileSync(path.join(migratedDir, 'src', 'server.ts'), 'utf8');
  migrated = (await import(pathToFileURL(path.join(migratedDir, 'src', 'server.ts')).href)) as ServerModule;
  legacy = (await import(pathToFileURL(path.join(exampleDir, 'src', 'server.ts')).href)) as ServerModule;
});

afterAll(() => rmSync(runDir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

// ---------------------------------------------------------------------------------------------

describe('the codemod on examples/v2-server', () => {
  it('exits 0, reports only info findings, and writes the migrated server and its state module', () => {
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    // Finding lines of the human summary: "<path>:<line>:<col>  <severity>  <rule>  <message>".
    const findings = [...cli.stdout.matchAll(/^\S+:\d+:\d+\s+(error|warning|info)\s+(\S+)/gm)].map((m) => ({ severity: m[1], rule: m[2] }));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.filter((f) => f.severity !== 'info')).toEqual([]);
    expect(cli.stdout).toMatch(/Migrated 5 handlers .* in 1 of 1 file/);
    // Markers are only written for warnings and errors.
    expect(migratedSource).not.toContain('@mcp-mrtr-migrate');
    expect(migratedSource).toContain("from './mrtr-state.js'");
    expect(migratedSource).toContain('requestState: { verify: mrtrState.verify }');
    // The legacy module and the migrated one are distinct instances with their own effects arrays.
    expect(migrated.effects).not.toBe(legacy.effects);
  });
});

// ---------------------------------------------------------------------------------------------

interface Case {
  label: string;
  call: LogicalCall;
  script: Script;
  /** The expected final result (normalised) — the same for all three ways. */
  expected: Record<string, unknown>;
  effects: string[];
  /** Expected rounds per way. */
  rounds: Record<Way, number>;
}

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const userMessage = (t: string) => ({ messages: [{ role: 'user', content: { type: 'text', text: t } }] });
const one = { legacy: 1, 'migrated-2026': 1, 'migrated-2025': 1 };
const deploy = tool('deploy', { service: 'api', env: 'prod' });
const account = tool('create-account', { team: 'core' });
const review = prompt('review', { file: 'src/app.ts' });

const cases: Case[] = [
  { label: 'deploy: accept, right name', call: deploy, script: [answer.accept({ name: 'api' })], expected: text('Deployed api-v1'), effects: ['plan:api:prod', 'deploy:api-v1'], rounds: one },
  { label: 'deploy: decline', call: deploy, script: [answer.decline()], expected: text('Deploy of api-v1 cancelled (decline)'), effects: ['plan:api:prod'], rounds: one },
  { label: 'deploy: cancel', call: deploy, script: [answer.cancel()], expected: text('Deploy of api-v1 cancelled (cancel)'), effects: ['plan:api:prod'], rounds: one },
  { label: 'deploy: accept, wrong name', call: deploy, script: [answer.accept({ name: 'web' })], expected: text('Deploy of api-v1 cancelled (accept)'), effects: ['plan:api:prod'], rounds: one },
  { label: 'summarize: sampling text', call: tool('summarize', { text: 'A long text about MRTR.' }), script: [answer.sampleText('MRTR, briefly.')], expected: text('Summary: MRTR, briefly.'), effects: [], rounds: one },
  {
    label: 'list-workspaces: 2 roots',
    call: tool('list-workspaces'),
    script: [answer.roots([{ uri: 'file:///src', name: 'src' }, { uri: 'file:///docs' }])],
    expected: text('src\nfile:///docs'),
    effects: [],
    rounds: one,
  },
  { label: 'list-workspaces: 0 roots', call: tool('list-workspaces'), script: [answer.roots([])], expected: text('No roots shared'), effects: [], rounds: one },
  {
    label: 'create-account: both answered',
    call: account,
    script: [answer.accept({ name: 'ada' }), answer.accept({ mail: true })],
    expected: text('Created ada in core, mail sent'),
    effects: ['account:core:ada'],
    // Two questions asked back to back: two round trips before, one after the migration.
    rounds: { legacy: 2, 'migrated-2026': 1, 'migrated-2025': 1 },
  },
  {
    label: 'create-account: mail declined',
    call: account,
    script: [answer.accept({ name: 'ada' }), answer.decline()],
    expected: text('Created ada in core'),
    effects: ['account:core:ada'],
    rounds: { legacy: 2, 'migrated-2026': 1, 'migrated-2025': 1 },
  },
  {
    label: 'create-account: name declined',
    call: account,
    script: [answer.decline(), answer.accept({ mail: true })],
    expected: text('No account created'),
    effects: [],
    rounds: { legacy: 2, 'migrated-2026': 1, 'migrated-2025': 1 },
  },
  { label: 'review: accept strict', call: review, script: [answer.accept({ level: 'strict' })], expected: userMessage('Review src/app.ts in a strict way.'), effects: [], rounds: one },
  { label: 'review: decline', call: review, script: [answer.decline()], expected: userMessage('Review src/app.ts in a gentle way.'), effects: [], rounds: one },
  { label: 'review: cancel', call: review, script: [answer.cancel()], expected: userMessage('Review src/app.ts in a gentle way.'), effects: [], rounds: one },
];

const table: Array<Record<string, string | number>> = [];

describe('legacy vs migrated: same results, same effects, same questions', () => {
  afterAll(() => {
    if (table.length === 0) return;
    console.log(`rounds per logical call (input round trips to the client):\n${formatTable(table)}`);
  });

  it.each(cases)('$label', async (c) => {
    const outcomes = await runThreeWays({ legacy, migrated }, c.call, c.script);
    table.push({
      case: c.label,
      ...Object.fromEntries(WAYS.map((way) => [way, outcomes[way].rounds])),
      'handler entries (2026 / 2025 shim)': `${outcomes['migrated-2026'].entries} / ${outcomes['migrated-2025'].entries}`,
    });

    // The legacy run is the reference; it must itself be what the example means.
    const reference = outcomes.legacy;
    expect(normalizeResult(reference.result)).toEqual(c.expected);
    expect(reference.effects).toEqual(c.effects);
    expect(reference.unused).toBe(0);

    for (const way of WAYS) {
      const outcome: Outcome = outcomes[way];
      expect.soft(normalizeResult(outcome.result), `${way}: result`).toEqual(normalizeResult(reference.result));
      // Content and count: code before a question did not run again on the retry.
      expect.soft(outcome.effects, `${way}: effects`).toEqual(reference.effects);
      // The same questions, with the same parameters (mode: 'form' is added by both SDK paths).
      expect.soft(normalizeAsked(outcome.asked), `${way}: questions asked`).toEqual(normalizeAsked(reference.asked));
      expect.soft(outcome.unused, `${way}: unused script answers`).toBe(0);
      expect.soft(outcome.rounds, `${way}: rounds`).toBe(c.rounds[way]);
    }
    // What normalizeResult removed: resultType is 'complete' on the 2026 wire and absent from the
    // 2025-era Client results (both ways); nothing else differs.
    expect.soft(outcomes['migrated-2026'].result['resultType'], 'migrated-2026: resultType').toBe('complete');
    expect.soft(outcomes.legacy.result['resultType'], 'legacy: resultType').toBeUndefined();
    expect.soft(outcomes['migrated-2025'].result['resultType'], 'migrated-2025: resultType').toBeUndefined();
  });
});

describe('a documented difference: accepted content that fails the requested schema', () => {
  // Not a bug (docs/rules.md, rule answer-validation: the migrated handler validates accepted content
  // against the schema it was asked with and asks again), but not "unchanged" either: the legacy
  // v2 elicitInput throws on such content, which McpServer turns into an isError tool result,
  // while the migrated handler asks again on both eras. Pinned here so a change is noticed.
  it('create-account with a one-letter name: legacy ends with isError, migrated asks again and completes', async () => {
    const script: Script = [answer.accept({ name: 'x' }), answer.accept({ mail: true }), answer.accept({ name: 'xy' }), answer.accept({ mail: true })];
    const outcomes = await runThreeWays({ legacy, migrated }, account, script);
    expect(normalizeResult(outcomes.legacy.result)).toEqual({
      content: [{ type: 'text', text: 'Elicitation response content does not match requested schema: data/name must NOT have fewer than 2 characters' }],
      isError: true,
    });
    expect(outcomes.legacy.effects).toEqual([]);
    for (const way of ['migrated-2026', 'migrated-2025'] as const) {
      expect(normalizeResult(outcomes[way].result), way).toEqual(text('Created xy in core, mail sent'));
      expect(outcomes[way].effects, way).toEqual(['account:core:xy']);
      expect(outcomes[way].rounds, way).toBe(2);
    }
  });
});

function formatTable(rows: Array<Record<string, string | number>>): string {
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((col) => Math.max(col.length, ...rows.map((row) => String(row[col]).length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(columns), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map((row) => line(columns.map((col) => String(row[col]))))].join('\n');
}

// ---------------------------------------------------------------------------------------------
// The requestState checklist on the 2026 wire, against the codemod's output

const INVALID = { code: -32602, message: 'Invalid or expired requestState' };

function setup() {
  migrated.effects.length = 0;
  const entered: string[] = [];
  const errors: Error[] = [];
  const { mcp, handler } = handlerFor(migrated, entered, (error) => errors.push(error));
  return { mcp, handler, entered, errors, effects: migrated.effects };
}

type Setup = ReturnType<typeof setup>;

async function withSetup(body: (s: Setup) => Promise<void>): Promise<void> {
  const s = setup();
  try {
    await body(s);
  } finally {
    await s.mcp.close();
  }
}

function expectInputRequired(response: WireResponse) {
  expect(response.status).toBe(200);
  const result = resultOf(response);
  expect(result['resultType']).toBe('input_required');
  expect(typeof result['requestState']).toBe('string');
  return result as { inputRequests: Record<string, unknown>; requestState: string };
}

/** A complete result: resultType 'complete' and, apart from resultType and _meta (see normalizeResult), exactly `expected`. */
function expectComplete(response: WireResponse, expected: Record<string, unknown>) {
  expect(response.status).toBe(200);
  const result = resultOf(response);
  expect(result['resultType']).toBe('complete');
  expect(normalizeResult(result)).toEqual(expected);
}

function expectRefused(response: WireResponse) {
  expect(response.status).toBe(200);
  expect(errorOf(response)).toMatchObject({ ...INVALID, data: { reason: 'invalid_request_state' } });
}

const elicit = (message: string, requestedSchema: Record<string, unknown>) => ({
  method: 'elicitation/create',
  params: { mode: 'form', message, requestedSchema },
});

const nameSchema = { type: 'object', properties: { name: { type: 'string', description: 'The service name' } }, required: ['name'] };

/** Each migrated handler: its call, the first leg's expected inputRequests, the answers, the legacy text. */
const flows: Array<{
  label: string;
  call: LogicalCall;
  inputRequests: Record<string, unknown>;
  answers: Record<string, unknown>;
  done: Record<string, unknown>;
  effectsAfterFirstLeg: string[];
  effectsDone: string[];
  /** The same tool/prompt with other arguments (none for list-workspaces: it takes no arguments). */
  otherCall?: LogicalCall;
}> = [
  {
    label: 'deploy',
    call: deploy,
    inputRequests: { name: elicit('Type api to deploy api-v1 to prod', nameSchema) },
    answers: { name: { action: 'accept', content: { name: 'api' } } },
    done: text('Deployed api-v1'),
    effectsAfterFirstLeg: ['plan:api:prod'],
    effectsDone: ['plan:api:prod', 'deploy:api-v1'],
    otherCall: tool('deploy', { service: 'api', env: 'staging' }),
  },
  {
    label: 'summarize',
    call: tool('summarize', { text: 'Hello' }),
    inputRequests: {
      summary: {
        method: 'sampling/createMessage',
        params: { messages: [{ role: 'user', content: { type: 'text', text: 'Summarize in one line:\nHello' } }], maxTokens: 200 },
      },
    },
    answers: { summary: { role: 'assistant', content: { type: 'text', text: 'Hi.' }, model: 'm' } },
    done: text('Summary: Hi.'),
    effectsAfterFirstLeg: [],
    effectsDone: [],
    otherCall: tool('summarize', { text: 'Something else' }),
  },
  {
    label: 'list-workspaces',
    call: tool('list-workspaces'),
    inputRequests: { roots: { method: 'roots/list' } },
    answers: { roots: { roots: [{ uri: 'file:///a', name: 'a' }] } },
    done: text('a'),
    effectsAfterFirstLeg: [],
    effectsDone: [],
  },
  {
    label: 'create-account',
    call: account,
    inputRequests: {
      user_name: elicit('Your user name', { type: 'object', properties: { name: { type: 'string', minLength: 2 } }, required: ['name'] }),
      notify: elicit('Send a welcome mail?', { type: 'object', properties: { mail: { type: 'boolean' } }, required: ['mail'] }),
    },
    answers: { user_name: { action: 'accept', content: { name: 'ada' } }, notify: { action: 'accept', content: { mail: false } } },
    done: text('Created ada in core'),
    effectsAfterFirstLeg: [],
    effectsDone: ['account:core:ada'],
    otherCall: tool('create-account', { team: 'admins' }),
  },
  {
    label: 'review (prompt)',
    call: review,
    inputRequests: {
      style: elicit('How strict should the review of src/app.ts be?', {
        type: 'object',
        properties: { level: { type: 'string', enum: ['gentle', 'strict'] } },
        required: ['level'],
      }),
    },
    answers: { style: { action: 'accept', content: { level: 'strict' } } },
    done: userMessage('Review src/app.ts in a strict way.'),
    effectsAfterFirstLeg: [],
    effectsDone: [],
    otherCall: prompt('review', { file: 'src/secret.ts' }),
  },
];

describe('the migrated example on the 2026-07-28 wire: requestState checklist', () => {
  describe.each(flows)('$label', (flow) => {
    const call = wireCall(flow.call);

    it('first leg: input_required with the expected keys and requests', () =>
      withSetup(async ({ handler, entered, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        expect(first.inputRequests).toEqual(flow.inputRequests);
        expect(entered).toEqual([flow.call.name]);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
      }));

    it('retry with the answers: completes with the legacy text', () =>
      withSetup(async ({ handler, entered, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        const done = await retry(handler, call, { requestState: first.requestState, inputResponses: flow.answers });
        expect(done.status).toBe(200);
        expectComplete(done, flow.done);
        expect(entered).toEqual([flow.call.name, flow.call.name]);
        expect(effects).toEqual(flow.effectsDone);
      }));

    it('retry without the answers: input_required again, with the same requests', () =>
      withSetup(async ({ handler, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        const again = expectInputRequired(await retry(handler, call, { requestState: first.requestState, inputResponses: { unrelated: { action: 'accept' } } }));
        expect(again.inputRequests).toEqual(flow.inputRequests);
        expect(again.requestState).not.toBe(first.requestState);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
        // ...and the re-asked round still completes.
        const done = await retry(handler, call, { requestState: again.requestState, inputResponses: flow.answers });
        expectComplete(done, flow.done);
        expect(effects).toEqual(flow.effectsDone);
      }));

    it('tampered state: -32602 and the handler is never entered', () =>
      withSetup(async ({ handler, entered, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        const state = first.requestState;
        const i = 8;
        const tampered = state.slice(0, i) + (state[i] === 'A' ? 'B' : 'A') + state.slice(i + 1);
        expectRefused(await retry(handler, call, { requestState: tampered, inputResponses: flow.answers }));
        expect(entered).toEqual([flow.call.name]);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
      }));

    it('state minted for another principal: -32602', () =>
      withSetup(async ({ handler, entered, effects }) => {
        const alice: AuthInfo = { token: 'token-alice', clientId: 'client-1', scopes: [] };
        const bob: AuthInfo = { token: 'token-bob', clientId: 'client-1', scopes: [] };
        const first = expectInputRequired(await send(handler, call, { authInfo: alice }));
        expectRefused(await retry(handler, call, { requestState: first.requestState, inputResponses: flow.answers }, { authInfo: bob }));
        expect(entered).toEqual([flow.call.name]);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
        // Alice herself still completes.
        const done = await retry(handler, call, { requestState: first.requestState, inputResponses: flow.answers }, { authInfo: alice });
        expectComplete(done, flow.done);
      }));

    it('expired state (clock past the 600 s expiry): -32602', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = new Date('2026-08-01T10:00:00Z').getTime();
      vi.setSystemTime(start);
      await withSetup(async ({ handler, entered, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        vi.setSystemTime(start + 601_000);
        expectRefused(await retry(handler, call, { requestState: first.requestState, inputResponses: flow.answers }));
        expect(entered).toEqual([flow.call.name]);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
      });
    });

    const otherCall = flow.otherCall;
    if (otherCall !== undefined) it('state reused with other arguments: refused, nothing runs after resume()', () =>
      withSetup(async ({ handler, entered, effects }) => {
        const first = expectInputRequired(await send(handler, call));
        const other = wireCall(otherCall);
        const response = await retry(handler, other, { requestState: first.requestState, inputResponses: flow.answers });
        if (flow.call.method === 'tools/call') {
          // resume() throws inside the tool callback and McpServer turns that into a tool result
          // (see "Where a refusal shows up" in the generated mrtr-state.ts): HTTP 200, no JSON-RPC error.
          expect(response.body.error).toBeUndefined();
          expectComplete(response, { content: [{ type: 'text', text: 'Invalid or expired requestState' }], isError: true });
        } else {
          // Prompts are not wrapped: the same ProtocolError surfaces as JSON-RPC -32602.
          expectRefused(response);
        }
        expect(entered).toEqual([flow.call.name, flow.call.name]);
        expect(effects).toEqual(flow.effectsAfterFirstLeg);
      }));

    it('a first call that already carries the answers (no requestState) completes in one leg', () =>
      withSetup(async ({ handler, entered, effects }) => {
        expectComplete(await retry(handler, call, { inputResponses: flow.answers }), flow.done);
        expect(entered).toEqual([flow.call.name]);
        expect(effects).toEqual(flow.effectsDone);
      }));
  });

  it('create-account with only one of its two answers: both are asked again (answers do not accumulate)', () =>
    withSetup(async ({ handler, effects }) => {
      const call = wireCall(account);
      const first = expectInputRequired(await send(handler, call));
      const again = expectInputRequired(
        await retry(handler, call, { requestState: first.requestState, inputResponses: { user_name: { action: 'accept', content: { name: 'ada' } } } }),
      );
      expect(Object.keys(again.inputRequests)).toEqual(['user_name', 'notify']);
      expect(effects).toEqual([]);
    }));

  it('state of a tool replayed on the prompt: -32602 before the prompt runs (method binding)', () =>
    withSetup(async ({ handler, entered }) => {
      const first = expectInputRequired(await send(handler, wireCall(deploy)));
      expectRefused(await retry(handler, wireCall(review), { requestState: first.requestState, inputResponses: { style: { action: 'accept', content: { level: 'strict' } } } }));
      expect(entered).toEqual(['deploy']);
    }));

  it('state of deploy replayed on another tool (create-account): -32602 before that tool runs (Mcp-Name subject binding)', () =>
    withSetup(async ({ handler, entered, effects }) => {
      const first = expectInputRequired(await send(handler, wireCall(deploy)));
      const response = await retry(handler, wireCall(account), {
        requestState: first.requestState,
        inputResponses: { user_name: { action: 'accept', content: { name: 'eve' } }, notify: { action: 'decline' } },
      });
      expectRefused(response);
      expect(entered).toEqual(['deploy']);
      expect(effects).toEqual(['plan:api:prod']);
    }));

  it('a completed call\'s requestState replayed verbatim is refused (-32602, the handler not entered), and nothing runs again', () =>
    withSetup(async ({ handler, entered, effects }) => {
      const call = wireCall(deploy);
      const answers = { name: { action: 'accept', content: { name: 'api' } } };
      const first = expectInputRequired(await send(handler, call));
      expectComplete(await retry(handler, call, { requestState: first.requestState, inputResponses: answers }), text('Deployed api-v1'));
      const replay = await retry(handler, call, { requestState: first.requestState, inputResponses: answers });
      expectRefused(replay);
      expect(entered).toEqual(['deploy', 'deploy']);
      expect(effects).toEqual(['plan:api:prod', 'deploy:api-v1']);
    }));

  // The SDK runs the requestState seam only for tools/call, prompts/get and resources/read: on any
  // other method the field is ignored (unknown params are), so nothing can resume there. Pinned: the
  // state neither acts nor is used up, and the call it belongs to still completes afterwards.
  it('a requestState sent on a method that cannot carry one (tools/list) is ignored: nothing resumes, nothing is used up', () =>
    withSetup(async ({ handler, entered, effects }) => {
      const first = expectInputRequired(await send(handler, wireCall(deploy)));
      const listed = await rpc2026(handler, { method: 'tools/list', params: { requestState: first.requestState } });
      expect(resultOf(listed)['tools']).toBeDefined();
      expect(entered).toEqual(['deploy']);
      expect(effects).toEqual(['plan:api:prod']);
      const answers = { name: { action: 'accept', content: { name: 'api' } } };
      expectComplete(await retry(handler, wireCall(deploy), { requestState: first.requestState, inputResponses: answers }), text('Deployed api-v1'));
    }));

  it('too many rounds (answers kept back): the 9th leg is refused, nothing ran after the question', () =>
    withSetup(async ({ handler, entered, effects }) => {
      const call = wireCall(deploy);
      let { requestState } = expectInputRequired(await send(handler, call));
      for (let round = 2; round <= 8; round++) {
        ({ requestState } = expectInputRequired(await retry(handler, call, { requestState, inputResponses: {} })));
      }
      const ninth = await retry(handler, call, { requestState, inputResponses: {} });
      expectComplete(ninth, {
        content: [{ type: 'text', text: 'Too many input rounds for deploy (the limit is 8); start the request again' }],
        isError: true,
      });
      expect(entered).toHaveLength(9);
      expect(effects).toEqual(['plan:api:prod']);
    }));

  it('too many rounds on the review prompt: the 9th leg is a JSON-RPC -32602', () =>
    withSetup(async ({ handler }) => {
      const call = wireCall(review);
      let { requestState } = expectInputRequired(await send(handler, call));
      for (let round = 2; round <= 8; round++) {
        ({ requestState } = expectInputRequired(await retry(handler, call, { requestState, inputResponses: {} })));
      }
      const ninth = await retry(handler, call, { requestState, inputResponses: {} });
      expect(errorOf(ninth)).toMatchObject({ code: -32602, message: 'Too many input rounds for review (the limit is 8); start the request again' });
    }));

  it.each([
    ['deploy (elicitation), nothing declared', deploy, {}, { elicitation: {} }],
    ['deploy (elicitation), only sampling and roots declared', deploy, { sampling: {}, roots: {} }, { elicitation: {} }],
    ['summarize (sampling), only elicitation declared', tool('summarize', { text: 'x' }), { elicitation: {} }, { sampling: {} }],
    ['list-workspaces (roots), only sampling declared', tool('list-workspaces'), { sampling: {} }, { roots: {} }],
    ['create-account (elicitation), nothing declared', account, {}, { elicitation: {} }],
    ['review prompt (elicitation), nothing declared', review, {}, { elicitation: {} }],
  ] satisfies Array<[string, LogicalCall, RpcOptions['capabilities'], Record<string, unknown>]>)(
    'undeclared capability, %s: -32021 with data.requiredCapabilities, HTTP 400',
    (_label, logical, capabilities, required) =>
      withSetup(async ({ handler }) => {
        const response = await send(handler, wireCall(logical), { capabilities });
        expect(response.status).toBe(400);
        expect(errorOf(response)).toMatchObject({ code: -32021, data: { requiredCapabilities: required } });
      }),
  );
});

