// zod 3 imported from `zod/v3`: once its zod 3 calls are rewritten the file is zod 4's, and imports `zod`.
import { z } from 'zod/v3';
import type { ZodError } from 'zod/v3';

export const Legacy = z.record(z.number()).and(z.object({}).nonstrict());

export function count(error: ZodError): number {
  return error.errors.length;
}
