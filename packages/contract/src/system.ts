/** Platform-level calls (issue 2 §2). */
import { z } from 'zod';

/** GET /api/health → data `{version, database: 'pglite' | 'postgres', ledgerSize}` (ledgerSize = leaves). */
export const ZHealth = z.object({
  version: z.string().max(50),
  database: z.enum(['pglite', 'postgres']),
  ledgerSize: z.number().int().min(0),
});
export type THealth = z.infer<typeof ZHealth>;
