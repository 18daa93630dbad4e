/**
 * The schema handed to v1's toJsonSchemaCompat through a cast that only bridged v1's parameter
 * type (`as never`), and one through a cast to a zod type: the first cast goes (on `never` the
 * converter chain would not typecheck), the second is kept in parentheses, so that the member
 * access applies to the schema and not to the cast.
 */
import { toJsonSchemaCompat } from '@modelcontextprotocol/sdk/server/zod-json-schema-compat.js';
import { z, type ZodType } from 'zod';

export function jsonSchemaOf(schema: ZodType): Record<string, unknown> {
  return toJsonSchemaCompat(schema as never, { target: 'jsonSchema7', pipeStrategy: 'input' }) as Record<string, unknown>;
}

const named = z.object({ id: z.string() });

export const namedJsonSchema = toJsonSchemaCompat(named as ZodType as never, { pipeStrategy: 'input' });
export const keptCast = toJsonSchemaCompat((named as z.ZodObject<{ id: z.ZodString }>), { pipeStrategy: 'input' });
