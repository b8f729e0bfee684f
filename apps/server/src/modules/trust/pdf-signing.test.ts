/**
 * Signed certificate PDFs (issue 3 §2) on the real app: Chromium prints, the trust module signs
 * (PAdES B-T, extended to B-LTA: pdf-lta.test.ts), and the result is checked with real tools — `pdfsig` (poppler/NSS) lists a valid
 * ETSI.CAdES.detached signature and catches one flipped byte; `openssl cms -verify` accepts the CMS;
 * `openssl ts -verify` accepts the embedded signature time-stamp; pdftoppm still renders the Chinese.
 */
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { OID, ab, fromPem, toPem } from './pki.ts';

/** Runs a tool; returns exit status and combined output. */
function run(cmd: string, args: string[], cwd: string): { status: number; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/**
 * The byte ranges, the signed bytes and the CMS (DER, placeholder padding removed) of the PDF's `which`
 * signature in file order (default the first: the PAdES signature; the B-LTA document time-stamps follow).
 */
function splitSigned(pdf: Buffer, which = 0) {
  const m = [...pdf.toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(which);
  if (!m) throw new Error('no /ByteRange');
  const [a, b, c, d] = m.slice(1).map(Number) as [number, number, number, number];
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = pdf.subarray(a + b + 1, c - 1).toString('latin1');
  const padded = Buffer.from(hex, 'hex');
  const cms = padded.subarray(0, asn1js.fromBER(ab(padded)).offset);
  return { range: [a, b, c, d] as const, signed, cms };
}

/** Downloads the certificate PDF of `baoquan`. */
async function certificatePdf(h: Harness, baoquan: string, lang: 'zh' | 'en' = 'zh'): Promise<Buffer> {
  const anon = client(h);
  const r = await anon.post('/api/check/downCertificate', { no: baoquan, lang });
  expect(r, r.msg).toMatchObject({ code: 200 });
  const dl = await anon.download(r.data.downUrl);
  expect(dl.status).toBe(200);
  return dl.body;
}

describe('signed certificate PDF (PAdES B-T)', () => {
  let h: Harness;
  let dir: string;
  let baoquan: string;
  beforeAll(async () => {
    h = await makeHarness();
    dir = fs.mkdtempSync(path.join(h.dataDir, 'pdf-'));
    const u = await registerUser(h, { name: '王五' });
    const up = await u.api.upload('劳动合同.txt', Buffer.from('劳动合同正文。\n'.repeat(30)), { title: '劳动合同' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    baoquan = up.data.baoquan;
  });
  afterAll(async () => { await h?.close(); });

  it('pdfsig lists a valid ETSI.CAdES.detached signature, then the B-LTA document time-stamp covering the whole document; Chinese still renders', async () => {
    const pdf = await certificatePdf(h, baoquan);
    const file = path.join(dir, 'cert.pdf');
    fs.writeFileSync(file, pdf);
    const sig = run('pdfsig', [file], dir).out;
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(sig).toContain('Signature Type: ETSI.CAdES.detached');
    // B-LTA (issue 10 §3): the document time-stamp of the last revision covers the whole file (poppler
    // 22 lists it but cannot validate /ETSI.RFC3161; pdf-lta.test.ts checks it with openssl ts).
    expect(sig).toContain('Signature Field Name: DocTimeStamp1');
    expect(sig).toContain('Total document signed');
    expect(sig).toContain('Signer Certificate Common Name: Cunzheng Certificate Signing');
    // Our own root: not in the system trust store (README: how to trust it).
    expect(sig).toMatch(/Certificate Validation: Certificate issuer isn't Trusted|Certificate Validation: Unknown issuer/);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Pages:\s+1\n/);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString().replace(/\s+/g, '');
    for (const needle of ['电子数据保全证书', baoquan, '可信时间戳', 'CunzhengTimeStampingAuthority']) expect(text).toContain(needle);
    fs.mkdirSync('/tmp/shots/trust', { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, '/tmp/shots/trust/cert-signed']);
    expect(fs.statSync('/tmp/shots/trust/cert-signed.png').size).toBeGreaterThan(10_000);

    const en = await certificatePdf(h, baoquan, 'en');
    fs.writeFileSync(path.join(dir, 'cert-en.pdf'), en);
    expect(run('pdfsig', ['cert-en.pdf'], dir).out).toContain('Signature Validation: Signature is Valid.');
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'cert-en.pdf'), '/tmp/shots/trust/cert-signed-en']);
  });

  it('the CMS: openssl cms -verify OK; signed attributes per PAdES; the signature time-stamp verifies with openssl ts', async () => {
    const pdf = await certificatePdf(h, baoquan);
    const { signed, cms } = splitSigned(pdf);
    fs.writeFileSync(path.join(dir, 'signed.bin'), signed);
    fs.writeFileSync(path.join(dir, 'sig.der'), cms);
    fs.writeFileSync(path.join(dir, 'root.pem'), await h.services.trust.rootPem());
    const v = run('openssl', ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'sig.der', '-content', 'signed.bin', '-CAfile', 'root.pem', '-out', '/dev/null'], dir);
    expect(v.out).toContain('Verification successful');

    const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab(cms)).content });
    expect(sd.encapContentInfo.eContentType).toBe(OID.data);
    expect(sd.encapContentInfo.eContent).toBeUndefined();
    const si = sd.signerInfos[0]!;
    const signedTypes = si.signedAttrs!.attributes.map((a) => a.type);
    expect(signedTypes).toEqual(expect.arrayContaining([OID.contentType, OID.messageDigest, OID.signingCertificateV2]));
    expect(signedTypes).not.toContain(OID.signingTime);
    const tsAttr = si.unsignedAttrs?.attributes.find((a) => a.type === OID.signatureTimeStampToken);
    expect(tsAttr).toBeDefined();
    fs.writeFileSync(path.join(dir, 'sigts.der'), Buffer.from((tsAttr!.values[0] as asn1js.Sequence).toBER(false)));
    const sigValueHash = crypto.createHash('sha256').update(si.signature.valueBlock.valueHexView).digest('hex');
    const ts = run('openssl', ['ts', '-verify', '-digest', sigValueHash, '-token_in', '-in', 'sigts.der', '-CAfile', 'root.pem'], dir);
    expect(ts.out).toContain('Verification: OK');
    const other = crypto.createHash('sha256').update('x').digest('hex');
    expect(run('openssl', ['ts', '-verify', '-digest', other, '-token_in', '-in', 'sigts.der', '-CAfile', 'root.pem'], dir).out).toContain('Verification: FAILED');
  });

  it.skipIf(spawnSync('certutil', ['-H']).error !== undefined)('with the platform root in an NSS database (certutil, apt libnss3-tools) pdfsig trusts the certificate', async () => {
    const pdf = await certificatePdf(h, baoquan);
    fs.writeFileSync(path.join(dir, 'trusted.pdf'), pdf);
    fs.writeFileSync(path.join(dir, 'root.pem'), await h.services.trust.rootPem());
    fs.mkdirSync(path.join(dir, 'nssdb'));
    expect(run('certutil', ['-N', '-d', 'sql:nssdb', '--empty-password'], dir).status).toBe(0);
    expect(run('certutil', ['-d', 'sql:nssdb', '-A', '-n', 'cunzheng-root', '-t', 'C,C,C', '-i', 'root.pem'], dir).status).toBe(0);
    const out = run('pdfsig', ['-nssdir', 'sql:nssdb', 'trusted.pdf'], dir).out;
    expect(out).toContain('Signature Validation: Signature is Valid.');
    expect(out).toContain('Certificate Validation: Certificate is Trusted.');
  });

  it('one flipped byte in the signed range → pdfsig reports the signature invalid', async () => {
    const pdf = await certificatePdf(h, baoquan);
    const { range } = splitSigned(pdf);
    // A byte inside the first content stream, so the file still parses and only the digest changes.
    const at = pdf.indexOf('stream\n', 200) + 'stream\n'.length + 8;
    expect(at).toBeGreaterThan(200);
    expect(at).toBeLessThan(range[1]);
    const tampered = Buffer.from(pdf);
    tampered[at] = tampered[at]! ^ 0x01;
    fs.writeFileSync(path.join(dir, 'tampered.pdf'), tampered);
    const out = run('pdfsig', ['tampered.pdf'], dir).out;
    expect(out).not.toContain('Signature is Valid.');
    expect(out).toMatch(/Digest Mismatch|Signature is Invalid/);
    // And a byte after the signature (second range).
    const tail = Buffer.from(pdf);
    const at2 = range[2] + 10;
    tail[at2] = tail[at2] === 0x20 ? 0x0a : 0x20;
    fs.writeFileSync(path.join(dir, 'tampered2.pdf'), tail);
    expect(run('pdfsig', ['tampered2.pdf'], dir).out).not.toContain('Signature is Valid.');
  });
});

describe('PDF signer from env (RSA key made by openssl)', () => {
  it('PDF_SIGN_KEY / PDF_SIGN_CERT / PDF_SIGN_CA_CERT sign certificates that pdfsig accepts', async () => {
    const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'cz-pdfsign-env-'));
    try {
      const ok = (args: string[]) => expect(run('openssl', args, dir).status, args.join(' ')).toBe(0);
      ok(['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '3650', '-subj', '/CN=Env Doc Root']);
      fs.writeFileSync(path.join(dir, 'ext.cnf'), 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature,nonRepudiation\n');
      ok(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'doc.key', '-out', 'doc.csr', '-subj', '/CN=Env Document Signer']);
      ok(['x509', '-req', '-in', 'doc.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'doc.pem', '-days', '3650', '-extfile', 'ext.cnf']);
      const h = await makeHarness({ PDF_SIGN_KEY: path.join(dir, 'doc.key'), PDF_SIGN_CERT: fs.readFileSync(path.join(dir, 'doc.pem'), 'utf8'), PDF_SIGN_CA_CERT: path.join(dir, 'ca.pem') });
      try {
        expect(fs.existsSync(path.join(h.dataDir, 'keys', 'pdf-sign.pem'))).toBe(false);
        const u = await registerUser(h);
        const up = await u.api.upload('rsa.txt', Buffer.from('RSA 签名证书\n'));
        const pdf = await certificatePdf(h, up.data.baoquan);
        fs.writeFileSync(path.join(dir, 'rsa.pdf'), pdf);
        const out = run('pdfsig', ['rsa.pdf'], dir).out;
        expect(out).toContain('Signature Validation: Signature is Valid.');
        expect(out).toContain('Env Document Signer');
        const { cms } = splitSigned(pdf);
        const sd = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(ab(cms)).content });
        expect(sd.certificates).toHaveLength(2);
        expect(fromPem(toPem('CERTIFICATE', Buffer.from((sd.certificates![1] as pkijs.Certificate).toSchema().toBER(false))), 'CERTIFICATE')[0]).toEqual(fromPem(fs.readFileSync(path.join(dir, 'ca.pem'), 'utf8'), 'CERTIFICATE')[0]);
      } finally {
        await h.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
