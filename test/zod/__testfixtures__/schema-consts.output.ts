// Members zod 3 named twice, on schemas held in consts of the file: `.nonstrict()` is `.passthrough()`,
// `.augment()` is `.extend()`. A method of the same name on something else is left alone.
import { z } from 'zod';

const Base = z.object({ id: z.string() });
const Named = Base.extend({ name: z.string() });

export const Loose = Named.passthrough();

const other = { augment: (shape: object) => shape };
export const NotZod = other.augment({});
