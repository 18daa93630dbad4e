// The result-type transform beyond the fixtures: findings, module shape, edge layouts.
import { describe, expect, it } from 'vitest';
import { transformSource } from '../src/engine.js';
import resultTypeJscodeshift, { order, transform } from '../transforms/result-type.js';

function run(text: string, absPath = '/virtual/server.ts') {
  return transformSource({ absPath, text, transforms: [transform] });
}

const HEAD = `import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 's', version: '1' });\n`;

describe('result-type transform', () => {
  it('is self-describing and runs before the step machine', () => {
    expect(transform.id).toBe('result-type');
    expect(transform.title).toBeTruthy();
    expect(transform.description).toBeTruthy();
    expect(order).toBe(10);
  });

  it('reports results built elsewhere with rule, severity, position and suggestion', () => {
    const text = `${HEAD}server.registerTool('echo', {}, async () => {\n  const r = build();\n  return r;\n});\n`;
    const outcome = run(text);
    expect(outcome.findings).toEqual([
      {
        rule: 'result-built-elsewhere',
        severity: 'warning',
        line: 5,
        column: 10,
        message: "result of tool handler echo is built elsewhere; add resultType: 'complete' where it is built",
        suggestion: expect.stringContaining("resultType: 'complete'"),
      },
    ]);
    expect(outcome.output).toContain('  // @mcp-mrtr-migrate result-built-elsewhere: result of tool handler echo');
  });

  it('names low-level handlers by method and reports awaited / call / identifier results', () => {
    const text = `${HEAD}server.server.setRequestHandler('tools/list', async () => {\n  if (a) return await list();\n  return cond ? other() : { tools: [] };\n});\n`;
    const outcome = run(text);
    expect(outcome.findings.map((f) => [f.line, f.message])).toEqual([
      [4, "result of request handler tools/list is built elsewhere; add resultType: 'complete' where it is built"],
      [5, "result of request handler tools/list is built elsewhere; add resultType: 'complete' where it is built"],
    ]);
    expect(outcome.output).toContain(": { resultType: 'complete', tools: [] };");
  });

  it('leaves bare returns, undefined and nested functions alone', () => {
    const text = `${HEAD}server.registerTool('t', {}, async () => {\n  if (a) return;\n  if (b) return undefined;\n  const f = () => ({ x: 1 });\n  function g() { return { y: 2 }; }\n  return { content: [] };\n});\n`;
    const outcome = run(text);
    expect(outcome.findings).toEqual([]);
    expect(outcome.output).toBe(text.replace('return { content: [] }', "return { resultType: 'complete', content: [] }"));
  });

  it('looks through casts and parentheses into conditionals', () => {
    const text = `${HEAD}server.registerTool('t', {}, async () => {\n  return (ok ? { content: [] } : inputRequired({ requestState: 's' })) as CallToolResult;\n});\n`;
    const outcome = run(text);
    expect(outcome.findings).toEqual([]);
    expect(outcome.output).toContain("return (ok ? { resultType: 'complete', content: [] } : inputRequired({ requestState: 's' })) as CallToolResult;");
  });

  it('edits a function registered twice only once', () => {
    const text = `${HEAD}const h = async () => ({ content: [] });\nserver.registerTool('a', {}, h);\nserver.registerTool('b', {}, h);\n`;
    expect(run(text).output).toContain("const h = async () => ({ resultType: 'complete', content: [] });");
  });

  it('keeps a trailing comment on the line of the last property when appending after a spread', () => {
    const text = `${HEAD}server.registerTool('t', {}, async () => {\n  return {\n    ...base,\n    content: [] // shown to the user\n  };\n});\n`;
    expect(run(text).output).toContain("    ...base,\n    content: [], // shown to the user\n    resultType: 'complete'\n  };");
  });

  it('inserts inline when the first property shares the brace line of a multi-line object', () => {
    const text = `${HEAD}server.registerTool('t', {}, async () => {\n  return { content: [\n    { type: 'text', text: 'x' },\n  ] };\n});\n`;
    expect(run(text).output).toContain("return { resultType: 'complete', content: [\n");
  });

  it('works on JavaScript and through the jscodeshift adapter', async () => {
    const text = `import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 's', version: '1' });\nserver.registerPrompt('p', {}, () => ({ messages: [] }));\n`;
    const expected = text.replace('({ messages: [] })', "({ resultType: 'complete', messages: [] })");
    expect(run(text, '/virtual/server.mjs').output).toBe(expected);
    expect(await resultTypeJscodeshift({ path: 'server.js', source: text })).toBe(expected);
  });

  it('leaves files without handlers untouched', () => {
    expect(run(`export const x = { content: [] };\n`).output).toBeUndefined();
  });
});
