// Findings that tell the truth (issue 12): every question the step machine leaves is reported with
// the real reason (what reaches it, why it was not lifted) and, where leaving it is dangerous, as an
// error on the question and on every handler that reaches it. Inputs are fixtures under
// __testfixtures__/step-machine (their outputs carry the markers and are compared exactly there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource, type SourceOutcome } from '../src/engine.js';
import { transform } from '../transforms/step-machine.js';

const dir = fileURLToPath(new URL('../__testfixtures__/step-machine/', import.meta.url));

function run(name: string, options: Record<string, unknown> = {}): SourceOutcome {
  const absPath = path.join(dir, `${name}.input.ts`);
  return transformSource({ absPath, text: readFileSync(absPath, 'utf8'), transforms: [transform], options: { stateModulePath: path.join(dir, 'mrtr-state.ts'), ...options } });
}

/** `line severity rule` of every finding, in line order, and the messages by line. */
function reported(outcome: SourceOutcome): { list: string[]; message: (line: number) => string } {
  const sorted = [...outcome.findings].sort((a, b) => a.line - b.line);
  return {
    list: sorted.map((f) => `${f.line} ${f.severity} ${f.rule}`),
    message: (line) => sorted.filter((f) => f.line === line).map((f) => f.message).join(' | '),
  };
}

describe('framework-asking-api: an asking API handed to other code, not a question of a handler', () => {
  it.each([
    // The object is built inside the tool's handler: "no handler here" would be untrue; the finding names it.
    ['framework-context-member-reported', 21, /this\.server\.server\.elicitInput implements `ask` of the object passed to tool\.run\(\): an asking API that tool handler tool\.name builds and hands to other code/],
    ['framework-base-class-api-reported', 17, /implements the protected method sample\(\) that the base class BaseTool offers its subclasses/],
    ['framework-returned-closure-reported', 16, /implements the function wrapElicit\(\) returns, stored as `elicit` of the object appContextFor\(\) returns/],
    ['framework-api-called-by-user-code-reported', 9, /session\.requestSampling is an asking API of the framework this code is written for, not of the MCP SDK/],
  ])('%s', (name, line, message) => {
    const outcome = run(name);
    expect(outcome.handlersMigrated).toBe(0);
    const { list, message: at } = reported(outcome);
    expect(list).toEqual([`${line} warning framework-asking-api`]);
    expect(at(line)).toMatch(message);
  });

  // blizzy78/mcp-elicit: the closure an exported maker returns is built in another module and handed
  // by its tools/call dispatcher to each tool function. "No handler here" would be untrue: the
  // finding names the dispatcher and what it hands the function to.
  it('an asking closure handed by a request handler of another module to the functions it runs: names that handler', () => {
    const name = 'asking-function-handed-to-dispatcher-reported';
    const handed = reported(run(name, JSON.parse(readFileSync(path.join(dir, `${name}.options.json`), 'utf8')) as Record<string, unknown>));
    expect(handed.list).toEqual(['16 warning framework-asking-api']);
    expect(handed.message(16)).toMatch(/implements the function the exported makeConfirm\(\) returns: server\.ts holds it as `confirm` and hands it as a value to entry\.run\(\) in request handler tools\/call \(server\.ts:22\), so the functions that receive it ask the client while that request is handled/);
    expect(handed.message(16)).not.toMatch(/no handler here/i);
    // Without a hand-off known to the callers index: the API as such, as before.
    const plain = reported(run(name, { callers: { uses: { makeConfirm: [{ at: './server.ts:14', kind: 'function', detail: 'createServer' }] } } }));
    expect(plain.message(16)).toMatch(/implements the function the exported makeConfirm\(\) returns: an asking API handed to other code/);
  });

  it("says what a framework author changes: the dispatcher returns inputRequired and re-enters the user's function", () => {
    const finding = run('framework-context-member-reported').findings[0];
    expect(finding.message).toMatch(/not in the handler's own body: the handler cannot return inputRequired at it, so it is not migrated; on 2026-07-28 the question throws/);
    expect(finding.message).not.toMatch(/no handler here/i);
    expect(finding.suggestion).toMatch(/the dispatcher that runs the user's function returns inputRequired\(\{ inputRequests, requestState \}\) for the question and re-enters the function on the retry/);
  });
});

describe('push-outside-request only where a path provably runs outside a request', () => {
  it.each([
    ['event-listener-question-outside-reported', 18, /in ChatBridge\.complete\(\) runs outside any client request: from an event listener, this\.gateway\.on\('message', …\)/],
    ['session-connect-roots-outside-reported', 11, /in Session\.connect\(\) runs outside any client request: from Session\.connect\(\) after it connects the server to a transport/],
    ['helper-started-without-await-outside-reported', 8, /tool handler add_note starts it without waiting for it \(suggestTags\(id, text\)\), so it runs on after the handler has answered/],
    ['method-called-only-from-timer-reported', 17, /runs outside any client request: from a timer, setInterval\(…\)/],
  ])('%s', (name, line, message) => {
    const { list, message: at } = reported(run(name));
    expect(list).toContain(`${line} warning push-outside-request`);
    expect(at(line)).toMatch(message);
  });

  // Clockwork-Innovations/simply-mcp-ts: `dbManager.connect(database)` before a question was taken
  // for the server connecting to a transport, and the question for one asked at session start.
  it('a connect() of something other than the server (a database) starts no session', () => {
    const { list, message } = reported(run('helper-after-database-connect-reported'));
    expect(list).toEqual(['20 warning push-in-helper']);
    expect(message(20)).toMatch(/made in helper askTable\(\), called by tool handler drop-table; it is not lifted into that handler because the question is asked in a loop/);
    expect(message(20)).not.toMatch(/connects the server|outside any client request/);
  });
});

describe('push-in-helper says who calls the helper and why it was not lifted, or that nothing does', () => {
  it('a helper no handler calls, not exported: nothing reaches the question', () => {
    const { list, message } = reported(run('helper-nobody-calls-reported'));
    expect(list).toEqual(['7 warning push-in-helper']);
    expect(message(7)).toMatch(/askArchiveName\(\), which is not a request handler: nothing in this file calls askArchiveName\(\) and it is not exported, so no request reaches this question/);
  });

  it('an exported helper without callers here: what was searched and what would find its callers', () => {
    const { message } = reported(run('push-in-uncalled-startup-function'));
    expect(message(8)).toMatch(/nothing in this file that reaches it is a handler, and its callers in other modules were not looked for because cross-file mode was off \(this run migrated file by file\)/);
    // In cross-file mode with no file of the run using it: said so, with what to do.
    const searched = reported(run('push-in-uncalled-startup-function', { callers: { uses: {} } }));
    expect(searched.message(8)).toMatch(/refreshRoots\(\) is exported, but no other file of this run calls it and nothing in this file does: if it is called from outside the files given, run on the whole package/);
  });

  it('callers in other modules found by the callers index: named, with the reason the helper is not lifted', () => {
    const callers = { uses: { refreshRoots: [{ at: './tools/status.ts:12', kind: 'handler', detail: 'tool handler status' }] } };
    const { list, message } = reported(run('push-in-uncalled-startup-function', { callers }));
    expect(list).toEqual(['8 warning push-in-helper']);
    expect(message(8)).toMatch(/made in helper refreshRoots\(\), called by tool handler status \(\.\/tools\/status\.ts\); it is not lifted into that handler because/);
  });

  it("an export of the package's entry that no handler calls is the package's asking API", () => {
    const callers = { uses: {}, publicApi: { entry: './index.ts', names: ['refreshRoots'] } };
    const { list, message } = reported(run('push-in-uncalled-startup-function', { callers }));
    expect(list).toEqual(['8 warning framework-asking-api']);
    expect(message(8)).toMatch(/refreshRoots\(\), which the package exports from its entry \.\/index\.ts as part of its public API and which no file of this run calls \(tests aside\)/);
  });

  // mongodb-js/mongodb-mcp-server: the tools call elicitation.requestConfirmation() through an
  // interface of another package; the class was called an API nobody here calls.
  it('a public method called by name through a type not tied to its class: callers not followed, not an API', () => {
    const callers = { uses: {}, publicApi: { entry: './index.ts', names: ['Confirmer'] }, sameNameCalls: { 'Confirmer.confirm': ['../tools/base.ts:12', '../tools/base.ts:30'] } };
    const { list, message } = reported(run('class-method-called-through-interface-reported', { callers }));
    expect(list).toEqual(['9 warning push-in-helper']);
    expect(message(9)).toBe('this.server.server.elicitInput is made in Confirmer.confirm(), which is not a request handler: Confirmer.confirm() is a public method of the exported class Confirmer; ' +
      '../tools/base.ts calls a method named confirm() on a value whose type is not written as Confirmer (an interface or a type of another module, which this run does not resolve to the class), ' +
      'so those calls were not followed to a request handler and the question is not lifted into one');
  });

  // zx8086/mcp-konnect: the tool's function is chosen into a variable and run inside a closure the
  // registered handler hands to a tracer; "nothing calls this function" was untrue.
  it('a function a handler runs inside a closure handed to a wrapper: that handler and that wrapper, named', () => {
    const traced = reported(run('thunk-traced-handler-reported'));
    expect(traced.list).toEqual(['23 warning push-unsupported-shape']);
    expect(traced.message(23)).toBe('ctx.mcpReq.elicitInput is in a request handler, but tool handler entry.name runs it inside a function it hands to trace() (the function spans.tracerFor() returns), ' +
      "which is not declared in the handler's file, so whether it hands an input request back unchanged (neither changed nor recorded as a finished call) cannot be checked");
    const timed = reported(run('thunk-own-timer-reported'));
    expect(timed.message(21)).toBe('ctx.mcpReq.elicitInput is in a request handler, but tool handler archive_report runs it inside a function it hands to timed(), ' +
      'and a wrapper that runs the handler through a function it is given is not followed by this run, so whether timed() hands an input request back unchanged (neither changed nor recorded as a finished call) is not checked');
  });

  it('an exported helper called by such a function in another module: the handler and the wrapper, then the other callers', () => {
    const callers = {
      uses: {
        refreshRoots: [
          { at: '../server.ts:40', kind: 'function', detail: 'the function held in `run`', wrapped: "tool handler entry.name runs it inside a function it hands to trace() (the function spans.tracerFor() returns), which is not declared in the handler's file, so whether it hands an input request back unchanged (neither changed nor recorded as a finished call) cannot be checked" },
          { at: '../jobs.ts:9', kind: 'function', detail: 'nightly' },
        ],
      },
    };
    const { list, message } = reported(run('push-in-uncalled-startup-function', { callers }));
    expect(list).toEqual(['8 warning push-in-helper']);
    expect(message(8)).toMatch(/refreshRoots\(\) is exported and called by the function held in `run` \(\.\.\/server\.ts\): tool handler entry\.name runs it inside a function it hands to trace\(\) .* cannot be checked, and the question is not lifted there; it is also used by nightly\(\) \(\.\.\/jobs\.ts\), which no request handler of this run calls by name \(the run follows them no further\)$/);
  });

  it('a function that asks through its own request context, held in an object: a handler whose registration was not found', () => {
    const { list, message } = reported(run('definition-object-handler-unregistered-reported'));
    expect(list).toEqual(['8 warning push-unsupported-shape']);
    expect(message(8)).toMatch(/takes a request context \(ctx\) and asks through it as a handler does, but this run found no registration of it \(it is held as `handler` of an object/);
  });
});

describe('tasks are named as tasks', () => {
  it('a request sent for a task from a background runner', () => {
    const { list, message } = reported(run('task-runner-request-reported'));
    expect(list).toEqual(['5 warning task-augmented-request']);
    expect(message(5)).toMatch(/sends a request for a task \(relatedTask\), delivered through the task's message queue, and tasks moved to an extension/);
  });

  // Something else keeps the handler as it was (a name the migration would import is taken): its
  // task requests are still named as tasks, not as questions left for that other reason.
  it('task-augmented and tasks/get requests in a handler kept whole', () => {
    const { list, message } = reported(run('task-polling-kept-handler-reported'));
    expect(list).toEqual(['11 warning task-augmented-request', '18 warning task-augmented-request']);
    expect(message(11)).toMatch(/in tool handler survey is a task-augmented request, and tasks moved to an extension/);
    expect(message(18)).toMatch(/is task plumbing \(tasks\/get\)/);
  });
});

describe('push-not-awaited: a question whose answer is thrown away, in a helper', () => {
  it('is named fire-and-forget, not a question outside a request', () => {
    const { list, message } = reported(run('helper-fire-and-forget-reported'));
    expect(list).toEqual(['6 warning push-not-awaited']);
    expect(message(6)).toMatch(/in nudgeToUpgrade\(\) is not awaited and its answer is thrown away \(fire-and-forget\)/);
  });
});

describe('legacy-era-branch: a dual-era handler keeps its 2025 branch', () => {
  it('is left as it is, with an info note and no marker', () => {
    const outcome = run('legacy-era-branch-left');
    expect(outcome.output).toBeUndefined();
    const { list, message } = reported(outcome);
    expect(list).toEqual(['11 info legacy-era-branch']);
    expect(message(11)).toMatch(/in tool handler greet is in its 2025-era branch \(if \(reqCtx\.era === 'legacy'\)\), and the handler already answers 2026-07-28 with inputRequired/);
  });
});

describe('dangerous consequences are errors, on the question and on every handler that reaches it', () => {
  it.each([
    ['roots-helper-falls-back-to-cwd-error', 9, 17, /the request throws and its catch falls back to process\.cwd\(\) as the root, so the action runs without asking/, 'tool handler list_files calls workspaceRoots()'],
  ])('%s', (name, question, call, consequence, caller) => {
    const outcome = run(name);
    expect(outcome.handlersMigrated).toBe(0);
    const { list, message } = reported(outcome);
    expect(list).toEqual([`${question} error push-in-helper`, `${call} error push-in-helper`]);
    expect(message(question)).toMatch(/is not lifted into that handler because .*\. Left like this it is dangerous: /);
    expect(message(question)).toMatch(consequence);
    expect(message(call)).toContain(caller);
    expect(message(call)).toMatch(consequence);
  });

  // A helper whose question sits in a try, or after a capability check, is lifted (nested-helpers.ts):
  // the question is returned, not sent, so the catch no longer stands in for the answer, and the
  // check decides per request as before. Only an unmigrated question is dangerous.
  it.each([
    ['confirm-helper-catch-defaults-to-yes-lifted'],
    ['confirm-helper-capability-guard-goes-ahead-lifted'],
  ])('%s: the question is lifted, nothing is left dangerous', (name) => {
    const outcome = run(name);
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.findings.filter((f) => f.severity !== 'info')).toEqual([]);
  });

  it('a fallback in a function nothing calls stays a warning: no request reaches it', () => {
    const text = readFileSync(path.join(dir, 'confirm-helper-catch-defaults-to-yes-lifted.input.ts'), 'utf8').replace(/server\.registerTool[\s\S]*$/, '');
    const outcome = transformSource({ absPath: path.join(dir, 'x.ts'), text, transforms: [transform], options: { stateModulePath: path.join(dir, 'mrtr-state.ts') } });
    expect(outcome.findings.map((f) => `${f.line} ${f.severity} ${f.rule}`)).toEqual(['9 warning push-in-helper']);
  });
});

describe('the CLI: an error-severity finding makes the run exit 1, across modules too', () => {
  it('a confirmation that defaults to yes in a helper module (kept whole by its finally): errors on the helper and on the handler that calls it', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { runCli } = await import('./helpers/cli-run.js');
    const root = mkdtempSync(path.join(tmpdir(), 'findings-truth-'));
    try {
      mkdirSync(path.join(root, 'src', 'lib'), { recursive: true });
      writeFileSync(path.join(root, 'package.json'), '{ "name": "billing", "type": "module", "dependencies": { "@modelcontextprotocol/server": "^2.4.0" } }\n');
      writeFileSync(path.join(root, 'tsconfig.json'), '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "strict": true }, "include": ["src"] }\n');
      writeFileSync(path.join(root, 'src', 'lib', 'confirm.ts'), [
        "import type { ServerContext } from '@modelcontextprotocol/server';",
        '',
        'export async function confirmCharge(ctx: ServerContext, amount: number): Promise<boolean> {',
        '  try {',
        "    const answer = await ctx.mcpReq.elicitInput({ message: `Charge ${amount}?`, requestedSchema: { type: 'object', properties: {} } });",
        "    return answer.action === 'accept';",
        '  } catch {',
        '    return true;',
        '  } finally {',
        "    console.log('charge question done');",
        '  }',
        '}',
        '',
      ].join('\n'));
      writeFileSync(path.join(root, 'src', 'server.ts'), [
        "import { McpServer } from '@modelcontextprotocol/server';",
        "import { z } from 'zod';",
        "import { confirmCharge } from './lib/confirm.js';",
        '',
        "const server = new McpServer({ name: 'billing', version: '1.0.0' });",
        "server.registerTool('charge', { inputSchema: z.object({ amount: z.number() }) }, async ({ amount }, ctx) => {",
        "  if (!(await confirmCharge(ctx, amount))) return { content: [{ type: 'text', text: 'Not charged' }] };",
        "  return { content: [{ type: 'text', text: 'Charged' }] };",
        '});',
        '',
      ].join('\n'));
      const run = await runCli(['--dry-run', '--json', '-t', 'step-machine', '.'], root);
      expect(run.code).toBe(1);
      const report = JSON.parse(run.stdout) as { findings: { path: string; line: number; severity: string; rule: string; message: string }[] };
      const errors = report.findings.filter((f) => f.severity === 'error').map((f) => `${f.path}:${f.line} ${f.rule}`);
      expect(errors).toEqual(['src/lib/confirm.ts:5 push-in-helper', 'src/server.ts:7 push-in-helper']);
      const [helper, call] = report.findings.filter((f) => f.severity === 'error');
      expect(helper.message).toMatch(/called by tool handler charge \(\.\.\/server\.ts\); it is not lifted into that handler because a `finally` around the question would run on the leg that asks as well as on the one that answers.*on 2026-07-28 the request throws and its catch returns true, as if the user had confirmed, so the action runs without asking/);
      expect(call.message).toMatch(/confirmCharge\(\) in \.\/lib\/confirm\.js asks the client \(ctx\.mcpReq\.elicitInput\) and is not lifted \(a `finally` around the question would run on the leg that asks as well as on the one that answers\), so this handler is left as it was\. Left like this it is dangerous: on 2026-07-28 the request throws and its catch returns true/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
