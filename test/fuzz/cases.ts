// Case `index` of a seed: a seed file picked by the case's own generator and one to three mutations
// applied in turn. Deterministic, so `--seed S` reproduces every case, and any case alone.
import { MUTATIONS, syntaxErrors } from './mutations.js';
import type { Subject } from './properties.js';
import { caseRng } from './rng.js';
import type { Seed } from './seeds.js';

export interface FuzzCase extends Subject {
  index: number;
  /** Ids of the mutations applied, in order. */
  mutations: string[];
  /** Mutations that produced text that does not parse (a bug of the fuzzer, reported apart). */
  broken: string[];
}

export function generateCase(seeds: readonly Seed[], seed: number, index: number): FuzzCase {
  const rng = caseRng(seed, index);
  const chosen = seeds[rng.int(seeds.length)];
  const roll = rng.next();
  const count = roll < 0.5 ? 1 : roll < 0.85 ? 2 : 3;
  let text = chosen.text;
  const mutations: string[] = [];
  const broken: string[] = [];
  for (let attempt = 0; mutations.length < count && attempt < count * 6; attempt++) {
    const mutation = rng.pick(MUTATIONS);
    const source = { fileName: chosen.absPath, text, aliases: chosen.aliases.map((a) => a.call) };
    let next: string | undefined;
    try {
      next = mutation.apply(source, rng, mutations.length + 1);
    } catch (error) {
      broken.push(`${mutation.id}: threw ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (next === undefined || next === text) continue;
    const errors = syntaxErrors(chosen.absPath, next);
    if (errors) {
      broken.push(`${mutation.id}: ${errors}`);
      continue;
    }
    text = next;
    mutations.push(mutation.id);
  }
  return { index, seed: chosen, text, mutations, broken };
}
