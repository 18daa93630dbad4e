// The decoys property (decoys.ts): v1 servers written from scratch with objects of their own that
// have the SDK's method names (`tool`, `prompt`, `resource`, `connect`, `elicitInput`), migrated by
// every transform: each keeps the seven properties of properties.ts, decoys' calls untouched among
// them. A transform that matches a decoy's call by its name is caught.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadTransforms } from '../../src/registry.js';
import type { Transform } from '../../src/types.js';
import { decoyCalls, v1DecoyServer } from './decoys.js';
import { PropertyCheck } from './properties.js';
import { caseRng } from './rng.js';
import type { Seed } from './seeds.js';

/** Beside this test (a directory that exists: the typecheck resolves the generated state module there). */
const DIR = fileURLToPath(new URL('.', import.meta.url)).replace(/[\\/]$/, '');
/** The generator's seed and the number of servers `npm test` runs (`DECOY_CASES=…` for more). */
const SEED = 7;
const CASES = Number(process.env['DECOY_CASES'] ?? 60);
const BATCH = 20;

function servers(from: number, count: number): { seed: Seed; text: string }[] {
  return Array.from({ length: count }, (_, k) => {
    const { fileName, text } = v1DecoyServer(caseRng(SEED, from + k), from + k, DIR);
    return { seed: { id: path.relative(DIR, fileName), absPath: fileName, text, aliases: [], typescript: fileName.endsWith('.ts') }, text };
  });
}

describe(`v1 servers with decoys, seed ${SEED}, ${CASES} servers`, () => {
  it('the generator writes decoys of every kind, called in every shape', () => {
    const texts = servers(0, CASES).map((s) => s.text);
    expect(texts.every((t) => decoyCalls(t.includes(': McpServer') ? 'x.ts' : 'x.js', t).length > 0)).toBe(true);
    for (const kind of ['Decoy();', 'decoy: true', 'Holder', 'make']) expect(texts.some((t) => t.includes(kind))).toBe(true);
    for (const method of ['.tool(', '.prompt(', '.resource(', '.connect(', '.elicitInput(']) expect(texts.some((t) => decoyCalls('x.ts', t).some((c) => c.includes(method)))).toBe(true);
  });

  it('keeps every property, decoys untouched', async () => {
    const check = new PropertyCheck(await loadTransforms());
    const failures: string[] = [];
    let changed = 0;
    for (let start = 0; start < CASES; start += BATCH) {
      const batch = servers(start, Math.min(BATCH, CASES - start));
      check.evaluate(batch).forEach((verdict, i) => {
        if (verdict.changed) changed++;
        for (const f of verdict.failures) failures.push(`server ${start + i} (${batch[i].seed.id}): ${f.property}: ${f.kind}\n${f.message}\n--- input\n${batch[i].text}`);
      });
    }
    expect(failures).toEqual([]);
    // Most servers are upgraded (the others are left on v1 with an error, as they should be).
    expect(changed).toBeGreaterThan(CASES * 0.8);
  }, 600_000);

  it('catches a transform that renames a decoy call by its name', () => {
    const [subject] = servers(0, 1);
    const [receiver] = decoyCalls(subject.seed.absPath, subject.text)[0]!.split(/\.(?:tool|prompt|resource|connect|elicitInput)\(/);
    const renaming: Transform = {
      id: 'result-type',
      title: 'planted defect',
      description: 'renames every decoy call',
      run(ctx) {
        const edits = [...ctx.text.matchAll(new RegExp(`${receiver!.replace(/[.$]/g, '\\$&')}\\.(tool|prompt|resource|connect|elicitInput)\\(`, 'g'))]
          .map((m) => ({ start: m.index! + receiver!.length + 1, end: m.index! + receiver!.length + 1 + m[1]!.length, text: `${m[1]}Renamed` }));
        return { edits, findings: [] };
      },
    };
    const [verdict] = new PropertyCheck([renaming]).evaluate([subject]);
    expect(verdict.failures.map((f) => f.property)).toContain('decoys');
  });
});
