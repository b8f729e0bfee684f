/**
 * Certificate and sharing end to end (issue 2 §6; spec p1 §2, §3, §6, §7; p2 §2 证据提取) on the real
 * app: real registration, real uploads, the real ledger, real Chromium PDFs checked with poppler.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { evidence, users } from '../../db/schema/index.ts';
import { client, form, imageCaptcha, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { LONGEST_WAIT_MS, startEarlyInWindow } from '../../../test/helpers/fixedWindow.ts';
import { EXTRACT_LIMITS } from './extract.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const EVIL_TITLE = `<script>alert("x")</script><img src=x onerror=alert(1)>&'"`;
const EVIL_NAME = `<b onmouseover=alert(2)>合同.txt`;

type Api = ReturnType<typeof client>;

/** POST from a chosen client address (the TCP peer: no proxy is trusted by default). */
async function postFrom(h: Harness, ip: string, url: string, body: Record<string, string>) {
  const r = await h.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form(body) });
  return r.json() as { code: number; msg: string; data: any };
}

/** Decodes the ticket inside a signed downUrl (payload part, before the HMAC). */
const ticketOf = (downUrl: string) => JSON.parse(Buffer.from(downUrl.split('/').pop()!.split('.')[0]!, 'base64url').toString('utf8'));

describe('certificate and sharing', () => {
  let h: Harness;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let anon: Api;
  const content = Buffer.from('劳动合同正文：甲方与乙方于2026年签订本合同。\n'.repeat(50));
  let ev: { id: number; baoquan: string; chainhash: string; sha256: string; saveTime: number };

  beforeAll(async () => {
    h = await makeHarness();
    owner = await registerUser(h, { name: '张三丰' });
    other = await registerUser(h, { name: '李四' });
    anon = client(h);
    // The upload route refuses special characters in titles (spec p2 §5) but not in file names; titles
    // from other sources (a captured web page's <title>, imports) can hold anything, so the stored title is
    // set to a hostile one directly to prove the certificate escapes whatever is stored.
    const up = await owner.api.upload(EVIL_NAME, content, { title: '劳动合同', label: '合同' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    ev = up.data;
    await h.database.db.update(evidence).set({ title: EVIL_TITLE }).where(eq(evidence.id, ev.id));
  });
  afterAll(async () => { await h?.close(); });

  it('getView: anonymous visitor sees the certificate, not the owner fields', async () => {
    const r = await anon.get('/api/share/getView', { baoquan: ev.baoquan });
    expect(r.code).toBe(200);
    const v = r.data;
    expect(v).toMatchObject({ id: 0, baoquan: ev.baoquan, title: EVIL_TITLE, fileName: EVIL_NAME, fileType: 1, size: content.length, sha256: sha(content), label: '', saveTime: ev.saveTime, chainhash: ev.chainhash, isSelf: 0, isDownload: 1, isApp: 0, mp4Path: '', deleted: 0 });
    expect(v.treeSize).toBeGreaterThan(v.ledgerIndex);
    for (const needle of ['电子数据保全证书', ev.baoquan, sha(content), ev.chainhash, '张*丰', '（北京时间 UTC+8）', `${content.length.toLocaleString('en-US')} 字节`, '/api/ledger/proof?baoquan=', 'sha256sum']) expect(v.html).toContain(needle);
    const key = await h.app.inject({ method: 'GET', url: '/api/ledger/key' });
    expect(v.html).toContain(key.body);
    for (const needle of ['Electronic Data Preservation Certificate', ev.baoquan, 'Depositor', 'Ledger Index', 'Checkpoint at Issue']) expect(v.htmlEn).toContain(needle);
    expect(v.html).not.toContain(owner.mobile);
  });

  it('getView: escapes every user value (malicious title and file name)', async () => {
    const { data: v } = await anon.get('/api/share/getView', { baoquan: ev.baoquan });
    for (const html of [v.html, v.htmlEn]) {
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('<b onmouseover');
      expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
      expect(html).toContain('&#38;&#39;&#34;');
      // Every '<' left is our own markup: no <script> element and no tag with an on*= handler.
      expect(/<script/i.test(html)).toBe(false);
      expect(/<[^>]*\son\w+\s*=/i.test(html)).toBe(false);
    }
  });

  it('isSelf: 1 for the logged-in owner only; id and label only for them', async () => {
    const mine = await owner.api.get('/api/share/getView', { baoquan: ev.baoquan });
    expect(mine.data).toMatchObject({ isSelf: 1, id: ev.id, label: '合同' });
    const theirs = await other.api.get('/api/share/getView', { baoquan: ev.baoquan });
    expect(theirs.data).toMatchObject({ isSelf: 0, id: 0, label: '' });
    // A revoked token reads like a logged-out visitor (the page stays public).
    const bad = await client(h, 'x'.repeat(43)).get('/api/share/getView', { baoquan: ev.baoquan });
    expect(bad.data).toMatchObject({ isSelf: 0 });
  });

  it('isSelf follows the active userStatus of spec p2 §4 (1–4 active, anything else not)', async () => {
    const setStatus = (s: number) => h.database.db.update(users).set({ userStatus: s }).where(eq(users.mobile, owner.mobile));
    try {
      for (const s of [1, 2, 3, 4]) {
        await setStatus(s);
        expect((await owner.api.get('/api/share/getView', { baoquan: ev.baoquan })).data.isSelf).toBe(1);
      }
      await setStatus(0);
      expect((await owner.api.get('/api/share/getView', { baoquan: ev.baoquan })).data.isSelf).toBe(0);
    } finally {
      await setStatus(1);
    }
  });

  it('getView: bad numbers answer 400 with Chinese messages; case does not matter', async () => {
    expect(await anon.get('/api/share/getView', { baoquan: 'CZ20260101AAAAAAAAAAAA' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.get('/api/share/getView')).toMatchObject({ code: 400, msg: MSG.BAOQUAN_REQUIRED });
    expect(await anon.get('/api/share/getView', { baoquan: 'x'.repeat(5000) })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.get('/api/share/getView', { baoquan: `' or 1=1 --` })).toMatchObject({ code: 400 });
    expect((await anon.get('/api/share/getView', { baoquan: ev.baoquan.toLowerCase() })).data.baoquan).toBe(ev.baoquan);
  });

  it('bqno → viewToken → bqview round trip; forged, foreign and missing tokens are refused', async () => {
    const t = await anon.post('/api/check/bqno', { no: ev.baoquan });
    expect(t.code).toBe(200);
    expect(t.data.viewToken).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    const v = await anon.post('/api/check/bqview', { viewToken: t.data.viewToken, no: ev.baoquan });
    expect(v.data).toMatchObject({ baoquan: ev.baoquan, isSelf: 0, chainhash: ev.chainhash });
    expect(v.data.html).toContain('电子数据保全证书');
    const asOwner = await owner.api.post('/api/check/bqview', { viewToken: t.data.viewToken, no: ev.baoquan });
    expect(asOwner.data.isSelf).toBe(1);

    const [exp, mac] = t.data.viewToken.split('.');
    const forgedMac = `${exp}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`;
    const laterExp = `${Number(exp) + 86400}.${mac}`;
    for (const viewToken of [forgedMac, laterExp, 'abc', `${exp}.${'A'.repeat(43)}`]) {
      expect(await anon.post('/api/check/bqview', { viewToken, no: ev.baoquan })).toMatchObject({ code: 400, msg: MSG.VIEW_TOKEN_INVALID });
    }
    expect(await anon.post('/api/check/bqview', { no: ev.baoquan })).toMatchObject({ code: 400, msg: MSG.VIEW_TOKEN_INVALID });
    // A token binds its number: it does not open another certificate.
    const second = (await owner.api.upload('b.txt', Buffer.from('second file'))).data;
    expect(await anon.post('/api/check/bqview', { viewToken: t.data.viewToken, no: second.baoquan })).toMatchObject({ code: 400, msg: MSG.VIEW_TOKEN_INVALID });
    expect(await anon.post('/api/check/bqno', { no: 'CZ20260101AAAAAAAAAAAA' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.post('/api/check/bqno', {})).toMatchObject({ code: 400, msg: MSG.BAOQUAN_REQUIRED });
  });

  it('extraction with the right code gives a downUrl serving the exact bytes', async () => {
    const code = owner.userInfo.extractCode as string;
    expect(code).toMatch(/^\d{6}$/);
    const r = await postFrom(h, '10.1.0.1', '/api/share/downBaoquan', { baoquan: ev.baoquan, code });
    expect(r.code).toBe(200);
    expect(r.data.downUrl).toMatch(/^\/api\/file\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const dl = await anon.download(r.data.downUrl);
    expect(dl.status).toBe(200);
    expect(sha(dl.body)).toBe(sha(content));
    const star = /filename\*=UTF-8''([^;]+)/.exec(String(dl.headers['content-disposition']))?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(EVIL_NAME);
  });

  it('extraction: wrong, empty and oversize codes; unknown number', async () => {
    const wrong = owner.userInfo.extractCode === '000000' ? '111111' : '000000';
    expect(await postFrom(h, '10.1.0.2', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: wrong })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG, data: null });
    expect(await postFrom(h, '10.1.0.2', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: '' })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_REQUIRED });
    expect(await postFrom(h, '10.1.0.2', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: '1'.repeat(31) })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_TOO_LONG });
    expect(await postFrom(h, '10.1.0.2', '/api/share/downBaoquan', { baoquan: 'CZ20260101AAAAAAAAAAAA', code: '123456' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    // Another user's extraction code does not open this owner's evidence.
    const foreign = other.userInfo.extractCode as string;
    if (foreign !== owner.userInfo.extractCode) {
      expect(await postFrom(h, '10.1.0.2', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: foreign })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
    }
  });

  it('wrong codes: the budget is per owner and client; after 5 the client needs a captcha, the right code still opens (issue 9 §3)', async () => {
    const victim = await registerUser(h, { name: '王小二' });
    const e1 = (await victim.api.upload('a.txt', Buffer.from('evidence one'))).data;
    const e2 = (await victim.api.upload('b.txt', Buffer.from('evidence two'))).data;
    const right = victim.userInfo.extractCode as string;
    const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555', '666666'].filter((c) => c !== right);
    await startEarlyInWindow(EXTRACT_LIMITS.perOwnerClient.windowSeconds); // the counting below stays in one window
    // One code opens every evidence of the owner, so the guesses are counted per owner, across certificates.
    for (let i = 0; i < 5; i++) {
      const r = await postFrom(h, '10.2.0.1', '/api/share/downBaoquan', { baoquan: (i % 2 ? e1 : e2).baoquan, code: wrongs[i]! });
      expect(r).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
    }
    // The guessing client now needs a captcha for this owner, on either certificate, even with the right code.
    const need = await postFrom(h, '10.2.0.1', '/api/share/downBaoquan', { baoquan: e1.baoquan, code: right });
    expect(need).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED, data: { needCaptcha: 1 } });
    const bad = await postFrom(h, '10.2.0.1', '/api/share/downBaoquan', { baoquan: e1.baoquan, code: right, captchaId: 'nope', imgCode: 'abcd' });
    expect(bad).toMatchObject({ code: 400, msg: MSG.IMG_CODE_WRONG, data: { needCaptcha: 1 } });
    // … and gets the file once it solves one: nobody is locked out.
    const solved = await postFrom(h, '10.2.0.1', '/api/share/downBaoquan', { baoquan: e2.baoquan, code: right, ...(await imageCaptcha(h)) });
    expect(solved.code, solved.msg).toBe(200);
    // The holder of the right code on another client is not affected by the stranger's guesses.
    expect((await postFrom(h, '10.2.0.2', '/api/share/downBaoquan', { baoquan: e1.baoquan, code: right })).code).toBe(200);
  }, 60_000 + LONGEST_WAIT_MS);

  it('wrong codes from many clients: past 20 for an owner everyone needs a captcha, the holder still gets in', async () => {
    const victim = await registerUser(h, { name: '赵小三' });
    const target = (await victim.api.upload('c.txt', Buffer.from('evidence three'))).data;
    const right = victim.userInfo.extractCode as string;
    const wrong = right === '999999' ? '888888' : '999999';
    await startEarlyInWindow(EXTRACT_LIMITS.perOwner.windowSeconds);
    for (let i = 0; i < 20; i++) expect((await postFrom(h, `10.3.${i}.1`, '/api/share/downBaoquan', { baoquan: target.baoquan, code: wrong })).msg).toBe(MSG.EXTRACT_CODE_WRONG);
    expect(await postFrom(h, '10.3.99.1', '/api/share/downBaoquan', { baoquan: target.baoquan, code: right })).toMatchObject({ code: 400, msg: MSG.IMG_CODE_REQUIRED, data: { needCaptcha: 1 } });
    const r = await postFrom(h, '10.3.99.1', '/api/share/downBaoquan', { baoquan: target.baoquan, code: right, ...(await imageCaptcha(h)) });
    expect(r.code, r.msg).toBe(200);
    // Other owners are not affected.
    expect((await postFrom(h, '10.3.99.1', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: owner.userInfo.extractCode })).code).toBe(200);
  }, 60_000 + LONGEST_WAIT_MS);

  it('a client with 30 wrong codes in an hour (any owners) is refused; other clients and right codes are not limited', async () => {
    const right = owner.userInfo.extractCode as string;
    for (let i = 0; i < 25; i++) expect((await postFrom(h, '10.9.9.10', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: right })).code).toBe(200);
    const victims = await Promise.all([0, 1, 2, 3, 4, 5].map(() => registerUser(h)));
    const targets = await Promise.all(victims.map(async (v) => ({ v, e: (await v.api.upload('d.txt', Buffer.from(`d${v.mobile}`))).data })));
    let n = 0;
    await startEarlyInWindow(EXTRACT_LIMITS.perClient.windowSeconds);
    for (const { v, e } of targets) {
      const wrong = v.userInfo.extractCode === '777777' ? '666666' : '777777';
      for (let i = 0; i < 5; i++, n++) expect((await postFrom(h, '10.9.9.9', '/api/share/downBaoquan', { baoquan: e.baoquan, code: wrong })).msg).toBe(MSG.EXTRACT_CODE_WRONG);
    }
    expect(n).toBe(30);
    expect(await postFrom(h, '10.9.9.9', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: right })).toMatchObject({ code: 400, msg: MSG.TOO_FREQUENT });
    expect(await postFrom(h, '10.9.9.11', '/api/share/downBaoquan', { baoquan: ev.baoquan, code: right })).toMatchObject({ code: 200 });
  }, 60_000 + LONGEST_WAIT_MS);

  it('downCertificate: a real A4 PDF with the Chinese title and the number (pdftotext), rendered once then cached', async () => {
    const t0 = performance.now();
    const r = await anon.post('/api/check/downCertificate', { no: ev.baoquan });
    const first = performance.now() - t0;
    expect(r.code).toBe(200);
    const dl = await anon.download(r.data.downUrl);
    expect(dl.status).toBe(200);
    expect(dl.headers['content-type']).toBe('application/pdf');
    const star = /filename\*=UTF-8''([^;]+)/.exec(String(dl.headers['content-disposition']))?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(`保全证书-${ev.baoquan}.pdf`);
    expect(dl.body.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = fs.mkdtempSync(path.join(h.dataDir, 'pdf-'));
    const file = path.join(dir, 'cert.pdf');
    fs.writeFileSync(file, dl.body);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+1\n[\s\S]*Page size:\s+59[45]\.\d+ x 841\.\d+ pts \(A4\)/);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain('电子数据保全证书');
    expect(flat).toContain(ev.baoquan);
    expect(flat).toContain(sha(content));
    expect(flat).toContain('张*丰');
    // The hostile title is printed as text, i.e. it was never interpreted as markup.
    expect(flat).toContain('<script>alert("x")</script>');
    fs.mkdirSync('/tmp/shots', { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, '/tmp/shots/cert']);
    expect(fs.statSync('/tmp/shots/cert.png').size).toBeGreaterThan(10_000);

    const t1 = performance.now();
    const again = await anon.post('/api/check/downCertificate', { no: ev.baoquan });
    const second = performance.now() - t1;
    expect(ticketOf(again.data.downUrl).item.sha256).toBe(ticketOf(r.data.downUrl).item.sha256);
    console.log(`certificate PDF: first request ${first.toFixed(0)} ms (incl. Chromium launch), cached ${second.toFixed(1)} ms, ${dl.body.length} bytes`);

    const en = await anon.post('/api/check/downCertificate', { no: ev.baoquan, lang: 'en' });
    const enDl = await anon.download(en.data.downUrl);
    fs.writeFileSync(file, enDl.body);
    const enText = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, '');
    expect(enText).toContain('ElectronicData');
    expect(enText).toContain('PreservationCertificate');
    expect(enText).toContain('Depositor');
    expect(enText).toContain('张*丰');
    expect(enText).toContain(ev.baoquan);
    expect(String(enDl.headers['content-disposition'])).toContain(`Certificate-${ev.baoquan}.pdf`);
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, '/tmp/shots/cert-en']);

    expect(await anon.post('/api/check/downCertificate', { no: 'CZ20260101AAAAAAAAAAAA' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.post('/api/check/downCertificate', { no: ev.baoquan, lang: 'fr' })).toMatchObject({ code: 400 });
  });

  it('deleted by the owner: the certificate page says so (current state), extraction refuses, the ledger entry stays', async () => {
    const up = await owner.api.upload('待删除.txt', Buffer.from('to be deleted by the owner'));
    const del = await owner.api.get('/api/data/delData', { dataId: up.data.id });
    expect(del.code).toBe(200);
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const v = (await anon.get('/api/share/getView', { baoquan: up.data.baoquan })).data;
    expect(v).toMatchObject({ deleted: 1, isDownload: 0, isSelf: 0 });
    expect(v.html).toContain(`保全人已于 ${day} 删除该证据文件；账本中的保全记录永久保留`);
    expect(v.htmlEn).toContain(`The depositor deleted the file on ${day}; the ledger entry remains`);
    expect((await owner.api.get('/api/share/getView', { baoquan: up.data.baoquan })).data).toMatchObject({ deleted: 1, isDownload: 0, isSelf: 1 });
    expect(await postFrom(h, '10.5.0.1', '/api/share/downBaoquan', { baoquan: up.data.baoquan, code: owner.userInfo.extractCode })).toMatchObject({ code: 400, msg: MSG.EVIDENCE_MISSING });
    expect((await anon.get('/api/ledger/proof', { baoquan: up.data.baoquan })).code).toBe(200);
    const pdf = await anon.post('/api/check/downCertificate', { no: up.data.baoquan });
    const file = path.join(h.dataDir, 'deleted.pdf');
    fs.writeFileSync(file, (await anon.download(pdf.data.downUrl)).body);
    // The issued certificate states the deposit (issue 10 §1): the later deletion is current state, shown on the page only.
    const flat = execFileSync('pdftotext', [file, '-']).toString().replace(/\s+/g, '');
    expect(flat).toContain(up.data.baoquan);
    expect(flat).not.toContain('删除该证据文件');
  });
});
