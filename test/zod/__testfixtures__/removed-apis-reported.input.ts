// zod 3 calls with no exact zod 4 spelling: each stays and is reported.
import { z } from 'zod';

export const Profile = z.object({ address: z.object({ city: z.string() }) }).deepPartial();

export const Host = z.string().ip({ version: 'v4' });

export const Handler = z.function().args(z.string()).returns(z.number());

export const Born = z.date({ required_error: 'a date is required', invalid_type_error: 'not a date' });

export const Mode = z.enum(['fast', 'slow'], { errorMap: (issue, ctx) => ({ message: issue.code === 'invalid_enum_value' ? 'pick fast or slow' : ctx.defaultError }) });

export type Refined = z.ZodEffects<z.ZodString>;

export const Nickname = z.ostring();

export const Closed = z.object({ id: z.string() }).strict('no extra keys');
