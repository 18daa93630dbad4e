// A tag map and a score table keyed by strings: zod 3's one-argument record.
import { z } from 'zod';

export const Labels = z.record(z.string(), z.string()).optional().describe('labels by name');

export const Scores = z
  .record(
    z.string(), z.number().int(), // points
  )
  .default({});

export const Nested = z.object({
  byTeam: z.record(z.string(), z.record(z.string(), z.boolean())),
  keyed: z.record(z.string(), z.number()),
});
