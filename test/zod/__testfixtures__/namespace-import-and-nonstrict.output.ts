// The namespace under another name, a loose object, and a record from another library left alone.
import * as schema from 'zod';

const other = { record: (value: unknown) => ({ value }) };

export const Settings = schema
  .object({ theme: schema.string(), extras: schema.record(schema.string(), schema.unknown()) })
  .passthrough();

export const Loose = schema.object({ id: schema.string() }).passthrough().optional();

export const NotZod = other.record(1);
