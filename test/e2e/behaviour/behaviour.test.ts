// Behaviour fixtures (issue 5, part 1): small legacy servers in ./servers, written the way real v2
// servers are written (push style), each recording its side effects in `effects`.
//
// beforeAll copies them into a fresh package under test/tmp, runs the CLI on it in-process (write
// mode), and imports the legacy originals and the migrated copies. Every scripted scenario then
// runs three ways (./runner.ts, after ../harness.ts): the legacy server with the real 2025-era
// Client, the migrated server on the 2026-07-28 wire (createMcpHandler, in-process), and the
// migrated server with the 2025-era Client again (the SDK's legacy shim). Final results, side
// effects (content and count: code before a question runs once, "resume, don't replay") and the
// questions asked must be the same; the rounds each way took are printed as a table.
//
// Last, one migrated server is served over real stdio pipes by a child process (serveStdio) and
// driven through three input_required rounds on the 2026-07-28 wire.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY, PROTOCOL_VERSION_META_KEY, type ClientCapabilities } from '@modelcontextprotocol/server';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, type CliIo } from '../../../src/cli.js';
import { answer, normalizeAsked, normalizeResult, WAYS, type Outcome, type Way } from '../harness.js';
import {
  callTool,
  getPrompt,
  missing,
  readResource,
  runLegacy,
  runMigrated2025,
  runMigrated2026,
  type BehaviourCall,
  type BehaviourOutcome,
  type FixtureModule,
  type RunOptions,
  type Steps,
} from './runner.js';
import { lineRpc } from '../../helpers/line-rpc.js';

// The generated state module reads its key once, when it loads: set it before any import of it.
const KEY = 'behaviour-e2e-only-request-state-key-0123456789abcdef';
process.env['MCP_REQUEST_STATE_KEY'] = KEY;
delete process.env['MCP_REQUEST_STATE_TTL_SECONDS'];

const root = fileURLToPath(new URL('../../..', import.meta.url));
const serversDir = fileURLToPath(new URL('./servers', import.meta.url));
const runDir = path.join(root, 'test', 'tmp', `e2e-behaviour-${process.pid}`);
const pkgDir = path.join(runDir, 'behaviour-servers');
const srcDir = path.join(pkgDir, 'src');

const FIXTURES = [
  'single-question',
  'independent-questions',
  'dependent-rounds',
  'branches',
  'sampling',
  'roots',
  'url-mode',
  'prompt',
  'resource-template',
  'low-level',
  'capability-fallback',
  'helper-confirm',
  'edge-shapes',
  'classes',
  'loops',
  'nested-paths',
  'helper-shapes',
  'carried-values',
  'definitions',
  'class-tools',
  'wrapped-registrar',
  'helper-batches',
] as const;
type Fixture = (typeof FIXTURES)[number];
/** Modules the fixtures import (helpers exported from one module, awaited in another): migrated with them. */
const LIBRARIES = ['helper-shapes-lib'] as const;

interface Finding {
  rule: string;
  severity: 'error' | 'warning' | 'info';
  path: string;
  line: number;
  column: number;
  message: string;
}
interface Report {
  summary: Record<string, number>;
  files: Array<{ path: string; changed: boolean; transforms: string[] }>;
  findings: Finding[];
  errors: Array<{ path: string; message: string }>;
}

/**
 * Known bugs run as it.fails, so the suite stays usable while they are open; set
 * BEHAVIOUR_KNOWN_BUGS=run to run them as ordinary tests and see exactly how they fail.
 */
const knownBugIt = process.env['BEHAVIOUR_KNOWN_BUGS'] === 'run' ? it : it.fails;

const cli = { code: -1, stdout: '', stderr: '' };
let report: Report | undefined;
const legacy = {} as Record<Fixture, FixtureModule>;
const migrated = {} as Record<Fixture, FixtureModule>;

beforeAll(async () => {
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(srcDir, { recursive: true });
  for (const name of [...FIXTURES, ...LIBRARIES]) {
    cpSync(path.join(serversDir, `${name}.ts`), path.join(srcDir, `${name}.ts`));
    // A fixture of several modules keeps the others in a folder of its name.
    if (existsSync(path.join(serversDir, name))) cpSync(path.join(serversDir, name), path.join(srcDir, name), { recursive: true });
  }
  writeFileSync(path.join(pkgDir, 'package.json'), `${JSON.stringify({ name: 'behaviour-servers', private: true, type: 'module' }, null, 2)}\n`);
  writeFileSync(
    path.join(pkgDir, 'tsconfig.json'),
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, skipLibCheck: true, noEmit: true }, include: ['src'] }, null, 2)}\n`,
  );
  const reportPath = path.join(runDir, 'report.json');
  const io: CliIo = {
    stdout: (text) => void (cli.stdout += text),
    stderr: (text) => void (cli.stderr += text),
    cwd: root,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  cli.code = await main(['--allow-dirty', '--report', reportPath, pkgDir], io);
  report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
  for (const name of FIXTURES) {
    legacy[name] = (await import(pathToFileURL(path.join(serversDir, `${name}.ts`)).href)) as FixtureModule;
    migrated[name] = (await import(pathToFileURL(path.join(srcDir, `${name}.ts`)).href)) as FixtureModule;
  }
}, 60_000);

afterAll(() => rmSync(runDir, { recursive: true, force: true }));

/** The fixture a file belongs to: `src/<fixture>.ts`, or a module in `src/<fixture>/`. */
const fixtureOf = (filePath: string) => /(?:^|\/)src\/([^/]+?)(?:\.ts$|\/)/.exec(filePath.split(path.sep).join('/'))?.[1] ?? path.basename(filePath).replace(/\.ts$/, '');

// ---------------------------------------------------------------------------------------------

describe('the codemod on the behaviour fixtures', () => {
  afterAll(() => {
    if (report === undefined) return;
    const rows = FIXTURES.map((name) => {
      const findings = report!.findings.filter((f) => fixtureOf(f.path) === name);
      const count = (severity: Finding['severity']) => {
        const rules = findings.filter((f) => f.severity === severity).map((f) => f.rule);
        return [...new Set(rules)].map((rule) => `${rule}×${rules.filter((r) => r === rule).length}`).join(', ') || '-';
      };
      return { fixture: name, warnings: count('warning'), info: count('info') };
    });
    console.log(`findings per fixture:\n${formatTable(rows)}`);
  });

  it('exits 0, writes every fixture file and the state module, reports no file errors', () => {
    expect({ code: cli.code, stderr: cli.stderr }).toEqual({ code: 0, stderr: '' });
    expect(report?.errors).toEqual([]);
    const changed = new Set((report?.files ?? []).filter((f) => f.changed).map((f) => fixtureOf(f.path)));
    expect([...changed].sort()).toEqual([...FIXTURES, ...LIBRARIES].sort());
    expect(readdirSync(srcDir)).toContain('mrtr-state.ts');
    for (const name of FIXTURES) {
      expect(readFileSync(path.join(srcDir, `${name}.ts`), 'utf8'), name).toContain('requestState: { verify: mrtrState.verify }');
    }
  });

  // These servers are meant to be migratable: a warning means the codemod left a handler as it was
  // (it then throws when served on 2026-07-28). The refusals below are the tool's documented limits,
  // each reported with a rule id and a marker; their scenarios are marked NOT_MIGRATED_*. Any other
  // warning is a regression.
  const DOCUMENTED_REFUSALS = [
    // a question in a branch after an earlier question of the same block (close-account asks again
    // in its decline branch), with side effects before both: a prefix is lifted only in a block on
    // the way that does not itself ask
    'branches push-nested-block',
    'branches push-nested-block',
    'capability-fallback push-nested-block',
    'capability-fallback push-nested-block',
    // a Promise.all that mixes a question with other work
    'edge-shapes push-unsupported-shape',
    // the base-class registrar's own callback returns handler.call(...): result-type cannot see
    // the results it passes through (they are built, and stamped, in the registered methods)
    'classes result-built-elsewhere',
    // deploy returns the CallToolResult its helper built inside a tagged union (twice): result-type
    // asks for resultType where it is built (the SDK stamps it on the 2026 wire meanwhile)
    'helper-shapes result-built-elsewhere',
    'helper-shapes result-built-elsewhere',
    // the exported helpers of helper-shapes-lib stay beside their companions (other modules may
    // call them), and their questions are reported for those callers
    'helper-shapes-lib push-in-helper',
    'helper-shapes-lib push-in-helper',
    'helper-shapes-lib push-in-helper',
    // the same for a base class's template method (run returns what execute built) and for a
    // registration whose callback returns what the wrapper it invokes returns
    'class-tools result-built-elsewhere',
    'wrapped-registrar result-built-elsewhere',
    // reissue is run inside a closure handed to its tracer: reported, left push-style (and its
    // registered handler returns what the tracer returns: result-type cannot see where it is built)
    'wrapped-registrar push-unsupported-shape',
    'wrapped-registrar result-built-elsewhere',
  ];
  it('reports only the documented refusals as warnings on these servers', () => {
    const serious = (report?.findings ?? [])
      .filter((f) => f.severity !== 'info')
      .map((f) => `${fixtureOf(f.path)} ${f.rule}`)
      .sort();
    expect(serious).toEqual([...DOCUMENTED_REFUSALS].sort());
  });

  describe('the migrated package typechecks against @modelcontextprotocol/server 2.x', () => {
    let diagnostics: Map<string, string> | undefined;
    const diagnosticsOf = (name: string): string => {
      if (diagnostics === undefined) {
        const project = new Project({
          compilerOptions: {
            strict: true,
            target: ts.ScriptTarget.ES2022,
            module: ts.ModuleKind.NodeNext,
            moduleResolution: ts.ModuleResolutionKind.NodeNext,
            skipLibCheck: true,
            noEmit: true,
            types: ['node'],
          },
          skipAddingFilesFromTsConfig: true,
        });
        project.addSourceFilesAtPaths(path.join(srcDir, '**/*.ts'));
        const all = project.getPreEmitDiagnostics();
        diagnostics = new Map();
        for (const file of [...FIXTURES, ...LIBRARIES, 'mrtr-state']) {
          const mine = all.filter((d) => d.getSourceFile() && fixtureOf(d.getSourceFile()!.getFilePath()) === file);
          diagnostics.set(file, project.formatDiagnosticsWithColorAndContext(mine));
        }
      }
      return diagnostics.get(name) ?? '';
    };
    for (const name of [...FIXTURES, ...LIBRARIES, 'mrtr-state'] as const) {
      it(`${name}.ts`, () => expect(diagnosticsOf(name)).toBe(''), 60_000);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  fixture: Fixture;
  label: string;
  call: BehaviourCall;
  /** Answers for all three ways; `missing` steps are only honoured on the 2026 wire. */
  script: Steps;
  /** A separate 2026 script, where leaving an answer out changes which answers a later round needs. */
  wire2026?: Steps;
  /** The final result, normalised (see normalizeResult): the legacy run must give exactly this. */
  expected: Record<string, unknown>;
  effects: string[];
  rounds: Record<Way, number>;
  options?: RunOptions;
  /**
   * Set when the migrated server is known not to match: the scenario runs as it.fails, and the
   * text names the bug or finding responsible.
   */
  knownBug?: string;
}

const text = (t: string, isError?: true) => ({ content: [{ type: 'text', text: t }], ...(isError && { isError }) });
const rounds = (legacyRounds: number, wire2026: number, shim2025: number) => ({ legacy: legacyRounds, 'migrated-2026': wire2026, 'migrated-2025': shim2025 });
const same = (n: number) => rounds(n, n, n);

const SAMPLING_ONLY: ClientCapabilities = { sampling: {} };
const NOTHING: ClientCapabilities = {};

const urlOptions: RunOptions = {
  reset: (module) => (module['linkedAccounts'] as Set<string>).clear(),
  // The user finished the flow in the browser: the OAuth callback links the account.
  onUrlAccept: (module, params) => {
    const user = new URL(String(params['url'])).searchParams.get('user');
    if (user !== null) (module['completeLink'] as (user: string) => void)(user);
  },
};

/** The wrapped registrar's rate limiter starts empty for every run. */
const wrappedOptions: RunOptions = { reset: (module) => (module['accepted'] as Map<string, number>).clear() };

const NOT_MIGRATED_PUSH_NESTED_BLOCK =
  'not migrated: the codemod reports push-nested-block ("code before the block that asks has side effects and would run again on every leg") and leaves the handler push-style, so the 2026 run fails';

// A Promise.all that mixes a lookup with a question is reported (push-unsupported-shape) and left as
// it was: the handler then fails on 2026-07-28 as before, so these scenarios run as it.fails.
const NOT_MIGRATED_PROMISE_ALL_MIXED =
  'not migrated: the codemod reports push-unsupported-shape (a Promise.all mixing a question with other work) and leaves the handler push-style, so the 2026 run fails';

// A handler run inside a closure handed to a tracer (wrapper-chains.ts thunkRuns) is reported
// (push-unsupported-shape) and left as it was: it fails on 2026-07-28 as before.
const NOT_MIGRATED_THUNK_WRAPPER =
  'not migrated: the codemod reports push-unsupported-shape (the handler runs the asking function inside a closure handed to a tracer) and leaves it push-style, so the 2026 run fails';

const deleteFile = callTool('delete-file', { path: 'notes.txt' });
const createProject = callTool('create-project', { owner: 'ada' });
const planSprint = callTool('plan-sprint', { team: 'core' });
const bookTrip = callTool('book-trip', { traveller: 'ada', nights: 3 });
const rotateKey = callTool('rotate-key', { service: 'billing' });
const triage = callTool('triage-issue', { id: 7 });
const standup = getPrompt('standup', { team: 'core' });
const report2025 = readResource('reports://core/2025');
const purge = callTool('purge-cache', { region: 'us' });

const runContainer = callTool('run-container', { image: 'web' });
const deleteRecord = callTool('delete-record', { id: 'r1' });
const deployService = callTool('deploy', { service: 'api' });
const removeSecret = callTool('remove-secret', { name: 'api-key' });
const startBuild = callTool('start-build', { repo: 'web' });
const saveNote = callTool('save-note', { title: 'shopping', text: 'milk eggs bread' });
const changeStack = callTool('change-stack', { stack: 'web', write: true });

const releaseDrill = callTool('release-item', { name: 'drill' });
const bookRoom = callTool('book-room', { room: 'atlas' });
const nameBranch = (repo: string) => callTool('name-branch', { repo });
const inventoryOptions: RunOptions = { reset: (module) => (module['resetInventory'] as () => void)() };
const diffOptions: RunOptions = {
  reset: (module) => {
    const sizes = module['diffSizes'] as Map<string, number>;
    sizes.set('small', 400);
    sizes.set('large', 48 * 1024);
  },
};

const bookedEffects = ['session:ada', 'search:Lisbon', 'hold:Lisbon Inn', 'book:s-ada:Lisbon Inn'];
const standupMessages = (first: string, rest: string, opener: string) => ({
  description: 'Stand-up of core',
  messages: [
    { role: 'assistant', content: { type: 'text', text: opener } },
    { role: 'user', content: { type: 'text', text: `Discuss first: ${first}. Then: ${rest}` } },
  ],
});
const reportContents = (t: string) => ({ contents: [{ uri: 'reports://core/2025', mimeType: 'text/plain', text: t }] });

const scenarios: Scenario[] = [
  // single-question: one question, decline and cancel branches
  { fixture: 'single-question', label: 'accept, confirmed', call: deleteFile, script: [answer.accept({ confirm: true })], expected: text('Deleted notes.txt (900 bytes)'), effects: ['stat:notes.txt', 'rm:notes.txt', 'audit:deleted:notes.txt'], rounds: same(1) },
  { fixture: 'single-question', label: 'accept, not confirmed', call: deleteFile, script: [answer.accept({ confirm: false })], expected: text('Not confirmed; notes.txt kept'), effects: ['stat:notes.txt'], rounds: same(1) },
  { fixture: 'single-question', label: 'decline', call: deleteFile, script: [answer.decline()], expected: text('Kept notes.txt'), effects: ['stat:notes.txt', 'audit:declined:notes.txt'], rounds: same(1) },
  { fixture: 'single-question', label: 'cancel', call: deleteFile, script: [answer.cancel()], expected: text('Cancelled by the user', true), effects: ['stat:notes.txt'], rounds: same(1) },
  { fixture: 'single-question', label: 'missing answer on a retry, then accept', call: deleteFile, script: [missing(), answer.accept({ confirm: true })], expected: text('Deleted notes.txt (900 bytes)'), effects: ['stat:notes.txt', 'rm:notes.txt', 'audit:deleted:notes.txt'], rounds: rounds(1, 2, 1) },

  // independent-questions: back to back, and Promise.all of an elicitation and a sampling request
  { fixture: 'independent-questions', label: 'create-project: both answered', call: createProject, script: [answer.accept({ name: 'kite' }), answer.accept({ license: 'Apache-2.0' })], expected: text('Created https://git.example.com/ada/kite (Apache-2.0)'), effects: ['quota:ada', 'create:ada/kite:Apache-2.0'], rounds: rounds(2, 1, 1) },
  { fixture: 'independent-questions', label: 'create-project: name declined', call: createProject, script: [answer.decline(), answer.accept({ license: 'MIT' })], expected: text('No project created'), effects: ['quota:ada'], rounds: rounds(2, 1, 1) },
  { fixture: 'independent-questions', label: 'create-project: license cancelled', call: createProject, script: [answer.accept({ name: 'kite' }), answer.cancel()], expected: text('Created https://git.example.com/ada/kite (MIT)'), effects: ['quota:ada', 'create:ada/kite:MIT'], rounds: rounds(2, 1, 1) },
  {
    fixture: 'independent-questions',
    label: 'create-project: license missing on a retry (both asked again)',
    call: createProject,
    script: [answer.accept({ name: 'kite' }), answer.accept({ license: 'Apache-2.0' })],
    wire2026: [answer.accept({ name: 'kite' }), missing(), answer.accept({ name: 'kite' }), answer.accept({ license: 'Apache-2.0' })],
    expected: text('Created https://git.example.com/ada/kite (Apache-2.0)'),
    effects: ['quota:ada', 'create:ada/kite:Apache-2.0'],
    rounds: rounds(2, 2, 1),
  },
  { fixture: 'independent-questions', label: 'plan-sprint (Promise.all): both answered', call: planSprint, script: [answer.accept({ people: 4 }), answer.sampleText('Ship search')], expected: text('core: 4 people, goal: Ship search'), effects: ['load-backlog:core', 'sprint:core:4'], rounds: rounds(2, 1, 1) },
  { fixture: 'independent-questions', label: 'plan-sprint (Promise.all): size declined', call: planSprint, script: [answer.decline(), answer.sampleText('Ship search')], expected: text('core: 1 people, goal: Ship search'), effects: ['load-backlog:core', 'sprint:core:1'], rounds: rounds(2, 1, 1) },
  {
    fixture: 'independent-questions',
    label: 'plan-sprint (Promise.all): sampling missing on a retry',
    call: planSprint,
    script: [answer.accept({ people: 4 }), answer.sampleText('Ship search')],
    wire2026: [answer.accept({ people: 4 }), missing('sampling'), answer.accept({ people: 4 }), answer.sampleText('Ship search')],
    expected: text('core: 4 people, goal: Ship search'),
    effects: ['load-backlog:core', 'sprint:core:4'],
    rounds: rounds(2, 2, 1),
  },

  // loops: a re-ask-until-valid loop (one round per time round), a deferred await, a carried Date
  { fixture: 'loops', label: 'run-container: valid at once', call: runContainer, script: [answer.accept({ ports: '8080:80' })], expected: text('Started c-web on 8080:80'), effects: ['inspect:web', 'start:web:8080:80'], rounds: same(1) },
  {
    fixture: 'loops',
    label: 'run-container: two invalid answers, asked again with the hint, then valid',
    call: runContainer,
    script: [answer.accept({ ports: '80' }), answer.accept({ ports: 'http' }), answer.accept({ ports: '8080:80' })],
    expected: text('Started c-web on 8080:80'),
    effects: ['inspect:web', 'rejected:80', 'rejected:http', 'start:web:8080:80'],
    rounds: same(3),
  },
  { fixture: 'loops', label: 'run-container: invalid, then declined', call: runContainer, script: [answer.accept({ ports: '80' }), answer.decline()], expected: text('Container not started'), effects: ['inspect:web', 'rejected:80'], rounds: same(2) },
  { fixture: 'loops', label: 'run-container: missing answer inside the loop on a retry', call: runContainer, script: [answer.accept({ ports: '80' }), missing(), answer.accept({ ports: '8080:80' })], expected: text('Started c-web on 8080:80'), effects: ['inspect:web', 'rejected:80', 'start:web:8080:80'], rounds: rounds(2, 3, 2) },
  {
    fixture: 'loops',
    label: 'import-contacts (for…of): all asked in one round, two kept',
    call: callTool('import-contacts', { names: ['ada', 'bo', 'cy'] }),
    script: [answer.accept({ keep: true }), answer.decline(), answer.accept({ keep: true })],
    expected: text('Imported 2: ada, cy'),
    effects: ['inspect:contacts', 'import:ada+cy'],
    rounds: rounds(3, 1, 1),
  },
  {
    fixture: 'loops',
    label: 'approve-packages (for…of over release.packages): one round, the release loaded once',
    call: callTool('approve-packages', { version: '2.1' }),
    script: [answer.accept({ ok: true }), answer.decline()],
    expected: text('1 of 2 approved'),
    effects: ['load-release:2.1', 'approved:1'],
    rounds: rounds(2, 1, 1),
  },
  { fixture: 'loops', label: 'import-contacts (for…of): no items, nothing asked', call: callTool('import-contacts', { names: [] }), script: [], expected: text('Imported 0: '), effects: ['inspect:contacts', 'import:'], rounds: same(0) },
  {
    fixture: 'loops',
    label: 'digest-pages (Promise.all map): all asked in one round',
    call: callTool('digest-pages', { pageIds: ['a', 'b'] }),
    script: [answer.sampleText('first'), answer.sampleText('second')],
    expected: text('Page a: first | Page b: second'),
    effects: ['load:a', 'load:b', 'digest:a', 'digest:b'],
    rounds: rounds(2, 1, 1),
  },
  { fixture: 'loops', label: 'page-oncall (deferred await): accepted', call: callTool('page-oncall', { service: 'api' }), script: [answer.accept({ email: 'bo@example.com' })], expected: text('Paged oncall-api; escalation goes to bo@example.com'), effects: ['page:api'], rounds: same(1) },
  { fixture: 'loops', label: 'page-oncall (deferred await): declined', call: callTool('page-oncall', { service: 'api' }), script: [answer.decline()], expected: text('Paged oncall-api; escalation goes to the service owner'), effects: ['page:api'], rounds: same(1) },
  { fixture: 'loops', label: 'timed-job (Date carried): the revived start is the recorded instant', call: callTool('timed-job', { job: 'reindex' }), script: [answer.accept({ size: 3 })], expected: text('reindex (3) started at the recorded instant'), effects: ['started:reindex'], rounds: same(1) },
  { fixture: 'loops', label: 'timed-job (Date carried): missing answer on a retry', call: callTool('timed-job', { job: 'reindex' }), script: [missing(), answer.accept({ size: 3 })], expected: text('reindex (3) started at the recorded instant'), effects: ['started:reindex'], rounds: rounds(1, 2, 1) },

  // dependent-rounds: three rounds, each built from the previous answer, effects between rounds
  { fixture: 'dependent-rounds', label: 'three rounds, all accepted', call: bookTrip, script: [answer.accept({ city: 'Lisbon' }), answer.accept({ hotel: 'Lisbon Inn' }), answer.accept({ book: true })], expected: text('Booked Lisbon Inn in Lisbon, 3 nights: B-270'), effects: bookedEffects, rounds: same(3) },
  { fixture: 'dependent-rounds', label: 'round 1 declined', call: bookTrip, script: [answer.decline()], expected: text('No trip planned'), effects: ['session:ada'], rounds: same(1) },
  { fixture: 'dependent-rounds', label: 'round 2 cancelled', call: bookTrip, script: [answer.accept({ city: 'Oslo' }), answer.cancel()], expected: text('No hotel chosen in Oslo'), effects: ['session:ada', 'search:Oslo'], rounds: same(2) },
  { fixture: 'dependent-rounds', label: 'round 3 declined (hold released)', call: bookTrip, script: [answer.accept({ city: 'Lisbon' }), answer.accept({ hotel: 'Lisbon Inn' }), answer.decline()], expected: text('Released the hold on Lisbon Inn'), effects: ['session:ada', 'search:Lisbon', 'hold:Lisbon Inn', 'release:s-ada:Lisbon Inn'], rounds: same(3) },
  { fixture: 'dependent-rounds', label: 'round 2 missing on a retry', call: bookTrip, script: [answer.accept({ city: 'Lisbon' }), missing(), answer.accept({ hotel: 'Lisbon Inn' }), answer.accept({ book: true })], expected: text('Booked Lisbon Inn in Lisbon, 3 nights: B-270'), effects: bookedEffects, rounds: rounds(3, 4, 3) },

  // branches: a question inside an if, in the decline branch of another, inside try/catch
  { fixture: 'branches', label: 'publish-package: public, nothing asked', call: callTool('publish-package', { name: 'left-pad', version: '1.0.1' }), script: [], expected: text('Published left-pad@1.0.1'), effects: ['manifest:left-pad', 'publish:left-pad@1.0.1'], rounds: same(0) },
  { fixture: 'branches', label: 'publish-package: private, override accepted', call: callTool('publish-package', { name: '@internal/auth', version: '2.0.0' }), script: [answer.accept({ publish: true })], expected: text('Published @internal/auth@2.0.0'), effects: ['manifest:@internal/auth', 'override:@internal/auth', 'publish:@internal/auth@2.0.0'], rounds: same(1) },
  { fixture: 'branches', label: 'publish-package: private, declined', call: callTool('publish-package', { name: '@internal/auth', version: '2.0.0' }), script: [answer.decline()], expected: text('@internal/auth not published (decline)'), effects: ['manifest:@internal/auth'], rounds: same(1) },
  { fixture: 'branches', label: 'tag-release: asked (if), accepted', call: callTool('tag-release', { tag: 'v1', force: false }), script: [answer.accept({ move: true })], expected: text('Tagged v1'), effects: ['tag:v1'], rounds: same(1) },
  { fixture: 'branches', label: 'tag-release: asked (if), declined', call: callTool('tag-release', { tag: 'v1', force: false }), script: [answer.decline()], expected: text('v1 left where it was'), effects: [], rounds: same(1) },
  { fixture: 'branches', label: 'tag-release: forced, nothing asked', call: callTool('tag-release', { tag: 'v1', force: true }), script: [], expected: text('Tagged v1 (forced)'), effects: ['tag:v1'], rounds: same(0) },
  { fixture: 'branches', label: 'tag-release: missing answer on a retry', call: callTool('tag-release', { tag: 'v1', force: false }), script: [missing(), answer.accept({ move: true })], expected: text('Tagged v1'), effects: ['tag:v1'], rounds: rounds(1, 2, 1) },
  { fixture: 'branches', label: 'close-account: accepted', call: callTool('close-account', { account: 'acme' }), script: [answer.accept({ close: true })], expected: text('acme closed'), effects: ['lookup:acme', 'close:acme'], rounds: same(1), knownBug: NOT_MIGRATED_PUSH_NESTED_BLOCK },
  { fixture: 'branches', label: 'close-account: declined, feedback asked in the decline branch', call: callTool('close-account', { account: 'acme' }), script: [answer.decline(), answer.accept({ reason: 'price' })], expected: text('acme stays open'), effects: ['lookup:acme', 'feedback:acme:price'], rounds: same(2), knownBug: NOT_MIGRATED_PUSH_NESTED_BLOCK },
  { fixture: 'branches', label: 'rotate-key (try/catch): accepted', call: rotateKey, script: [answer.accept({ reason: 'leaked' })], expected: text('Rotated billing-k1 to billing-k2'), effects: ['load-key:billing', 'rotate:billing-k1:leaked', 'notify:billing'], rounds: same(1) },
  { fixture: 'branches', label: 'rotate-key (try/catch): declined', call: rotateKey, script: [answer.decline()], expected: text('Rotation of billing-k1 skipped'), effects: ['load-key:billing'], rounds: same(1) },
  { fixture: 'branches', label: 'rotate-key (try/catch): work after the answer throws, catch runs', call: callTool('rotate-key', { service: 'legacy' }), script: [answer.accept({ reason: 'audit' })], expected: text('Rotation failed: legacy does not support rotation', true), effects: ['load-key:legacy', 'rollback:legacy'], rounds: same(1) },
  { fixture: 'branches', label: 'rotate-key (try/catch): missing answer on a retry', call: rotateKey, script: [missing(), answer.accept({ reason: 'leaked' })], expected: text('Rotated billing-k1 to billing-k2'), effects: ['load-key:billing', 'rotate:billing-k1:leaked', 'notify:billing'], rounds: rounds(1, 2, 1) },

  // sampling
  { fixture: 'sampling', label: 'a label', call: triage, script: [answer.sampleText('Bug ')], expected: text('#7 labelled bug (by test-model)'), effects: ['fetch:7', 'label:7:bug'], rounds: same(1) },
  { fixture: 'sampling', label: 'no label', call: triage, script: [answer.sampleText('maybe')], expected: text('The model answered "maybe", which is no label; #7 left alone', true), effects: ['fetch:7'], rounds: same(1) },
  { fixture: 'sampling', label: 'missing answer on a retry', call: triage, script: [missing('sampling'), answer.sampleText('feature')], expected: text('#7 labelled feature (by test-model)'), effects: ['fetch:7', 'label:7:feature'], rounds: rounds(1, 2, 1) },

  // roots: server.server.listRoots() and ctx.mcpReq.send({ method: 'roots/list' })
  { fixture: 'roots', label: 'index-workspace (listRoots): 2 roots', call: callTool('index-workspace', { depth: 3 }), script: [answer.roots([{ uri: 'file:///src', name: 'src' }, { uri: 'file:///docs' }])], expected: text('Indexed 2 roots at depth 3'), effects: ['index-start:3', 'index:file:///src', 'index:file:///docs'], rounds: same(1) },
  { fixture: 'roots', label: 'index-workspace (listRoots): no roots', call: callTool('index-workspace', { depth: 3 }), script: [answer.roots([])], expected: text('Nothing to index'), effects: ['index-start:3'], rounds: same(1) },
  { fixture: 'roots', label: 'find-root (send roots/list): found', call: callTool('find-root', { name: 'docs' }), script: [answer.roots([{ uri: 'file:///work/docs', name: 'docs' }, { uri: 'file:///work/src' }])], expected: text('Found file:///work/docs'), effects: ['find:docs', 'open:file:///work/docs'], rounds: same(1) },
  { fixture: 'roots', label: 'find-root (send roots/list): not found', call: callTool('find-root', { name: 'tests' }), script: [answer.roots([{ uri: 'file:///work/src' }])], expected: text('No root matches tests', true), effects: ['find:tests'], rounds: same(1) },
  { fixture: 'roots', label: 'find-root: missing answer on a retry', call: callTool('find-root', { name: 'docs' }), script: [missing('roots'), answer.roots([{ uri: 'file:///work/docs', name: 'docs' }])], expected: text('Found file:///work/docs'), effects: ['find:docs', 'open:file:///work/docs'], rounds: rounds(1, 2, 1) },

  // url-mode: awaited elicitInput({ mode: 'url' }) and a thrown UrlElicitationRequiredError
  { fixture: 'url-mode', label: 'connect-bank: accepted', call: callTool('connect-bank', { bank: 'Nordbank' }), script: [answer.accept()], expected: text('Connecting Nordbank; finish in the browser'), effects: ['start-connect:Nordbank', 'await-callback:Nordbank'], rounds: same(1), options: urlOptions },
  { fixture: 'url-mode', label: 'connect-bank: declined', call: callTool('connect-bank', { bank: 'Nordbank' }), script: [answer.decline()], expected: text('Nordbank not connected (decline)'), effects: ['start-connect:Nordbank', 'abort-connect:Nordbank'], rounds: same(1), options: urlOptions },
  { fixture: 'url-mode', label: 'connect-calendar (notifier forgotten in a finally): accepted', call: callTool('connect-calendar', { provider: 'Caldav' }), script: [answer.accept()], expected: text('Connected Caldav'), effects: ['start-consent:Caldav', 'consented:Caldav'], rounds: same(1), options: urlOptions },
  { fixture: 'url-mode', label: 'connect-calendar: declined', call: callTool('connect-calendar', { provider: 'Caldav' }), script: [answer.decline()], expected: text('Consent decline'), effects: ['start-consent:Caldav', 'abort-consent:Caldav'], rounds: same(1), options: urlOptions },
  { fixture: 'url-mode', label: 'connect-bank: cancelled', call: callTool('connect-bank', { bank: 'Nordbank' }), script: [answer.cancel()], expected: text('Nordbank not connected (cancel)'), effects: ['start-connect:Nordbank', 'abort-connect:Nordbank'], rounds: same(1), options: urlOptions },
  {
    fixture: 'url-mode',
    label: 'list-accounts (throws UrlElicitationRequiredError): accepted, flow completed',
    call: callTool('list-accounts', { user: 'ada' }),
    script: [answer.accept()],
    expected: text('Accounts of ada: checking, savings'),
    // Legacy: the first tools/call throws -32042, the client retries after the flow: the check runs twice.
    effects: ['check-link:ada', 'check-link:ada', 'list:ada'],
    rounds: same(1),
    options: urlOptions,
  },
  {
    fixture: 'url-mode',
    label: 'list-accounts: already linked, nothing asked',
    call: callTool('list-accounts', { user: 'bob' }),
    script: [],
    expected: text('Accounts of bob: checking, savings'),
    effects: ['check-link:bob', 'list:bob'],
    rounds: same(0),
    options: { ...urlOptions, reset: (module) => { urlOptions.reset!(module); (module['completeLink'] as (user: string) => void)('bob'); } },
  },

  // prompt: an elicitation, then a sampling request built from its answer
  { fixture: 'prompt', label: 'ticket chosen, opener sampled', call: standup, script: [answer.accept({ ticket: 'core-2 slow search' }), answer.sampleText('Morning all!')], expected: standupMessages('core-2 slow search', 'core-1 login bug; core-3 docs', 'Morning all!'), effects: ['tickets:core', 'prompt-built:core'], rounds: same(2) },
  { fixture: 'prompt', label: 'ticket declined (first ticket), opener sampled', call: standup, script: [answer.decline(), answer.sampleText('Hi!')], expected: standupMessages('core-1 login bug', 'core-2 slow search; core-3 docs', 'Hi!'), effects: ['tickets:core', 'prompt-built:core'], rounds: same(2) },
  { fixture: 'prompt', label: 'sampling missing on a retry', call: standup, script: [answer.accept({ ticket: 'core-3 docs' }), missing('sampling'), answer.sampleText('Hello')], expected: standupMessages('core-3 docs', 'core-1 login bug; core-2 slow search', 'Hello'), effects: ['tickets:core', 'prompt-built:core'], rounds: rounds(2, 3, 2) },

  // carried-values (issue 15): a recomputed value's guard, an answer narrowed across a split, a large state
  { fixture: 'carried-values', label: 'schedule-job (arguments parsed with a schema of literals): accepted', call: callTool('schedule-job', { job: 'backup' }), script: [answer.accept({ ok: true })], expected: text('backup runs tonight'), effects: ['schedule:backup:tonight'], rounds: same(1) },
  { fixture: 'carried-values', label: 'schedule-job: declined', call: callTool('schedule-job', { job: 'backup', at: 'now' }), script: [answer.decline()], expected: text('backup not scheduled'), effects: [], rounds: same(1) },
  { fixture: 'carried-values', label: 'release-item: checked out, released', call: releaseDrill, script: [answer.accept({ release: true })], expected: text('Released D-100 from ada'), effects: ['release:D-100:ada'], rounds: same(1), options: inventoryOptions },
  { fixture: 'carried-values', label: 'release-item: declined', call: releaseDrill, script: [answer.decline()], expected: text('D-100 kept'), effects: [], rounds: same(1), options: inventoryOptions },
  { fixture: 'carried-values', label: 'release-item: not checked out, nothing asked', call: callTool('release-item', { name: 'ladder' }), script: [], expected: text('ladder is not checked out', true), effects: [], rounds: same(0), options: inventoryOptions },
  { fixture: 'carried-values', label: 'release-item: missing answer on a retry (the guard runs again, passes)', call: releaseDrill, script: [missing(), answer.accept({ release: true })], expected: text('Released D-100 from ada'), effects: ['release:D-100:ada'], rounds: rounds(1, 2, 1), options: inventoryOptions },
  { fixture: 'carried-values', label: 'book-room: both answered', call: bookRoom, script: [answer.accept({ start: '09:00', end: '10:00' }), answer.accept({ name: 'bo' })], expected: text('Booked atlas from 09:00'), effects: ['book:atlas:09:00-10:00:bo'], rounds: same(2) },
  { fixture: 'carried-values', label: 'book-room: dates declined', call: bookRoom, script: [answer.decline()], expected: text('No booking made'), effects: [], rounds: same(1) },
  { fixture: 'carried-values', label: 'book-room: organiser missing on a retry', call: bookRoom, script: [answer.accept({ start: '09:00', end: '10:00' }), missing(), answer.accept({ name: 'bo' })], expected: text('Booked atlas from 09:00'), effects: ['book:atlas:09:00-10:00:bo'], rounds: rounds(2, 3, 2) },
  { fixture: 'carried-values', label: 'name-branch: a small diff', call: nameBranch('small'), script: [answer.sampleText('retry-config')], expected: text('Switched to retry-config'), effects: ['diff:small', 'branch:small:retry-config'], rounds: same(1), options: diffOptions },
  { fixture: 'carried-values', label: 'name-branch: a 48 KB diff (the state stays on the server)', call: nameBranch('large'), script: [answer.sampleText('retry-config')], expected: text('Switched to retry-config'), effects: ['diff:large', 'branch:large:retry-config'], rounds: same(1), options: diffOptions },
  { fixture: 'carried-values', label: 'name-branch: a 48 KB diff, sampling missing on a retry', call: nameBranch('large'), script: [missing('sampling'), answer.sampleText('retry-config')], expected: text('Switched to retry-config'), effects: ['diff:large', 'branch:large:retry-config'], rounds: rounds(1, 2, 1), options: diffOptions },

  // resource-template
  { fixture: 'resource-template', label: 'full format', call: report2025, script: [answer.accept({ format: 'full' })], expected: reportContents('Full report 2025: 4, 4, 42'), effects: ['query:core:2025', 'render:core:full'], rounds: same(1) },
  { fixture: 'resource-template', label: 'summary format', call: report2025, script: [answer.accept({ format: 'summary' })], expected: reportContents('Summary 2025: 50'), effects: ['query:core:2025', 'render:core:summary'], rounds: same(1) },
  { fixture: 'resource-template', label: 'declined', call: report2025, script: [answer.decline()], expected: reportContents('Summary 2025: 50'), effects: ['query:core:2025', 'render:core:summary'], rounds: same(1) },
  { fixture: 'resource-template', label: 'missing answer on a retry', call: report2025, script: [missing(), answer.accept({ format: 'full' })], expected: reportContents('Full report 2025: 4, 4, 42'), effects: ['query:core:2025', 'render:core:full'], rounds: rounds(1, 2, 1) },

  // low-level: server.server.setRequestHandler('tools/call', ...)
  { fixture: 'low-level', label: 'accepted', call: purge, script: [answer.accept({ purge: true })], expected: text('Purged 2000 entries in us'), effects: ['count:us', 'purge:us'], rounds: same(1) },
  { fixture: 'low-level', label: 'declined', call: purge, script: [answer.decline()], expected: text('Cache of us kept (decline)'), effects: ['count:us'], rounds: same(1) },
  { fixture: 'low-level', label: 'unknown tool: the handler\'s own error', call: callTool('flush', { region: 'us' }), script: [], expected: { error: { code: -32602, message: 'Unknown tool flush' } }, effects: [], rounds: same(0) },
  { fixture: 'low-level', label: 'missing answer on a retry', call: purge, script: [missing(), answer.accept({ purge: true })], expected: text('Purged 2000 entries in us'), effects: ['count:us', 'purge:us'], rounds: rounds(1, 2, 1) },

  // capability-fallback: elicitation if declared, else sampling, else an error
  { fixture: 'capability-fallback', label: 'create-volume: elicitation declared', call: callTool('create-volume', { kind: 'ssd' }), script: [answer.accept({ name: 'fast' })], expected: text('Created fast on ssd-slot'), effects: ['reserve:ssd', 'volume:ssd-slot:fast'], rounds: same(1), knownBug: NOT_MIGRATED_PUSH_NESTED_BLOCK },
  { fixture: 'capability-fallback', label: 'create-volume: only sampling declared', call: callTool('create-volume', { kind: 'ssd' }), script: [answer.sampleText('scratch')], expected: text('Created scratch on ssd-slot (name by test-model)'), effects: ['reserve:ssd', 'volume:ssd-slot:scratch'], rounds: same(1), options: { capabilities: SAMPLING_ONLY }, knownBug: NOT_MIGRATED_PUSH_NESTED_BLOCK },
  { fixture: 'capability-fallback', label: 'create-volume: nothing declared', call: callTool('create-volume', { kind: 'ssd' }), script: [], expected: text('This tool needs elicitation or sampling', true), effects: ['reserve:ssd', 'free:ssd-slot'], rounds: same(0), options: { capabilities: NOTHING } },
  { fixture: 'capability-fallback', label: 'suggest-label: elicitation declared', call: callTool('suggest-label', { volume: 'vol-1' }), script: [answer.accept({ label: 'hot' })], expected: text('Labelled vol-1 hot'), effects: ['label:vol-1:hot'], rounds: same(1) },
  { fixture: 'capability-fallback', label: 'suggest-label: elicitation declined', call: callTool('suggest-label', { volume: 'vol-1' }), script: [answer.decline()], expected: text('No label'), effects: [], rounds: same(1) },
  { fixture: 'capability-fallback', label: 'suggest-label: only sampling declared', call: callTool('suggest-label', { volume: 'vol-1' }), script: [answer.sampleText('cold')], expected: text('Labelled vol-1 cold (suggested by test-model)'), effects: ['label:vol-1:cold'], rounds: same(1), options: { capabilities: SAMPLING_ONLY } },
  { fixture: 'capability-fallback', label: 'suggest-label: nothing declared', call: callTool('suggest-label', { volume: 'vol-1' }), script: [], expected: text('This tool needs elicitation or sampling', true), effects: [], rounds: same(0), options: { capabilities: NOTHING } },

  // helper-confirm: async function confirm(ctx, message) awaited by two tools, and through a chain by a third
  { fixture: 'helper-confirm', label: 'drop-table: confirmed', call: callTool('drop-table', { table: 'users' }), script: [answer.accept({ confirm: true })], expected: text('Dropped users (50 rows)'), effects: ['count:users', 'drop:users'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'drop-table: declined', call: callTool('drop-table', { table: 'users' }), script: [answer.decline()], expected: text('users kept'), effects: ['count:users'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'truncate-table: confirmed', call: callTool('truncate-table', { table: 'logs' }), script: [answer.accept({ confirm: true })], expected: text('Truncated logs'), effects: ['lock:logs', 'truncate:logs', 'unlock:logs'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'truncate-table: cancelled', call: callTool('truncate-table', { table: 'logs' }), script: [answer.cancel()], expected: text('logs untouched'), effects: ['lock:logs', 'unlock:logs'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'truncate-table: missing answer on a retry', call: callTool('truncate-table', { table: 'logs' }), script: [missing(), answer.accept({ confirm: true })], expected: text('Truncated logs'), effects: ['lock:logs', 'truncate:logs', 'unlock:logs'], rounds: rounds(1, 2, 1) },
  // vacuum-table asks through confirmDestructive(), which asks through confirm() (a chain of two helpers)
  { fixture: 'helper-confirm', label: 'vacuum-table (helper chain): confirmed', call: callTool('vacuum-table', { table: 'events' }), script: [answer.accept({ confirm: true })], expected: text('Vacuumed events'), effects: ['stats:events', 'vacuum:events'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'vacuum-table: declined', call: callTool('vacuum-table', { table: 'events' }), script: [answer.decline()], expected: text('events not vacuumed'), effects: ['stats:events'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'vacuum-table: missing answer on a retry (stats not run again)', call: callTool('vacuum-table', { table: 'events' }), script: [missing(), answer.accept({ confirm: true })], expected: text('Vacuumed events'), effects: ['stats:events', 'vacuum:events'], rounds: rounds(1, 2, 1) },
  // rename-table asks through confirmIfProtected(), whose guard clause answers true without asking for unprotected tables
  { fixture: 'helper-confirm', label: 'rename-table (guarded helper): protected, confirmed', call: callTool('rename-table', { table: 'users', to: 'people' }), script: [answer.accept({ confirm: true })], expected: text('Renamed users to people'), effects: ['count:users', 'rename:users:people'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'rename-table: protected, declined', call: callTool('rename-table', { table: 'users', to: 'people' }), script: [answer.decline()], expected: text('users not renamed'), effects: ['count:users'], rounds: same(1) },
  { fixture: 'helper-confirm', label: 'rename-table: protected, missing answer on a retry (count not run again)', call: callTool('rename-table', { table: 'payments', to: 'charges' }), script: [missing(), answer.accept({ confirm: true })], expected: text('Renamed payments to charges'), effects: ['count:payments', 'rename:payments:charges'], rounds: rounds(1, 2, 1) },
  { fixture: 'helper-confirm', label: 'rename-table: not protected, nothing asked', call: callTool('rename-table', { table: 'logs', to: 'events' }), script: [], expected: text('Renamed logs to events'), effects: ['count:logs', 'rename:logs:events'], rounds: same(0) },

  // edge-shapes: around the questions
  { fixture: 'edge-shapes', label: 'send-newsletter (awaited lookup in the params): accepted', call: callTool('send-newsletter', { list: 'all' }), script: [answer.accept({ send: true })], expected: text('Sent to all'), effects: ['count-recipients:all', 'send:all'], rounds: same(1) },
  { fixture: 'edge-shapes', label: 'send-newsletter: missing answer on a retry (lookup not run again)', call: callTool('send-newsletter', { list: 'all' }), script: [missing(), answer.accept({ send: true })], expected: text('Sent to all'), effects: ['count-recipients:all', 'send:all'], rounds: rounds(1, 2, 1) },
  { fixture: 'edge-shapes', label: 'send-newsletter: declined', call: callTool('send-newsletter', { list: 'all' }), script: [answer.decline()], expected: text('Not sent'), effects: ['count-recipients:all'], rounds: same(1) },
  { fixture: 'edge-shapes', label: 'delete-project (early return between): both accepted', call: callTool('delete-project', { project: 'p' }), script: [answer.accept({ sure: true }), answer.accept({ backups: true })], expected: text('Deleted p'), effects: ['delete:p', 'delete-backups:p'], rounds: same(2) },
  { fixture: 'edge-shapes', label: 'delete-project: first declined, second never asked', call: callTool('delete-project', { project: 'p' }), script: [answer.decline()], expected: text('p kept'), effects: [], rounds: same(1) },
  { fixture: 'edge-shapes', label: 'migrate-db (helper in two if conditions): both confirmed', call: callTool('migrate-db', { db: 'main' }), script: [answer.accept({ confirm: true }), answer.accept({ confirm: true })], expected: text('Migrated main'), effects: ['snapshot:main', 'migrate:main'], rounds: same(2) },
  { fixture: 'edge-shapes', label: 'migrate-db: first declined, second never asked', call: callTool('migrate-db', { db: 'main' }), script: [answer.decline()], expected: text('Not migrated'), effects: ['snapshot:main'], rounds: same(1) },
  { fixture: 'edge-shapes', label: 'purge-queue (inline in two if conditions): both accepted', call: callTool('purge-queue', { queue: 'jobs' }), script: [answer.accept({ purge: true }), answer.accept({ go: true })], expected: text('Purged jobs'), effects: ['inspect:jobs', 'purge:jobs'], rounds: same(2) },
  { fixture: 'edge-shapes', label: 'purge-queue: first declined, second never asked', call: callTool('purge-queue', { queue: 'jobs' }), script: [answer.decline()], expected: text('jobs kept'), effects: ['inspect:jobs'], rounds: same(1) },
  { fixture: 'edge-shapes', label: 'deploy-now (Promise.all of a lookup and a question): accepted', call: callTool('deploy-now', { service: 'api' }), script: [answer.accept({ now: true })], expected: text('Deployed api-v2'), effects: ['plan:api', 'deploy:api-v2'], rounds: same(1), knownBug: NOT_MIGRATED_PROMISE_ALL_MIXED },
  { fixture: 'edge-shapes', label: 'deploy-now: declined', call: callTool('deploy-now', { service: 'api' }), script: [answer.decline()], expected: text('api-v2 not deployed'), effects: ['plan:api'], rounds: same(1), knownBug: NOT_MIGRATED_PROMISE_ALL_MIXED },

  // classes: a delegating arrow to a private method asking through a private method helper, a
  // base-class registrar, a pass-through error wrapper
  { fixture: 'classes', label: 'delete-namespace (delegate + method helper): confirmed', call: callTool('delete-namespace', { namespace: 'web' }), script: [answer.accept({ confirm: true })], expected: text('Deleted web (3 pods)'), effects: ['list:web', 'answered:accept', 'delete:web'], rounds: same(1) },
  { fixture: 'classes', label: 'delete-namespace: declined', call: callTool('delete-namespace', { namespace: 'web' }), script: [answer.decline()], expected: text('Cancelled'), effects: ['list:web', 'answered:decline'], rounds: same(1) },
  { fixture: 'classes', label: 'delete-namespace: missing answer on a retry (pods not listed again)', call: callTool('delete-namespace', { namespace: 'web' }), script: [missing(), answer.accept({ confirm: true })], expected: text('Deleted web (3 pods)'), effects: ['list:web', 'answered:accept', 'delete:web'], rounds: rounds(1, 2, 1) },
  { fixture: 'classes', label: 'drain-node (base-class registrar): confirmed', call: callTool('drain-node', { node: 'n1' }), script: [answer.accept({ confirm: true })], expected: text('Drained n1'), effects: ['cordon:n1', 'answered:accept', 'evict:n1'], rounds: same(1) },
  { fixture: 'classes', label: 'drain-node: cancelled', call: callTool('drain-node', { node: 'n1' }), script: [answer.cancel()], expected: text('n1 cordoned only'), effects: ['cordon:n1', 'answered:cancel'], rounds: same(1) },
  { fixture: 'classes', label: 'book-meeting (pass-through wrapper): accepted', call: callTool('book-meeting', { title: 'sync' }), script: [answer.accept({ book: true })], expected: text('Booked "sync"'), effects: ['hold:sync', 'book:sync'], rounds: same(1) },
  { fixture: 'classes', label: 'book-meeting: declined', call: callTool('book-meeting', { title: 'sync' }), script: [answer.decline()], expected: text('Hold released'), effects: ['hold:sync', 'release:sync'], rounds: same(1) },

  // definitions (issue 12, shape 1): definitions in another module, registered by a loop that turns
  // their data into text and counts finished calls; an input request passes it untouched, uncounted
  { fixture: 'definitions', label: 'ship-order (definition object): accepted', call: callTool('ship-order', { order: 'o-1' }), script: [answer.accept({ ship: true })], expected: text('{"shipped":true,"order":"o-1"}'), effects: ['pack:o-1', 'ship:o-1', 'finished:ship-order'], rounds: same(1) },
  { fixture: 'definitions', label: 'ship-order: declined', call: callTool('ship-order', { order: 'o-1' }), script: [answer.decline()], expected: text('{"shipped":false,"order":"o-1"}'), effects: ['pack:o-1', 'finished:ship-order'], rounds: same(1) },
  { fixture: 'definitions', label: 'ship-order: missing answer on a retry (packed once, finished once)', call: callTool('ship-order', { order: 'o-1' }), script: [missing(), answer.accept({ ship: true })], expected: text('{"shipped":true,"order":"o-1"}'), effects: ['pack:o-1', 'ship:o-1', 'finished:ship-order'], rounds: rounds(1, 2, 1) },
  { fixture: 'definitions', label: 'cancel-order (a factory\'s definition asking through the server): accepted', call: callTool('cancel-order', { order: 'o-2' }), script: [answer.accept({ cancel: true })], expected: text('{"cancelled":true,"order":"o-2"}'), effects: ['cancel:o-2', 'finished:cancel-order'], rounds: same(1) },
  { fixture: 'definitions', label: 'order-status (asks nothing): unchanged', call: callTool('order-status', { order: 'o-3' }), script: [], expected: text('{"order":"o-3","status":"packed"}'), effects: ['finished:order-status'], rounds: same(0) },

  // class-tools (issue 12, shape 3): a base class registers and runs the subclass's execute()
  { fixture: 'class-tools', label: 'deploy (subclass asking in a private method): confirmed', call: callTool('deploy', { service: 'web', version: '2.1' }), script: [answer.accept({ confirm: true })], expected: text('web 2.1 deployed'), effects: ['plan:web', 'deploy:web@2.1', 'done:deploy'], rounds: same(1) },
  { fixture: 'class-tools', label: 'deploy: cancelled', call: callTool('deploy', { service: 'web', version: '2.1' }), script: [answer.cancel()], expected: text('Deployment cancelled'), effects: ['plan:web', 'done:deploy'], rounds: same(1) },
  { fixture: 'class-tools', label: 'deploy: missing answer on a retry (planned once, done once)', call: callTool('deploy', { service: 'web', version: '2.1' }), script: [missing(), answer.accept({ confirm: true })], expected: text('web 2.1 deployed'), effects: ['plan:web', 'deploy:web@2.1', 'done:deploy'], rounds: rounds(1, 2, 1) },
  { fixture: 'class-tools', label: 'status (asks nothing): unchanged', call: callTool('status', { service: 'web' }), script: [], expected: text('web: healthy'), effects: ['done:status'], rounds: same(0) },

  // wrapped-registrar (issue 12, shape 4): a registrar and a curried wrapper that dropped the context
  { fixture: 'wrapped-registrar', label: 'refund: accepted', call: callTool('refund', { invoice: 'i-9' }), script: [answer.accept({ refund: true })], expected: text('Invoice i-9 refunded'), effects: ['lookup:i-9', 'refund:i-9', 'finished:refund'], rounds: same(1), options: wrappedOptions },
  { fixture: 'wrapped-registrar', label: 'refund: declined', call: callTool('refund', { invoice: 'i-9' }), script: [answer.decline()], expected: text('Not refunded'), effects: ['lookup:i-9', 'finished:refund'], rounds: same(1), options: wrappedOptions },
  { fixture: 'wrapped-registrar', label: 'reissue (run inside a closure handed to its tracer): accepted', call: callTool('reissue', { invoice: 'i-4' }), script: [answer.accept({ reissue: true })], expected: text('Invoice i-4 reissued'), effects: ['reissue:i-4', 'traced:reissue'], rounds: same(1), options: wrappedOptions, knownBug: NOT_MIGRATED_THUNK_WRAPPER },
  { fixture: 'wrapped-registrar', label: 'refund: missing answer on a retry (looked up once, finished once)', call: callTool('refund', { invoice: 'i-9' }), script: [missing(), answer.accept({ refund: true })], expected: text('Invoice i-9 refunded'), effects: ['lookup:i-9', 'refund:i-9', 'finished:refund'], rounds: rounds(1, 2, 1), options: wrappedOptions },
  // nested-paths: an if inside a try, braced switch cases, if/else and two ifs, each after side effects
  { fixture: 'nested-paths', label: 'attach-policy (if in try): privileged, approved', call: callTool('attach-policy', { user: 'ada', policyArn: 'arn:aws:iam::aws:policy/AdministratorAccess' }), script: [answer.accept({ approver: 'bob' })], expected: text('Attached arn:aws:iam::aws:policy/AdministratorAccess to ada (dev)'), effects: ['load-user:ada', 'approved-by:bob', 'attach:ada:arn:aws:iam::aws:policy/AdministratorAccess'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'attach-policy: privileged, declined', call: callTool('attach-policy', { user: 'ada', policyArn: 'arn:aws:iam::aws:policy/IAMFullAccess' }), script: [answer.decline()], expected: text('Policy not attached'), effects: ['load-user:ada'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'attach-policy: not privileged, nothing asked', call: callTool('attach-policy', { user: 'ada', policyArn: 'arn:aws:iam::aws:policy/ReadOnly' }), script: [], expected: text('Attached arn:aws:iam::aws:policy/ReadOnly to ada (dev)'), effects: ['load-user:ada', 'attach:ada:arn:aws:iam::aws:policy/ReadOnly'], rounds: same(0) },
  { fixture: 'nested-paths', label: 'issue-action (switch case): close accepted', call: callTool('issue-action', { id: 'I-1', action: 'close' }), script: [answer.accept({ close: true })], expected: text('I-1 closed'), effects: ['fetch-issue:I-1', 'close:I-1'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'issue-action: rename, missing answer on a retry, then accepted', call: callTool('issue-action', { id: 'I-2', action: 'rename' }), script: [missing(), answer.accept({ title: 'Better' })], expected: text('I-2 is now Better'), effects: ['fetch-issue:I-2', 'rename:I-2:Better'], rounds: rounds(1, 2, 1) },
  { fixture: 'nested-paths', label: 'issue-action: show, nothing asked', call: callTool('issue-action', { id: 'I-3', action: 'show' }), script: [], expected: text('I-3: Issue I-3'), effects: ['fetch-issue:I-3'], rounds: same(0) },
  { fixture: 'nested-paths', label: 'issue-action: fetch fails, caught before any question', call: callTool('issue-action', { id: 'missing', action: 'close' }), script: [], expected: text('no issue missing', true), effects: ['fetch-issue:missing'], rounds: same(0) },
  { fixture: 'nested-paths', label: 'transfer (two ifs): flagged, reviewed', call: callTool('transfer', { amount: 20_000, to: 'eve' }), script: [answer.accept({ reason: 'rent' })], expected: text('Transfer of 20000 sent for review'), effects: ['quote:20000', 'review:eve:rent'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'transfer: fee asked, accepted', call: callTool('transfer', { amount: 900, to: 'eve' }), script: [answer.accept({ accept: true })], expected: text('Sent 900 to eve (fee 9)'), effects: ['quote:900', 'send:900:eve'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'transfer: small, nothing asked', call: callTool('transfer', { amount: 100, to: 'eve' }), script: [], expected: text('Sent 100 to eve (fee 1)'), effects: ['quote:100', 'send:100:eve'], rounds: same(0) },
  { fixture: 'nested-paths', label: 'verify-account (if/else): business', call: callTool('verify-account', { id: 'b-acme' }), script: [answer.accept({ number: 'R-9' })], expected: text('Verified b-acme (registry R-9)'), effects: ['load-user:b-acme', 'verified:b-acme:registry R-9'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'verify-account: person, declined', call: callTool('verify-account', { id: 'ada' }), script: [answer.decline()], expected: text('Verified ada (none)'), effects: ['load-user:ada', 'verified:ada:none'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'onboard (three ifs in a row): all asked, all accepted', call: callTool('onboard', { user: 'ada', team: true, laptop: true, badge: true }), script: [answer.accept({ team: 'core' }), answer.accept({ model: 'x1' }), answer.accept({ url: 'https://p/ada.png' })], expected: text('Onboarded ada: team core, laptop x1'), effects: ['load-user:ada', 'welcome:ada:team core', 'quote:1200', 'ticket:ada:team core, laptop x1', 'badge:ada'], rounds: same(3) },
  { fixture: 'nested-paths', label: 'onboard: second block skipped, missing answer on a retry of the third', call: callTool('onboard', { user: 'ada', team: true, laptop: false, badge: true }), script: [answer.decline(), missing(), answer.accept({ url: 'https://p/ada.png' })], expected: text('Onboarded ada: team skipped'), effects: ['load-user:ada', 'welcome:ada:team skipped', 'quote:1200', 'ticket:ada:team skipped', 'badge:ada'], rounds: rounds(2, 3, 2) },
  { fixture: 'nested-paths', label: 'onboard: only the middle block asks', call: callTool('onboard', { user: 'bob', team: false, laptop: true, badge: false }), script: [answer.accept({ model: 'x2' })], expected: text('Onboarded bob: no team, laptop x2'), effects: ['load-user:bob', 'welcome:bob:no team', 'quote:1200', 'ticket:bob:no team, laptop x2'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'estimate (.then/.catch chain): accepted', call: callTool('estimate', { issue: 'I-7' }), script: [answer.accept({ points: 5 })], expected: text('I-7 estimated at 5'), effects: ['estimate:I-7:5'], rounds: same(1) },
  { fixture: 'nested-paths', label: 'estimate: the .then work fails, the .catch answers', call: callTool('estimate', { issue: 'I-7' }), script: [answer.accept({ points: 40 })], expected: text('40 points is too many', true), effects: [], rounds: same(1) },
  { fixture: 'nested-paths', label: 'estimate: declined', call: callTool('estimate', { issue: 'I-7' }), script: [answer.decline()], expected: text('No estimate set'), effects: [], rounds: same(1) },

  // helper-shapes (issue 12, shape 2): helpers reached through a module-level server, the server or
  // an app object passed in, with guards, try/catch, fallbacks, I/O before the question
  // delete-record: askToProceed() through a module-level "current server", in try behind a capability guard
  { fixture: 'helper-shapes', label: 'delete-record (module-level server, try): accepted', call: deleteRecord, script: [answer.accept({ proceed: true })], expected: text('Deleted r1'), effects: ['delete:r1'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'delete-record: declined', call: deleteRecord, script: [answer.decline()], expected: text('Kept r1 (declined)'), effects: [], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'delete-record: cancelled', call: deleteRecord, script: [answer.cancel()], expected: text('Kept r1 (not confirmed)'), effects: [], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'delete-record: missing answer on a retry', call: deleteRecord, script: [missing(), answer.accept({ proceed: true })], expected: text('Deleted r1'), effects: ['delete:r1'], rounds: rounds(1, 2, 1) },
  { fixture: 'helper-shapes', label: 'delete-record: no elicitation declared, the guard proceeds without asking', call: deleteRecord, script: [], expected: text('Deleted r1'), effects: ['delete:r1'], rounds: same(0), options: { capabilities: NOTHING } },
  // deploy: pickOne(server.server, …) twice, the second built from the first answer (dependent rounds)
  { fixture: 'helper-shapes', label: 'deploy (tagged union, dependent rounds): both picked', call: deployService, script: [answer.accept({ choice: 'production' }), answer.accept({ choice: 'us-1' })], expected: text('Deployed api to production/us-1'), effects: ['deploy:api@production/us-1'], rounds: same(2) },
  { fixture: 'helper-shapes', label: 'deploy: environment declined', call: deployService, script: [answer.decline()], expected: text('Nothing picked, nothing changed'), effects: [], rounds: same(1) },
  {
    fixture: 'helper-shapes',
    label: 'deploy: region missing on a retry',
    call: deployService,
    script: [answer.accept({ choice: 'staging' }), answer.accept({ choice: 'eu-1' })],
    wire2026: [answer.accept({ choice: 'staging' }), missing(), answer.accept({ choice: 'eu-1' })],
    expected: text('Deployed api to staging/eu-1'),
    effects: ['deploy:api@staging/eu-1'],
    rounds: rounds(2, 3, 2),
  },
  { fixture: 'helper-shapes', label: 'deploy: no elicitation declared, the fallback result', call: deployService, script: [], expected: text('Deploy api to which environment? Call again with one of: staging, production'), effects: [], rounds: same(0), options: { capabilities: NOTHING } },
  // remove-secret: confirmRemoval(vault, name) through an app object, no declared result type
  { fixture: 'helper-shapes', label: 'remove-secret (app object): confirmed', call: removeSecret, script: [answer.accept({ remove: true })], expected: text('Removed api-key'), effects: ['remove:api-key'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'remove-secret: declined', call: removeSecret, script: [answer.decline()], expected: text('api-key kept'), effects: [], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'remove-secret: no elicitation declared, removed without asking', call: removeSecret, script: [], expected: text('Removed api-key'), effects: ['remove:api-key'], rounds: same(0), options: { capabilities: NOTHING } },
  // start-build: chooseBranch(ctx, repo) looks the choices up before asking (the request travels in the state)
  { fixture: 'helper-shapes', label: 'start-build (I/O before the question): accepted', call: startBuild, script: [answer.accept({ branch: 'main' })], expected: text('Building web@main'), effects: ['branches:web', 'build:web@main'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'start-build: missing answer on a retry (branches not listed again)', call: startBuild, script: [missing(), answer.accept({ branch: 'web-dev' })], expected: text('Building web@web-dev'), effects: ['branches:web', 'build:web@web-dev'], rounds: rounds(1, 2, 1) },
  { fixture: 'helper-shapes', label: 'start-build: declined', call: startBuild, script: [answer.decline()], expected: text('No build started'), effects: ['branches:web'], rounds: same(1) },
  // save-note: summarise(server.server, text) in a try whose catch goes on without a summary
  { fixture: 'helper-shapes', label: 'save-note (sampling in try): summarised', call: saveNote, script: [answer.sampleText('Milk, eggs and bread')], expected: text('Saved shopping (Milk, eggs and bread)'), effects: ['save:shopping:Milk, eggs and bread'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'save-note: an empty summary throws after the answer, the catch goes on', call: saveNote, script: [answer.sampleText('   ')], expected: text('Saved shopping (none)'), effects: ['save:shopping:none'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'save-note: missing answer on a retry', call: saveNote, script: [missing('sampling'), answer.sampleText('Groceries')], expected: text('Saved shopping (Groceries)'), effects: ['save:shopping:Groceries'], rounds: rounds(1, 2, 1) },
  // change-stack: confirmRisk({ server, tool, … }) with work in the branch that answers without asking
  { fixture: 'helper-shapes', label: 'change-stack (destructured options): read, nothing asked', call: callTool('change-stack', { stack: 'web', write: false }), script: [], expected: text('Changed web (not-needed)'), effects: ['no-question:change-stack', 'change:web:not-needed'], rounds: same(0) },
  { fixture: 'helper-shapes', label: 'change-stack: write, accepted', call: changeStack, script: [answer.accept({ confirm: true })], expected: text('Changed web (asked)'), effects: ['answered:change-stack:accept', 'change:web:asked'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'change-stack: write, declined', call: changeStack, script: [answer.decline()], expected: text('web left alone (asked)'), effects: ['answered:change-stack:decline'], rounds: same(1) },
  { fixture: 'helper-shapes', label: 'change-stack: no elicitation declared, the caller confirmed', call: callTool('change-stack', { stack: 'web', write: true, confirm: true }), script: [], expected: text('Changed web (caller)'), effects: ['change:web:caller'], rounds: same(0), options: { capabilities: NOTHING } },
  // helper-batches: questions through helpers, several at once (a Promise.all of two helpers, a
  // helper per item of a for…of and of a Promise.all over a map): one round each
  { fixture: 'helper-batches', label: 'onboard (two helpers in a Promise.all): both accepted', call: callTool('onboard', { user: 'ada' }), script: [answer.accept({ team: 'core' }), answer.accept({ role: 'dev' })], expected: text('ada joins core as dev'), effects: ['onboard:ada:core:dev'], rounds: rounds(2, 1, 1) },
  { fixture: 'helper-batches', label: 'onboard: role declined', call: callTool('onboard', { user: 'ada' }), script: [answer.accept({ team: 'core' }), answer.decline()], expected: text('Onboarding cancelled'), effects: [], rounds: rounds(2, 1, 1) },
  { fixture: 'helper-batches', label: 'label-hosts (helper per item, for…of): one round', call: callTool('label-hosts', { hosts: ['a', 'b'] }), script: [answer.accept({ label: 'web' }), answer.decline()], expected: text('a=web, b=unlabelled'), effects: ['labels:a=web,b=unlabelled'], rounds: rounds(2, 1, 1) },
  { fixture: 'helper-batches', label: 'label-hosts-at-once (helper per item, Promise.all map): one round', call: callTool('label-hosts-at-once', { hosts: ['a', 'b'] }), script: [answer.accept({ label: 'web' }), answer.accept({ label: 'db' })], expected: text('a=web, b=db'), effects: ['labels:a=web,b=db'], rounds: rounds(2, 1, 1) },
];

/** Questions as compared: normalizeAsked, and without URL elicitationId (removed by design: rule elicitation-id-removed). */
function comparableAsked(asked: Outcome['asked']): Outcome['asked'] {
  return normalizeAsked(asked).map(({ kind, params }) => {
    if (params === null || typeof params !== 'object') return { kind, params };
    const { elicitationId: _id, ...rest } = params as Record<string, unknown>;
    // A randomUUID() in a question (a URL's `state=`) is fresh in every run, whichever way it runs.
    const fresh = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, typeof value === 'string' ? value.replace(RANDOM_UUID, '<uuid>') : value]));
    return { kind, params: fresh };
  });
}

const RANDOM_UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

/** The distinct questions, for runs that asked a question again after a missing answer. */
function distinctAsked(asked: Outcome['asked']): string[] {
  return [...new Set(comparableAsked(asked).map((q) => canonicalJson(q)))];
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * normalizeResult, and for resources/read on the 2026 wire also the cache hint the SDK fills in
 * at its 2026-07-28 encode seam (CacheableResult, SEP-2549: ttlMs and cacheScope are required
 * there; with no hint configured it writes ttlMs: 0, cacheScope: 'private'). No fixture sets a
 * cache hint, and a 2025-era result has neither field, so only exactly those defaults are removed.
 */
function comparableResult(result: Record<string, unknown>): Record<string, unknown> {
  const normalised = normalizeResult(result);
  if (!('contents' in normalised) || normalised['ttlMs'] !== 0 || normalised['cacheScope'] !== 'private') return normalised;
  const { ttlMs: _ttl, cacheScope: _scope, ...rest } = normalised;
  return rest;
}

async function runThreeWays(s: Scenario): Promise<Record<Way, BehaviourOutcome>> {
  const options = s.options ?? {};
  return {
    legacy: await runLegacy(legacy[s.fixture], s.call, s.script, options),
    'migrated-2026': await runMigrated2026(migrated[s.fixture], s.call, s.wire2026 ?? s.script, options),
    'migrated-2025': await runMigrated2025(migrated[s.fixture], s.call, s.script, options),
  };
}

const table: Array<Record<string, string | number>> = [];

/** `not migrated (push-nested-block)`: the rule a NOT_MIGRATED_* text names, for the table. */
function knownBugNote(text: string): string {
  const rule = /^not migrated: the codemod reports ([\w-]+)/.exec(text)?.[1];
  return rule ? `not migrated (${rule})` : text.slice(0, text.indexOf(':'));
}

describe('legacy vs migrated (2026-07-28 wire and 2025 shim): same results, same effects, same questions', () => {
  afterAll(() => {
    if (table.length === 0) return;
    console.log(`rounds per logical call (legacy: server→client requests; migrated-2026: input_required rounds; migrated-2025: shim re-entries):\n${formatTable(table)}`);
  });

  for (const s of scenarios) {
    const test = s.knownBug === undefined ? it : knownBugIt;
    test(`${s.fixture} › ${s.label}`, async () => {
      let outcomes: Record<Way, BehaviourOutcome> | undefined;
      try {
        outcomes = await runThreeWays(s);
      } finally {
        table.push({
          fixture: s.fixture,
          scenario: s.label,
          ...Object.fromEntries(WAYS.map((way) => [way, outcomes?.[way].rounds ?? 'x'])),
          'entries 2026/2025': outcomes ? `${outcomes['migrated-2026'].entries}/${outcomes['migrated-2025'].entries}` : 'x',
          effects: outcomes ? String(outcomes.legacy.effects.length) : 'x',
          note: s.knownBug === undefined ? '' : knownBugNote(s.knownBug),
        });
      }
      if (outcomes === undefined) throw new Error('unreachable');
      const reference = outcomes.legacy;
      // The legacy run is the reference; it must itself be what the fixture means.
      expect(normalizeResult(reference.result), 'legacy: result').toEqual(s.expected);
      expect(reference.effects, 'legacy: effects').toEqual(s.effects);
      expect(reference.unused, 'legacy: unused answers').toBe(0);

      const leavesOut = (s.wire2026 ?? s.script).some((step) => 'missing' in step);
      for (const way of WAYS) {
        const outcome = outcomes[way];
        expect.soft(comparableResult(outcome.result), `${way}: result`).toEqual(comparableResult(reference.result));
        // Content AND count: code before a question ran once, not again on a retry.
        expect.soft(outcome.effects, `${way}: effects`).toEqual(reference.effects);
        if (leavesOut && way === 'migrated-2026') {
          expect.soft(distinctAsked(outcome.asked), `${way}: questions asked`).toEqual(distinctAsked(reference.asked));
        } else {
          expect.soft(comparableAsked(outcome.asked), `${way}: questions asked`).toEqual(comparableAsked(reference.asked));
        }
        expect.soft(outcome.unused, `${way}: unused answers`).toBe(0);
        expect.soft(outcome.rounds, `${way}: rounds`).toBe(s.rounds[way]);
      }
      if (!('error' in outcomes['migrated-2026'].result)) {
        expect.soft(outcomes['migrated-2026'].result['resultType'], 'migrated-2026: resultType').toBe('complete');
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------

describe('documented differences (by design, pinned so a change is noticed)', () => {
  // Rule dispatcher-adapted (docs/rules.md): code a wrapper runs before the handler runs on every round,
  // each round being a request of its own; what it does after the handler (counting finished calls)
  // is skipped for an input request, so the call is counted once.
  it('wrapped-registrar › refund: the rate limiter sees every round, the finished calls are counted once', async () => {
    const call = callTool('refund', { invoice: 'i-9' });
    const before = await runLegacy(legacy['wrapped-registrar'], call, [answer.accept({ refund: true })], wrappedOptions);
    expect((legacy['wrapped-registrar']['accepted'] as Map<string, number>).get('refund')).toBe(1);
    const after = await runMigrated2026(migrated['wrapped-registrar'], call, [answer.accept({ refund: true })], wrappedOptions);
    expect((migrated['wrapped-registrar']['accepted'] as Map<string, number>).get('refund')).toBe(2);
    expect(after.effects.filter((e) => e.startsWith('finished:'))).toEqual(before.effects.filter((e) => e.startsWith('finished:')));
  });

  // Rule answer-validation (docs/rules.md): v2 elicitInput validates accepted content against the
  // requested schema and throws (McpServer: an isError tool result); the migrated handler validates
  // too but asks again with the same state. What matters here: the code before the question did
  // not run again while asking again (the stat / session / key load happened once).
  const invalid: Array<{ fixture: Fixture; label: string; call: BehaviourCall; script: Steps; legacyText: RegExp; legacyEffects: string[]; done: Record<string, unknown>; effects: string[] }> = [
    {
      fixture: 'single-question',
      label: 'delete-file, accepted content of the wrong type',
      call: deleteFile,
      script: [answer.accept({ confirm: 'yes' }), answer.accept({ confirm: true })],
      legacyText: /^Elicitation response content does not match requested schema/,
      legacyEffects: ['stat:notes.txt'],
      done: text('Deleted notes.txt (900 bytes)'),
      effects: ['stat:notes.txt', 'rm:notes.txt', 'audit:deleted:notes.txt'],
    },
    {
      fixture: 'dependent-rounds',
      label: 'book-trip, a hotel not offered (round 2)',
      call: bookTrip,
      script: [answer.accept({ city: 'Lisbon' }), answer.accept({ hotel: 'Paris Ritz' }), answer.accept({ hotel: 'Lisbon Inn' }), answer.accept({ book: true })],
      legacyText: /^Elicitation response content does not match requested schema/,
      legacyEffects: ['session:ada', 'search:Lisbon'],
      done: text('Booked Lisbon Inn in Lisbon, 3 nights: B-270'),
      effects: bookedEffects,
    },
    {
      fixture: 'branches',
      label: 'rotate-key, a reason too short (inside try: legacy lands in the catch and rolls back)',
      call: rotateKey,
      script: [answer.accept({ reason: 'x' }), answer.accept({ reason: 'leaked' })],
      legacyText: /^Rotation failed: Elicitation response content does not match requested schema/,
      legacyEffects: ['load-key:billing', 'rollback:billing'],
      done: text('Rotated billing-k1 to billing-k2'),
      effects: ['load-key:billing', 'rotate:billing-k1:leaked', 'notify:billing'],
    },
  ];

  it.each(invalid)('$fixture › $label: legacy fails, migrated asks again and completes', async (c) => {
    const before = await runLegacy(legacy[c.fixture], c.call, c.script);
    expect(before.result['isError']).toBe(true);
    expect(((before.result['content'] as Array<{ text: string }>)[0]!).text).toMatch(c.legacyText);
    expect(before.effects).toEqual(c.legacyEffects);
    for (const run of [runMigrated2026, runMigrated2025]) {
      const after = await run(migrated[c.fixture], c.call, c.script);
      expect(normalizeResult(after.result), run.name).toEqual(c.done);
      expect(after.effects, run.name).toEqual(c.effects);
      expect(after.unused, run.name).toBe(0);
    }
  });

  // A helper whose catch goes on as if confirmed (askToProceed): on a 2025 connection v2's
  // elicitInput rejects content that fails the schema, the catch swallows that and the record is
  // deleted without a valid answer; the migrated helper validates the answer and asks again, so
  // the user's next answer (a decline) decides. Effects differ on purpose: nothing is deleted.
  it('helper-shapes › delete-record, content of the wrong type: legacy proceeds through the catch, migrated asks again', async () => {
    const script = [answer.accept({ proceed: 'yes' }), answer.decline()];
    const before = await runLegacy(legacy['helper-shapes'], deleteRecord, script);
    expect(normalizeResult(before.result)).toEqual(text('Deleted r1'));
    expect(before.effects).toEqual(['delete:r1']);
    for (const run of [runMigrated2026, runMigrated2025]) {
      const after = await run(migrated['helper-shapes'], deleteRecord, script);
      expect(normalizeResult(after.result), run.name).toEqual(text('Kept r1 (declined)'));
      expect(after.effects, run.name).toEqual([]);
      expect(after.unused, run.name).toBe(0);
    }
  });

  // Rule question-in-loop-resumed: each time round a re-ask loop is one input round, and the state
  // module allows 8 rounds per logical call. The legacy loop asks for as long as it takes; on the
  // 2026-07-28 wire the 9th asking ends the call with an isError result, after the effects of the
  // first 8 answers ran exactly once each.
  it('loops › run-container, nine invalid answers: legacy keeps asking, migrated stops at the round limit', async () => {
    const invalidAnswers = Array.from({ length: 9 }, (_, i) => answer.accept({ ports: `bad${i}` }));
    const script = [...invalidAnswers, answer.accept({ ports: '8080:80' })];
    const before = await runLegacy(legacy['loops'], runContainer, script);
    expect(normalizeResult(before.result)).toEqual(text('Started c-web on 8080:80'));
    expect(before.rounds).toBe(10);
    const after = await runMigrated2026(migrated['loops'], runContainer, script);
    expect(after.result['isError']).toBe(true);
    expect(((after.result['content'] as Array<{ text: string }>)[0]!).text).toMatch(/Too many input rounds for run-container \(the limit is 8\)/);
    expect(after.effects).toEqual(['inspect:web', ...Array.from({ length: 8 }, (_, i) => `rejected:bad${i}`)]);
  });

  // Issue 15: a value read before the question is read again on the retry (it is recomputed, not
  // carried), so its guard runs again too. When the item was returned while the question was open,
  // the legacy handler still releases the object it read before asking; the migrated one answers as
  // its guard does, on both eras (the 2025 shim re-enters the handler too), never dereferencing
  // the missing owner.
  it('carried-values › release-item, returned while the question is open: the migrated guard runs again', async () => {
    const options: RunOptions = {
      ...inventoryOptions,
      whileAsked: (module) => {
        const item = (module['inventory'] as Map<string, { owner?: unknown }>).get('drill');
        if (item) item.owner = undefined;
      },
    };
    const before = await runLegacy(legacy['carried-values'], releaseDrill, [answer.accept({ release: true })], options);
    expect(before.result['isError']).toBe(true);
    expect(((before.result['content'] as Array<{ text: string }>)[0]!).text).toMatch(/Cannot read properties of undefined/);
    for (const run of [runMigrated2026, runMigrated2025]) {
      const after = await run(migrated['carried-values'], releaseDrill, [answer.accept({ release: true })], options);
      expect(normalizeResult(after.result), run.name).toEqual(text('drill is not checked out', true));
      expect(after.effects, run.name).toEqual([]);
    }
  });

  // Rule url-elicitation-throw: a 2025-era client answers -32042 by showing the URL; when the user
  // declines, the legacy logical call ends with that JSON-RPC error. The migrated tool returns the
  // URL elicitation as an input request and, on a decline, throws "The URL step was declined",
  // which McpServer turns into an isError tool result (on both eras).
  it('url-mode › list-accounts, URL declined: legacy ends with -32042, migrated with an isError result', async () => {
    const call = callTool('list-accounts', { user: 'ada' });
    const before = await runLegacy(legacy['url-mode'], call, [answer.decline()], urlOptions);
    expect(before.result).toMatchObject({ error: { code: -32042 } });
    expect(before.effects).toEqual(['check-link:ada']);
    for (const run of [runMigrated2026, runMigrated2025]) {
      const after = await run(migrated['url-mode'], call, [answer.decline()], urlOptions);
      expect(normalizeResult(after.result), run.name).toEqual(text('The URL step was declined', true));
      // The decline is read before anything runs again: the check ran once, as in the legacy run.
      expect(after.effects, run.name).toEqual(['check-link:ada']);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// stdio, for real: the migrated dependent-rounds server in a child process, three rounds

describe('a migrated server over real stdio (serveStdio in a child process)', () => {
  let child: ChildProcessWithoutNullStreams | undefined;
  afterAll(() => {
    child?.kill();
  });

  it('book-trip: three input_required rounds over the pipes, effects once each', async () => {
    const jsDir = path.join(runDir, 'stdio');
    mkdirSync(jsDir, { recursive: true });
    for (const file of ['dependent-rounds.ts', 'mrtr-state.ts']) {
      const { outputText } = ts.transpileModule(readFileSync(path.join(srcDir, file), 'utf8'), {
        fileName: file,
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
      });
      writeFileSync(path.join(jsDir, file.replace(/\.ts$/, '.js')), outputText);
    }
    writeFileSync(path.join(jsDir, 'package.json'), '{ "type": "module" }\n');
    // Test glue only: report every side effect on stderr so the test can count them.
    writeFileSync(
      path.join(jsDir, 'serve.js'),
      [
        "import { serveStdio } from '@modelcontextprotocol/server/stdio';",
        "import { createServer, effects } from './dependent-rounds.js';",
        'const push = effects.push.bind(effects);',
        "effects.push = (...items) => { for (const item of items) process.stderr.write('effect ' + item + '\\n'); return push(...items); };",
        'serveStdio(() => createServer());',
        '',
      ].join('\n'),
    );
    child = spawn(process.execPath, [path.join(jsDir, 'serve.js')], {
      env: { ...process.env, MCP_REQUEST_STATE_KEY: KEY, NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const { rpc, stderr } = lineRpc(child);
    const meta = {
      [PROTOCOL_VERSION_META_KEY]: '2026-07-28',
      [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} } },
      [CLIENT_INFO_META_KEY]: { name: 'behaviour-stdio-client', version: '0.0.0' },
    };
    const call = { name: 'book-trip', arguments: { traveller: 'ada', nights: 3 } };
    const answers = [{ city: 'Lisbon' }, { hotel: 'Lisbon Inn' }, { book: true }];
    const messages: string[] = [];
    let reply = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...call, _meta: meta } });
    for (let round = 0; round < answers.length; round++) {
      expect(reply.error, `round ${round + 1}`).toBeUndefined();
      expect(reply.result?.['resultType'], `round ${round + 1}`).toBe('input_required');
      const requests = reply.result?.['inputRequests'] as Record<string, { method: string; params: { message: string } }>;
      const keys = Object.keys(requests);
      expect(keys).toHaveLength(1);
      expect(requests[keys[0]!]!.method).toBe('elicitation/create');
      messages.push(requests[keys[0]!]!.params.message);
      reply = await rpc({
        jsonrpc: '2.0',
        id: round + 2,
        method: 'tools/call',
        params: { ...call, inputResponses: { [keys[0]!]: { action: 'accept', content: answers[round] } }, requestState: reply.result?.['requestState'], _meta: meta },
      });
    }
    expect(reply.error).toBeUndefined();
    expect(reply.result?.['resultType']).toBe('complete');
    expect(reply.result?.['content']).toEqual([{ type: 'text', text: 'Booked Lisbon Inn in Lisbon, 3 nights: B-270' }]);
    expect(messages).toEqual([
      'Where do you want to go?',
      'Hotels in Lisbon: Lisbon Grand (200/night), Lisbon Inn (90/night)',
      'Book Lisbon Inn for 3 nights at 270?',
    ]);
    // stderr is a pipe of its own: its last line can arrive after the reply on stdout.
    const effects = () => stderr().split('\n').filter((line) => line.startsWith('effect ')).map((line) => line.slice('effect '.length));
    for (const started = Date.now(); effects().length < bookedEffects.length && Date.now() - started < 5_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(effects()).toEqual(bookedEffects);
  }, 30_000);
});


function formatTable(rows: Array<Record<string, string | number>>): string {
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((col) => Math.max(col.length, ...rows.map((row) => String(row[col]).length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(columns), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.map((row) => line(columns.map((col) => String(row[col]))))].join('\n');
}
