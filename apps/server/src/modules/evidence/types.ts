/** Public surface of the evidence context used by other modules (certificate, share, later kinds). */
import type { evidence } from '../../db/schema/index.ts';

export type EvidenceRow = typeof evidence.$inferSelect;
