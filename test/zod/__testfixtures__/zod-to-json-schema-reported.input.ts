// A low-level tool list built with zod-to-json-schema: under zod 4 it would list empty schemas.
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

const Query = z.object({ text: z.string() });

export const tools = [{ name: 'search', inputSchema: zodToJsonSchema(Query) }];
