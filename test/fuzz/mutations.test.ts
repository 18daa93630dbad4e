// The mutations produce valid code, change it where they say, and keep what must be kept (a
// rename reaches every use; a reorder never swaps statements that depend on each other).
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MUTATIONS, syntaxErrors, type Mutation } from './mutations.js';
import { caseRng } from './rng.js';
import { loadSeeds } from './seeds.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const byId = (id: string): Mutation => MUTATIONS.find((m) => m.id === id)!;

const HANDLER = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

const server = new McpServer({ name: 'weather', version: '1.0.0' });

server.registerTool('forecast', { inputSchema: z.object({ city: z.string() }) }, async ({ city }, ctx) => {
  const started = Date.now();
  const region = city.toUpperCase();
  const label = region + '!';
  const answer = await ctx.mcpReq.elicitInput({
    message: \`Forecast for \${label}?\`,
    requestedSchema: { type: 'object', properties: { days: { type: 'number' } }, required: ['days'] },
  });
  return { content: [{ type: 'text', text: JSON.stringify({ city, answer, started }) }] };
});
`;
const source = { fileName: '/virtual/server.ts', text: HANDLER, aliases: [] };

describe('mutations', () => {
  it('each applies to fixture and corpus files and its output parses', () => {
    const all = loadSeeds(ROOT);
    // Every 7th seed keeps the test quick; which ones those are shifts as fixtures are added, so a
    // mutation none of them takes is tried on all seeds before it counts as applying nowhere.
    const sample = all.filter((_, i) => i % 7 === 0);
    const applyOn = (mutation: Mutation, seeds: typeof all): number => {
      let applied = 0;
      for (const [i, seed] of seeds.entries()) {
        const out = mutation.apply({ fileName: seed.absPath, text: seed.text, aliases: seed.aliases.map((a) => a.call) }, caseRng(3, i), 1);
        if (out === undefined) continue;
        expect(syntaxErrors(seed.absPath, out), `${mutation.id} on ${seed.id}`).toBe('');
        expect(out).not.toBe(seed.text);
        applied++;
      }
      return applied;
    };
    for (const mutation of MUTATIONS) {
      const applied = applyOn(mutation, sample) || applyOn(mutation, all);
      expect(applied, mutation.id).toBeGreaterThan(0);
    }
  });

  it('rename reaches every use, expanding shorthand properties and destructured names', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const out = byId('rename').apply(source, caseRng(i, 0), 1);
      if (!out) continue;
      seen.add(out);
      expect(syntaxErrors(source.fileName, out)).toBe('');
      if (out.includes('async ({ city: ')) {
        const name = /\{ city: ([\w$]+) \}, ctx/.exec(out)![1];
        expect(out).toContain(`${name}.toUpperCase()`);
        expect(out).toContain(`JSON.stringify({ city: ${name}, answer, started })`);
      }
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('reorder swaps only statements that do not read or write what the other declares', () => {
    let swapped = 0;
    for (let i = 0; i < 20; i++) {
      const out = byId('reorder').apply(source, caseRng(i, 0), 1);
      if (!out) continue;
      const at = (s: string) => out.indexOf(s);
      // region → label → answer depend on each other; only `started` is free to move.
      expect(at('const region')).toBeLessThan(at('const label'));
      expect(at('const label')).toBeLessThan(at('const answer'));
      if (at('const started') > at('const region')) swapped++;
    }
    expect(swapped).toBeGreaterThan(0);
  });

  it('wrap-if keeps every path returning around a block tail', () => {
    for (let i = 0; i < 20; i++) {
      const out = byId('wrap-if').apply(source, caseRng(i, 0), 1);
      if (!out || !out.includes('} else {')) continue;
      expect(out).toMatch(/if \(Math\.random\(\) >= 0\) \{\n {4}[^\n]*[\s\S]*\n {2}\} else \{\n {4}throw new Error\('fuzz: unreachable'\);\n {2}\}\n\}\);\n$/);
      return;
    }
    throw new Error('wrap-if never wrapped a tail');
  });
});
