// One batch of cases through the property check, and the shrinking of a failing case: what a fuzz
// worker thread does, and what the short seeded run in `npm test` does in-process.
import { generateCase } from './cases.js';
import type { Failure, PropertyCheck } from './properties.js';
import type { Seed } from './seeds.js';
import { shrink } from './shrink.js';

export interface CaseResult {
  index: number;
  seedFile: string;
  mutations: string[];
  /** Mutations that produced text that does not parse (a fuzzer bug). */
  broken: string[];
  changed: boolean;
  failures: Failure[];
  /** The mutated input, kept only for failing cases. */
  text?: string;
}

export interface ShrinkResult {
  index: number;
  failure: Failure;
  text: string;
  evaluations: number;
}

export function runBatch(seeds: readonly Seed[], check: PropertyCheck, seed: number, indices: readonly number[]): CaseResult[] {
  const cases = indices.map((index) => generateCase(seeds, seed, index));
  const verdicts = check.evaluate(cases);
  return cases.map((c, i) => ({
    index: c.index,
    seedFile: c.seed.id,
    mutations: c.mutations,
    broken: c.broken,
    changed: verdicts[i].changed,
    failures: verdicts[i].failures,
    ...(verdicts[i].failures.length > 0 ? { text: c.text } : {}),
  }));
}

export function shrinkCase(seeds: readonly Seed[], check: PropertyCheck, seed: number, index: number, target: Failure): ShrinkResult {
  const shrunk = shrink(generateCase(seeds, seed, index), target, check);
  return { index, failure: shrunk.failure, text: shrunk.text, evaluations: shrunk.evaluations };
}
