// Validation messages read from a failed safeParse: zod 3's `errors` is the list zod 4 calls `issues`.
import { z } from 'zod';

const Input = z.object({ name: z.string(), age: z.number() });

export function problems(value: unknown): string[] {
  const result = Input.safeParse(value);
  if (result.success) return [];
  return result.error.errors.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

export async function firstProblem(value: unknown): Promise<string | undefined> {
  const checked = await Input.safeParseAsync(value);
  const other = { error: { errors: ['not zod'] } };
  return checked.success ? other.error.errors[0] : checked.error.errors[0]?.message;
}
