// Configured push aliases in the step machine: which calls count as the alias, which arguments pass
// for the SDK's, and that every aliased call that is not migrated is reported (never left silently).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PushAlias } from '../src/discover/config.js';
import { transformSource } from '../src/engine.js';
import { transform } from '../transforms/step-machine.js';

const file = path.join('/virtual', 'src', 'server.ts');

function run(body: string, aliases: PushAlias[]) {
  const text = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { kit, ask } from './kit.js';

const server = new McpServer({ name: 's', version: '1.0.0' });

server.registerTool('t', { inputSchema: z.object({ id: z.string() }) }, async ({ id }) => {
${body}
});
`;
  const outcome = transformSource({ absPath: file, text, transforms: [transform], options: { stateModulePath: path.join('/virtual', 'src', 'mrtr-state.ts'), aliases } });
  return { outcome, rules: outcome.findings.filter((f) => f.severity !== 'info').map((f) => f.rule) };
}

const ELICIT: PushAlias = { call: 'ask', kind: 'elicitation', params: 'same' };
const PARAMS = "{ message: `Rename ${id}?`, requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } }";

describe('aliased calls', () => {
  it('are not push sites without the configuration', () => {
    const { outcome } = run(`  const a = await ask(${PARAMS});\n  return { content: [{ type: 'text', text: String(a.action) }] };`, []);
    expect(outcome.output).toBeUndefined();
    expect(outcome.findings).toEqual([]);
  });

  it('migrate when awaited with the SDK request params', () => {
    const { outcome, rules } = run(`  const a = await ask(${PARAMS});\n  return { content: [{ type: 'text', text: String(a.action) }] };`, [ELICIT]);
    expect(rules).toEqual([]);
    expect(outcome.sitesMigrated).toBe(1);
    expect(outcome.output).toContain('a: inputRequired.elicit(aRequest)');
    expect(outcome.output).not.toMatch(/\bask\(/);
  });

  it('accept request params held in a local object literal, and a roots alias without arguments', () => {
    const roots: PushAlias = { call: 'kit.roots', kind: 'roots', params: 'same' };
    const { outcome, rules } = run(`  const p = ${PARAMS};\n  const a = await ask(p);\n  const r = await kit.roots();\n  return { content: [{ type: 'text', text: String(a.action) + r.roots.length }] };`, [ELICIT, roots]);
    expect(rules).toEqual([]);
    expect(outcome.sitesMigrated).toBe(2);
    expect(outcome.output).toContain('inputRequired.listRoots()');
  });

  it.each([
    ['a message string', 'ask(`Rename ${id}?`)', 'a string as its first argument'],
    ['three arguments', `ask(${PARAMS}, {}, 1)`, '3 arguments'],
    ['params without a message', "ask({ requestedSchema: { type: 'object', properties: {} } })", 'request params without message'],
    ['params built with a spread', `ask({ ...${PARAMS} })`, 'request params built with a spread'],
    ['an optional call', `ask?.(${PARAMS})`, 'an optional call'],
    ['no arguments', 'ask()', 'no arguments'],
  ])('are refused, handler whole, when they pass %s', (_what, call, problem) => {
    const { outcome, rules } = run(`  const a = await ${call};\n  const b = await kit.more(${PARAMS});\n  return { content: [{ type: 'text', text: String(a) + String(b) }] };`, [ELICIT, { call: 'kit.more', kind: 'elicitation', params: 'same' }]);
    expect(rules).toEqual(['alias-arguments-differ', 'push-request']);
    expect(outcome.findings.find((f) => f.rule === 'alias-arguments-differ')?.message).toContain(problem);
    expect(outcome.sitesMigrated).toBe(0);
    // Only the two markers were added.
    expect(outcome.output?.split('\n').filter((l) => !l.includes('@mcp-mrtr-migrate')).join('\n')).not.toContain('inputRequired');
  });

  it('are reported like SDK calls when not awaited', () => {
    const { rules } = run(`  void ask(${PARAMS});\n  return { content: [] };`, [ELICIT]);
    expect(rules).toEqual(['push-not-awaited']);
  });

  it.each([
    ['handed to another function', `  const a = await kit.retry(ask, ${PARAMS});`],
    ['stored in a local', `  const later = ask;\n  const a = await later(${PARAMS});`],
    ['put in an object', `  const a = await kit.run({ ask }, ${PARAMS});`],
  ])('are reported, handler whole, when %s', (_what, lines) => {
    const { outcome, rules } = run(`${lines}\n  return { content: [{ type: 'text', text: String(a) }] };`, [ELICIT]);
    expect(rules).toEqual(['push-in-callback']);
    expect(outcome.findings[0].message).toContain('ask in tool handler');
    expect(outcome.sitesMigrated).toBe(0);
  });

  it('as values of a dotted alias, but not other members of the same name', () => {
    const sample: PushAlias = { call: 'kit.sample', kind: 'sampling', params: 'same' };
    const { rules } = run(`  const a = await kit.retry(kit.sample);\n  const b = other.sample;\n  return { content: [{ type: 'text', text: String(a) + String(b) }] };`, [sample]);
    expect(rules).toEqual(['push-in-callback']);
  });

  it('are not values where only their name is imported, declared or a member of something else', () => {
    const { outcome } = run(`  const a = kit.ask;\n  const b = { ask: 1 };\n  return { content: [{ type: 'text', text: String(a) + String(b.ask) }] };`, [ELICIT]);
    expect(outcome.findings).toEqual([]);
    expect(outcome.output).toBeUndefined();
  });
});
