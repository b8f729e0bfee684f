/**
 * Ledger verification for browsers and Node 24 (WebCrypto only): RFC 6962 inclusion and consistency
 * proofs, C2SP signed notes and tlog-checkpoints, Go sumdb verifier keys. DESIGN.md Trust design §2.
 */
export { LedgerFormatError, bytesEqual, fromBase64, fromHex, toBase64, toHex } from './bytes.ts';
export { HASH_SIZE, leafHash, nodeHash, rootFromInclusion, verifyConsistency, verifyInclusion } from './merkle.ts';
export {
  MAX_NOTE_SIGNATURES, SIG_ED25519, isValidKeyName, keyIdOf, parseCheckpoint, parseNote, parseVerifierKey, verifyCheckpoint, verifyNote,
  type Checkpoint, type NoteSignature, type ParsedNote, type VerifierKey,
} from './note.ts';
export { verifyLeafProof, type LedgerProofBundle, type LedgerProofResult } from './proof.ts';
export {
  SIG_COSIGNATURE_V1, checkWitnessPolicy, cosignedMessage, parseWitnessKey, verifyCosignature, witnessKeyIdOf,
  type WitnessKey, type WitnessPolicy, type WitnessPolicyResult,
} from './cosignature.ts';
