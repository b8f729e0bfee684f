/**
 * Issued certificates and witness cosignatures (issue 10 §1–2).
 *
 * - `issued_certificates`: one row per evidence and language, written once (its PDF only ever extended by
 *   re-timestamping, see `ltaUntil`). It freezes
 *   what the certificate states (the facts JSON, including the first signed checkpoint that covered the
 *   entry) and the address of the signed PDF produced from it, so every later download of the number is
 *   the same bytes. The PDF blob is referenced (blobs.refcount) in the same transaction.
 * - `witness_cosignatures`: C2SP tlog-cosignature (cosignature/v1) lines returned by witnesses for a
 *   checkpoint of the log; the cosigned checkpoint is the signed note plus these lines. Insert-only.
 */
import { bigint, jsonb, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { evidence } from './evidence.ts';

export const issuedCertificates = pgTable(
  'issued_certificates',
  {
    evidenceId: bigint('evidence_id', { mode: 'number' }).notNull().references(() => evidence.id),
    /** 'zh' | 'en'. */
    lang: varchar('lang', { length: 2 }).notNull(),
    /** SHA-256 (blob address) of the signed PDF. */
    pdfSha256: varchar('pdf_sha256', { length: 64 }).notNull(),
    /** Size of the signed checkpoint printed on the certificate (the first one covering the entry). */
    checkpointSize: bigint('checkpoint_size', { mode: 'number' }).notNull(),
    /** The frozen certificate facts (certificate/issue.ts `IssuedFacts`). */
    facts: jsonb('facts').notNull(),
    /**
     * notAfter (Unix seconds) of the TSA certificate of the PDF's last document time-stamp (PAdES B-LTA,
     * issue 10 §3); null for a B-T PDF issued before B-LTA. The re-timestamping job
     * (certificate/retimestamp.ts) extends rows whose value falls within CERT_RETIMESTAMP_WINDOW_DAYS and
     * then moves `pdf_sha256` and this value to the extended PDF (the only update of a row).
     */
    ltaUntil: bigint('lta_until', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.evidenceId, t.lang] })],
);

export const witnessCosignatures = pgTable(
  'witness_cosignatures',
  {
    /** Tree size of the cosigned checkpoint. */
    size: bigint('size', { mode: 'number' }).notNull(),
    /** The witness's key name (first field of its verifier key). */
    witness: varchar('witness', { length: 200 }).notNull(),
    /** The full signature line `— <name> <base64>` as returned by the witness. */
    line: text('line').notNull(),
    /** The cosignature's timestamp, Unix seconds. */
    cosignedAt: bigint('cosigned_at', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.size, t.witness] })],
);
