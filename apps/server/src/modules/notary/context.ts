/**
 * What the notary use cases share (issue 15): dependencies, order lookups, evidence rows in the p2 §3
 * shape, the document context of an order, and making a signed document (print → PAdES → blob).
 */
import { and, eq } from 'drizzle-orm';
import { EVIDENCE_KIND, kindDef } from '@cunzheng/contract/evidenceKinds';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_STEP, type TNotaryEvidenceRow } from '@cunzheng/contract/notary';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notaryDocuments, notaryOrderEvidence, notaryOrders } from '../../db/schema/index.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { addBlobRef } from '../../platform/blobRefs.ts';
import type { BrowserPool } from '../../platform/browser.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { SmsProvider } from '../../platform/sms.ts';
import type { EvidenceSelection } from '../evidence/selection.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { IdentityBundle, IdentityService } from '../trust/identities.ts';
import type { TrustReader } from '../trust/types.ts';
import { documentHtml, printPdf, type DocContext } from './documents.ts';
import type { OfficeRow, OfficeService } from './offices.ts';
import type { NotaryRefunds } from './refund.ts';
import type { Verdict } from './verify.ts';

export type OrderRow = typeof notaryOrders.$inferSelect;

/** The gate of spec p2 §6 (kyc service, CONTRACTS §1). */
export type NotaryGate = (userId: number) => Promise<{ ok: true } | { ok: false; message: string; redirect: string }>;

export interface NotaryDeps {
  db: Db;
  blobs: Pick<BlobStore, 'putBuffer' | 'readVerified'>;
  downloads: Pick<DownloadSigner, 'url'>;
  browser: Pick<BrowserPool, 'withPage'>;
  sms: SmsProvider;
  offices: OfficeService;
  identities: IdentityService;
  evidence: EvidenceSelection;
  ledger: Pick<LedgerService, 'entryAt' | 'inclusionProof' | 'checkpointNow'>;
  trust: Pick<TrustReader, 'tokenFor' | 'verifyToken'>;
  gate: NotaryGate;
  /** Real name of a verified user ('' when unknown) — kyc identityOf. */
  realName(userId: number): Promise<string>;
  findUser(userId: number): Promise<UserRow | null>;
  /** The user's default seal (签章管理) as PNG bytes, or null. */
  defaultSeal(userId: number): Promise<{ name: string; png: Buffer } | null>;
  /** Commerce: notary fee with points (inside tx) or through the payment provider. */
  payPoints(tx: DbOrTx, p: { userId: number; money: number; desc: string }): Promise<string>;
  payAlipay(p: { userId: number; money: number; desc: string; returnUrl: string }, ip: string | null): Promise<{ html: string; order_no: string }>;
  publicUrl: string;
  /** Commerce refunds of paid fees (refund.ts). */
  refunds: NotaryRefunds;
}

/** An order row locked FOR UPDATE, or null. */
export async function lockOrder(tx: DbOrTx, id: number): Promise<OrderRow | null> {
  const [o] = await tx.select().from(notaryOrders).where(eq(notaryOrders.id, id)).limit(1).for('update');
  return o ?? null;
}

/** The caller's order (another user's id answers as missing: 400 公证订单不存在). */
export async function ownedOrder(db: DbOrTx, userId: number, id: number, lock = false): Promise<OrderRow> {
  const q = db.select().from(notaryOrders).where(and(eq(notaryOrders.id, id), eq(notaryOrders.userId, userId))).limit(1);
  const [o] = lock ? await q.for('update') : await q;
  if (!o) throw badRequest(MSG.NOTARY_ORDER_NOT_FOUND);
  return o;
}

/**
 * Whether the applicant may 终止 the order (POST /api/Evidences/stop): unfinished at steps 1–4, or paid and
 * submitted but not yet accepted by the office (the fee is then refunded, refund.ts).
 */
export const stoppable = (o: Pick<OrderRow, 'status' | 'step' | 'acceptedAt'>): boolean =>
  (o.status === null && o.step <= NOTARY_STEP.pay) || (o.status === 1 && o.step === NOTARY_STEP.submitted && !o.acceptedAt);

/** Evidence ids of an order, in selection order. */
export async function orderEvidenceIds(db: DbOrTx, orderId: number): Promise<Array<{ evidenceId: number; verdict: Verdict | null }>> {
  const rows = await db.select().from(notaryOrderEvidence).where(eq(notaryOrderEvidence.orderId, orderId));
  return rows.map((r) => ({ evidenceId: r.evidenceId, verdict: (r.verdict as Verdict | null) ?? null }));
}

/** Kind name of a row. */
export const kindName = (kind: string): string => kindDef(kind)?.name ?? kind;

/** Evidence row of p2 §3 (`fileUrl` only when given: the office after the grant). */
export function evidenceRow(r: EvidenceRow, fileUrl = ''): TNotaryEvidenceRow {
  const def = kindDef(r.kind) ? EVIDENCE_KIND[r.kind as EvidenceKind] : null;
  return {
    id: r.id,
    kind: r.kind,
    baoquan: r.baoquan,
    baoquan_no: r.baoquan,
    title: r.title,
    name: r.fileName,
    url: def ? `${def.routes.certificate}/${encodeURIComponent(r.baoquan)}` : '',
    label: r.label,
    type: def?.evidenceType ?? 0,
    saveTime: r.saveTime,
    time: new Date(r.saveTime * 1000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }),
    fileUrl,
    fileType: r.fileType,
    appType: 0,
    evidenceType: def?.evidenceType ?? 0,
    tempType: 0,
    sha256: r.sha256,
    chainhash: r.chainhash,
    size: r.size,
  };
}

/** notarialType of a set of kinds: 1 stored data (data/app/music), 2 captures (web/process/mobile), 3 both. */
export function notarialTypeOf(kinds: string[]): number {
  const capture = kinds.some((k) => k === 'web' || k === 'process' || k === 'mobile');
  const data = kinds.some((k) => !(k === 'web' || k === 'process' || k === 'mobile'));
  return capture && data ? 3 : capture ? 2 : 1;
}

/** ID number shown on documents: verified accounts only show that they are verified (the number stays in the KYC vault). */
const ID_SHOWN = '已通过平台实名认证';

/** Masks a mobile: 138****0000. */
export const maskMobile = (m: string) => (m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

/** Builds the document context of `o` (evidence rows in order, seals as data URLs). */
export async function docContext(deps: NotaryDeps, o: OrderRow, office: OfficeRow, extra: Partial<DocContext> = {}): Promise<DocContext> {
  const user = await deps.findUser(o.userId);
  const name = (await deps.realName(o.userId)) || user?.name || user?.company || '';
  const app = (o.application ?? {}) as Record<string, unknown>;
  const ids = await orderEvidenceIds(deps.db, o.id);
  const rows = await deps.evidence.byIds(ids.map((i) => i.evidenceId));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seal = await deps.defaultSeal(o.userId);
  return {
    orderNo: o.orderNo,
    officeName: office.name,
    applicant: { name, idMasked: ID_SHOWN, phone: String(app.phone ?? ''), account: maskMobile(user?.mobile ?? '') },
    application: { purpose: String(app.purpose ?? ''), useArea: Number(app.useArea ?? 1), country: String(app.country ?? ''), copies: Number(app.copies ?? 1), remark: String(app.remark ?? '') },
    evidence: ids.flatMap((i) => {
      const r = byId.get(i.evidenceId);
      return r ? [{ baoquan: r.baoquan, title: r.title, kindName: kindName(r.kind), sha256: r.sha256, chainhash: r.chainhash, saveTime: r.saveTime, size: r.size, verdict: i.verdict ? (i.verdict.ok ? '核验通过' : `未通过：${i.verdict.detail}`) : '' }] : [];
    }),
    userSeal: seal ? `data:image/png;base64,${seal.png.toString('base64')}` : null,
    officeSeal: await deps.offices.sealDataUrl(office),
    notaryName: '',
    date: new Date(),
    ...extra,
  };
}

/**
 * Prints document `type`, signs it with `signer` (PAdES; null: left unsigned, the interview record before the
 * applicant signs it) and stores the PDF → its SHA-256 (reference it with `saveDoc`).
 */
export async function makeDoc(deps: NotaryDeps, type: number, ctx: DocContext, signer: IdentityBundle | null, reason: string): Promise<{ sha256: string; size: number }> {
  const pdf = await printPdf(deps.browser, documentHtml(type, ctx));
  const signed = signer ? await deps.identities.signPdf(signer, pdf, reason) : pdf;
  return { sha256: await deps.blobs.putBuffer(signed), size: signed.length };
}

/** References a stored document PDF from the order inside `tx` (replaces an earlier one of the type). */
export async function saveDoc(tx: DbOrTx, orderId: number, type: number, doc: { sha256: string; size: number }): Promise<void> {
  const { sha256 } = doc;
  await addBlobRef(tx, { sha256, size: doc.size, mime: 'application/pdf' });
  await tx.insert(notaryDocuments).values({ orderId, type, sha256 }).onConflictDoUpdate({ target: [notaryDocuments.orderId, notaryDocuments.type], set: { sha256, createdAt: new Date() } });
}
