// zod 3's create parameters: required_error / invalid_type_error, an error map that reads no issue,
// a description. Each has a zod 4 spelling that says the same.
import { z } from 'zod';

export function field(name: string) {
  return z.string({ error: (issue) => (issue.input === undefined ? `${name} is required` : issue.code === 'invalid_type' ? `${name} must be text` : undefined) }).trim().min(1);
}

export const Age = z.number({ error: (issue) => (issue.input === undefined ? 'age is required' : undefined) }).int();

export const Flag = z.boolean({ error: (issue) => (issue.input !== undefined && issue.code === 'invalid_type' ? 'flag must be true or false' : undefined) });

export const Point = z.object({ x: z.number(), required_error: z.string() }, { error: (issue) => (issue.input === undefined ? 'a point is required' : issue.code === 'invalid_type' ? 'a point is an object' : undefined) }).strict();

export const Tags = z.array(z.string(), { error: (issue) => (issue.input === undefined ? 'tags are required' : undefined) }).min(1);

export const Method = z.enum(['GET', 'POST'], {
  error: (issue: { code?: string }) => (issue.code === 'custom' ? undefined : 'Invalid HTTP method'),
});

export const Level = z.enum(['low', 'high'], { error: (issue: { code?: string }) => (issue.code === 'custom' ? undefined : (() => { return { message: 'pick low or high' }; })()) });

export const Title = z.string().describe('the title').max(80);

export const Box = z.object({ w: z.number() }, { error: (issue) => (issue.input !== undefined && issue.code === 'invalid_type' ? 'a box is an object' : undefined) }).describe('a box');
