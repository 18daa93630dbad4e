// A package already on zod 4: its `zod` imports are zod 4 code, which is left as it is (a zod 4
// `z.record` with one argument does not exist, so nothing here is read as zod 3's).
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

export const Tags = z.record(z.string(), z.string()).describe('tags');

export const Loose = z.object({ id: z.string() }).passthrough();

export const schema = zodToJsonSchema;
