// The input-schema assertions of the v1 upgrade (src/upgrade/v1/zod-json-schema.ts,
// input-schema-assertions.ts): what each one says, and the calls that are not asserted because
// their value is not provably an object schema or the assertion would break other code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { transformSource } from '../../src/engine.js';

const dir = fileURLToPath(new URL('./__testfixtures__/', import.meta.url));
const provable = readFileSync(`${dir}lowlevel-list-zod-json-schema.input.ts`, 'utf8');

// Beside the fixtures, so that zod and zod-to-json-schema resolve as they do for them.
function upgrade(text: string) {
  return transformSource({ absPath: `${dir}assertion-case.ts`, text, transforms: [], sdkUpgrade: 'auto', sdkProjectType: 'server' });
}

const REFUSED = /^file left on the v1 SDK: once keyed by 'tools\/list', this handler would not compile in v2/;

describe('input-schema assertions', () => {
  it('say what is asserted and why it holds, at each call', () => {
    const infos = upgrade(provable).findings.filter((f) => f.severity === 'info');
    expect(infos.map((f) => f.line)).toEqual([27, 32]);
    expect(infos[0].message).toContain("`zodToJsonSchema(SearchArgs)` is asserted as `Tool['inputSchema']`");
    expect(infos[0].message).toContain('a zod object schema (ZodObject)');
    expect(infos[1].message).toContain('(ZodEffects of a ZodObject)');
    expect(infos.every((f) => f.rule === 'sdk-upgrade')).toBe(true);
  });

  it('are not made for a call given a name or options (its value may be a $ref)', () => {
    const result = upgrade(provable.replace('zodToJsonSchema(SearchArgs)', "zodToJsonSchema(SearchArgs, 'search')"));
    expect(result.output).toContain("inputSchema: zodToJsonSchema(SearchArgs, 'search'),");
    expect(result.output).not.toContain("as Tool['inputSchema']");
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([expect.stringMatching(REFUSED)]);
  });

  it('are not made for a schema typed as any zod type', () => {
    const result = upgrade(provable.replace('const SearchArgs = z.object(', 'const SearchArgs: z.ZodTypeAny = z.object('));
    expect(result.output).not.toContain("as Tool['inputSchema']");
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([expect.stringMatching(REFUSED)]);
  });

  it('are not made when the asserted type would break other code reading the value', () => {
    // `$schema` is `string | undefined` in zod-to-json-schema's type, `unknown` in v2's.
    const text = provable.replace(
      '    return {\n      tools: [',
      "    const entry = { name: 'probe', inputSchema: zodToJsonSchema(SearchArgs) };\n    console.log(entry.inputSchema.$schema?.length);\n    return {\n      tools: [",
    );
    expect(text).not.toBe(provable);
    const result = upgrade(text);
    expect(result.output).not.toContain("as Tool['inputSchema']");
    expect(result.findings.filter((f) => f.severity === 'error').map((f) => f.message)).toEqual([expect.stringMatching(REFUSED)]);
  });
});

describe('a file refused for another handler', () => {
  it('reports only that handler: the tools/list one would be fixed', () => {
    const text = provable.replace(
      "      return { content: [{ type: 'text', text: Array.from(",
      "      const content: { type: string; text: string }[] = [{ type: 'text', text: Array.from(",
    ).replace(".join(' ') }] };", ".join(' ') }];\n      return { content };");
    expect(text).toContain('return { content };');
    const errors = upgrade(text).findings.filter((f) => f.severity === 'error');
    expect(errors.map((f) => f.message)).toEqual([expect.stringMatching(/^file left on the v1 SDK: once keyed by 'tools\/call'/)]);
    // At its own line of the input, past the assertions made above it in the upgraded text.
    expect(errors[0].line).toBe(text.split('\n').findIndex((l) => l.includes('setRequestHandler(CallToolRequestSchema')) + 1);
  });
});
