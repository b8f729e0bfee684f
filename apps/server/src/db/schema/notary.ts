/**
 * Online notarization 在线公证 (issue 15; spec p1 §2, §7, p2 §2–9): notary offices with their staff
 * (the notary role) and signing identity, notarization orders of a user's evidence, the evidence of each
 * order with the office's re-verification verdict, the generated documents and the grants of release.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A notary office (公证处). `certPrefix` is the customary part of its certificate numbers between the
 * year and 第 (e.g. 京某证内字 → （2026）京某证内字第000123号). Its signing key (PKCS#8, sealed with the
 * notary key box) and certificate are issued by the platform root when the office is created.
 */
export const notaryOffices = pgTable('notary_offices', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull(),
  certPrefix: varchar('cert_prefix', { length: 20 }).notNull(),
  /** City of the office (shown to users and operators; CLI notary:office-create --city). */
  city: varchar('city', { length: 20 }).notNull().default(''),
  /** Notary fee per evidence, fen. */
  feePerEvidence: bigint('fee_per_evidence', { mode: 'number' }).notNull(),
  /** Sealed PKCS#8 private key (v1: form of platform/secrets.ts). */
  keySealed: text('key_sealed').notNull(),
  /** Base64 DER certificates: the office's, then its issuer chain. */
  certChain: text('cert_chain').notNull(),
  /** Blob of the office's seal PNG. */
  sealSha256: varchar('seal_sha256', { length: 64 }).notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Notary users (the notary role): a user account working for one office. */
export const notaryStaff = pgTable('notary_staff', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey().references(() => users.id),
  officeId: bigint('office_id', { mode: 'number' }).notNull().references(() => notaryOffices.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A notarization order. step: 1 applicationForm, 2 signature, 3 deCode, 4 pay, 5 submitted to the office.
 * status (notarisation, p2 §4): null unfinished, 1 in progress, 2 succeeded, 3 terminated (void), 4 failed.
 * payStatus 1 to be paid, 2 paid, 3 cancelled; payType 0 none yet, 2 Alipay, 3 points.
 */
export const notaryOrders = pgTable('notary_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: varchar('order_no', { length: 32 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  officeId: bigint('office_id', { mode: 'number' }).notNull().references(() => notaryOffices.id),
  /** 1 保全证据公证 (data deposits), 2 网页取证公证, 3 mixed — the notarialType filter of /notary. */
  notarialType: smallint('notarial_type').notNull(),
  step: smallint('step').notNull().default(1),
  status: smallint('status'),
  payStatus: smallint('pay_status').notNull().default(1),
  payType: smallint('pay_type').notNull().default(0),
  /** Fee, fen (points: the same number of hundredths). */
  money: bigint('money', { mode: 'number' }).notNull(),
  /** The commerce order that paid it (points consumption or Alipay payment). */
  commerceOrderNo: varchar('commerce_order_no', { length: 32 }),
  /** The application form (applicant, purpose, use, copies …), as filled in step 1. */
  application: jsonb('application'),
  signedAt: timestamp('signed_at', { withTimezone: true }),
  /** Certificate (base64 DER) of the event certificate the user signed with. */
  signerCert: text('signer_cert'),
  grantedAt: timestamp('granted_at', { withTimezone: true }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  interviewAt: timestamp('interview_at', { withTimezone: true }),
  interview: jsonb('interview'),
  issuedAt: timestamp('issued_at', { withTimezone: true }),
  certNo: varchar('cert_no', { length: 64 }),
  certYear: integer('cert_year'),
  certSeq: integer('cert_seq'),
  reason: varchar('reason', { length: 200 }),
  handledBy: bigint('handled_by', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  uniqueIndex('notary_orders_no_uq').on(t.orderNo),
  index('notary_orders_user_idx').on(t.userId, t.createdAt),
  index('notary_orders_office_idx').on(t.officeId, t.step, t.id),
  uniqueIndex('notary_orders_cert_no_uq').on(t.certNo).where(sql`${t.certNo} is not null`),
  uniqueIndex('notary_orders_cert_seq_uq').on(t.officeId, t.certYear, t.certSeq).where(sql`${t.certSeq} is not null`),
]);

/** Evidence of an order, with the office's re-verification verdict (after the grant). */
export const notaryOrderEvidence = pgTable('notary_order_evidence', {
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => notaryOrders.id),
  evidenceId: bigint('evidence_id', { mode: 'number' }).notNull(),
  /** `{ok, hash, inclusion, timestamp, checkpointSize, detail}` of the last check. */
  verdict: jsonb('verdict'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
}, (t) => [primaryKey({ columns: [t.orderId, t.evidenceId] })]);

/**
 * Generated documents: type 1 application form, 2 acceptance notice, 3 application notice,
 * 4 interview record (spec p2 §7), 5 the notarial certificate 公证书. PAdES-signed PDFs in the blob store.
 */
export const notaryDocuments = pgTable('notary_documents', {
  orderId: bigint('order_id', { mode: 'number' }).notNull().references(() => notaryOrders.id),
  type: smallint('type').notNull(),
  sha256: varchar('sha256', { length: 64 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.orderId, t.type] })]);
