// Messages built from a failed parse, a callback typing each issue's path as zod 3 did (no symbols).
import { z } from 'zod';

const Input = z.object({ name: z.string() });

export function problems(value: unknown): string {
  const result = Input.safeParse(value);
  if (result.success) return '';
  return result.error.issues
    .map((e: { path: (string | number)[]; message: string }) => `${e.path.join('.')}: ${e.message}`)
    .join(', ');
}

export function untyped(value: unknown): string[] {
  const result = Input.safeParse(value);
  return result.success ? [] : result.error.issues.map((e) => e.path.map(String).join('.'));
}

export function anyKey(value: unknown): string[] {
  const result = Input.safeParse(value);
  return result.success ? [] : result.error.issues.map((e: { path: PropertyKey[] }) => e.path.map(String).join('.'));
}
