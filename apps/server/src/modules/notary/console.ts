/**
 * The notary office's console (issue 15 §2): incoming orders of the office, each order's evidence —
 * readable only after the user's grant and re-verified against the ledger automatically (verdict stored
 * and shown) — accept (acceptance notice), interview record, issue the 公证书 (PAdES-signed by the office,
 * numbered （year）prefix第000123号 per office and year), terminate or mark failed with a reason, and
 * announcements in the 公告 dialog. Every step is audited and notifies the user in-app (same transaction)
 * and by SMS (after commit).
 */
import { and, count, desc, eq, isNotNull, max, type SQL } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_STATUS_LABEL, NOTARY_STEP } from '@cunzheng/contract/notary';
import type { DbOrTx } from '../../db/client.ts';
import { notaryOrderEvidence, notaryOrders } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { notify } from '../notifications/notify.ts';
import { docContext, evidenceRow, kindName, lockOrder, makeDoc, orderEvidenceIds, saveDoc, type NotaryDeps, type OrderRow } from './context.ts';
import type { OfficeRow } from './offices.ts';
import { verifyEvidence, type Verdict } from './verify.ts';
import { interviewSigned } from './interview.ts';
import { afterCommit, refundFee } from './refund.ts';

const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The customary number of a notarial certificate: （2026）京某证内字第000123号. */
export const certNumber = (year: number, prefix: string, seq: number): string => `（${year}）${prefix}第${String(seq).padStart(6, '0')}号`;

/** Builds the console functions; `announce` publishes to the 公告 dialog. */
export function notaryConsole(deps: NotaryDeps & { announce(actor: { id: number; ip: string | null }, p: { title: string; content: string }): Promise<{ id: number }> }) {
  const { db } = deps;

  /** The office's order (another office's id answers as missing), locked when `tx` is given. */
  const officeOrder = async (office: OfficeRow, id: number, tx: DbOrTx = db, lock = false): Promise<OrderRow> => {
    const o = lock ? await lockOrder(tx, id) : (await tx.select().from(notaryOrders).where(eq(notaryOrders.id, id)).limit(1))[0];
    if (!o || o.officeId !== office.id || o.step < NOTARY_STEP.submitted) throw badRequest(MSG.NOTARY_ORDER_NOT_FOUND);
    return o;
  };

  /** In-app notification now (in `tx`), SMS after commit. */
  const tell = async (tx: DbOrTx, o: OrderRow, text: string, sms: Array<{ userId: number; text: string }>) => {
    await notify(tx, o.userId, text);
    sms.push({ userId: o.userId, text: `【存证】${text}` });
  };
  /** SMS after commit (the mobile is read outside the transaction: PGlite has one connection). */
  const sendAll = async (sms: Array<{ userId: number; text: string }>) => {
    for (const s of sms) {
      const u = await deps.findUser(s.userId);
      if (u?.mobile) await deps.sms.send(u.mobile, s.text).catch(() => undefined);
    }
  };

  /** Runs one state change: `fn` in a transaction with the locked order (in progress), then the SMS. */
  const step = async (office: OfficeRow, id: number, fn: (tx: DbOrTx, o: OrderRow, sms: Array<{ userId: number; text: string }>) => Promise<void>) => {
    const sms: Array<{ userId: number; text: string }> = [];
    await db.transaction(async (tx) => {
      const o = await officeOrder(office, id, tx, true);
      if (o.status !== 1) throw badRequest(MSG.NOTARY_STEP_INVALID);
      await fn(tx, o, sms);
    });
    await sendAll(sms);
  };

  /** Verifies every evidence of an order and stores the verdicts → verdict per evidence id. */
  const verifyAll = async (o: OrderRow): Promise<Map<number, Verdict>> => {
    const ids = await orderEvidenceIds(db, o.id);
    const rows = await deps.evidence.byIds(ids.map((i) => i.evidenceId));
    const out = new Map<number, Verdict>();
    for (const r of rows) {
      const v = await verifyEvidence({ ledger: deps.ledger, trust: deps.trust, rehash: deps.evidence.rehash }, r);
      out.set(r.id, v);
      await db.update(notaryOrderEvidence).set({ verdict: v, verifiedAt: new Date() }).where(and(eq(notaryOrderEvidence.orderId, o.id), eq(notaryOrderEvidence.evidenceId, r.id)));
    }
    return out;
  };

  return {
    /** GET /api/notaryOffice/orders (page, status): the office's submitted orders, newest first → `{list, count, office}`. */
    async orders(office: OfficeRow, q: { page: number; limit: number; status: number }) {
      const c: SQL[] = [eq(notaryOrders.officeId, office.id), isNotNull(notaryOrders.submittedAt)];
      if (q.status) c.push(eq(notaryOrders.status, q.status));
      const w = and(...c);
      const rows = await db.select().from(notaryOrders).where(w).orderBy(desc(notaryOrders.submittedAt), desc(notaryOrders.id)).limit(q.limit).offset((q.page - 1) * q.limit);
      const [n] = await db.select({ n: count() }).from(notaryOrders).where(w);
      const list = [];
      for (const o of rows) {
        const u = await deps.findUser(o.userId);
        list.push({ id: o.id, orderNo: o.orderNo, applicant: String((o.application as { applicant?: string } | null)?.applicant ?? u?.name ?? ''), submittedAt: secs(o.submittedAt), money: o.money, status: o.status ?? 0, statusName: NOTARY_STATUS_LABEL[o.status ?? 0] ?? '', accepted: !!o.acceptedAt, interviewed: !!o.interviewAt, certNo: o.certNo ?? '', number: (await orderEvidenceIds(db, o.id)).length });
      }
      return { list, count: Number(n?.n ?? 0), office: { id: office.id, name: office.name } };
    },

    /**
     * GET /api/notaryOffice/order (orderId): the order, the application and its evidence. After the user's
     * grant each evidence is re-verified (hash, inclusion proof, timestamp) when opened and the verdicts are
     * shown with signed download URLs of the files; before the grant only numbers and titles.
     */
    async order(office: OfficeRow, id: number, actor: UserRow, ip: string | null) {
      const o = await officeOrder(office, id);
      const ids = await orderEvidenceIds(db, o.id);
      const rows = await deps.evidence.byIds(ids.map((i) => i.evidenceId));
      const verdicts = o.grantedAt ? await verifyAll(o) : new Map<number, Verdict>();
      if (o.grantedAt) await db.transaction((tx) => writeAudit(tx, { actorId: actor.id, action: 'notary.office.open', target: `notaryOrder:${o.orderNo}`, after: { verified: [...verdicts.values()].map((v) => v.ok) }, ip }));
      return {
        order: { id: o.id, orderNo: o.orderNo, status: o.status ?? 0, statusName: NOTARY_STATUS_LABEL[o.status ?? 0] ?? '', money: o.money, application: o.application, granted: !!o.grantedAt, accepted: !!o.acceptedAt, interviewed: !!o.interviewAt, interviewSigned: interviewSigned(o), issued: !!o.issuedAt, certNo: o.certNo ?? '', reason: o.reason ?? '', submittedAt: secs(o.submittedAt) },
        evidence: rows.map((r) => {
          const base = evidenceRow(r, o.grantedAt && !r.deletedAt ? deps.evidence.fileUrl(r) : '');
          return { ...base, kindName: kindName(r.kind), deleted: !!r.deletedAt, verdict: verdicts.get(r.id) ?? null, ...(o.grantedAt ? {} : { sha256: '', chainhash: '' }) };
        }),
      };
    },

    /** POST /api/notaryOffice/accept: acceptance notice (2) signed by the office; the user is told. */
    async accept(office: OfficeRow, id: number, actor: UserRow, ip: string | null): Promise<void> {
      const o = await officeOrder(office, id);
      if (o.status !== 1 || o.acceptedAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
      const doc = await makeDoc(deps, 2, await docContext(deps, o, office, { notaryName: actor.name }), deps.offices.identityOf(office), `受理通知书 ${o.orderNo}`);
      await step(office, id, async (tx, cur, sms) => {
        if (cur.acceptedAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
        await saveDoc(tx, cur.id, 2, doc);
        await tx.update(notaryOrders).set({ acceptedAt: new Date(), handledBy: actor.id, updatedAt: new Date() }).where(eq(notaryOrders.id, cur.id));
        await writeAudit(tx, { actorId: actor.id, action: 'notary.office.accept', target: `notaryOrder:${cur.orderNo}`, after: { doc: doc.sha256 }, ip });
        await tell(tx, cur, `您的公证申请（订单 ${cur.orderNo}）已被${office.name}受理，受理通知书可在公证详情中下载。`, sms);
      });
    },

    /**
     * POST /api/notaryOffice/interview (place, content): the interview record (4) with both seals is printed and
     * kept UNSIGNED; the applicant confirms and signs it online (POST /api/notary/interviewSign, interview.ts),
     * then the office countersigns it by incremental update. Issuing waits for both signatures.
     */
    async interview(office: OfficeRow, id: number, p: { place: string; content: string }, actor: UserRow, ip: string | null): Promise<void> {
      const o = await officeOrder(office, id);
      if (o.status !== 1 || !o.acceptedAt || o.interviewAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
      const at = new Date();
      const doc = await makeDoc(deps, 4, await docContext(deps, o, office, { notaryName: actor.name, interview: { ...p, at } }), null, `公证询问笔录 ${o.orderNo}`);
      await step(office, id, async (tx, cur, sms) => {
        if (!cur.acceptedAt || cur.interviewAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
        await saveDoc(tx, cur.id, 4, doc);
        await tx.update(notaryOrders).set({ interviewAt: at, interview: { place: p.place, content: p.content, notaryName: actor.name }, updatedAt: new Date() }).where(eq(notaryOrders.id, cur.id));
        await writeAudit(tx, { actorId: actor.id, action: 'notary.office.interview', target: `notaryOrder:${cur.orderNo}`, after: { doc: doc.sha256, place: p.place }, ip });
        await tell(tx, cur, `${office.name}已完成对您的公证询问（订单 ${cur.orderNo}），请在公证详情中核对并在线签署询问笔录。`, sms);
      });
    },

    /**
     * POST /api/notaryOffice/issue (matter?): re-verifies every evidence (all must pass: 400 证据核验未通过，
     * 不能出具公证书), takes the next number of the office and year, prints and signs the 公证书 (5) with the
     * office's certificate, and the order succeeds (status 2).
     */
    async issue(office: OfficeRow, id: number, matter: string | undefined, actor: UserRow, ip: string | null): Promise<{ certNo: string }> {
      const o = await officeOrder(office, id);
      if (o.status !== 1 || !o.interviewAt || o.issuedAt) throw badRequest(MSG.NOTARY_STEP_INVALID);
      if (!interviewSigned(o)) throw badRequest(MSG.NOTARY_INTERVIEW_UNSIGNED);
      const verdicts = await verifyAll(o);
      if (verdicts.size === 0 || [...verdicts.values()].some((v) => !v.ok)) throw badRequest(MSG.NOTARY_VERIFY_FAILED);
      const m = matter || '保全证据公证';
      const year = Number(new Date().toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).slice(0, 4));
      // The number is taken inside the transaction (office row serialises); the PDF printed with it before
      // is discarded when another issue took the number first (the unique index refuses the duplicate).
      const [last] = await db.select({ m: max(notaryOrders.certSeq) }).from(notaryOrders).where(and(eq(notaryOrders.officeId, office.id), eq(notaryOrders.certYear, year)));
      const seq = (last?.m ?? 0) + 1;
      const no = certNumber(year, office.certPrefix, seq);
      const fresh = (await lockless(o.id))!;
      const doc = await makeDoc(deps, 5, await docContext(deps, fresh, office, { notaryName: actor.name, cert: { no, matter: m } }), deps.offices.identityOf(office), `公证书 ${no}`);
      await step(office, id, async (tx, cur, sms) => {
        if (cur.issuedAt || !cur.interviewAt || !interviewSigned(cur)) throw badRequest(MSG.NOTARY_STEP_INVALID);
        await saveDoc(tx, cur.id, 5, doc);
        await tx.update(notaryOrders).set({ status: 2, issuedAt: new Date(), certNo: no, certYear: year, certSeq: seq, interview: { ...(cur.interview as object | null), matter: m }, updatedAt: new Date() }).where(eq(notaryOrders.id, cur.id));
        await writeAudit(tx, { actorId: actor.id, action: 'notary.office.issue', target: `notaryOrder:${cur.orderNo}`, after: { certNo: no, doc: doc.sha256 }, ip });
        await tell(tx, cur, `${office.name}已为您的订单 ${cur.orderNo} 出具公证书，编号${no}，可在公证详情中下载。`, sms);
      });
      return { certNo: no };
    },

    /**
     * POST /api/notaryOffice/terminate (reason, failed): ends an order in progress as terminated (3) or failed
     * (4); the paid fee is refunded in the same transaction, once (refund.ts; Alipay sent after commit).
     */
    async terminate(office: OfficeRow, id: number, reason: string, failed: boolean, actor: UserRow, ip: string | null): Promise<void> {
      let pending: number | null = null;
      await step(office, id, async (tx, cur, sms) => {
        const status = failed ? 4 : 3;
        await tx.update(notaryOrders).set({ status, reason, updatedAt: new Date() }).where(eq(notaryOrders.id, cur.id));
        const r = await refundFee(deps.refunds, tx, cur, reason, actor.id);
        pending = r.pending;
        await writeAudit(tx, { actorId: actor.id, action: failed ? 'notary.office.fail' : 'notary.office.terminate', target: `notaryOrder:${cur.orderNo}`, after: { reason, refunded: r.text }, ip });
        await tell(tx, cur, `您的公证申请（订单 ${cur.orderNo}）${failed ? '公证失败' : '已被公证机构终止'}，原因：${reason}。${r.text}`, sms);
      });
      await afterCommit(deps.refunds, pending);
    },

    /** POST /api/notaryOffice/announce: an announcement of the office in the 公告 dialog (title prefixed with the office name). */
    async announce(office: OfficeRow, p: { title: string; content: string }, actor: UserRow, ip: string | null): Promise<{ id: number }> {
      return deps.announce({ id: actor.id, ip }, { title: `【${office.name}】${p.title}`.slice(0, 100), content: p.content });
    },

    /** POST /api/notaryOffice/download (orderId, type) is answered by the queries' docUrl with the office id. */
    officeOrder,
  };

  async function lockless(id: number): Promise<OrderRow | undefined> {
    return (await db.select().from(notaryOrders).where(eq(notaryOrders.id, id)).limit(1))[0];
  }
}

export type NotaryConsole = ReturnType<typeof notaryConsole>;
