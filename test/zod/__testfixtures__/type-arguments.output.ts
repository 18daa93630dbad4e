// zod 3's generic parameters zod 4 dropped: the definition type of ZodType, the unknown-keys mode,
// catchall, output and input of ZodObject, the cardinality of ZodArray, the tuple of ZodEnum.
import { z, type ZodType } from 'zod';

export type Text = ZodType<string, string>;
export type Parsed = ZodType<number>;
export type AnyOf = z.ZodType<any, any>;

export interface Tool {
  parameters: z.ZodObject<any, any>;
  loose: z.ZodObject<{ id: z.ZodString }, z.core.$loose>;
  closed: z.ZodObject<{ id: z.ZodString }, z.core.$strict>;
  plain: z.ZodObject<{ id: z.ZodString }>;
  list: z.ZodArray<z.ZodString>;
  many: z.ZodArray<z.ZodNumber>;
  mode: z.ZodEnum<{ fast: 'fast'; slow: 'slow' }>;
}
