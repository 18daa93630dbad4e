// A module that takes zod 3 and zod 4 schemas both, on purpose: `zod/v3` stays, with a warning.
import * as z3 from 'zod/v3';
import * as z4 from 'zod';

export function isZod3(schema: unknown): schema is z3.ZodTypeAny {
  return schema instanceof z3.ZodType;
}

export function isZod4(schema: unknown): schema is z4.ZodType {
  return schema instanceof z4.ZodType;
}
