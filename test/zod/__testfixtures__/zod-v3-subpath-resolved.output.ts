// zod 3 imported from `zod/v3`: once its zod 3 calls are rewritten the file is zod 4's, and imports `zod`.
import { z } from 'zod';
import type { ZodError } from 'zod';

export const Legacy = z.record(z.string(), z.number()).and(z.object({}).passthrough());

export function count(error: ZodError): number {
  return error.issues.length;
}
