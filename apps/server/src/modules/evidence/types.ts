/** Public surface of the evidence context used by other modules (certificate, share, later kinds). */
import type { evidence, evidenceArtefacts } from '../../db/schema/index.ts';

export type EvidenceRow = typeof evidence.$inferSelect;
/** An artefact of an evidence besides its main file (evidence_artefacts; role from the contract registry). */
export type EvidenceArtefactRow = typeof evidenceArtefacts.$inferSelect;
