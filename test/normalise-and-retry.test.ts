// The shared retry behind `.then` chains and short-circuits: the transform's result on the
// rewritten text must come back as edits of the original that give the same final text, with
// findings pointing at the original code, and only rewrites that help may stay.
import { Project } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import type { PushSite } from '../src/analysis/push-sites.js';
import { applyEdits } from '../src/ast/edits.js';
import { mapBack, normaliseAndRetry, regionsOf, type StatementRewrite } from '../src/step-machine/normalise/normalise-and-retry.js';
import type { RuleId, TextEdit, TransformContext, TransformResult } from '../src/types.js';

const original = 'a();\nconst v = x && ask(1);\nmid();\nconst w = y && ask(2);\nb();\n';

/** `const <name> = <left> && ask(n);` → an if block, with the question's offset in the replacement. */
function rewrite(name: string, left: string, n: number): StatementRewrite {
  const statement = `const ${name} = ${left} && ask(${n});`;
  const start = original.indexOf(statement);
  const text = `let ${name} = ${left};\nif (${name}) {\n  ${name} = ask(${n});\n}`;
  const question = original.indexOf(`ask(${n})`);
  const site = { node: { getStart: () => question } } as unknown as PushSite;
  return { site, edit: { start, end: start + statement.length, text }, pushOffset: text.indexOf(`ask(${n})`) };
}

const first = rewrite('v', 'x', 1);
const second = rewrite('w', 'y', 2);
const edits = [first.edit, second.edit];
const rewritten = applyEdits(original, edits);
const at = (needle: string) => rewritten.indexOf(needle);
const replace = (needle: string, text: string): TextEdit => ({ start: at(needle), end: at(needle) + needle.length, text });
const result = (resultEdits: TextEdit[], findings: TransformResult['findings'] = []): TransformResult => ({ edits: resultEdits, findings });

describe('mapBack', () => {
  const regions = regionsOf([second, first]);

  it('orders the regions by position and finds each question in the rewritten text', () => {
    expect(regions.map((r) => r.rewrite)).toEqual([first, second]);
    expect(rewritten.slice(regions[0].push, regions[0].push! + 6)).toBe('ask(1)');
    expect(rewritten.slice(regions[1].push, regions[1].push! + 6)).toBe('ask(2)');
  });

  it('shifts edits outside the rewrites back and gives the same final text', () => {
    const back = mapBack(result([replace('mid();', 'MID();'), replace('b();', 'B();')]), regions, edits, rewritten);
    const outside = back.edits.filter((e) => e.text === 'MID();' || e.text === 'B();');
    expect(outside.map((e) => original.slice(e.start, e.end))).toEqual(['mid();', 'b();']);
    expect(applyEdits(original, back.edits)).toBe(applyEdits(rewritten, [replace('mid();', 'MID();'), replace('b();', 'B();')]));
  });

  it('merges an edit inside a rewrite, and an insertion at its edge, into one edit of the statement', () => {
    const inner = [replace('ask(1)', 'answer'), { start: at('let v'), end: at('let v'), text: '// resumed\n' }];
    const back = mapBack(result(inner), regions, edits, rewritten);
    const statement = back.edits.find((e) => e.start === first.edit.start)!;
    expect(statement.end).toBe(first.edit.end);
    expect(statement.text).toBe('// resumed\nlet v = x;\nif (v) {\n  v = answer;\n}');
    expect(back.edits.filter((e) => e.start <= first.edit.end && e.end >= first.edit.start)).toHaveLength(1);
    expect(applyEdits(original, back.edits)).toBe(applyEdits(rewritten, inner));
  });

  it('makes one edit of two rewrites that an edit spans', () => {
    const handler = { start: at('let v'), end: at('b();'), text: 'HANDLER\n' };
    const back = mapBack(result([handler]), regions, edits, rewritten);
    expect(back.edits).toEqual([{ start: first.edit.start, end: original.indexOf('b();'), text: 'HANDLER\n' }]);
  });

  it('points findings at the question, the rewritten statement, or the shifted original code', () => {
    const findings = [
      { rule: 'on-question' as RuleId, severity: 'info' as const, pos: at('ask(2)'), message: '' },
      { rule: 'in-rewrite' as RuleId, severity: 'info' as const, pos: at('if (v)'), message: '' },
      { rule: 'after' as RuleId, severity: 'warning' as const, pos: at('b();'), message: '' },
    ];
    const back = mapBack(result([], findings), regions, edits, rewritten);
    expect(back.findings.map((f) => f.pos)).toEqual([original.indexOf('ask(2)'), first.edit.start, original.indexOf('b();')]);
  });
});

describe('normaliseAndRetry', () => {
  const project = new Project({ useInMemoryFileSystem: true });
  const sourceFile = project.createSourceFile('/srv/tools.ts', original);
  const ctx: TransformContext = { absPath: '/srv/tools.ts', text: original, sourceFile, options: {} };
  /** A run that migrates only the questions named in `migrates` (an edit over each). */
  const runner = (migrates: string[], seen: string[]) => (c: TransformContext): TransformResult => {
    seen.push(c.sourceFile.getFullText());
    expect(c.sourceFile.getFilePath()).toBe('/srv/.test-retry.tools.ts');
    return result(migrates.filter((q) => c.text.includes(q)).map((q) => ({ start: c.text.indexOf(q), end: c.text.indexOf(q) + q.length, text: 'answer' })));
  };
  const migrated = ({ push }: { push?: number }, r: TransformResult) => r.edits.some((e) => e.start <= push! && push! < e.end);

  it('drops a rewrite whose question does not migrate and tries the rest again', () => {
    const seen: string[] = [];
    const out = normaliseAndRetry(ctx, [first, second], { label: 'test-retry', run: runner(['ask(1)'], seen), migrated });
    expect(seen).toEqual([rewritten, applyEdits(original, [first.edit])]);
    expect(out?.kept).toEqual([first]);
    expect(applyEdits(original, out!.result.edits)).toBe(original.replace('const v = x && ask(1);', 'let v = x;\nif (v) {\n  v = answer;\n}'));
    expect(project.getSourceFile('/srv/.test-retry.tools.ts')).toBeUndefined();
  });

  it('gives nothing when no rewrite helps', () => {
    const seen: string[] = [];
    expect(normaliseAndRetry(ctx, [first, second], { label: 'test-retry', run: runner([], seen), migrated })).toBeUndefined();
    expect(seen).toHaveLength(1);
  });
});
