// zod 3's generic parameters zod 4 dropped: the definition type of ZodType, the unknown-keys mode,
// catchall, output and input of ZodObject, the cardinality of ZodArray, the tuple of ZodEnum.
import { z, type ZodType, type ZodTypeDef } from 'zod';

export type Text = ZodType<string, ZodTypeDef, string>;
export type Parsed = ZodType<number, ZodTypeDef>;
export type AnyOf = z.ZodType<any, any, any>;

export interface Tool {
  parameters: z.ZodObject<any, any, any, any>;
  loose: z.ZodObject<{ id: z.ZodString }, 'passthrough'>;
  closed: z.ZodObject<{ id: z.ZodString }, 'strict', z.ZodTypeAny>;
  plain: z.ZodObject<{ id: z.ZodString }, 'strip'>;
  list: z.ZodArray<z.ZodString, 'atleastone'>;
  many: z.ZodArray<z.ZodNumber, 'many'>;
  mode: z.ZodEnum<['fast', 'slow']>;
}
