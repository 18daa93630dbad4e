// The zod 3 → 4 rewrites that change more than a name say the same thing: each schema below is
// built once with zod 3 as written (zod 4's `zod/v3` build) and once with zod 4 as the follow-up
// rewrites it (src/upgrade/zod-upgrade.ts), and both must give the same messages (those zod's own
// messages aside, which zod 4 words differently) and the same description for the same inputs.
import ts from 'typescript';
import * as z4 from 'zod';
import * as z3 from 'zod/v3';
import { describe, expect, it } from 'vitest';
import { ts as morphTs } from 'ts-morph';
import { applyEdits } from '../../src/ast/edits.js';
import { upgradeZod3 } from '../../src/upgrade/zod-upgrade.js';

const PREFIX = "import { z } from 'zod';\nexport const s = ";

/** The expression as the follow-up rewrites it. */
function rewritten(expr: string): string {
  const text = `${PREFIX}${expr};\n`;
  const result = upgradeZod3(morphTs.createSourceFile('case.ts', text, morphTs.ScriptTarget.Latest, true));
  expect(result.findings).toEqual([]);
  const out = applyEdits(text, result.edits);
  return out.slice(PREFIX.length, out.lastIndexOf(';'));
}

type Schema = { safeParse(value: unknown): { success: boolean; error?: { issues: { message: string; code: string }[] } }; description?: string };

function build(expr: string, z: unknown): Schema {
  const js = ts.transpile(`(${expr})`, { target: ts.ScriptTarget.ES2022 });
  return new Function('z', `return ${js}`)(z) as Schema;
}

/**
 * Whether the value parses, and the messages of ours it gets (zod's own wording, and issues zod 4
 * adds by itself, such as a length check run on a string given for an array, are left out).
 */
function messages(schema: Schema, value: unknown, own: readonly string[]): { success: boolean; ours: string[] } {
  const result = schema.safeParse(value);
  return { success: result.success, ours: result.success ? [] : result.error!.issues.map((issue) => issue.message).filter((m) => own.includes(m)) };
}

const CASES: { expr: string; inputs: unknown[]; own: string[] }[] = [
  { expr: "z.string({ required_error: 'R', invalid_type_error: 'I' }).min(3)", inputs: [undefined, 1, null, 'a', 'abcd'], own: ['R', 'I'] },
  { expr: "z.string({ required_error: 'R' }).refine((v) => v !== 'x')", inputs: [undefined, 1, 'x', 'y'], own: ['R'] },
  { expr: "z.number({ invalid_type_error: 'I' }).int().optional()", inputs: [undefined, 'a', 1.5, 2], own: ['I'] },
  { expr: "z.boolean({ required_error: 'R', invalid_type_error: 'I' })", inputs: [undefined, 'true', true], own: ['R', 'I'] },
  { expr: "z.object({ a: z.string() }, { required_error: 'R', invalid_type_error: 'I' }).strict()", inputs: [undefined, 1, {}, { a: 'x', b: 1 }, { a: 'x' }], own: ['R', 'I'] },
  { expr: "z.array(z.string(), { required_error: 'R', invalid_type_error: 'I' }).min(2)", inputs: [undefined, 'a', [], [1, 2], ['a', 'b']], own: ['R', 'I'] },
  { expr: "z.enum(['a', 'b'], { errorMap: () => ({ message: 'M' }) }).refine((v) => v === 'a')", inputs: [undefined, 1, 'c', 'b', 'a'], own: ['M'] },
  { expr: "z.string({ errorMap: () => { return { message: 'M' }; } }).min(2).superRefine((v, ctx) => { if (v === 'zz') ctx.addIssue({ code: 'custom' }); })", inputs: [undefined, 1, 'a', 'zz', 'ok'], own: ['M'] },
];

describe('rewritten create parameters', () => {
  it.each(CASES.map((c) => [c.expr, c] as const))('%s', (_expr, c) => {
    const after = rewritten(c.expr);
    expect(after).not.toBe(c.expr);
    const before = build(c.expr, z3.z);
    const now = build(after, z4.z);
    for (const value of c.inputs) expect(messages(now, value, c.own), JSON.stringify(value)).toEqual(messages(before, value, c.own));
  });

  it('a description parameter is the description .describe() sets', () => {
    const expr = "z.string({ description: 'the title' }).max(80)";
    expect(build(rewritten(expr), z4.z).description).toBe(build(expr, z3.z).description);
  });
});

describe('rewritten ZodError reads', () => {
  it('errors is issues, formErrors is flatten()', () => {
    const error = z3.z.object({ a: z3.z.string() }).safeParse({}).error!;
    expect(error.errors).toBe(error.issues);
    expect(error.formErrors).toEqual(error.flatten());
    const four = z4.z.object({ a: z4.z.string() }).safeParse({}).error!;
    expect(four.flatten().fieldErrors).toEqual({ a: [expect.any(String)] });
  });
});
