// Which conditions may run again on every leg: RegExp#test keeps state between calls only with
// the g or y flag, so it is pure on a regex that has neither, when the regex can be seen.
import { Project, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { isPureExpression } from '../src/step-machine/purity.js';

/** isPureExpression of the condition of the (last) `if` in `source`. */
function conditionIsPure(source: string): boolean {
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile('/purity.ts', source);
  const ifs = file.getDescendantsOfKind(SyntaxKind.IfStatement);
  return isPureExpression(ifs[ifs.length - 1].getExpression());
}

describe('isPureExpression: RegExp#test', () => {
  it('is pure on a literal or a const without g or y', () => {
    expect(conditionIsPure("declare const s: string; if (/^a/i.test(s)) {}")).toBe(true);
    expect(conditionIsPure("const RE = /^a/; declare const s: string; if (RE.test(s)) {}")).toBe(true);
  });

  it('is pure on the element of a const list of such regexes', () => {
    expect(conditionIsPure("const LIST = [/a$/, /b$/]; declare const s: string; if (LIST.some((re) => re.test(s))) {}")).toBe(true);
  });

  it('is not pure with the g or y flag, on a let, or on a regex it cannot see', () => {
    expect(conditionIsPure("const RE = /a/g; declare const s: string; if (RE.test(s)) {}")).toBe(false);
    expect(conditionIsPure("const LIST = [/a$/, /b$/y]; declare const s: string; if (LIST.some((re) => re.test(s))) {}")).toBe(false);
    expect(conditionIsPure("let RE = /a/; declare const s: string; if (RE.test(s)) {}")).toBe(false);
    expect(conditionIsPure("declare const RE: RegExp; declare const s: string; if (RE.test(s)) {}")).toBe(false);
  });

  it('follows the nearest binding of the name, not a same-named const further out', () => {
    const shadowed = (inner: string) => `const RE = /a/; declare const s: string; declare const config: { RE: RegExp }; ${inner}`;
    expect(conditionIsPure(shadowed('function f(RE: RegExp) { if (RE.test(s)) {} }'))).toBe(false);
    expect(conditionIsPure(shadowed('{ const { RE } = config; if (RE.test(s)) {} }'))).toBe(false);
    expect(conditionIsPure(shadowed('try {} catch (RE: any) { if (RE.test(s)) {} }'))).toBe(false);
  });
});

describe('isPureExpression: process state', () => {
  it('reads the working directory as pure, but not the clock or randomness', () => {
    expect(conditionIsPure("if (process.cwd().startsWith('/srv')) {}")).toBe(true);
    expect(conditionIsPure('if (Date.now() > 0) {}')).toBe(false);
    expect(conditionIsPure('if (Math.random() > 0.5) {}')).toBe(false);
    expect(conditionIsPure("if (process.chdir('/tmp')) {}")).toBe(false);
  });
});
