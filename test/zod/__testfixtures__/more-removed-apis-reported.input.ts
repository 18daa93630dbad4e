// More zod 3 spellings without an exact zod 4 one: each stays and is reported.
import { z } from 'zod';

export const Range = z.string().cidr();

export const Long = z.string().refine((v) => v.length > 3, (v) => ({ message: `${v} is short` }));

export const Made = z.ZodString.create();

export const kind = (schema: z.ZodTypeAny) => schema._def.typeName;

export const code = z.ZodIssueCode.invalid_string;

export const Checked = z.string().superRefine((value, ctx) => {
  if (value === '') ctx.addIssue({ code: z.ZodIssueCode.custom, message: String(ctx.path) });
});

z.setErrorMap((issue, ctx) => ({ message: issue.message ?? ctx.defaultError }));

export type Catchall = z.ZodObject<{ id: z.ZodString }, 'strip', z.ZodString>;

export type Branded = z.ZodBranded<z.ZodString, 'Id'>;

export type Result = z.SafeParseReturnType<string, string>;
