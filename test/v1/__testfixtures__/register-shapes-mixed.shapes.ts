// The output shape of register-shapes-mixed, from another module: the upgrade cannot tell what it is.
import { z } from 'zod';

export const ImportedOutput = { total: z.number() };
