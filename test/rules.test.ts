import { readdirSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isRuleId, RULES, ruleInfo, ruleOrder, rulesMarkdown } from '../src/rules.js';
import type { FindingInput } from '../src/types.js';

const EXPECTED_IDS = [
  'push-request',
  'push-in-loop',
  'push-in-callback',
  'push-outside-request',
  'push-not-awaited',
  'push-in-helper',
  'framework-asking-api',
  'push-conditional-expression',
  'push-in-try',
  'push-nested-block',
  'push-unsupported-shape',
  'question-deferred-to-await',
  'question-in-loop-resumed',
  'questions-per-item-one-round',
  'then-chain',
  'task-augmented-request',
  'state-not-serializable',
  'state-value-unchecked',
  'state-value-any',
  'types-unresolved',
  'state-size-unbounded',
  'side-effect-before-input',
  'then-chain-awaited',
  'typecheck-regression',
  'push-option-dropped',
  'promise-race-timeout',
  'elicitation-id-removed',
  'legacy-era-branch',
  'completion-notifier-removed',
  'url-elicitation-throw',
  'answer-validation',
  'result-built-elsewhere',
  'request-state-verify-not-wired',
  'client-capabilities',
  'sdk-upgrade',
  'zod-upgrade',
  'serve-http-manual',
  'serve-stdio-manual',
  'server-ping',
  'roots-list-changed-handler',
  'logging-set-level-handler',
  'oninitialized-roots',
  'oninitialized-hook',
  'state-carries-sensitive-value',
  'alias-arguments-differ',
  'dispatcher-adapted',
  'handler-called-outside-run',
];

function listTs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = `${dir}/${name}`;
    return statSync(full).isDirectory() ? listTs(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** Rule ids without a `### <id>` heading in the given Markdown. */
function rulesMissingFrom(markdown: string): string[] {
  const headings = new Set([...markdown.matchAll(/^### +(\S+)\s*$/gm)].map((match) => match[1]));
  return RULES.map((rule) => rule.id).filter((id) => !headings.has(id));
}

describe('rule catalogue', () => {
  it('knows every rule id the engine and the transforms report', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const sources = [...listTs(`${root}src`), ...listTs(`${root}transforms`)];
    const used = new Set(sources.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/rule: '([a-z0-9-]+)'|RULE = '([a-z0-9-]+)'|: '([a-z0-9-]+)',\s*\/\/ rule/g)].map((m) => m[1] ?? m[2] ?? m[3])));
    const known = new Set<string>(RULES.map((rule) => rule.id));
    expect([...used].filter((id) => !known.has(id))).toEqual([]);
  });

  it('types rule ids: a finding cannot name a rule the catalogue lacks', () => {
    // npm test typechecks the tests: this line stops compiling if `rule` accepts any string.
    // @ts-expect-error 'no-such-rule' is not a RuleId
    const unknown: FindingInput = { rule: 'no-such-rule', severity: 'info', pos: 0, message: '' };
    const known: FindingInput = { rule: 'push-request', severity: 'info', pos: 0, message: '' };
    expect(isRuleId(unknown.rule)).toBe(false);
    expect(isRuleId(known.rule)).toBe(true);
  });

  it('has unique ids', () => {
    const ids = RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses kebab-case ids', () => {
    for (const rule of RULES) expect(rule.id, rule.id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
  });

  it('holds exactly the agreed rule ids', () => {
    expect([...RULES.map((rule) => rule.id)].sort()).toEqual([...EXPECTED_IDS].sort());
  });

  it('gives every rule a severity, a one-line title and help of a few sentences', () => {
    for (const rule of RULES) {
      expect(['error', 'warning', 'info'], rule.id).toContain(rule.severity);
      expect(rule.title.trim().length, rule.id).toBeGreaterThan(10);
      expect(rule.title, rule.id).not.toMatch(/[\r\n]/);
      expect(rule.help.trim().length, rule.id).toBeGreaterThan(80);
      const sentences = rule.help.split(/(?<=[.!?])\s+(?=[A-Z`])/).length;
      expect(sentences, `${rule.id}: ${rule.help}`).toBeGreaterThanOrEqual(2);
      expect(sentences, `${rule.id}: ${rule.help}`).toBeLessThanOrEqual(5);
      // Balanced code spans: the help is rendered as Markdown in the README, PR comments and SARIF.
      expect((rule.help.match(/`/g) ?? []).length % 2, rule.id).toBe(0);
    }
  });

  it('has the agreed severities for the rules whose severity was fixed', () => {
    expect(ruleInfo('push-request')?.severity).toBe('warning');
    expect(ruleInfo('side-effect-before-input')?.severity).toBe('info');
    expect(ruleInfo('completion-notifier-removed')?.severity).toBe('warning');
    expect(ruleInfo('state-carries-sensitive-value')?.severity).toBe('info');
    expect(ruleInfo('request-state-verify-not-wired')?.severity).toBe('warning');
  });

  it('looks rules up by id', () => {
    expect(ruleInfo('push-in-loop')?.id).toBe('push-in-loop');
    expect(ruleInfo('no-such-rule')).toBeUndefined();
    expect(ruleOrder('push-request')).toBe(0);
    expect(ruleOrder('no-such-rule')).toBe(RULES.length);
  });

  it('renders every rule as a ### heading with severity, title and help', () => {
    const markdown = rulesMarkdown();
    for (const rule of RULES) {
      expect(markdown).toContain(`### ${rule.id}\n`);
      const section = markdown.slice(markdown.indexOf(`### ${rule.id}\n`)).split(/\n(?=### )/)[0];
      expect(section).toContain(rule.severity);
      expect(section).toContain(rule.title);
      expect(section).toContain(rule.help);
    }
    expect(markdown.match(/^### /gm)?.length).toBe(RULES.length);
  });

  it('renders a section that, pasted under "## Rules", documents every rule', () => {
    expect(rulesMissingFrom(`# x\n\n## Rules\n\n${rulesMarkdown()}`)).toEqual([]);
    expect(rulesMissingFrom('## Rules\n\n### push-request\n')).toContain('push-in-loop');
  });

  it('docs/rules.md holds the catalogue as scripts/update-rules-doc.mjs writes it', () => {
    const doc = readFileSync(fileURLToPath(new URL('../docs/rules.md', import.meta.url)), 'utf8');
    expect(rulesMissingFrom(doc)).toEqual([]);
    const section = doc.slice(doc.indexOf('## Rules\n')).split(/\n(?=## )/)[0];
    // Regenerate with `npm run build && node scripts/update-rules-doc.mjs` when this fails.
    expect(section).toBe(`## Rules\n\nEvery finding carries one of these rule ids.\n\n${rulesMarkdown().trimEnd()}\n`);
  });
});
