// The output shape and schema of register-shapes-mixed, from another module: only the checker (with
// the dependencies installed) tells which is which.
import { z } from 'zod';

export const ImportedOutput = { total: z.number() };

export const ImportedSchema = z.object({ total: z.number() });
