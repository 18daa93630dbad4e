// zod 3's create parameters: required_error / invalid_type_error, an error map that reads no issue,
// a description. Each has a zod 4 spelling that says the same.
import { z } from 'zod';

export function field(name: string) {
  return z.string({ required_error: `${name} is required`, invalid_type_error: `${name} must be text` }).trim().min(1);
}

export const Age = z.number({ required_error: 'age is required' }).int();

export const Flag = z.boolean({ invalid_type_error: 'flag must be true or false' });

export const Point = z.object({ x: z.number(), required_error: z.string() }, { required_error: 'a point is required', invalid_type_error: 'a point is an object' }).strict();

export const Tags = z.array(z.string(), { required_error: 'tags are required' }).min(1);

export const Method = z.enum(['GET', 'POST'], {
  errorMap: () => ({ message: 'Invalid HTTP method' }),
});

export const Level = z.enum(['low', 'high'], { errorMap: () => { return { message: 'pick low or high' }; } });

export const Title = z.string({ description: 'the title' }).max(80);

export const Box = z.object({ w: z.number() }, { description: 'a box', invalid_type_error: 'a box is an object' });
