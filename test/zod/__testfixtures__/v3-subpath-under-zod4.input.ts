// A package already on zod 4 that kept some schemas on `zod/v3`: those move to `zod` with their zod 3
// calls rewritten, and the zod 4 code beside them in other files is not read as zod 3.
import * as z from 'zod/v3';

export const Settings = z.object({ env: z.record(z.string()), name: z.string({ required_error: 'name is required' }) });

export function problems(value: unknown): string[] {
  const parsed = Settings.safeParse(value);
  return parsed.success ? [] : parsed.error.errors.map((issue) => issue.message);
}
