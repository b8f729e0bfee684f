/**
 * The user's side of online notarization (issue 15 §1; spec p2 §2–9): a new order of selected evidence
 * (gated by spec p2 §6), the four readingMaterial steps in order — applicationForm, signature (event
 * certificate + PAdES with the user's default seal), deCode (grant of release to the notary office),
 * pay (points or Alipay through commerce) — and 终止 (void). Every state change writes its audit row in the
 * same transaction; documents are printed and signed before the transaction that records them.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { MSG } from '@cunzheng/contract/messages';
import { NOTARY_MAX_EVIDENCE, NOTARY_STEP, type TNotaryApplicationReq, type TNotaryOrderState } from '@cunzheng/contract/notary';
import type { DbOrTx } from '../../db/client.ts';
import { notaryOrderEvidence, notaryOrders } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { notify, notifyMany } from '../notifications/notify.ts';
import { afterCommit, refundFee } from './refund.ts';
import { docContext, lockOrder, makeDoc, notarialTypeOf, orderEvidenceIds, ownedOrder, saveDoc, stoppable, type NotaryDeps, type OrderRow } from './context.ts';

/** A new order number: GZ + yyyyMMddHHmmss (Asia/Shanghai) + 6 random digits. */
export function newNotaryOrderNo(now = new Date()): string {
  const t = now.toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' }).replace(/\D/g, '').slice(0, 14);
  return `GZ${t}${crypto.randomInt(0, 1_000_000).toString().padStart(6, '0')}`;
}

/** Whether an order can still move on the user's side (not terminated/failed/submitted). */
const open = (o: OrderRow) => o.status === null;

/** Builds the user-side notary service. */
export function notaryService(deps: NotaryDeps) {
  const { db } = deps;

  /** 400 with the spec p2 §6 message unless `userId` passes the gate (data.redirect: where to go). */
  const gate = async (userId: number) => {
    const g = await deps.gate(userId);
    if (!g.ok) throw badRequest(g.message, { redirect: g.redirect });
  };

  /** The order locked, owned, open and at `step`; 400 当前订单状态不允许该操作 otherwise. */
  const atStep = async (tx: DbOrTx, userId: number, id: number, steps: number[]): Promise<OrderRow> => {
    const o = await ownedOrder(tx, userId, id, true);
    if (!open(o) || !steps.includes(o.step)) throw badRequest(MSG.NOTARY_STEP_INVALID);
    return o;
  };

  const state = async (o: OrderRow): Promise<TNotaryOrderState> => {
    const ids = await orderEvidenceIds(db, o.id);
    const rows = o.grantedAt ? await deps.evidence.byIds(ids.map((i) => i.evidenceId)) : [];
    const office = await deps.offices.byId(o.officeId);
    const seal = await deps.defaultSeal(o.userId);
    const user = await deps.findUser(o.userId);
    return {
      orderId: o.id,
      orderNo: o.orderNo,
      step: o.step,
      status: o.status ?? 0,
      money: o.money,
      pay: o.payStatus,
      payType: o.payType,
      application: (o.application as Record<string, unknown> | null) ?? null,
      officeName: office?.name ?? '',
      count: ids.length,
      disabled: !open(o) || o.step > NOTARY_STEP.signature,
      disabledSign: !open(o) || o.step !== NOTARY_STEP.signature,
      disabledDecode: !open(o) || o.step !== NOTARY_STEP.deCode,
      signTure: !!o.signedAt,
      decodeList: rows.map((r) => r.baoquan),
      payment: o.payStatus === 2,
      sealName: seal?.name ?? '',
      balance: user?.points ?? 0,
    };
  };

  return {
    /** The gate alone (the 新增公证 button asks first): 400 with the p2 §6 message and data.redirect. */
    gate,

    /**
     * POST /api/notary/create (ids): a new order of the caller's live evidence `ids` (1–50, any kinds) at the
     * default notary office, fee = office fee × count (fen). Gated (p2 §6). 400 请选择需要公证的证据 /
     * 一次最多选择50条证据 / 所选证据不存在或已删除. → `{orderId, type}` (type = notarialType).
     */
    async create(userId: number, ids: number[], ip: string | null): Promise<{ orderId: number; type: number }> {
      await gate(userId);
      const unique = [...new Set(ids)];
      if (unique.length === 0) throw badRequest(MSG.NOTARY_EVIDENCE_REQUIRED);
      if (unique.length > NOTARY_MAX_EVIDENCE) throw badRequest(MSG.NOTARY_EVIDENCE_TOO_MANY);
      const rows = await deps.evidence.ownedLive(userId, unique);
      if (rows.length !== unique.length) throw badRequest(MSG.NOTARY_EVIDENCE_INVALID);
      const office = await deps.offices.defaultOffice();
      const type = notarialTypeOf(rows.map((r) => r.kind));
      return db.transaction(async (tx) => {
        const [o] = await tx.insert(notaryOrders).values({ orderNo: newNotaryOrderNo(), userId, officeId: office.id, notarialType: type, money: office.feePerEvidence * unique.length }).returning();
        await tx.insert(notaryOrderEvidence).values(unique.map((evidenceId) => ({ orderId: o!.id, evidenceId })));
        await writeAudit(tx, { actorId: userId, action: 'notary.order.create', target: `notaryOrder:${o!.orderNo}`, after: { evidence: rows.map((r) => r.baoquan), office: office.id, money: o!.money }, ip });
        return { orderId: o!.id, type };
      });
    },

    /** GET /api/notary/order (orderId): the order's state with the store flags of p2 §3. */
    async order(userId: number, id: number): Promise<TNotaryOrderState> {
      return state(await ownedOrder(db, userId, id));
    },

    /** Step 1 (POST /api/notary/applicationForm): stores the application; open while not yet signed. */
    async application(userId: number, p: TNotaryApplicationReq, ip: string | null): Promise<TNotaryOrderState> {
      const o = await db.transaction(async (tx) => {
        const o = await atStep(tx, userId, p.orderId, [NOTARY_STEP.applicationForm, NOTARY_STEP.signature]);
        const application = { applicant: p.applicant, phone: p.phone, purpose: p.purpose, useArea: p.useArea, country: p.useArea === 2 ? p.country ?? '' : '', copies: p.copies, remark: p.remark ?? '' };
        const [n] = await tx.update(notaryOrders).set({ application, step: NOTARY_STEP.signature, updatedAt: new Date() }).where(eq(notaryOrders.id, o.id)).returning();
        await writeAudit(tx, { actorId: userId, action: 'notary.order.application', target: `notaryOrder:${o.orderNo}`, after: application, ip });
        return n!;
      });
      return state(o);
    },

    /**
     * Step 2 (POST /api/notary/sign): the platform root issues an event certificate bound to the caller's
     * real name for this order; the application form (1) and the application notice (3) are printed with
     * the default seal and PAdES-signed with it. 400 请先在签章管理中设置默认签章 without a default seal.
     */
    async sign(userId: number, id: number, ip: string | null): Promise<TNotaryOrderState> {
      await gate(userId);
      const o = await ownedOrder(db, userId, id);
      if (!open(o) || o.step !== NOTARY_STEP.signature) throw badRequest(MSG.NOTARY_STEP_INVALID);
      if (!(await deps.defaultSeal(userId))) throw badRequest(MSG.NOTARY_SEAL_REQUIRED);
      const office = (await deps.offices.byId(o.officeId))!;
      const ctx = await docContext(deps, o, office);
      const event = await deps.identities.issue({ org: '存证平台在线公证', unit: `事件证书 ${o.orderNo}`, cn: ctx.applicant.name || '申请人' }, 3);
      const form = await makeDoc(deps, 1, ctx, event, `公证申请表签署 ${o.orderNo}`);
      const notice = await makeDoc(deps, 3, ctx, event, `公证申请告知书签署 ${o.orderNo}`);
      const n = await db.transaction(async (tx) => {
        await atStep(tx, userId, id, [NOTARY_STEP.signature]);
        await saveDoc(tx, o.id, 1, form);
        await saveDoc(tx, o.id, 3, notice);
        const [n] = await tx.update(notaryOrders).set({ step: NOTARY_STEP.deCode, signedAt: new Date(), signerCert: event.chain[0]!.toString('base64'), updatedAt: new Date() }).where(eq(notaryOrders.id, o.id)).returning();
        await writeAudit(tx, { actorId: userId, action: 'notary.order.sign', target: `notaryOrder:${o.orderNo}`, after: { form: form.sha256, notice: notice.sha256, signer: deps.identities.nameOf(event) }, ip });
        return n!;
      });
      return state(n);
    },

    /** Step 3 (POST /api/notary/decode): the caller grants the office release of the order's evidence (recorded + audited). */
    async grant(userId: number, id: number, ip: string | null): Promise<TNotaryOrderState> {
      // Checked before the transaction (the evidence module reads through its own connection; PGlite has one).
      const ids = (await orderEvidenceIds(db, (await ownedOrder(db, userId, id)).id)).map((i) => i.evidenceId);
      if (!(await deps.evidence.allLive(userId, ids))) throw badRequest(MSG.NOTARY_EVIDENCE_INVALID);
      const n = await db.transaction(async (tx) => {
        const o = await atStep(tx, userId, id, [NOTARY_STEP.deCode]);
        const [n] = await tx.update(notaryOrders).set({ step: NOTARY_STEP.pay, grantedAt: new Date(), updatedAt: new Date() }).where(eq(notaryOrders.id, o.id)).returning();
        await writeAudit(tx, { actorId: userId, action: 'notary.order.grant', target: `notaryOrder:${o.orderNo}`, after: { office: o.officeId, evidence: ids }, ip });
        return n!;
      });
      return state(n);
    },

    /**
     * Step 4 (POST /api/notary/pay): payType 1 points — paid at once in this transaction (400 可用积分不足，请先充值
     * when short), the order goes to the office → `{paid: true}`; payType 2 Alipay → `{html, order_no}` (the
     * provider's form); the verified notification completes it (`onPaid`). A second call after payment is
     * refused (当前订单状态不允许该操作): a fee is never charged twice.
     */
    async pay(userId: number, id: number, payType: 1 | 2, ip: string | null): Promise<{ paid: true } | { html: string; order_no: string }> {
      if (payType === 2) {
        const o = await ownedOrder(db, userId, id);
        if (!open(o) || o.step !== NOTARY_STEP.pay) throw badRequest(MSG.NOTARY_STEP_INVALID);
        const form = await deps.payAlipay({ userId, money: o.money, desc: `公证费：订单 ${o.orderNo}`, returnUrl: `${deps.publicUrl}/api/notary/payReturn?orderId=${o.id}` }, ip);
        await db.transaction(async (tx) => {
          await atStep(tx, userId, id, [NOTARY_STEP.pay]);
          await tx.update(notaryOrders).set({ commerceOrderNo: form.order_no, payType: 2, updatedAt: new Date() }).where(eq(notaryOrders.id, id));
          await writeAudit(tx, { actorId: userId, action: 'notary.order.payStart', target: `notaryOrder:${o.orderNo}`, after: { commerceOrderNo: form.order_no, money: o.money }, ip });
        });
        return form;
      }
      await db.transaction(async (tx) => {
        const o = await atStep(tx, userId, id, [NOTARY_STEP.pay]);
        const no = await deps.payPoints(tx, { userId, money: o.money, desc: `公证费：订单 ${o.orderNo}` });
        await submit(tx, o, no, 3);
        await writeAudit(tx, { actorId: userId, action: 'notary.order.paid', target: `notaryOrder:${o.orderNo}`, after: { commerceOrderNo: no, points: o.money }, ip });
      });
      return { paid: true };
    },

    /**
     * The commerce hook of a verified Alipay notification (inside its transaction): the notary order whose
     * payment it is becomes paid and goes to the office; an order terminated meanwhile only records the payment.
     */
    async onPaid(tx: DbOrTx, p: { orderNo: string }): Promise<void> {
      const [ref] = await tx.select({ id: notaryOrders.id }).from(notaryOrders).where(eq(notaryOrders.commerceOrderNo, p.orderNo)).limit(1);
      if (!ref) return;
      const o = (await lockOrder(tx, ref.id))!;
      if (o.payStatus === 2) return;
      if (!open(o) || o.step !== NOTARY_STEP.pay) {
        // Paid for an order that is void meanwhile: the payment is recorded and refunded (sent by the commerce job).
        await tx.update(notaryOrders).set({ payStatus: 2, commerceOrderNo: p.orderNo, updatedAt: new Date() }).where(eq(notaryOrders.id, o.id));
        const r = await refundFee(deps.refunds, tx, { ...o, payStatus: 2, commerceOrderNo: p.orderNo }, '订单已终止后到账', null);
        await writeAudit(tx, { actorId: o.userId, action: 'notary.order.paidAfterClose', target: `notaryOrder:${o.orderNo}`, after: { commerceOrderNo: p.orderNo, refunded: r.text } });
        if (r.text) await notify(tx, o.userId, `您的公证订单 ${o.orderNo} 已终止，${r.text}`);
        return;
      }
      await submit(tx, o, p.orderNo, 2);
      await writeAudit(tx, { actorId: o.userId, action: 'notary.order.paid', target: `notaryOrder:${o.orderNo}`, after: { commerceOrderNo: p.orderNo, money: o.money } });
    },

    /**
     * POST /api/Evidences/stop (orderId): 终止 — the caller's unfinished order, or a paid one the office has not
     * accepted yet, becomes void (status 3 terminated); nothing more can be done with it. A paid fee is
     * refunded in the same transaction (points back at once; Alipay sent after commit — refund.ts), once:
     * a second or concurrent call finds the order void. The user is notified (in-app, SMS).
     * 400 当前订单状态不允许该操作 (accepted, finished, or already void).
     */
    async stop(userId: number, id: number, ip: string | null): Promise<void> {
      const reason = '申请人终止';
      const r = await db.transaction(async (tx) => {
        const o = await ownedOrder(tx, userId, id, true);
        if (!stoppable(o)) throw badRequest(MSG.NOTARY_STEP_INVALID);
        const withdrawable = o.status === 1;
        await tx.update(notaryOrders).set({ status: 3, reason, payStatus: o.payStatus === 1 ? 3 : o.payStatus, updatedAt: new Date() }).where(eq(notaryOrders.id, o.id));
        const r = await refundFee(deps.refunds, tx, o, reason, userId);
        await writeAudit(tx, { actorId: userId, action: 'notary.order.stop', target: `notaryOrder:${o.orderNo}`, before: { step: o.step, status: o.status }, after: { refunded: r.text }, ip });
        if (r.text) {
          await notify(tx, userId, `您的公证订单 ${o.orderNo} 已终止。${r.text}`);
          if (withdrawable) await notifyMany(tx, await deps.offices.staffIds(o.officeId, tx), `公证订单 ${o.orderNo} 已被申请人撤回。`);
        }
        return { ...r, orderNo: o.orderNo };
      });
      await afterCommit(deps.refunds, r.pending);
      if (r.text) {
        const u = await deps.findUser(userId);
        if (u?.mobile) await deps.sms.send(u.mobile, `【存证】您的公证订单 ${r.orderNo} 已终止。${r.text}`).catch(() => undefined);
      }
    },
  };

  /** Paid: step 5, in progress at the office; the office's staff are notified in the same transaction. */
  async function submit(tx: DbOrTx, o: OrderRow, commerceOrderNo: string, payType: 2 | 3): Promise<void> {
    await tx.update(notaryOrders).set({ step: NOTARY_STEP.submitted, status: 1, payStatus: 2, payType, commerceOrderNo, submittedAt: new Date(), updatedAt: new Date() }).where(eq(notaryOrders.id, o.id));
    await notifyMany(tx, await deps.offices.staffIds(o.officeId, tx), `新的公证申请：订单 ${o.orderNo} 已支付，请及时受理。`);
  }
}

export type NotaryService = ReturnType<typeof notaryService>;
