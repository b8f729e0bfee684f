/**
 * Invoices (issue 13 §4; spec p1 §4, p2 §3–5, §8–9): headers, addresses with the GB/T 2260 regions,
 * eligibility and the checks of invoiceAsk in order, the list/detail/checkFail calls and the operator's
 * queue (reject, re-apply, issue with an e-invoice PDF the user downloads, paper with a courier number).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { sandboxKeys } from '../src/modules/commerce/alipay.ts';
import { signedNotify } from '../src/modules/commerce/sandbox.ts';
import { makeOperator } from './account-helpers.ts';
import { makeUser } from './blob-helpers.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h?.close();
});

/** A paid recharge of `yuan` through a signed sandbox notification → the order id. */
async function paidRecharge(api: ReturnType<typeof client>, yuan: number): Promise<number> {
  const pay = await api.post('/api/Evidences/pay', { integral: yuan, type: 1 });
  const n = signedNotify(sandboxKeys(h.config.dataDir), { orderNo: pay.data.order_no, amount: `${yuan}.00`, subject: 'x' });
  const r = await h.app.inject({ method: 'POST', url: '/api/alipay/notify', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(n).toString() });
  expect(r.body).toBe('success');
  const list = await api.get('/api/processorder/getOrderList', { isType: 1 });
  return list.data.list.find((o: { order_no: string }) => o.order_no === pay.data.order_no).id;
}

const enterprise = { type: 2, head: '示例科技有限公司', taxNum: '91110000600037341L', email: 'fin@example.com', bankName: '中国银行北京分行', account: '6222020200112233', street: '北京市海淀区中关村大街1号', phoneNumber: '01088886666' };

/** A multipart body with fields and an optional file. */
async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const req = new Request('http://x', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get('content-type')! };
}

describe('invoice headers and addresses', () => {
  it('adds at most 5 headers, only when verified; masks the enterprise phone; deletes', async () => {
    const u = await makeUser(h);
    const unverified = await makeUser(h);
    await h.database.query('update users set user_status = 1 where id = $1', [unverified.row.id]);
    expect(await unverified.api.post('/api/User/addInvoice', enterprise)).toMatchObject({ code: 400, msg: MSG.INVOICE_NOT_VERIFIED });
    expect((await u.api.post('/api/User/addInvoice', { ...enterprise, email: 'bad' })).code).toBe(400);
    expect(await u.api.post('/api/User/addInvoice', { type: 1, head: '张三', taxNum: '110101199003071234', email: 'a@b.cn' })).toMatchObject({ code: 400 });
    expect(await u.api.post('/api/User/addInvoice', { type: 1, head: '张三', taxNum: '11010119900307803X', email: 'a@b.cn' })).toMatchObject({ code: 200, msg: MSG.CREATE_SUCCESS });
    for (let i = 0; i < 4; i++) expect((await u.api.post('/api/User/addInvoice', { ...enterprise, head: `公司${i}` })).code).toBe(200);
    expect(await u.api.post('/api/User/addInvoice', enterprise)).toMatchObject({ code: 400, msg: MSG.INVOICE_HEADER_LIMIT });
    const list = (await u.api.get('/api/User/riseList')).data;
    expect(list).toHaveLength(5);
    expect(list[1]).toMatchObject({ type: 2, phoneNumber: '****6666' });
    expect(await u.api.post('/api/User/delInvoice', { id: list[1].id })).toMatchObject({ code: 200, msg: MSG.INVOICE_HEADER_DELETED });
    expect(await unverified.api.post('/api/User/delInvoice', { id: list[2].id })).toMatchObject({ code: 400, msg: MSG.INVOICE_HEADER_NOT_FOUND });
    expect(await u.api.post('/api/User/editInvoice', { ...enterprise, id: list[2].id, head: '改名公司' })).toMatchObject({ code: 200, msg: MSG.UPDATE_SUCCESS });
    expect((await u.api.get('/api/User/riseList')).data.map((x: { head: string }) => x.head)).toContain('改名公司');
  });

  it('serves the region tree and keeps addresses on the mainland, at most 5, one default', async () => {
    const u = await makeUser(h);
    const tree = (await u.api.get('/api/User/district')).data;
    const bj = tree.find((p: { name: string }) => p.name === '北京市');
    expect(bj.child[0].child.map((a: { name: string }) => a.name)).toContain('海淀区');
    expect(tree.some((p: { name: string }) => /香港|澳门|台湾/.test(p.name))).toBe(false);
    const addr = { name: '李四', province: '北京市', city: '市辖区', area: '海淀区', address: '中关村大街1号', phoneNumber: '13800000000', status: 1 };
    expect(await u.api.post('/api/User/addAddress', { ...addr, province: '香港特别行政区', city: '香港岛', area: '中西区' })).toMatchObject({ code: 400, msg: MSG.ADDRESS_REGION_UNSUPPORTED });
    expect(await u.api.post('/api/User/addAddress', { ...addr, area: '浦东新区' })).toMatchObject({ code: 400, msg: MSG.SELECT_REGION });
    expect(await u.api.post('/api/User/addAddress', { ...addr, province: '' })).toMatchObject({ code: 400, msg: MSG.SELECT_REGION });
    const first = await u.api.post('/api/User/addAddress', addr);
    expect(first).toMatchObject({ code: 200, msg: MSG.ADD_SUCCESS });
    for (let i = 0; i < 4; i++) expect((await u.api.post('/api/User/addAddress', { ...addr, address: `${i}号` })).code).toBe(200);
    expect(await u.api.post('/api/User/addAddress', addr)).toMatchObject({ code: 400, msg: MSG.ADDRESS_LIMIT });
    const list = (await u.api.get('/api/User/addressList')).data;
    expect(list.filter((a: { status: number }) => a.status === 1)).toHaveLength(1);
    // Editing keeps the region (locked while editing).
    expect((await u.api.post('/api/User/editAddress', { ...addr, id: first.data.id, province: '上海市', city: '市辖区', area: '浦东新区', address: '新地址' })).code).toBe(200);
    const edited = (await u.api.get('/api/User/addressList')).data.find((a: { id: number }) => a.id === first.data.id);
    expect(edited).toMatchObject({ province: '北京市', area: '海淀区', address: '新地址' });
  });
});

describe('invoice applications', () => {
  it('checks in the order of p2 §5, applies, and the operator rejects, then issues an e-invoice the user downloads', async () => {
    const u = await makeUser(h);
    const op = await makeOperator(h);
    const o1 = await paidRecharge(u.api, 100);
    const o2 = await paidRecharge(u.api, 50);
    await op.api.post('/api/admin/points/grant', { mobile: u.row.mobile, points: 100, note: '' });
    const gift = (await u.api.get('/api/processorder/getOrderList')).data.list.find((o: { pay_type: number }) => o.pay_type === 1).id;
    const hdr = (await u.api.post('/api/User/addInvoice', enterprise)).data.id;
    const personal = (await u.api.post('/api/User/addInvoice', { type: 1, head: '李四', taxNum: '11010119900307803X', email: 'a@b.cn' })).data.id;

    expect(await u.api.post('/api/User/invoiceAsk', { ids: '' })).toMatchObject({ code: 400, msg: MSG.SELECT_INVOICEABLE_ORDERS });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}` })).toMatchObject({ code: 400, msg: MSG.SELECT_INVOICE_HEADER });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE_SPECIAL' })).toMatchObject({ code: 400, msg: MSG.SELECT_DELIVERY_ADDRESS });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr })).toMatchObject({ code: 400, msg: MSG.SELECT_INVOICE_TYPE });
    const addr = (await u.api.post('/api/User/addAddress', { name: '李四', province: '北京市', city: '市辖区', area: '海淀区', address: '1号', phoneNumber: '13800000000' })).data.id;
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: personal, userAddressId: addr, invoiceType: 'ENTERPRISE_SPECIAL' })).toMatchObject({ code: 400, msg: MSG.INVOICE_PERSONAL_ELECTRONIC_ONLY });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1},${gift}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE' })).toMatchObject({ code: 400, msg: MSG.INVOICE_ORDERS_INVALID });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE', remark: 'x'.repeat(51) })).toMatchObject({ code: 400, msg: MSG.INVOICE_REMARK_TOO_LONG });
    const other = await makeUser(h);
    expect(await other.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE' })).toMatchObject({ code: 400, msg: MSG.SELECT_INVOICE_HEADER });

    const ask = await u.api.post('/api/User/invoiceAsk', { ids: `${o1},${o2}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE', remark: '请尽快开具' });
    expect(ask).toMatchObject({ code: 200, msg: MSG.SUBMIT_SUCCESS });
    expect(await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE' })).toMatchObject({ code: 400, msg: MSG.INVOICE_ORDERS_INVALID });
    const list = (await u.api.post('/api/user/invoiceList', { status: 1 })).data;
    expect(list).toMatchObject({ count: 1, list: [{ id: ask.data.id, money: 15000, data_type: 0, orderCount: 2, type: 'ENTERPRISE', status: 1 }] });
    expect((await other.api.post('/api/User/invoiceDetail', { id: ask.data.id })).msg).toBe(MSG.INVOICE_NOT_FOUND);

    // Operator: reject with a reason → the user reads it; the orders can be invoiced again.
    expect((await u.api.post('/api/admin/invoices/reject', { id: ask.data.id, reason: 'x' })).code).toBe(403);
    expect((await op.api.get('/api/admin/invoices')).data.list.map((i: { id: number }) => i.id)).toContain(ask.data.id);
    expect(await op.api.post('/api/admin/invoices/reject', { id: ask.data.id, reason: '' })).toMatchObject({ code: 400, msg: MSG.INVOICE_REJECT_REASON_REQUIRED });
    expect((await op.api.post('/api/admin/invoices/reject', { id: ask.data.id, reason: '税号有误' })).code).toBe(200);
    expect((await u.api.post('/api/user/checkFail', { id: ask.data.id })).data).toEqual({ checkRemark: '税号有误' });
    expect((await u.api.get('/api/processorder/getOrderList')).data.list.find((o: { id: number }) => o.id === o1).invoiceStatus).toBe(3);
    const again = await u.api.post('/api/User/invoiceAsk', { ids: `${o1}`, userInvoiceId: hdr, invoiceType: 'ENTERPRISE' });
    expect(again.code).toBe(200);

    // Issue: the PDF is required for an electronic invoice; then the user downloads it from the detail.
    const issue = async (fields: Record<string, string>, file?: { name: string; bytes: Buffer }) => {
      const m = await multipart(fields, file);
      return (await h.app.inject({ method: 'POST', url: '/api/admin/invoices/issue', headers: { authorization: `Bearer ${op.token}`, 'content-type': m.contentType }, payload: m.payload })).json();
    };
    expect(await issue({ id: String(again.data.id) })).toMatchObject({ code: 400, msg: MSG.INVOICE_PDF_REQUIRED });
    const pdf = Buffer.from('%PDF-1.4\n% e-invoice\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect(await issue({ id: String(again.data.id) }, { name: 'fp.pdf', bytes: pdf })).toMatchObject({ code: 200 });
    expect(await issue({ id: String(again.data.id) }, { name: 'fp.pdf', bytes: pdf })).toMatchObject({ code: 400, msg: MSG.INVOICE_ALREADY_HANDLED });
    const detail = (await u.api.post('/api/User/invoiceDetail', { id: again.data.id })).data;
    expect(detail.detail).toMatchObject({ status: 3, head: enterprise.head, invoice_type: 'ENTERPRISE', content: '技术服务费', tax_num: enterprise.taxNum });
    expect(detail.orderList).toMatchObject([{ money: 10000, pay_type: 2 }]);
    const dl = await u.api.download(detail.detail.downUrl);
    expect(dl.status).toBe(200);
    expect(Buffer.from(dl.body).equals(pdf)).toBe(true);
    const news = await h.database.query<{ str: string }>('select str from notifications where user_id = $1 order by id', [u.row.id]);
    expect(news.map((n) => n.str).join('\n')).toMatch(/已被驳回：税号有误[\s\S]*已开具/);
    const audit = await h.database.query<{ action: string }>("select action from audit_log where action like 'invoice.%' and target like 'invoice:%' order by id");
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['invoice.ask', 'invoice.reject', 'invoice.issue']));
  });

  it('paper special invoices need a delivery address and a courier number; members get 403', async () => {
    const u = await makeUser(h);
    const op = await makeOperator(h);
    const o = await paidRecharge(u.api, 20);
    const hdr = (await u.api.post('/api/User/addInvoice', enterprise)).data.id;
    const addr = (await u.api.post('/api/User/addAddress', { name: '李四', province: '广东省', city: '深圳市', area: '南山区', address: '科技园', phoneNumber: '13800000000' })).data.id;
    const ask = await u.api.post('/api/User/invoiceAsk', { ids: `${o}`, userInvoiceId: hdr, userAddressId: addr, invoiceType: 'ENTERPRISE_SPECIAL' });
    expect(ask.code).toBe(200);
    const m = await multipart({ id: String(ask.data.id) });
    const none = await h.app.inject({ method: 'POST', url: '/api/admin/invoices/issue', headers: { authorization: `Bearer ${op.token}`, 'content-type': m.contentType }, payload: m.payload });
    expect(none.json()).toMatchObject({ code: 400, msg: MSG.INVOICE_COURIER_REQUIRED });
    const m2 = await multipart({ id: String(ask.data.id), courierNumber: 'SF1234567890' });
    expect((await h.app.inject({ method: 'POST', url: '/api/admin/invoices/issue', headers: { authorization: `Bearer ${op.token}`, 'content-type': m2.contentType }, payload: m2.payload })).json().code).toBe(200);
    expect((await u.api.post('/api/User/invoiceDetail', { id: ask.data.id })).data.detail).toMatchObject({ status: 3, courier_number: 'SF1234567890', address: '广东省深圳市南山区科技园', name: '李四' });
    const member = await h.app.inject({ method: 'GET', url: '/api/User/riseList', headers: { authorization: `Bearer ${u.token}`, role: '2' } });
    expect(member.json().code).toBe(403);
  });
});
