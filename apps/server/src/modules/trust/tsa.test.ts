/**
 * Trusted time end to end (issue 3 §1) on the real app and database, checked with the real `openssl`:
 * a deposit's token verifies with `openssl ts -verify` against the file and fails for a modified file;
 * POST /tsa answers raw `openssl ts -query` requests and rejects malformed ones with a TimeStampResp;
 * the HTTP client path (TSA_URL) and an unreachable TSA; keys generated 0600 or given by env.
 */
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { loadTrustKeys } from './keys.ts';
import { fromPem, toPem } from './pki.ts';
import { TsaUnavailable, tsaClient } from './tsa-client.ts';
import { blobFile } from '../../../test/blobFiles.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Runs openssl; returns exit status and combined output. */
function openssl(args: string[], cwd: string): { status: number; out: string } {
  const r = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** Writes the TSA chain PEM as tsa.pem (first certificate) and root.pem (last) in `dir`. */
function writeChain(dir: string, chainPem: string): void {
  const certs = fromPem(chainPem, 'CERTIFICATE');
  fs.writeFileSync(path.join(dir, 'tsa.pem'), toPem('CERTIFICATE', certs[0]!));
  fs.writeFileSync(path.join(dir, 'root.pem'), toPem('CERTIFICATE', certs.at(-1)!));
}

/** POST /tsa with raw bytes. */
async function postTsa(h: Harness, body: Buffer, contentType: string | null = 'application/timestamp-query') {
  const r = await h.app.inject({ method: 'POST', url: '/tsa', headers: contentType ? { 'content-type': contentType } : {}, payload: body });
  return { status: r.statusCode, type: String(r.headers['content-type']), body: r.rawPayload };
}

describe('trusted time (RFC 3161)', () => {
  let h: Harness;
  let dir: string;
  beforeAll(async () => {
    h = await makeHarness();
    dir = fs.mkdtempSync(path.join(h.dataDir, 'ts-'));
  });
  afterAll(async () => { await h?.close(); });

  it('generates the root, TSA and PDF-signing keys into DATA_DIR/keys with mode 0600', () => {
    for (const f of ['trust-root.pem', 'tsa.pem', 'pdf-sign.pem']) expect(fs.statSync(path.join(h.dataDir, 'keys', f)).mode & 0o777).toBe(0o600);
    const text = openssl(['x509', '-in', path.join(h.dataDir, 'keys', 'tsa-chain.pem'), '-noout', '-text'], dir).out;
    expect(text).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping/);
  });

  it('a deposit is time-stamped: genTime = saveTime = ledger time; openssl ts -verify OK, modified file FAILS', async () => {
    const u = await registerUser(h);
    const content = Buffer.from('购销合同正文：甲方向乙方购买货物一批。\n'.repeat(40));
    const up = await u.api.upload('合同.txt', content, { title: '购销合同' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    const rec = await h.services.trust.tokenFor(up.data.id);
    expect(rec).not.toBeNull();
    expect(rec!.genTime).toBe(up.data.saveTime);
    expect(rec!.sha256).toBe(sha(content));
    expect(rec!.tsaName).toBe('Cunzheng Time Stamping Authority');
    expect(Math.abs(rec!.genTime - Date.now() / 1000)).toBeLessThan(30);
    const proof = await client(h).get('/api/ledger/proof', { baoquan: up.data.baoquan });
    expect(JSON.parse(Buffer.from(proof.data.leaf, 'base64').toString('utf8')).time).toBe(rec!.genTime);

    fs.writeFileSync(path.join(dir, 'file.txt'), content);
    fs.writeFileSync(path.join(dir, 'ts.tsr'), rec!.response);
    fs.writeFileSync(path.join(dir, 'token.der'), rec!.token);
    writeChain(dir, await h.services.trust.tsaChainPem());
    const ok = openssl(['ts', '-verify', '-data', 'file.txt', '-in', 'ts.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir);
    expect(ok.out).toContain('Verification: OK');
    expect(ok.status).toBe(0);
    expect(openssl(['ts', '-verify', '-data', 'file.txt', '-token_in', '-in', 'token.der', '-CAfile', 'root.pem'], dir).out).toContain('Verification: OK');
    const serial = openssl(['ts', '-reply', '-in', 'ts.tsr', '-text'], dir).out;
    expect(serial.toLowerCase().replace(/\s/g, '')).toContain(`serialnumber:0x${rec!.serial}`);

    const modified = Buffer.from(content);
    modified[10] = modified[10]! ^ 0x01;
    fs.writeFileSync(path.join(dir, 'modified.txt'), modified);
    const bad = openssl(['ts', '-verify', '-data', 'modified.txt', '-in', 'ts.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir);
    expect(bad.out).toContain('Verification: FAILED');
    expect(bad.status).not.toBe(0);

    expect(await h.services.trust.verifyToken(rec!.token, sha(content))).toMatchObject({ ok: true, chainChecked: true, info: { genTime: rec!.genTime, serial: rec!.serial } });
    expect((await h.services.trust.verifyToken(rec!.token, sha(modified))).ok).toBe(false);
    const flipped = Buffer.from(rec!.token);
    flipped[flipped.length - 20] = flipped[flipped.length - 20]! ^ 0x01;
    expect((await h.services.trust.verifyToken(flipped, sha(content))).ok).toBe(false);
    expect((await h.services.trust.verifyToken(Buffer.from('garbage'), sha(content))).ok).toBe(false);
  });

  it('public: GET /api/trust/timestamp, tsa-chain.pem, root.pem; the certificate shows the token (zh, en)', async () => {
    const u = await registerUser(h);
    const content = crypto.randomBytes(3000);
    const up = await u.api.upload('data.bin', content);
    const anon = client(h);
    const ts = await h.app.inject({ method: 'GET', url: `/api/trust/timestamp?baoquan=${up.data.baoquan.toLowerCase()}` });
    expect(ts.headers['content-type']).toBe('application/timestamp-reply');
    expect(String(ts.headers['content-disposition'])).toContain(`timestamp-${up.data.baoquan}.tsr`);
    const root = await h.app.inject({ method: 'GET', url: '/api/trust/root.pem' });
    const chain = await h.app.inject({ method: 'GET', url: '/api/trust/tsa-chain.pem' });
    expect(fromPem(chain.body, 'CERTIFICATE')).toHaveLength(2);
    fs.writeFileSync(path.join(dir, 'pub.bin'), content);
    fs.writeFileSync(path.join(dir, 'pub.tsr'), ts.rawPayload);
    fs.writeFileSync(path.join(dir, 'pub-root.pem'), root.body);
    expect(openssl(['ts', '-verify', '-data', 'pub.bin', '-in', 'pub.tsr', '-CAfile', 'pub-root.pem'], dir).out).toContain('Verification: OK');
    expect(await anon.get('/api/trust/timestamp', { baoquan: 'CZ20260101AAAAAAAAAAAA' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.get('/api/trust/timestamp')).toMatchObject({ code: 400, msg: MSG.BAOQUAN_REQUIRED });

    const rec = (await h.services.trust.tokenFor(up.data.id))!;
    const view = await anon.get('/api/share/getView', { baoquan: up.data.baoquan });
    expect(view.data.saveTime).toBe(rec.genTime);
    for (const needle of ['可信时间戳', 'Cunzheng Time Stamping Authority', rec.serial, 'openssl ts -verify', '/api/trust/timestamp?baoquan=']) expect(view.data.html).toContain(needle);
    for (const needle of ['Trusted Timestamp', rec.serial, 'Verification: OK']) expect(view.data.htmlEn).toContain(needle);
  });

  it('POST /tsa answers a raw `openssl ts -query` with a token openssl verifies (imprint and nonce)', async () => {
    const data = Buffer.from('任意文件内容 any file content\n');
    fs.writeFileSync(path.join(dir, 'q.txt'), data);
    expect(openssl(['ts', '-query', '-data', 'q.txt', '-sha256', '-cert', '-out', 'q.tsq'], dir).status).toBe(0);
    const r = await postTsa(h, fs.readFileSync(path.join(dir, 'q.tsq')));
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/timestamp-reply');
    fs.writeFileSync(path.join(dir, 'q.tsr'), r.body);
    writeChain(dir, await h.services.trust.tsaChainPem());
    expect(openssl(['ts', '-reply', '-in', 'q.tsr', '-text'], dir).out).toContain('Status: Granted.');
    expect(openssl(['ts', '-verify', '-data', 'q.txt', '-in', 'q.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir).out).toContain('Verification: OK');
    expect(openssl(['ts', '-verify', '-queryfile', 'q.tsq', '-in', 'q.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir).out).toContain('Verification: OK');
    // Without -cert the token omits the TSA certificate; -untrusted supplies it.
    expect(openssl(['ts', '-query', '-data', 'q.txt', '-sha512', '-out', 'q2.tsq'], dir).status).toBe(0);
    fs.writeFileSync(path.join(dir, 'q2.tsr'), (await postTsa(h, fs.readFileSync(path.join(dir, 'q2.tsq')))).body);
    expect(openssl(['ts', '-verify', '-queryfile', 'q2.tsq', '-in', 'q2.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir).out).toContain('Verification: OK');
  });

  it('POST /tsa: malformed or unsupported queries get a rejection TimeStampResp, never an error page', async () => {
    expect(openssl(['ts', '-query', '-data', 'q.txt', '-sha1', '-cert', '-out', 'sha1.tsq'], dir).status).toBe(0);
    const good = fs.readFileSync(path.join(dir, 'q.tsq'));
    const cases: Array<[string, Buffer, string | null, RegExp]> = [
      ['garbage', Buffer.from('not a time-stamp query'), 'application/timestamp-query', /wrong format/],
      ['empty', Buffer.alloc(0), 'application/timestamp-query', /wrong format/],
      ['truncated', good.subarray(0, good.length - 5), 'application/timestamp-query', /wrong format/],
      ['trailing bytes', Buffer.concat([good, Buffer.from([0])]), 'application/timestamp-query', /wrong format/],
      ['sha1', fs.readFileSync(path.join(dir, 'sha1.tsq')), 'application/timestamp-query', /unsupported algorithm|unrecognized/i],
      ['json', Buffer.from('{"a":1}'), 'application/json', /wrong format/],
      ['form', Buffer.from('a=1'), 'application/x-www-form-urlencoded', /wrong format/],
      ['no type', crypto.randomBytes(100), null, /wrong format/],
      ['oversize', crypto.randomBytes(5000), 'application/timestamp-query', /wrong format/],
      ['too large for the body limit', crypto.randomBytes(70 * 1024), 'application/timestamp-query', /request/i],
    ];
    for (const [name, body, type, failure] of cases) {
      const r = await postTsa(h, body, type);
      expect(r.status, name).toBe(200);
      expect(r.type, name).toBe('application/timestamp-reply');
      fs.writeFileSync(path.join(dir, 'rej.tsr'), r.body);
      const text = openssl(['ts', '-reply', '-in', 'rej.tsr', '-text'], dir).out;
      expect(text, name).toContain('Status: Rejected.');
      expect(text, name).toMatch(failure);
    }
  });

  it('TSA_URL: the client speaks HTTP to an external TSA (here another instance), TSA_CHAIN verifies it', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (h.app.server.address() as AddressInfo).port;
    const chain = await h.services.trust.tsaChainPem();
    const b = await makeHarness({ TSA_URL: `http://127.0.0.1:${port}/tsa`, TSA_CHAIN: chain });
    try {
      const u = await registerUser(b);
      const content = Buffer.from('经由 HTTP 时间戳服务保全的文件\n');
      const up = await u.api.upload('http.txt', content);
      expect(up, up.msg).toMatchObject({ code: 200 });
      const rec = (await b.services.trust.tokenFor(up.data.id))!;
      expect(rec.genTime).toBe(up.data.saveTime);
      expect(await b.services.trust.tsaChainPem()).toBe(chain);
      expect(await b.services.trust.tsaChainPem(rec.token)).toBe(chain);
      expect((await b.services.trust.verifyToken(rec.token, sha(content))).ok).toBe(true);
      fs.writeFileSync(path.join(dir, 'http.txt'), content);
      fs.writeFileSync(path.join(dir, 'http.tsr'), rec.response);
      writeChain(dir, chain);
      expect(openssl(['ts', '-verify', '-data', 'http.txt', '-in', 'http.tsr', '-CAfile', 'root.pem', '-untrusted', 'tsa.pem'], dir).out).toContain('Verification: OK');
    } finally {
      await b.close();
    }
  });

  it('an unreachable TSA fails the deposit cleanly: 400 可信时间戳服务暂不可用，请稍后重试, nothing stored', async () => {
    const c = await makeHarness({ TSA_URL: 'http://127.0.0.1:1/tsa', TSA_TIMEOUT_MS: '2000' });
    try {
      const u = await registerUser(c);
      const before = (await client(c).get('/api/health')).data.ledgerSize;
      const content = Buffer.from(`无法加盖时间戳的文件 ${crypto.randomUUID()}\n`);
      expect(await u.api.upload('x.txt', content)).toMatchObject({ code: 400, msg: MSG.TSA_UNAVAILABLE });
      expect((await u.api.get('/api/data/getList')).data.count).toBe(0);
      expect((await client(c).get('/api/health')).data.ledgerSize).toBe(before);
      expect(fs.readdirSync(path.join(c.dataDir, 'blobs', 'tmp'))).toEqual([]);
      expect(fs.existsSync(blobFile(c.ctx.blobs, sha(content)))).toBe(false);
    } finally {
      await c.close();
    }
  });

  it('the client refuses garbage, refusals and tokens for another hash', async () => {
    const keys = await loadTrustKeys(h.dataDir);
    const roots = () => ({ roots: [keys.rootDer!] });
    const digest = crypto.randomBytes(32);
    await expect(tsaClient(async () => Buffer.from('<html>'), roots).stamp(digest)).rejects.toBeInstanceOf(TsaUnavailable);
    await expect(tsaClient(async () => h.services.trust.reject(2, 'no'), roots).stamp(digest)).rejects.toThrow(/refused/);
    const other = tsaClient(async () => {
      fs.writeFileSync(path.join(dir, 'o.txt'), crypto.randomBytes(10));
      openssl(['ts', '-query', '-data', 'o.txt', '-sha256', '-cert', '-out', 'o.tsq'], dir);
      return h.services.trust.respond(fs.readFileSync(path.join(dir, 'o.tsq')));
    }, roots);
    await expect(other.stamp(digest)).rejects.toThrow(/imprint/);
  });
});

describe('trust keys from env', () => {
  it('TSA_KEY / TSA_CERT / TSA_CA_CERT (files made by openssl) are used instead of generated keys', async () => {
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cz-tsa-env-'));
    try {
      const run = (args: string[]) => expect(openssl(args, dir).status, args.join(' ')).toBe(0);
      run(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-subj', '/CN=Env Root']);
      fs.writeFileSync(path.join(dir, 'ext.cnf'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=critical,timeStamping\n');
      run(['req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Env TSA']);
      run(['x509', '-req', '-in', 'tsa.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'tsa.pem', '-days', '3650', '-extfile', 'ext.cnf']);
      await expect(loadTrustKeys(dir, { TSA_KEY: path.join(dir, 'tsa.key') })).rejects.toThrow(/TSA_KEY and TSA_CERT/);
      await expect(loadTrustKeys(dir, { TSA_KEY: path.join(dir, 'ca.key'), TSA_CERT: path.join(dir, 'tsa.pem') })).rejects.toThrow(/does not match/);
      const env = { TSA_KEY: fs.readFileSync(path.join(dir, 'tsa.key'), 'utf8').replace(/\n/g, '\\n'), TSA_CERT: path.join(dir, 'tsa.pem'), TSA_CA_CERT: path.join(dir, 'ca.pem') };
      const h = await makeHarness(env);
      try {
        expect(fs.existsSync(path.join(h.dataDir, 'keys', 'tsa.pem'))).toBe(false);
        const u = await registerUser(h);
        const content = Buffer.from('env TSA\n');
        const up = await u.api.upload('env.txt', content);
        expect(up, up.msg).toMatchObject({ code: 200 });
        const rec = (await h.services.trust.tokenFor(up.data.id))!;
        expect(rec.tsaName).toBe('Env TSA');
        fs.writeFileSync(path.join(dir, 'env.txt'), content);
        fs.writeFileSync(path.join(dir, 'env.tsr'), rec.response);
        expect(openssl(['ts', '-verify', '-data', 'env.txt', '-in', 'env.tsr', '-CAfile', 'ca.pem', '-untrusted', 'tsa.pem'], dir).out).toContain('Verification: OK');
      } finally {
        await h.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
