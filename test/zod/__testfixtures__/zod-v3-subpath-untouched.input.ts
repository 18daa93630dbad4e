// zod 4 still ships zod 3 under `zod/v3`: code that imports it keeps working as it is.
import { z } from 'zod/v3';

export const Legacy = z.record(z.number()).and(z.object({}).nonstrict());
