// Which conditions may run again on every leg: RegExp#test keeps state between calls only with
// the g or y flag, so it is pure on a regex that has neither, when the regex can be seen.
import { Project, SyntaxKind } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { isLiteralZodParse, isLiteralZodSchemaRead, isPureExpression } from '../src/analysis/purity.js';

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

describe('isLiteralZodParse / isLiteralZodSchemaRead: parsing with a zod schema of literals', () => {
  /** Both answers for the (last) `X.parse(args)` call in `source`, after a zod import. */
  function parse(source: string): { pure: boolean; schemaFixed: boolean } {
    const project = new Project({ useInMemoryFileSystem: true });
    const file = project.createSourceFile('/zod.ts', `import { z } from 'zod';\ndeclare const args: unknown;\n${source}`);
    const calls = file.getDescendantsOfKind(SyntaxKind.CallExpression).filter((c) => /\.(safeP|p)arse$/.test(c.getExpression().getText()));
    const call = calls[calls.length - 1];
    const schema = call.getExpression().getFirstChildOrThrow();
    return { pure: isLiteralZodParse(call as never), schemaFixed: isLiteralZodSchemaRead(schema) };
  }

  it('accepts a schema built from literals, in a const of the module it keeps to itself', () => {
    expect(parse("const S = z.object({ q: z.string().min(1, 'no'), n: z.enum(['a', 'b']).default('a') }); S.parse(args);")).toEqual({ pure: true, schemaFixed: true });
    expect(parse('const S = z.string().describe(`text`); S.safeParse(args);')).toEqual({ pure: true, schemaFixed: true });
  });

  it('refuses functions of the user (refine, transform, a default computed by a function), other names and non-zod builders', () => {
    expect(parse("const S = z.string().refine((v) => v !== 'x'); S.parse(args);").pure).toBe(false);
    expect(parse('const S = z.string().transform((v) => v.trim()); S.parse(args);').pure).toBe(false);
    expect(parse('const S = z.date().default(() => new Date()); S.parse(args);').pure).toBe(false);
    expect(parse('const Inner = z.string(); const S = z.object({ inner: Inner }); S.parse(args);').pure).toBe(false);
    expect(parse('declare const lib: { object(x: object): { parse(v: unknown): unknown } }; const S = lib.object({}); S.parse(args);').pure).toBe(false);
    expect(parse('let S = z.string(); S.parse(args);').pure).toBe(false);
  });

  it('does not take an exported schema as fixed (another module could reach it), nor a shadowing name', () => {
    expect(parse('export const S = z.string(); S.parse(args);')).toEqual({ pure: true, schemaFixed: false });
    expect(parse('const S = z.string(); function f(S: { parse(v: unknown): unknown }) { return S.parse(args); }').pure).toBe(false);
  });
});
