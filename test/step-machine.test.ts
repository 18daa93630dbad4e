// The step-machine transform beyond the exact-output fixtures: which findings (rule, severity,
// line) a case reports, how many handlers and sites it migrates, which new files it asks for, and
// that a second run on its own output is quiet. Inputs are the fixture inputs under
// __testfixtures__/step-machine, so each assertion points at a real, typechecked server.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource, type SourceOutcome } from '../src/engine.js';
import stepMachineJscodeshift, { transform } from '../transforms/step-machine.js';
import { MAX_CHAIN_DEPTH } from '../src/step-machine/recognise/helpers.js';

const dir = fileURLToPath(new URL('../__testfixtures__/step-machine/', import.meta.url));
const stateModule = path.join(dir, 'mrtr-state.ts');

function inputPath(name: string): string {
  const ts = path.join(dir, `${name}.input.ts`);
  return existsSync(ts) ? ts : path.join(dir, `${name}.input.js`);
}

function run(name: string, text?: string, stateModulePath: string | null = stateModule): SourceOutcome {
  const absPath = inputPath(name);
  return transformSource({
    absPath,
    text: text ?? readFileSync(absPath, 'utf8'),
    transforms: [transform],
    options: stateModulePath === null ? {} : { stateModulePath },
  });
}

/** [rule, severity, line] of every finding, in line order. */
function findings(outcome: SourceOutcome): [string, string, number][] {
  return outcome.findings
    .map((f): [string, string, number] => [f.rule, f.severity, f.line])
    .sort((a, b) => a[2] - b[2] || a[0].localeCompare(b[0]));
}

function markers(text: string | undefined): string[] {
  return (text ?? '').split(/\r?\n/).filter((l) => l.includes('// @mcp-mrtr-migrate ')).map((l) => l.trim().split(':')[0]);
}

describe('step-machine: refused handlers are reported, marked and left compiling', () => {
  const refused: [string, [string, string, number][]][] = [
    ['date-from-argument-reported', [['state-not-serializable', 'warning', 11], ['push-request', 'warning', 12]]],
    ['map-carried-not-serializable', [['state-not-serializable', 'warning', 14], ['push-request', 'warning', 15]]],
    ['per-item-loop-with-effects-reported', [['push-in-loop', 'warning', 15]]],
    ['per-item-question-reads-previous-reported', [['push-in-loop', 'warning', 13]]],
    ['per-item-promise-all-map-effect-first-reported', [['push-in-loop', 'warning', 18]]],
    ['reask-loop-effect-before-question-reported', [['push-in-loop', 'warning', 18]]],
    ['reask-loop-for-initializer-reported', [['push-in-loop', 'warning', 11]]],
    ['push-in-map-callback-reported', [['push-in-callback', 'warning', 12]]],
    ['fire-and-forget-reported', [['push-not-awaited', 'warning', 10]]],
    ['deferred-await-params-changed-reported', [['push-not-awaited', 'warning', 11]]],
    ['deferred-await-object-read-reported', [['push-not-awaited', 'warning', 15]]],
    ['deferred-await-module-variable-reported', [['push-not-awaited', 'warning', 17]]],
    ['push-outside-request-reported', [['push-outside-request', 'warning', 8]]],
    ['await-after-and-reported', [['push-conditional-expression', 'warning', 14]]],
    ['parameter-reassigned-reported', [['push-unsupported-shape', 'warning', 11]]],
    ['push-in-try-finally-reported', [['push-in-try', 'warning', 14]]],
    ['local-function-before-question-reported', [['push-unsupported-shape', 'warning', 13]]],
    ['question-nested-too-deep-reported', [['push-nested-block', 'warning', 17]]],
    ['first-leg-write-to-outer-local-reported', [['push-unsupported-shape', 'warning', 17]]],
    ['switch-case-fall-through-reported', [['push-nested-block', 'warning', 17]]],
    ['switch-subject-not-pure-reported', [['push-nested-block', 'warning', 18]]],
    ['sequential-asking-ifs-after-top-level-question-reported', [['push-nested-block', 'warning', 12], ['push-nested-block', 'warning', 17], ['push-nested-block', 'warning', 24]]],
    ['sequential-asks-change-outer-local-reported', [['push-unsupported-shape', 'warning', 16], ['push-unsupported-shape', 'warning', 23]]],
    ['value-set-in-earlier-block-reported', [['push-unsupported-shape', 'warning', 23], ['push-unsupported-shape', 'warning', 33]]],
    ['global-regex-condition-reported', [['push-nested-block', 'warning', 14]]],
    ['recomputed-local-changed-before-question-reported', [['push-unsupported-shape', 'warning', 17]]],
    ['then-chain-returning-promise-reported', [['then-chain', 'warning', 16]]],
    ['then-chain-value-may-be-promise-reported', [['then-chain', 'warning', 15]]],
    ['helper-chain-too-deep-reported', [['push-in-helper', 'warning', 7], ['push-in-helper', 'warning', 23]]],
    ['helper-chain-recursive-reported', [['push-in-helper', 'warning', 7], ['push-in-helper', 'warning', 16]]],
    ['helper-chain-inner-returns-early-reported', [['push-in-helper', 'warning', 10], ['push-in-helper', 'warning', 18]]],
    ['helper-outcome-needs-value-with-effects-reported', [['push-in-helper', 'warning', 11]]],
    ['helper-question-in-loop-reported', [['push-in-helper', 'warning', 8]]],
    ['guarded-helper-result-type-unknown-reported', [['push-in-helper', 'warning', 11]]],
    ['helper-asking-twice-reported', [['push-in-helper', 'warning', 7], ['push-in-helper', 'warning', 11]]],
    ['reflective-push-lookup-reported', [['push-in-callback', 'warning', 9]]],
    ['question-helper-calling-itself-reported', [['push-in-helper', 'warning', 8]]],
    ['helper-chain-also-calls-asking-helper-reported', [['push-in-helper', 'warning', 9], ['push-in-helper', 'warning', 18], ['push-in-helper', 'warning', 26]]],
  ];

  it.each(refused)('%s', (name, expected) => {
    const outcome = run(name);
    expect(findings(outcome)).toEqual(expected);
    expect(outcome.handlersMigrated).toBe(0);
    expect(outcome.sitesMigrated).toBe(0);
    expect(outcome.newFiles).toEqual([]);
    // One marker per warning, nothing else edited: removing the markers gives the input back.
    expect(markers(outcome.output)).toEqual(expected.map(([rule]) => `// @mcp-mrtr-migrate ${rule}`));
    const input = readFileSync(inputPath(name), 'utf8');
    expect(outcome.output!.split('\n').filter((l) => !l.includes('// @mcp-mrtr-migrate ')).join('\n')).toBe(input);
  });

  it('gives every refusal a suggestion', () => {
    for (const [name] of refused) {
      for (const finding of run(name).findings) {
        expect(finding.suggestion, `${name}: ${finding.rule}`).toBeTruthy();
      }
    }
  });

  it('names the carried value and its type in state-not-serializable', () => {
    const [finding] = run('date-from-argument-reported').findings;
    expect(finding.message).toContain('due');
    expect(finding.message).toContain('Date');
    expect(finding.suggestion).toContain('new Date()');
    expect(run('map-carried-not-serializable').findings[0].message).toMatch(/prices.*Map/);
  });
});

describe('step-machine: migrated handlers', () => {
  const counts: [string, number, number][] = [
    ['single-elicitation-straight-line', 1, 1],
    ['two-independent-questions-one-round', 1, 2],
    ['dependent-second-question-two-rounds', 1, 2],
    ['three-sequential-rounds', 1, 3],
    ['promise-all-two-elicitations', 1, 2],
    ['two-handlers-one-file', 2, 2],
    ['mixed-migrated-and-legacy', 1, 1],
    ['low-level-set-request-handler', 1, 1],
    ['resource-template-handler', 1, 1],
    ['question-in-if-branch', 1, 1],
    ['question-in-try-catch', 1, 1],
    ['question-in-if-else-branches', 1, 2],
    ['question-in-if-then-top-level-question', 1, 2],
    ['question-in-if-inside-try', 1, 1],
    ['question-in-try-inside-if', 1, 1],
    ['question-in-if-inside-if', 1, 1],
    ['question-in-switch-case', 1, 1],
    ['question-in-switch-case-after-side-effect', 1, 2],
    ['side-effect-before-nested-question', 1, 1],
    ['side-effect-before-if-else-questions', 1, 2],
    ['side-effect-before-two-asking-ifs', 1, 2],
    ['side-effect-before-two-sequential-asking-ifs', 1, 2],
    ['regex-test-condition-before-question', 1, 1],
    ['side-effects-at-two-levels-before-question', 1, 1],
    ['prefix-value-narrowed-by-guard', 1, 1],
    ['prefix-in-branch-beside-other-question', 1, 2],
    ['then-catch-chain-awaited', 1, 1],
    ['then-chain-without-catch-awaited', 1, 1],
    ['then-chain-awaited-into-variable', 1, 1],
  ];

  it.each(counts)('%s migrates %i handler(s) and %i site(s)', (name, handlers, sites) => {
    const outcome = run(name);
    expect(outcome.handlersMigrated).toBe(handlers);
    expect(outcome.sitesMigrated).toBe(sites);
    expect(findings(outcome).filter(([, severity]) => severity !== 'info')).toEqual([]);
  });

  it('hoists an await out of an if condition, a template literal and a call argument', () => {
    for (const name of ['await-in-if-condition', 'await-in-template-literal', 'await-in-call-argument']) {
      const outcome = run(name);
      expect(outcome.handlersMigrated, name).toBe(1);
      expect(outcome.findings.filter((f) => f.severity !== 'info'), name).toEqual([]);
      expect(outcome.output, name).not.toContain('await ctx.mcpReq.elicitInput');
    }
  });

  it('asks for the state module at the configured path, once per file', () => {
    const outcome = run('two-handlers-one-file');
    expect(outcome.newFiles.map((f) => f.absPath)).toEqual([stateModule]);
    expect(outcome.newFiles[0].text).toContain('export function elicitAnswer');
    expect(outcome.newFiles[0].text).toContain('export const mrtrState');
    expect(outcome.output).toContain("import { mrtrState, elicitAnswer, samplingAnswer } from './mrtr-state.js';");
    expect(outcome.output!.match(/requestState: \{ verify: mrtrState\.verify \}/g)).toHaveLength(1);
    expect(outcome.output!.match(/from '\.\/mrtr-state\.js'/g)).toHaveLength(1);
  });

  it('defaults the state module next to the file: .ts for TypeScript, .js for JavaScript', () => {
    expect(run('single-elicitation-straight-line', undefined, null).newFiles.map((f) => f.absPath)).toEqual([path.join(dir, 'mrtr-state.ts')]);
    const js = run('javascript-file', undefined, null);
    expect(js.newFiles.map((f) => f.absPath)).toEqual([path.join(dir, 'mrtr-state.js')]);
    expect(js.newFiles[0].text).not.toMatch(/^import type /m);
    expect(js.output).toContain("import { mrtrState, elicitAnswer } from './mrtr-state.js';");
    expect(js.output).not.toMatch(/: ElicitRequestFormParams|<CompleteTodoState>|^type /m);
  });

  it('reports the info findings of a migration on the original lines', () => {
    expect(findings(run('request-options-timeout-dropped'))).toEqual([
      ['answer-validation', 'info', 10],
      ['push-option-dropped', 'info', 15],
    ]);
    expect(findings(run('capability-check-before-asking'))).toEqual([
      ['client-capabilities', 'info', 10],
      ['answer-validation', 'info', 14],
    ]);
    expect(findings(run('url-mode-elicitation-id-stripped'))).toEqual([['elicitation-id-removed', 'info', 11]]);
    // loadNote() runs before the question: once per logical call now; the note's text it carries has no size bound.
    expect(findings(run('sampling-summary'))).toEqual([['side-effect-before-input', 'info', 14], ['state-size-unbounded', 'info', 14]]);
    expect(findings(run('roots-via-send'))).toEqual([]);
  });

  it('writes no marker for info findings', () => {
    expect(markers(run('request-options-timeout-dropped').output)).toEqual([]);
    expect(markers(run('capability-check-before-asking').output)).toEqual([]);
  });

  it('reports and marks a migration whose server is constructed elsewhere', () => {
    const outcome = run('no-new-mcpserver-in-file');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome)).toEqual([
      ['request-state-verify-not-wired', 'warning', 5],
      ['answer-validation', 'info', 9],
    ]);
    expect(markers(outcome.output)).toEqual(['// @mcp-mrtr-migrate request-state-verify-not-wired']);
    expect(outcome.newFiles.map((f) => f.absPath)).toEqual([stateModule]);
  });

  it('adds the verify hook as a property of existing server options', () => {
    const output = run('server-with-existing-options').output!;
    expect(output).toContain("  {\n    requestState: { verify: mrtrState.verify },\n    capabilities: { logging: {} },");
  });

  it('drops request options and elicitationId from the generated input request', () => {
    expect(run('request-options-timeout-dropped').output).not.toContain('timeout');
    const url = run('url-mode-elicitation-id-stripped').output!;
    expect(url).not.toContain('elicitationId');
    expect(url).not.toContain("mode: 'url'");
    expect(url).toContain('inputRequired.elicitUrl(');
  });

  it('batches independent questions into one round and splits dependent ones', () => {
    const one = run('two-independent-questions-one-round').output!;
    expect(one.match(/return inputRequired\(/g)).toHaveLength(1);
    expect(one).toContain("{ step: 'user_name+newsletter' }");
    const two = run('dependent-question-back-to-back').output!;
    expect(two.match(/return inputRequired\(/g)).toHaveLength(2);
    expect(two).toContain("| { step: 'species' }");
  });

  it('carries exactly the values live across the split', () => {
    expect(run('carried-value-used-after').output).toContain("{ step: 'priority'; ticket: Ticket };");
    expect(run('value-before-not-used-after').output).toContain("State = { step: 'go' };");
    expect(run('let-reassigned-after-question').output).toContain('    let { total } = state;');
    expect(run('three-sequential-rounds').output).toContain("| { step: 'license'; lang: string; fw: string };");
  });

  it('runs side effects before the block that asks once, and carries what they declared', () => {
    const outcome = run('question-in-if-after-side-effect');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome).filter(([, severity]) => severity !== 'info')).toEqual([]);
    expect(outcome.output).toContain('    let balance: number;\n    if (resumed === undefined) {\n      balance = await fetchBalance(account);');
    expect(outcome.output).toContain("state ??= { step: 'overdraft', balance };");
  });

  it('lifts side effects inside a try before a nested question, and carries them only in the steps below them', () => {
    const outcome = run('side-effect-before-nested-question');
    // The resumed state is read once, above the user's try, so a refused state is never caught as the user's own error.
    expect(outcome.output).toContain("    const resumed = await mrtrState.resume<ReleaseState>(ctx, 'release', { service });\n    try {\n      let plan: { version: string; risky: boolean };\n      if (resumed === undefined) {\n        plan = await planRelease(service);\n      } else {\n        ({ plan } = resumed);\n      }\n      if (plan.risky) {");
    expect(findings(outcome)).toContainEqual(['side-effect-before-input', 'info', 18]);
    // A value narrowed by a guard in the prefix travels with the narrowed type.
    expect(run('prefix-value-narrowed-by-guard').output).toContain("{ step: 'archive'; doc: { id: string; title: string } };");
    // Skipped only by a retry for the steps below the prefix, the only states that carry `stats`.
    expect(run('prefix-in-branch-beside-other-question').output).toContain("      if (resumed?.step !== 'go') {\n        stats = await inspect(table);\n      } else {\n        ({ stats } = resumed);\n      }");
    // Blocks that ask one after the other: a retry for the second skips the first and what ran between.
    expect(run('side-effect-before-two-sequential-asking-ifs').output).toContain("    if (resumed?.step !== 'fee') {\n      if (resumed === undefined) {\n        offer = await quote(amount);");
    // Two switch cases share the prefix before the switch: each step carries the fetched issue.
    expect(run('question-in-switch-case-after-side-effect').output).toContain("  | { step: 'close'; issue: Issue }\n  | { step: 'renamed'; issue: Issue };");
  });

  it('awaits a returned .then/.catch chain inside try/catch before migrating, and says why when it cannot', () => {
    const outcome = run('then-catch-chain-awaited');
    expect(findings(outcome)).toContainEqual(['then-chain-awaited', 'info', 17]);
    expect(outcome.output).toContain('    } catch (error: unknown) {\n      return { isError: true, content: [{ type: \'text\', text: String(error) }] };\n    }');
    const refused = run('then-chain-returning-promise-reported').findings.find((f) => f.rule === 'then-chain');
    expect(refused?.message).toContain('a callback returns something that may be a promise');
    expect(run('then-chain-value-may-be-promise-reported').findings.find((f) => f.rule === 'then-chain')?.message).toContain('may give a promise, which await would wait for');
    // `const color = await ask(…).then((result) => <plain value>)` splits into two statements.
    const awaited = run('then-chain-awaited-into-variable');
    expect(findings(awaited)).toContainEqual(['then-chain-awaited', 'info', 10]);
    expect(awaited.output).toContain("    const color = result.action === 'accept' ? String(result.content?.color) : 'black';");
  });

  it('names why a nested question is refused', () => {
    const message = (name: string) => run(name).findings.find((f) => f.severity === 'warning')?.message ?? '';
    expect(message('question-nested-too-deep-reported')).toContain('more than 6 if/try/switch blocks deep');
    expect(message('switch-case-fall-through-reported')).toContain('falls through');
    expect(message('sequential-asking-ifs-after-top-level-question-reported')).toContain('does not always return');
    expect(message('first-leg-write-to-outer-local-reported')).toContain('label is changed by code that a later retry skips');
    expect(message('sequential-asks-change-outer-local-reported')).toContain('score is changed by code that a later retry skips');
  });

  it('leaves files without push sites or already migrated untouched', () => {
    for (const name of ['no-push-sites-unchanged', 'already-migrated-unchanged']) {
      const outcome = run(name);
      expect(outcome.output, name).toBeUndefined();
      expect(outcome.findings, name).toEqual([]);
      expect(outcome.handlersMigrated, name).toBe(0);
      expect(outcome.newFiles, name).toEqual([]);
    }
  });

  it('keeps CRLF line endings and tab indentation in generated code', () => {
    const crlf = run('crlf').output!;
    expect(crlf.replace(/\r\n/g, '')).not.toContain('\n');
    const tabs = run('tab-indented').output!;
    expect(tabs).toContain('\t\tlet state = await mrtrState.resume<ResetPasswordState>(');
    expect(tabs).not.toMatch(/^ +\S/m);
  });

  it('follows double quotes and missing semicolons', () => {
    const output = run('double-quoted-no-semicolons').output!;
    expect(output).not.toContain("'");
    expect(output).toContain('    let state = await mrtrState.resume<WeatherState>(ctx, "weather", { city })\n');
  });

  it('is also a jscodeshift transform', async () => {
    const file = inputPath('single-elicitation-straight-line');
    const source = readFileSync(file, 'utf8');
    const out = await stepMachineJscodeshift({ path: file, source }, undefined, { stateModulePath: stateModule, dry: true });
    expect(out).toBe(run('single-elicitation-straight-line').output);
  });
});

describe('step-machine: a second run on the output changes nothing and reports nothing new', () => {
  const migrated = [
    'single-elicitation-straight-line', 'decline-cancel-branches', 'carried-value-used-after', 'value-before-not-used-after',
    'two-independent-questions-one-round', 'sampling-summary', 'roots-via-send', 'server-list-roots', 'server-create-message',
    'server-elicit-input', 'server-request-method-string', 'destructuring-at-await', 'capability-check-before-asking',
    'prompt-handler', 'fixed-uri-resource', 'low-level-set-request-handler', 'tool-without-input-schema',
    'callback-without-ctx-parameter', 'let-reassigned-after-question', 'named-function-handler', 'mixed-migrated-and-legacy',
    'double-quoted-no-semicolons', 'tab-indented', 'crlf', 'multiline-template-literal-before-question', 'two-handlers-one-file',
    'server-with-existing-options', 'no-new-mcpserver-in-file', 'local-named-state-collision', 'question-in-if-branch',
    'question-in-try-catch', 'question-in-try-after-side-effect', 'question-in-if-else-branches',
    'question-in-if-then-top-level-question', 'javascript-file',
  ];

  it.each(migrated)('%s', (name) => {
    const first = run(name);
    expect(first.output).toBeDefined();
    const second = run(name, first.output);
    expect(second.output).toBeUndefined();
    expect(second.findings).toEqual([]);
    expect(second.handlersMigrated).toBe(0);
    expect(second.newFiles).toEqual([]);
  });

  it('repeats the findings of a refused handler without adding markers', () => {
    for (const name of ['per-item-loop-with-effects-reported', 'date-from-argument-reported', 'await-after-and-reported']) {
      const first = run(name);
      const second = run(name, first.output);
      expect(second.output, name).toBeUndefined();
      expect(findings(second).map(([rule, severity]) => [rule, severity]), name).toEqual(
        findings(first).map(([rule, severity]) => [rule, severity]),
      );
    }
  });
});

// Documented behaviour the transform does not have yet (see the bug list handed to the lead).
// These fail until the bugs are fixed.
describe('step-machine: known bugs (fail until fixed)', () => {
  it('keeps the bindings of a destructured or assigned Promise.all', () => {
    expect(run('promise-all-two-elicitations').output).toMatch(/const \[dates, seat\] = /);
    expect(run('promise-all-settled').output).toMatch(/const \[rating, comment\] = /);
    expect(run('promise-all-not-destructured').output).toMatch(/const answers = /);
  });

  it('re-indents request params moved into a step block', () => {
    const output = run('dependent-second-question-two-rounds').output!;
    expect(output).toContain("      const continentRequest: ElicitRequestFormParams = {\n        message: `Where should ${app} run?`,");
    expect(output).toContain("        required: ['continent'],\n        },\n      };\n");
  });

  it('reports a .then chain as then-chain, not fire-and-forget', () => {
    expect(findings(run('then-chain-value-may-be-promise-reported'))).toEqual([['then-chain', 'warning', 15]]);
  });

  it('reports a push in an exported function nothing here calls as a helper whose callers were not looked for, not as outside any request', () => {
    const outcome = run('push-in-uncalled-startup-function');
    expect(findings(outcome)).toEqual([['push-in-helper', 'warning', 8]]);
    expect(outcome.findings[0].message).toMatch(/refreshRoots\(\) is exported; nothing in this file that reaches it is a handler, and its callers in other modules were not looked for because cross-file mode was off/);
  });

  it('drops a Promise.race timeout with promise-race-timeout', () => {
    const outcome = run('promise-race-timeout');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome).map(([rule]) => rule)).toContain('promise-race-timeout');
  });

  it('reports a carried value named like a secret when the state is only signed', () => {
    const signed = transformSource({
      absPath: inputPath('sensitive-value-carried'),
      text: readFileSync(inputPath('sensitive-value-carried'), 'utf8'),
      transforms: [transform],
      options: { stateModulePath: stateModule, stateProtection: 'signed' },
    });
    expect(findings(signed).map(([rule]) => rule)).toContain('state-carries-sensitive-value');
    // Sealed (the default) keeps it from the client: nothing to report.
    expect(findings(run('sensitive-value-carried')).map(([rule]) => rule)).not.toContain('state-carries-sensitive-value');
  });

  it('reports a value named like a secret that the lifted side-effect prefix carries in a signed state', () => {
    const text = readFileSync(inputPath('sensitive-value-carried-by-prefix'), 'utf8');
    const outcome = (stateProtection?: string) => transformSource({
      absPath: inputPath('sensitive-value-carried-by-prefix'), text, transforms: [transform],
      options: { stateModulePath: stateModule, ...(stateProtection ? { stateProtection } : {}) },
    });
    const signed = outcome('signed');
    expect(signed.handlersMigrated).toBe(1);
    expect(findings(signed)).toContainEqual(['state-carries-sensitive-value', 'info', 14]);
    expect(findings(outcome())).not.toContainEqual(['state-carries-sensitive-value', 'info', 14]);
  });

  it('reports side effects that now run on the first leg only', () => {
    expect(findings(run('value-before-not-used-after')).map(([rule, severity]) => `${rule}/${severity}`)).toContain('side-effect-before-input/info');
  });

  it('spells carried types readably and never as any', () => {
    expect(run('carried-anonymous-object-type').output).toContain("{ step: 'accept'; quote: { carrier: string; priceCents: number } };");
    expect(run('answer-used-two-rounds-later').output).toContain("| { step: 'meal'; attendee: ElicitResult };");
  });

  it('never names a handler-local type in the module-level state type', () => {
    const output = run('local-type-before-question').output ?? '';
    const declaration = output.slice(output.indexOf('type ConvertLengthState ='), output.indexOf("server.registerTool("));
    expect(declaration).not.toMatch(/\bUnit\b/);
  });

  it('drops the statement of an awaited question whose result is unused', () => {
    expect(run('awaited-result-ignored').output).not.toMatch(/^\s*confirmAnswer;$/m);
  });

  it('does not leave an unused `const { mcpReq } = ctx;` behind', () => {
    expect(run('ctx-destructured').output).not.toContain('const { mcpReq } = ctx;');
  });

  it('ends a URL consent that was declined instead of asking again forever', () => {
    const output = run('url-elicitation-required-error-thrown').output!;
    expect(output).toMatch(/elicitAnswer\(|inputResponse\(/);
  });

  it('removes the parentheses left around a replaced await', () => {
    expect(run('await-in-if-condition').output).not.toMatch(/\(\w+\)\.action/);
    expect(run('await-in-template-literal').output).not.toMatch(/\(\w+\)\.action/);
  });

  it('removes imports the rewrite left unused', () => {
    expect(run('url-mode-elicitation-id-stripped').output).not.toContain("import { randomUUID } from 'node:crypto';");
    expect(run('url-elicitation-required-error-thrown').output).not.toMatch(/import \{[^}]*\bUrlElicitationRequiredError\b/);
  });

  it('passes the halves of a split helper only the parameters they use', () => {
    const output = run('question-in-helper-lifted').output!;
    expect(output).not.toMatch(/function \w+\(ctx: ServerContext, employee: string, answer: ElicitResult\)/);
    expect(output).not.toMatch(/function \w+\(ctx: ServerContext, employee: string\): ElicitRequestFormParams/);
  });
});

describe('step-machine: helper chains', () => {
  it(`lifts a chain of ${MAX_CHAIN_DEPTH} helpers and refuses one helper more, naming the chain`, () => {
    expect(MAX_CHAIN_DEPTH).toBe(3);
    const three = run('helper-chain-three-levels-lifted');
    expect(three.handlersMigrated).toBe(1);
    expect(three.output).toContain('return confirmRemovalParams(name);');
    expect(three.output).not.toMatch(/async function confirm(Removal|Offboarding)?\(/);
    const four = run('helper-chain-too-deep-reported');
    expect(four.handlersMigrated).toBe(0);
    expect(four.findings[0].message).toContain('4 helpers deep (confirmOffboardingStep() → confirmOffboarding() → confirmRemoval() → confirm())');
    expect(four.findings[0].message).toContain(`at most ${MAX_CHAIN_DEPTH}`);
  });

  it('says why a recursive chain is not lifted, on its call of the inner helper', () => {
    const [chain] = run('helper-chain-recursive-reported').findings;
    expect(chain.message).toMatch(/^confirmRemoval\(\) asks through confirm\(\).*calls itself/);
  });

  it("runs a chain's own code before the call in its request builder and the inner outcome before its own code after", () => {
    const output = run('helper-chain-post-processes-inner-result').output!;
    expect(output).toMatch(/function askRefundCentsParams\(currency: string\): ElicitRequestFormParams \{\n  const label = currency.toUpperCase\(\);\n  return askAmountParams\(label\);/);
    expect(output).toMatch(/function askRefundCentsOutcome\(answer: ElicitResult\): number \| undefined \{\n  const amount = askAmountOutcome\(answer\);\n  if \(amount === undefined\)/);
    // orderId is used by neither half.
    expect(output).not.toMatch(/askRefundCents(Params|Outcome)\([^)]*orderId/);
  });

  it('keeps a chain helper and its inner helper while a handler that cannot migrate still calls it', () => {
    const outcome = run('helper-chain-kept-for-unmigrated-caller');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain('async function confirm(ctx: ServerContext, message: string)');
    expect(outcome.output).toContain('async function confirmRemoval(ctx: ServerContext, employee: string)');
    expect(outcome.output).toContain('if (!(await confirmRemoval(ctx, await lookupName(id)))) {');
  });

  it('removes an inner helper once neither handlers nor a kept chain reference it', () => {
    const output = run('helper-chain-and-inner-both-called-lifted').output!;
    expect(output).not.toMatch(/async function confirm(Removal)?\(/);
    expect(output).toContain('const ok = confirmOutcome(okAnswer);');
  });
});

describe('step-machine: Dates carried, deferred awaits', () => {
  it('carries a const new Date() as its ISO string and revives it in every later step', () => {
    const outcome = run('date-carried-as-iso-string');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain("type LogTimeState = { step: 'hours'; startedAt: string };");
    expect(outcome.output).toContain("state = { step: 'hours', startedAt: startedAt.toISOString() };");
    expect(outcome.output).toContain('const startedAt = new Date(state.startedAt);');
    // The ISO string is exact to the millisecond: the revived Date is the same instant.
    const at = new Date(1_767_225_599_999);
    expect(new Date(JSON.parse(JSON.stringify({ at: at.toISOString() })).at).getTime()).toBe(at.getTime());
  });

  it('asks a question started into a local where it is awaited, and says so', () => {
    const outcome = run('deferred-await-after-other-work');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome)).toContainEqual(['question-deferred-to-await', 'info', 14]);
    expect(outcome.output).not.toMatch(/\bfallback\b/);
    // The page is sent before the question, once: it sits in the first-leg block, before the step.
    const output = outcome.output!;
    expect(output.indexOf('await sendPage(service, message)')).toBeLessThan(output.indexOf("elicitAnswer(ctx, 'next', nextRequest)"));
    expect(output).toContain("state = { step: 'next', page };");
  });

  it('keeps reporting a request that is never awaited', () => {
    expect(findings(run('fire-and-forget-reported'))).toEqual([['push-not-awaited', 'warning', 10]]);
  });
});

describe('step-machine: re-ask loops', () => {
  it('turns a loop around one question into one step that re-enters the loop', () => {
    const outcome = run('reask-loop-until-valid');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome)).toContainEqual(['question-in-loop-resumed', 'info', 15]);
    const output = outcome.output!;
    // The loop state is restored as let (the loop assigns it) and minted as it is when asking again.
    expect(output).toContain('let { mapping, hint } = state;');
    expect(output).toContain("requestState: await mrtrState.mint(ctx, 'run-container', { image }, { step: 'ports', mapping, hint }),");
    // One answer per leg: the second time round the loop asks again instead of re-reading it.
    expect(output).toContain("const answer = portsAnswerUsed ? undefined : elicitAnswer(ctx, 'ports', portsRequest);");
    expect(output.indexOf('portsAnswerUsed = true;')).toBeGreaterThan(output.indexOf('return inputRequired({'));
  });

  it('carries a constant array the loop changes in place instead of recomputing it', () => {
    const output = run('reask-loop-while-true-break').output!;
    expect(output).toContain("type AskAnswerState = { step: 'guess'; wrong: number[] };");
    expect(output).toContain("{ step: 'guess', wrong }),");
  });

  it('moves on to the next round after the loop ends', () => {
    const output = run('reask-loop-do-while-then-question').output!;
    expect(output).toContain("state = { step: 'admin', attempts, username };");
    expect(output).toContain("{ step: 'choice', attempts, username }),");
  });

  it('names what keeps a loop from being resumed', () => {
    expect(run('reask-loop-effect-before-question-reported').findings[0].message).toContain('after code with side effects in the loop body');
    expect(run('reask-loop-for-initializer-reported').findings[0].message).toContain('for loop with an initializer');
    expect(run('per-item-loop-with-effects-reported').findings[0].message).toContain('once per item of a for…of loop, and after the question the loop body runs code with effects');
    expect(run('per-item-question-reads-previous-reported').findings[0].message).toContain('its question reads taken, which the loop changes');
  });
});

describe('step-machine: per-item questions of a for…of', () => {
  it('asks every item in one round, keyed by position, and runs the loop on the answers', () => {
    const outcome = run('per-item-questions-one-round');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome)).toContainEqual(['questions-per-item-one-round', 'info', 12]);
    const output = outcome.output!;
    expect(output).toContain('const keepRequests = names.map((name): ElicitRequestFormParams => ({');
    expect(output).toContain('const keepAnswers = keepRequests.map((request, i) => elicitAnswer(ctx, `keep_${i}`, request));');
    expect(output).toContain('inputRequests: Object.fromEntries(keepRequests.map((request, i) => [`keep_${i}`, inputRequired.elicit(request)])),');
    // The loop itself stays, taking the answers in order; the requests are built before it runs.
    expect(output).toContain('const keep = keepAnswers[keepIndex++]!;');
    expect(output.indexOf('let keepIndex = 0;')).toBeLessThan(output.indexOf('for (const name of names)'));
  });

  it('keeps a destructured loop variable and reads sampling answers per item', () => {
    const output = run('per-item-sampling-one-round').output!;
    expect(output).toContain('notes.map(({ title, body }): CreateMessageRequestParams => ({');
    expect(output).toContain('samplingAnswer(ctx, `summary_${i}`)');
  });

  it('asks the questions of Promise.all(items.map(async …)) in one round; each callback reads its own answer', () => {
    const outcome = run('per-item-promise-all-map-one-round');
    expect(outcome.handlersMigrated).toBe(1);
    expect(findings(outcome)).toContainEqual(['questions-per-item-one-round', 'info', 20]);
    const output = outcome.output!;
    expect(output).toContain('pages.map(async (page, summaryIndex) => {');
    expect(output).toContain('const result = summaryAnswers[summaryIndex]!;');
    // The pages were loaded once, on the first leg, and travel in the state.
    expect(output).toContain("state = { step: 'summary', pages };");
    expect(run('per-item-promise-all-map-effect-first-reported').findings[0].message).toContain('the callback runs code with effects before its question');
  });

  it('leaves a loop over something not known to be an array as it was', () => {
    const input = readFileSync(inputPath('per-item-questions-one-round'), 'utf8')
      .replace("z.object({ names: z.array(z.string()) })", "z.object({ names: z.string() })")
      .replace('for (const name of names)', 'for (const name of names)');
    const outcome = run('per-item-questions-one-round', input);
    expect(outcome.handlersMigrated).toBe(0);
    expect(outcome.findings.map((f) => f.rule)).toContain('push-in-loop');
    expect(outcome.findings.find((f) => f.rule === 'push-in-loop')!.message).toContain('not known to be an array');
  });
});

describe('step-machine: completion notifiers stored for a later caller', () => {
  it('turns a notifier kept in a local Map into a no-op, carries the random id and notes the route that calls it', () => {
    const outcome = run('completion-notifier-stored-for-callback-route');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain('const notifyComplete = async () => {};');
    expect(outcome.output).not.toContain('createElicitationCompletionNotifier');
    expect(outcome.output).toContain("type ConnectAccountState = { step: 'consent'; loginId: string };");
    expect(findings(outcome)).toContainEqual(['completion-notifier-removed', 'info', 20]);
    // The OAuth callback route's call is marked: it now does nothing.
    expect(findings(outcome)).toContainEqual(['completion-notifier-removed', 'info', 46]);
    const lines = outcome.output!.split('\n');
    const call = lines.findIndex((l) => l.includes('await pending.onComplete();'));
    expect(lines[call - 1]).toContain('// @mcp-mrtr-migrate completion-notifier-removed: pending.onComplete()');
  });

  it('leaves the handler whole when the notifier is handed to an imported function', () => {
    const outcome = run('completion-notifier-passed-to-imported-function-reported');
    expect(outcome.handlersMigrated).toBe(0);
    expect(findings(outcome)).toEqual([['completion-notifier-removed', 'warning', 17], ['push-request', 'warning', 19]]);
    expect(outcome.findings.find((f) => f.line === 17)?.message).toContain('passed to trackLogin(…)');
  });

  it('leaves the handler whole when a timer of the handler calls the notifier', () => {
    const outcome = run('completion-notifier-reported');
    expect(outcome.handlersMigrated).toBe(0);
    expect(outcome.output).toContain('server.server.createElicitationCompletionNotifier(elicitationId)');
  });
});

describe('step-machine: a question after && / || in a const', () => {
  const andInput = () => readFileSync(inputPath('question-after-and-operand'), 'utf8');

  it('asks in an if block that keeps the left operand\'s value when the question is not asked', () => {
    const and = run('question-after-and-operand');
    expect(and.handlersMigrated).toBe(1);
    expect(and.output).toContain('let notify: boolean = askToNotify;\n    if (notify) {');
    expect(and.output).toContain('notify = notifyAnswer.content?.notify === true;');
    const or = run('question-after-or-operand');
    expect(or.output).toContain('let confirmed: boolean = force;\n    if (!confirmed) {');
  });

  it('after ??, asks only when the left operand is nullish and keeps it (narrowed) otherwise', () => {
    const outcome = run('question-after-nullish-operand');
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain('let repoName: string;\n    if (name === undefined || name === null) {');
    expect(outcome.output).toContain('    } else {\n      repoName = name;\n    }');
  });

  it('moves a right operand holding a multi-line template literal without changing the literal', () => {
    const text = readFileSync(inputPath('question-after-or-operand'), 'utf8').replace('message: `Delete ${path}?`,', 'message: `Delete ${path}?\nThis cannot be undone.`,');
    const outcome = run('question-after-or-operand', text);
    expect(outcome.handlersMigrated).toBe(1);
    expect(outcome.output).toContain('`Delete ${path}?\nThis cannot be undone.`');
  });

  it('stays reported when the left operand has side effects', () => {
    const outcome = run('question-after-impure-and-operand-reported');
    expect(outcome.handlersMigrated).toBe(0);
    expect(findings(outcome)).toEqual([['push-conditional-expression', 'warning', 18]]);
  });

  it('stays reported when the left operand\'s type does not fit the const\'s type', () => {
    // `note && …` is "" | boolean: a local starting as the string note could not hold that type.
    const text = andInput()
      .replace('askToNotify: z.boolean()', 'note: z.string()')
      .replace('{ issueId, assignee, askToNotify }', '{ issueId, assignee, note }')
      .replace('      askToNotify &&', '      note &&');
    const outcome = run('question-after-and-operand', text);
    expect(outcome.handlersMigrated).toBe(0);
    expect(findings(outcome)).toEqual([['push-conditional-expression', 'warning', 15]]);
    expect(outcome.output).not.toContain('let notify');
  });

  it('leaves the statement as written when the handler cannot migrate for another reason', () => {
    const text = andInput().replace(
      '    if (notify) sent.push',
      "    setTimeout(() => void ctx.mcpReq.elicitInput({ message: 'Rate the assignment', requestedSchema: { type: 'object', properties: {} } }), 1000);\n    if (notify) sent.push",
    );
    const outcome = run('question-after-and-operand', text);
    expect(outcome.handlersMigrated).toBe(0);
    expect(outcome.output).not.toContain('let notify');
    expect(findings(outcome).map(([rule, , line]) => `${rule}:${line}`)).toEqual(expect.arrayContaining(['push-in-callback:20']));
  });
});

describe('step-machine: carried values in a file whose dependencies are not installed', () => {
  // A v1 project this run upgrades to 2.x has the v1 SDK installed, not @modelcontextprotocol/server
  // (or nothing is installed yet). What the missing modules type is `any` in the file's view, and a
  // type read from our own copy of the SDK's types would be a guess of the installed one: every
  // handler whose carried values rest on them is left with types-unresolved, alike (the decision
  // rule: restsOnUnresolved in carried-values.ts; the exact outputs are the fixtures
  // answer-narrowed-carried-before-install and types-unresolved-before-install-reported).
  const text = [
    "import { McpServer, type Implementation } from '@modelcontextprotocol/server';",
    "import { z } from 'zod';",
    "import { openLedger } from 'ledger-client';",
    '',
    "const server = new McpServer({ name: 'versions', version: '1.0.0' });",
    '',
    "server.registerTool('ask', { inputSchema: z.object({}) }, async (_args, ctx) => {",
    '  const version = server.server.getClientVersion();',
    "  const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });",
    '  return { content: [{ type: \'text\', text: `${answer.action} ${version?.name}` }] };',
    '});',
    '',
    "server.registerTool('ask-typed', { inputSchema: z.object({}) }, async (_args, ctx) => {",
    '  const version: Implementation | undefined = server.server.getClientVersion();',
    "  const answer = await ctx.mcpReq.elicitInput({ message: 'Go on?', requestedSchema: { type: 'object', properties: {} } });",
    '  return { content: [{ type: \'text\', text: `${answer.action} ${version?.name}` }] };',
    '});',
    '',
    "server.registerTool('balance', { inputSchema: z.object({}) }, async (_args, ctx) => {",
    '  const ledger = await openLedger();',
    "  const answer = await ctx.mcpReq.elicitInput({ message: 'Show the balance?', requestedSchema: { type: 'object', properties: {} } });",
    '  return { content: [{ type: \'text\', text: `${answer.action} ${ledger.balance}` }] };',
    '});',
    '',
  ].join('\n');
  const migrate = (absPath: string) =>
    transformSource({ absPath, text, transforms: [transform], options: { stateModulePath: path.join(path.dirname(absPath), 'mrtr-state.ts') } });
  // Outside this repository nothing resolves; inside it the SDK is installed (our node_modules).
  const outcome = migrate(path.join(mkdtempSync(path.join(tmpdir(), 'mrtr-unresolved-')), 'server.ts'));
  const installed = migrate(fileURLToPath(new URL('./tmp/sdk-installed-server.ts', import.meta.url)));
  const stateTypes = (output: string | undefined) => (output ?? '').split('\n').filter((line) => /^type \w+State = /.test(line));

  it('refuses, where the SDK is not installed, every value the SDK types, annotated or not: its type would come from our copy of the SDK', () => {
    expect(stateTypes(outcome.output)).toEqual([]);
    const refusals = outcome.findings.filter((f) => f.rule === 'types-unresolved');
    expect(refusals.map((f) => f.line)).toEqual([8, 14, 20]);
    expect(refusals[0].message).toContain("version in tool handler 'ask' must be written into the step machine with its type, but its type is any here");
    expect(refusals[1].message).toContain('it is annotated as a union (Implementation | undefined) that its initializer, any here, may narrow');
    expect(refusals[2].message).toContain("this file imports '@modelcontextprotocol/server', 'zod', 'ledger-client', which cannot be found from it");
    expect(refusals.every((f) => f.suggestion?.includes("Install the project's dependencies") && f.suggestion.includes('run the migration again'))).toBe(true);
    expect(outcome.findings.some((f) => f.rule === 'state-value-any')).toBe(false);
  });

  it('types the same handlers from the installed SDK where it is installed, and refuses what the modules still missing type', () => {
    expect(stateTypes(installed.output)).toHaveLength(2);
    expect(stateTypes(installed.output)[0]).toMatch(/^type AskState = \{ step: 'confirm'; version: \{ version: string; name: string; /);
    expect(stateTypes(installed.output).join('\n')).not.toMatch(/\bany\b/);
    const refusal = installed.findings.find((f) => f.rule === 'types-unresolved');
    expect(refusal?.line).toBe(20);
    expect(refusal?.message).toContain("ledger in tool handler 'balance' must be written into the step machine with its type, but its type is any here: this file imports 'ledger-client', which cannot be found from it");
    expect(installed.output).not.toMatch(/type BalanceState/);
  });
});
