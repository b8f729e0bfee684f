/**
 * E-invoices delivered by e-mail (issue 13 §4) on the real app: when the operator issues an electronic
 * invoice, the PDF goes by SMTP (nodemailer) to the header's e-mail address — here to the local SMTP
 * sandbox (smtp-server on 127.0.0.1) whose mailbox the test reads with mailparser; resending works; with an
 * unreachable mail server the invoice is still issued (nothing lost), the failure is answered and audited.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { signedNotify } from '../src/modules/commerce/sandbox.ts';
import { makeOperator } from './account-helpers.ts';
import { makeUser } from './blob-helpers.ts';
import type { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const enterprise = { type: 2, head: '示例科技有限公司', taxNum: '91110000600037341L', email: 'finance@example.com', bankName: '中国银行北京分行', account: '6222020200112233', street: '北京市海淀区中关村大街1号', phoneNumber: '01088886666' };
const PDF = Buffer.from('%PDF-1.4\n% 电子发票\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

async function paidRecharge(h: Harness, api: ReturnType<typeof client>, yuan: number): Promise<number> {
  const pay = await api.post('/api/Evidences/pay', { integral: yuan, type: 1 });
  const n = signedNotify(sandboxKeys(h.config.dataDir), { orderNo: pay.data.order_no, amount: `${yuan}.00`, subject: 'x' });
  await h.app.inject({ method: 'POST', url: '/api/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(n).toString() });
  return (await api.get('/api/processorder/getOrderList', { isType: 1 })).data.list.find((o: { order_no: string }) => o.order_no === pay.data.order_no).id;
}

/** An electronic invoice application ready to issue → its id. */
async function application(h: Harness) {
  const u = await makeUser(h);
  const order = await paidRecharge(h, u.api, 88);
  const hdr = (await u.api.post('/api/User/addInvoice', enterprise)).data.id;
  const ask = await u.api.post('/api/User/invoiceAsk', { ids: `${order}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE' });
  expect(ask.code, ask.msg).toBe(200);
  return { u, id: ask.data.id as number };
}

async function issue(h: Harness, token: string, id: number) {
  const fd = new FormData();
  fd.append('id', String(id));
  fd.append('file', new Blob([new Uint8Array(PDF)]), 'fp.pdf');
  const req = new Request('http://x', { method: 'POST', body: fd });
  return (await h.app.inject({ method: 'POST', url: '/api/admin/invoices/issue', headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! }, payload: Buffer.from(await req.arrayBuffer()) })).json();
}

const mailbox = (h: Harness) => {
  const dir = path.join(h.dataDir, 'mail-sandbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().map((f) => path.join(dir, f)) : [];
};

describe('e-invoice by e-mail through the local SMTP sandbox', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h?.close(); });

  it('issuing an electronic invoice e-mails the PDF to the header address; resend sends it again', async () => {
    const op = await makeOperator(h);
    const { u, id } = await application(h);
    const before = mailbox(h).length;
    const r = await issue(h, op.token, id);
    expect(r).toMatchObject({ code: 200, data: { emailed: 1 } });
    const files = mailbox(h);
    expect(files).toHaveLength(before + 1);
    const mail = await simpleParser(fs.readFileSync(files.at(-1)!));
    const detail = (await u.api.post('/api/User/invoiceDetail', { id })).data.detail;
    const applyNo = (await u.api.post('/api/user/invoiceList', { page: 1 })).data.list.find((x: { id: number }) => x.id === id).order_no as string;
    expect(detail.status).toBe(3);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('finance@example.com');
    expect(mail.from?.text).toContain('noreply@cunzheng.local');
    expect(mail.subject).toBe(`【存证】电子发票已开具（申请编号 ${applyNo}）`);
    expect(mail.text).toContain('开票金额：¥88.00');
    expect(mail.text).toContain('发票内容：技术服务费');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]!.filename).toBe(`发票-${applyNo}.pdf`);
    expect(mail.attachments[0]!.contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0]!.content, PDF)).toBe(0);

    // Resend.
    expect(await op.api.post('/api/admin/invoices/resendEmail', { id })).toMatchObject({ code: 200, data: { emailed: 1 } });
    expect(mailbox(h)).toHaveLength(before + 2);
    // Only operators; only issued e-invoices.
    expect((await u.api.post('/api/admin/invoices/resendEmail', { id })).code).toBe(403);
    const pending = await application(h);
    expect(await op.api.post('/api/admin/invoices/resendEmail', { id: pending.id })).toMatchObject({ code: 400, msg: '发票申请不存在' });
    // Audited with the address masked.
    const audit = await h.database.query<{ after: { to: string; sent: boolean } }>("select after from audit_log where action = 'invoice.email' order by id");
    expect(audit.map((a) => a.after)).toEqual([{ to: 'f***@example.com', sent: true }, { to: 'f***@example.com', sent: true }]);
  });
});

describe('e-invoice with an unreachable mail server', () => {
  let h: Harness;
  beforeAll(async () => {
    // A port nobody listens on.
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    h = await makeHarness({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => { await h?.close(); });

  it('still issues the invoice (nothing lost), answers emailed 0 and audits the failure', async () => {
    const op = await makeOperator(h);
    const { u, id } = await application(h);
    expect(await issue(h, op.token, id)).toMatchObject({ code: 200, data: { emailed: 0 } });
    const detail = (await u.api.post('/api/User/invoiceDetail', { id })).data.detail;
    expect(detail.status).toBe(3);
    expect(Buffer.from((await u.api.download(detail.downUrl)).body).equals(PDF)).toBe(true);
    const audit = await h.database.query<{ after: { sent: boolean } }>("select after from audit_log where action = 'invoice.email'");
    expect(audit.map((a) => a.after.sent)).toEqual([false]);
    expect(mailbox(h)).toEqual([]);
  });
});
