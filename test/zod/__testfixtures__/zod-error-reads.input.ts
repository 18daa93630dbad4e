// ZodError's `errors` and `formErrors` (zod 3 getters for `issues` and `flatten()`), where the code
// says the value is a ZodError; an `errors` of anything else is left alone.
import { z, ZodError } from 'zod';

const Input = z.object({ name: z.string() });

export function parse(value: unknown): string[] {
  try {
    Input.parse(value);
    return [];
  } catch (e) {
    if (e instanceof ZodError) return e.errors.map((issue) => issue.message);
    throw e;
  }
}

export function describeError(error: unknown): string {
  return error instanceof z.ZodError && error.errors.length > 0 ? String(error.formErrors.formErrors) : 'none';
}

export function countOf(error: ZodError): number {
  return error.errors.length;
}

export function direct(value: unknown): number {
  return Input.safeParse(value).error?.errors.length ?? 0;
}

export function other(error: { errors: string[] }): number {
  return error.errors.length;
}
