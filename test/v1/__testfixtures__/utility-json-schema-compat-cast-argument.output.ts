/**
 * The schema handed to v1's toJsonSchemaCompat through a cast that only bridged v1's parameter
 * type (`as never`), and one through a cast to a zod type: the first cast goes (on `never` the
 * converter chain would not typecheck), the second is kept in parentheses, so that the member
 * access applies to the schema and not to the cast.
 */
import { z, type ZodType } from 'zod';

export function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  return schema['~standard'].jsonSchema.input({ target: 'draft-07' }) as Record<string, unknown>;
}

const named = z.object({ id: z.string() });

export const namedJsonSchema = (named as ZodType)['~standard'].jsonSchema.input({ target: 'draft-07' });
export const keptCast = (named as z.ZodObject<{ id: z.ZodString }>)['~standard'].jsonSchema.input({ target: 'draft-07' });
