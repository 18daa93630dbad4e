// The step machine on handlers reached through delegating callbacks, wrappers, registrars and
// method helpers: what is migrated, what is widened (once), and what is reported.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource, type SourceOutcome } from '../src/engine.js';
import { transform } from '../transforms/step-machine.js';

const dir = fileURLToPath(new URL('../__testfixtures__/step-machine/', import.meta.url));

function run(name: string, text?: string): SourceOutcome {
  const absPath = path.join(dir, `${name}.input.ts`);
  return transformSource({
    absPath,
    text: text ?? readFileSync(absPath, 'utf8'),
    transforms: [transform],
    options: { stateModulePath: path.join(dir, 'mrtr-state.ts') },
  });
}

function warnings(outcome: SourceOutcome): [string, number][] {
  return outcome.findings.filter((f) => f.severity === 'warning').map((f): [string, number] => [f.rule, f.line]);
}

describe('step-machine routes: reported edges leave the file compiling as it was', () => {
  it.each([
    ['wrapper-changing-result-reported', 'push-unsupported-shape', 23, /timed\(\), which does something with the handler's result/],
    ['wrapper-calling-handler-twice-reported', 'push-unsupported-shape', 25, /withRetry\(\), which calls or uses the handler more than once/],
    ['method-helper-guarded-with-side-effect-reported', 'push-in-helper', 26, /helper VolumeTools\.confirm\(\), called by tool handler wipe_volume; it is not lifted into that handler because its code before the question has side effects/],
    ['method-called-only-from-timer-reported', 'push-outside-request', 17, /in AlertTools\.writeDigest\(\) runs outside any client request: from a timer, setInterval\(…\)/],
    ['context-closure-helper-reported', 'framework-asking-api', 11, /implements `confirm` of the object toolContext\(\) returns: an asking API handed to other code/],
    ['curried-wrapper-reported', 'push-unsupported-shape', 20, /withScope\('admin'\)\(\), which does not lead to a function declared in this file/],
    ['function-registered-twice-reported', 'push-unsupported-shape', 7, /registered as tool handler purge_a and tool handler purge_b/],
    ['base-class-helper-through-stored-context-reported', 'push-in-helper', 17, /through this\.ctx, a request context run\(\) stores on the instance/],
  ])('%s', (name, rule, line, message) => {
    const outcome = run(name);
    expect(outcome.handlersMigrated).toBe(0);
    expect(warnings(outcome)).toEqual([[rule, line]]);
    expect(outcome.findings.find((f) => f.rule === rule)?.message).toMatch(message);
  });
});

it('a request function passed into a helper as a parameter is reported where it is called, as a value', () => {
  const outcome = run('push-function-passed-as-parameter-reported');
  expect(outcome.handlersMigrated).toBe(0);
  const inHelper = outcome.findings.find((f) => f.line === 9);
  expect(inHelper?.rule).toBe('push-in-callback');
  expect(inHelper?.message).toMatch(/in watchRollout\(\) calls a request function it was given as a value \(parameter send\)/);
});

describe('step-machine routes: migrated handlers', () => {
  it('a delegate is bound to the registration subject and the arguments it gets', () => {
    const outcome = run('handler-delegating-to-private-method');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain("mrtrState.mint(ctx, 'delete_namespace', { namespace }, state)");
    // The delegating callback itself is untouched.
    expect(outcome.output).toContain('async ({ namespace }, ctx) => this.deleteNamespace(namespace, ctx),');
  });

  it('a wrapper shared by two migrated handlers has its result type widened once', () => {
    const input = readFileSync(path.join(dir, 'handler-in-pass-through-wrapper.input.ts'), 'utf8');
    const second = input.slice(input.indexOf('server.registerTool(')).replaceAll('book_meeting', 'book_room');
    const outcome = run('handler-in-pass-through-wrapper', `${input}\n${second}`);
    expect(outcome.handlersMigrated).toBe(2);
    expect(outcome.output).toContain('type Handler<A> = (args: A, ctx: ServerContext) => Promise<CallToolResult | InputRequiredResult>;');
    expect(outcome.output!.match(/InputRequiredResult>/g)).toHaveLength(1);
  });

  it('a wrapper is not widened when its handler is not migrated', () => {
    const input = readFileSync(path.join(dir, 'handler-in-pass-through-wrapper.input.ts'), 'utf8')
      .replace('const answer = await ctx.mcpReq.elicitInput(', 'const answer = await [1].map(() => ctx.mcpReq.elicitInput(')
      .replace("required: ['book'] },\n    });", "required: ['book'] },\n    }))[0];");
    const outcome = run('handler-in-pass-through-wrapper', input);
    expect(outcome.handlersMigrated).toBe(0);
    expect(outcome.output ?? input).toContain('=> Promise<CallToolResult>;');
  });

  it('a method helper nothing calls any more is replaced by its companions', () => {
    const outcome = run('question-in-method-helper-lifted');
    expect(outcome.output).not.toMatch(/private async confirm\(/);
    expect(outcome.output).toContain('const ok = this.confirmOutcome(`Drain ${node}?`, okAnswer);');
    expect(warnings(outcome).map(([rule]) => rule)).toEqual(['request-state-verify-not-wired']);
  });

  it('a method helper other code still calls is kept, and its question reported', () => {
    const outcome = run('method-helper-kept-for-other-callers');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toMatch(/private async confirm\(/);
    expect(outcome.output).toContain('private confirmParams(message: string)');
    const kept = outcome.findings.find((f) => f.rule === 'push-in-helper');
    expect(kept?.suggestion).toMatch(/It stays for its other callers \(1 reference left\)/);
  });
});
