/**
 * Issue 8 (Bad input): every public certificate/share API answers an unknown baoquan with the clear
 * 400 保全号不存在 (the web shows its 保全号不存在 page from it), never an empty certificate, a 404
 * envelope or a 500 — for a well-formed number nobody issued, a malformed one and a data baoquan asked
 * of the web-capture API. One place that lists them all, so a new share API is added here too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { client, registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

describe('unknown baoquan on the certificate and share APIs', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h?.close(); });

  it('answers 400 保全号不存在 everywhere', async () => {
    const anon = client(h);
    const u = await registerUser(h);
    const data = (await u.api.upload('a.txt', Buffer.from('hello'))).data;
    const calls = (bq: string) => [
      () => anon.get('/api/share/getView', { baoquan: bq }),
      () => anon.post('/api/check/bqno', { no: bq }),
      () => anon.post('/api/share/downBaoquan', { baoquan: bq, code: '123456' }),
      () => anon.post('/api/check/downCertificate', { no: bq }),
      () => anon.get('/api/trust/timestamp', { baoquan: bq }),
      () => anon.get('/api/ledger/package', { baoquan: bq }),
    ];
    const webCalls = (bq: string) => [
      () => anon.get('/api/share/getWebView', { baoquan: bq }),
      () => anon.post('/api/share/webDownload', { baoquan: bq, code: '123456' }),
      () => anon.get('/api/share/webReplay', { baoquan: bq }),
    ];
    for (const bq of ['CZ20260101AAAAAAAAAAAA', 'cz20260101aaaaaaaaaaaa', 'nope', '../../etc/passwd']) {
      for (const call of [...calls(bq), ...webCalls(bq)]) expect(await call()).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    }
    // A data deposit's number is not a web capture's.
    for (const call of webCalls(data.baoquan)) expect(await call()).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    // …and the real number still opens its certificate.
    expect(await anon.get('/api/share/getView', { baoquan: data.baoquan })).toMatchObject({ code: 200, data: { baoquan: data.baoquan } });
  });
});
