/**
 * @cunzheng/verify — offline verification of Cunzheng evidence packages (issue 3 §4; DESIGN.md Trust
 * design §5). Platform-neutral: WebCrypto, DecompressionStream and plain JavaScript only, so the same
 * code runs in the CLI (`cunzheng-verify`, src/cli.ts) and in the browser (/verify page). The ledger
 * Merkle/note verification is @cunzheng/contract's (one implementation).
 */
export { verifyMembers, verifyPackage, type PackageMembers, type VerifyOptions } from './package.ts';
export { formatReport, CHECK_IDS, TITLES, type Check, type CheckId, type Report, type Status } from './report.ts';
export { readZip, entryChunks, readEntry, bytesSource, blobSource, crc32, MAX_ENTRIES, type ByteSource, type ZipEntry } from './zip.ts';
export { parseTlogProof, formatTlogProof, TLOG_PROOF_HEADER, type TlogProof } from './tlogProof.ts';
export { MEMBERS, RESERVED_NAMES, PACKAGE_FORMAT, canonicalJson, parseCanonical, parseManifest, manifestBytes, evidenceMemberName, type Manifest, type ManifestMember } from './manifest.ts';
export { ANCHOR_FORMAT, parseAnchor, type AnchorFile } from './checks/anchor.ts';
export { parseEntry, type Entry } from './checks/ledger.ts';
export { verifyTimestamp, splitResponse, parseTstInfo, type TimestampResult, type TstInfo } from './tsp.ts';
export { verifyPdfSignature, type PdfSignatureResult } from './pdfsig.ts';
export { parseCertificate, readPem, toPem, fingerprint, type Certificate } from './x509.ts';
export { Sha256, jsSha256, sha256, type HashFactory, type IncrementalHash } from './sha256.ts';
export { hashBlob, ONE_SHOT_MAX_BYTES } from './hashFile.ts';
export { VerifyError, t, type Text } from './text.ts';
export { verifyLedgerBundle, type Expected, type LedgerCheck } from './online.ts';
export { verifyLeafProof, type LedgerProofBundle, type LedgerProofResult } from '@cunzheng/contract/ledger/index';
