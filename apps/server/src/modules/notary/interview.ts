/**
 * The interview record (询问笔录, document 4) signed by both (issue 15 §2). The office records the interview
 * (console.ts `interview`: the record is printed with both seals and kept unsigned); the applicant reads it
 * in 公证详情, confirms it and signs it online — the platform root issues a fresh event certificate bound to
 * the verified real name (as at the signature step) and the record is PAdES-signed with it; then the
 * office countersigns it with its own certificate. The countersignature goes into an incremental update
 * (trust/pdf-increment.ts through the one `localPdfSigner`), so `pdfsig` shows two valid signatures:
 * the applicant's, then the office's. Only then can the office issue the 公证书.
 */
import { and, eq } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { notaryDocuments, notaryOrders } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { notifyMany } from '../notifications/notify.ts';
import { ownedOrder, saveDoc, type NotaryDeps, type OrderRow } from './context.ts';

/** What `notary_orders.interview` holds once the office recorded it (and the applicant signed). */
interface InterviewJson {
  place?: string;
  content?: string;
  notaryName?: string;
  matter?: string;
  /** ISO time the applicant signed the record. */
  userSignedAt?: string;
  /** Base64 DER of the applicant's event certificate for the record. */
  userCert?: string;
}

/** Whether the applicant has signed the interview record (and the office countersigned it). */
export const interviewSigned = (o: Pick<OrderRow, 'interview'>): boolean => !!(o.interview as InterviewJson | null)?.userSignedAt;

/** Whether the record waits for the applicant's signature. */
export const interviewToSign = (o: Pick<OrderRow, 'interview' | 'interviewAt' | 'status'>): boolean => o.status === 1 && !!o.interviewAt && !interviewSigned(o);

/** Builds the applicant's signing of the interview record. */
export function interviewSignature(deps: NotaryDeps) {
  const { db } = deps;
  return {
    /**
     * POST /api/notary/interviewSign (orderId, agree): the caller (the applicant, gated as at step 2) signs the
     * recorded interview record with a new event certificate, and the office countersigns it (incremental
     * update). 400 当前订单状态不允许该操作 unless the record waits for the signature.
     */
    async sign(userId: number, id: number, ip: string | null): Promise<void> {
      const g = await deps.gate(userId);
      if (!g.ok) throw badRequest(g.message, { redirect: g.redirect });
      const o = await ownedOrder(db, userId, id);
      if (!interviewToSign(o) || o.issuedAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
      const [d] = await db.select().from(notaryDocuments).where(and(eq(notaryDocuments.orderId, o.id), eq(notaryDocuments.type, 4))).limit(1);
      const office = await deps.offices.byId(o.officeId);
      if (!d || !office) throw badRequest(MSG.NOTARY_DOC_NOT_READY);
      const pdf = await deps.blobs.readVerified(d.sha256);
      const name = (await deps.realName(userId)) || String((o.application as { applicant?: string } | null)?.applicant ?? '') || '申请人';
      const event = await deps.identities.issue({ org: '存证平台在线公证', unit: `事件证书 ${o.orderNo} 询问笔录`, cn: name }, 3);
      const byUser = await deps.identities.signPdf(event, pdf, `被询问人核对无误并签署询问笔录 ${o.orderNo}`);
      const both = await deps.identities.signPdf(deps.offices.identityOf(office), byUser, `公证机构签署询问笔录 ${o.orderNo}`);
      const sha256 = await deps.blobs.putBuffer(both);
      await db.transaction(async (tx) => {
        const cur = await ownedOrder(tx, userId, id, true);
        if (!interviewToSign(cur) || cur.issuedAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
        const [now] = await tx.select({ sha256: notaryDocuments.sha256 }).from(notaryDocuments).where(and(eq(notaryDocuments.orderId, cur.id), eq(notaryDocuments.type, 4))).limit(1);
        if (now?.sha256 !== d.sha256) throw badRequest(MSG.NOTARY_STEP_INVALID);
        await saveDoc(tx, cur.id, 4, { sha256, size: both.length });
        const interview: InterviewJson = { ...(cur.interview as InterviewJson | null), userSignedAt: new Date().toISOString(), userCert: event.chain[0]!.toString('base64') };
        await tx.update(notaryOrders).set({ interview, updatedAt: new Date() }).where(eq(notaryOrders.id, cur.id));
        await writeAudit(tx, { actorId: userId, action: 'notary.order.interviewSign', target: `notaryOrder:${cur.orderNo}`, after: { unsigned: d.sha256, signer: deps.identities.nameOf(event) }, ip });
        await writeAudit(tx, { actorId: cur.handledBy, action: 'notary.office.countersign', target: `notaryOrder:${cur.orderNo}`, after: { doc: sha256, signer: office.name } });
        await notifyMany(tx, await deps.offices.staffIds(cur.officeId, tx), `订单 ${cur.orderNo} 的申请人已签署询问笔录，本处已加签，可出具公证书。`);
      });
    },
  };
}

export type InterviewSignature = ReturnType<typeof interviewSignature>;
