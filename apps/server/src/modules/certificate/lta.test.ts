/**
 * PAdES B-LTA certificates (issue 10 §3) on the real app, checked with tools this project did not write:
 *   - the issued PDF has a DSS (signer and TSA chains, the root CRL: `openssl crl` verifies it) and a
 *     document time-stamp over the whole file (`openssl ts -verify` on its byte ranges); `pdfsig` still
 *     reports the PAdES signature valid and lists the time-stamp; it still renders;
 *   - the re-timestamping job (time injected: "now" near the TSA certificate's expiry, a renewed TSA
 *     simulated by its notAfter) appends a second DSS + time-stamp, keeps the earlier bytes, stores the
 *     new version with an audit row; the old blob stays; later downloads give the new bytes;
 *   - the verifier (packages/verify) accepts both versions and rejects a changed DSS byte (covered only
 *     by the time-stamp), a changed time-stamp token and bytes appended after it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificate, verifyPdfSignature } from '@cunzheng/verify';
import { auditLog, issuedCertificates } from '../../db/schema/index.ts';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { docTimestamps } from '../trust/pdf-lta.ts';
import { fromPem } from '../trust/pki.ts';
import { RETIMESTAMP_ACTION, retimestampDue } from './retimestamp.ts';

/** Runs a tool; returns exit status and combined output. */
function run(cmd: string, args: string[], cwd: string): { status: number; out: string } {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}

/** Downloads the certificate PDF of `baoquan`. */
async function certificatePdf(h: Harness, baoquan: string): Promise<Buffer> {
  const anon = client(h);
  const r = await anon.post('/api/check/downCertificate', { no: baoquan, lang: 'zh' });
  expect(r, r.msg).toMatchObject({ code: 200 });
  const dl = await anon.download(r.data.downUrl);
  expect(dl.status).toBe(200);
  return dl.body;
}

/** Verifies every document time-stamp of `pdf` with `openssl ts -verify` on its byte ranges. */
function opensslDocTimestamps(pdf: Buffer, dir: string): number {
  const all = docTimestamps(pdf);
  for (const [i, d] of all.entries()) {
    const [a, b, c, e] = d.range;
    fs.writeFileSync(path.join(dir, `dts${i}.der`), d.token);
    fs.writeFileSync(path.join(dir, `dts${i}.bin`), Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + e)]));
    const v = run('openssl', ['ts', '-verify', '-data', `dts${i}.bin`, '-in', `dts${i}.der`, '-token_in', '-CAfile', 'root.pem'], dir);
    expect(v.out, `document time-stamp ${i}`).toContain('Verification: OK');
  }
  return all.length;
}

describe('PAdES B-LTA certificate PDF and re-timestamping', () => {
  let h: Harness;
  let dir: string;
  let baoquan: string;
  let evidenceId: number;
  let first: Buffer;
  let tsaChain: ReturnType<typeof parseCertificate>[];
  const verify = (pdf: Buffer) => verifyPdfSignature(new Uint8Array(pdf), tsaChain);

  beforeAll(async () => {
    h = await makeHarness({}, { jobs: true });
    dir = fs.mkdtempSync(path.join(h.dataDir, 'lta-'));
    const u = await registerUser(h, { name: '赵六' });
    const up = await u.api.upload('租赁合同.txt', Buffer.from('租赁合同正文。\n'.repeat(20)), { title: '租赁合同' });
    expect(up, up.msg).toMatchObject({ code: 200 });
    baoquan = up.data.baoquan;
    evidenceId = (await h.services.evidence.findByBaoquan(baoquan))!.id;
    fs.writeFileSync(path.join(dir, 'root.pem'), await h.services.trust.rootPem());
    tsaChain = fromPem(await h.services.trust.tsaChainPem(), 'CERTIFICATE').map((d) => parseCertificate(new Uint8Array(d)));
    first = await certificatePdf(h, baoquan);
  });
  afterAll(async () => { await h?.close(); });

  it('the issued PDF carries a DSS with both chains and the root CRL, and a document time-stamp over the whole file', async () => {
    const file = path.join(dir, 'cert.pdf');
    fs.writeFileSync(file, first);
    const sig = run('pdfsig', [file], dir).out;
    expect(sig).toMatch(/Signature #1:[\s\S]*Signature Type: ETSI.CAdES.detached[\s\S]*Not total document signed[\s\S]*Signature Validation: Signature is Valid\./);
    expect(sig).toMatch(/Signature #2:\n {2}- Signature Field Name: DocTimeStamp1\n {2}- Signer Certificate Common Name: Cunzheng Time Stamping Authority[\s\S]*Total document signed/);
    expect(sig).not.toContain('Signature #3');

    const doc = await PDFDocument.load(first, { updateMetadata: false });
    const dss = doc.catalog.lookup(PDFName.of('DSS'), PDFDict);
    const streams = (key: string) => {
      const arr = dss.lookup(PDFName.of(key), PDFArray);
      return arr.asArray().map((r) => Buffer.from((doc.context.lookup(r) as PDFRawStream).contents));
    };
    const certs = streams('Certs');
    expect(certs).toHaveLength(3); // document signer, root, TSA
    const root = fromPem(await h.services.trust.rootPem(), 'CERTIFICATE')[0]!;
    expect(certs.some((c) => c.equals(root))).toBe(true);
    const crls = streams('CRLs');
    expect(crls).toHaveLength(1);
    fs.writeFileSync(path.join(dir, 'dss.crl'), crls[0]!);
    expect(run('openssl', ['crl', '-inform', 'DER', '-in', 'dss.crl', '-CAfile', 'root.pem', '-noout'], dir).out).toContain('verify OK');

    expect(opensslDocTimestamps(first, dir)).toBe(1);
    const dts = docTimestamps(first)[0]!;
    expect(dts.range[2] + dts.range[3]).toBe(first.length);
    const row = (await h.services.db.select().from(issuedCertificates).where(eq(issuedCertificates.evidenceId, evidenceId)))[0]!;
    expect(row.ltaUntil).toBe(dts.tsaNotAfter);

    const v = await verify(first);
    expect(v.problems).toEqual([]);
    expect(v.ok).toBe(true);
    expect(v.docTimestamps).toHaveLength(1);
    expect(v.signer).toBe('Cunzheng Certificate Signing');

    fs.mkdirSync('/tmp/shots/trust', { recursive: true });
    expect(run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, '/tmp/shots/trust/cert-lta'], dir).status).toBe(0);
    expect(fs.statSync('/tmp/shots/trust/cert-lta.png').size).toBeGreaterThan(10_000);
    // Same bytes on the next download (issue 10 §1).
    expect((await certificatePdf(h, baoquan)).equals(first)).toBe(true);
  });

  it('the verifier rejects a changed DSS byte, a changed time-stamp token and bytes appended after it', async () => {
    const sig1End = (() => {
      const m = [...first.toString('latin1').matchAll(/\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)][0]!;
      return Number(m[2]) + Number(m[3]);
    })();
    // A byte inside the first DSS stream: covered by the document time-stamp only.
    const inDss = first.indexOf('stream\n', sig1End) + 'stream\n'.length + 20;
    expect(inDss).toBeGreaterThan(sig1End);
    const dss = Buffer.from(first);
    dss[inDss] = dss[inDss]! ^ 0x01;
    const r1 = await verify(dss);
    expect(r1.ok).toBe(false);
    expect(r1.problems.map((p) => p.en).join('\n')).toMatch(/document time-stamp 1: .*imprint/i);
    expect(r1.problems.map((p) => p.en).join('\n')).not.toMatch(/messageDigest/); // the PAdES signature itself is intact

    // A hex digit inside the time-stamp token (its signature value, near the end of the DER).
    const dts = docTimestamps(first)[0]!;
    const tokenHexEnd = dts.range[1] + 1 + dts.token.length * 2;
    const tok = Buffer.from(first);
    const at = tokenHexEnd - 10;
    tok[at] = tok[at] === 0x30 ? 0x31 : 0x30;
    const r2 = await verify(tok);
    expect(r2.ok).toBe(false);
    expect(r2.problems.some((p) => p.en.startsWith('document time-stamp 1'))).toBe(true);

    const r3 = await verify(Buffer.concat([first, Buffer.from('\n% appended\n')]));
    expect(r3.ok).toBe(false);
    expect(r3.problems.map((p) => p.en).join('\n')).toContain('does not cover the whole file');
  });

  it('re-timestamping: due only near the TSA certificate expiry and with a renewed TSA; extends by incremental update; earlier signatures stay valid', async () => {
    // The worker role schedules the job daily (pg-boss; every process with ROLE worker or all).
    expect((await h.ctx.jobs!.boss.getSchedules()).map((x) => x.name)).toContain('certificate.retimestamp');
    const log = { info: () => {}, warn: () => {} };
    const deps = { db: h.services.db, blobs: h.services.blobs, trust: h.services.trust, windowDays: 30, log };
    const notAfter = docTimestamps(first)[0]!.tsaNotAfter!;
    const oldSha = (await h.services.db.select().from(issuedCertificates).where(eq(issuedCertificates.evidenceId, evidenceId)))[0]!.pdfSha256;
    // Today: nothing due (the TSA certificate is valid for years).
    expect(await retimestampDue(deps)).toEqual({ extended: 0, skipped: 0 });
    // Ten days before expiry with the same TSA certificate: due, but skipped (re-stamping would gain nothing).
    const late = () => (notAfter - 10 * 86_400) * 1000;
    expect(await retimestampDue({ ...deps, now: late })).toEqual({ extended: 0, skipped: 1 });
    // With a renewed TSA (its certificate valid a year longer): extended.
    const renewed = { extendPdf: (pdf: Buffer) => h.services.trust.extendPdf(pdf), tsaNotAfter: async () => notAfter + 365 * 86_400 };
    expect(await retimestampDue({ ...deps, trust: renewed, now: late })).toEqual({ extended: 1, skipped: 0 });

    const second = await certificatePdf(h, baoquan);
    expect(second.length).toBeGreaterThan(first.length);
    expect(second.subarray(0, first.length).equals(first)).toBe(true); // earlier bytes untouched
    fs.writeFileSync(path.join(dir, 'cert2.pdf'), second);
    const sig = run('pdfsig', ['cert2.pdf'], dir).out;
    expect(sig).toMatch(/Signature #1:[\s\S]*Signature Validation: Signature is Valid\./);
    expect(sig).toContain('Signature Field Name: DocTimeStamp1');
    expect(sig).toMatch(/Signature Field Name: DocTimeStamp2[\s\S]*Total document signed/);
    expect(opensslDocTimestamps(second, dir)).toBe(2);
    const v = await verify(second);
    expect(v.problems).toEqual([]);
    expect(v.docTimestamps).toHaveLength(2);
    expect(run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', path.join(dir, 'cert2.pdf'), path.join(dir, 'cert2')], dir).status).toBe(0);

    const row = (await h.services.db.select().from(issuedCertificates).where(eq(issuedCertificates.evidenceId, evidenceId)))[0]!;
    expect(row.pdfSha256).not.toBe(oldSha);
    expect(row.ltaUntil).toBe(docTimestamps(second)[1]!.tsaNotAfter);
    const audit = await h.services.db.select().from(auditLog).where(eq(auditLog.action, RETIMESTAMP_ACTION));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target: `evidence:${evidenceId}:zh`, before: { pdfSha256: oldSha }, after: { pdfSha256: row.pdfSha256 } });
    expect(await h.services.blobs.has(oldSha)).toBe(true); // the old version is kept
    expect((await certificatePdf(h, baoquan)).equals(second)).toBe(true);
    // The new time-stamp came from the same (real) TSA certificate: still due then, and skipped again.
    expect(await retimestampDue({ ...deps, now: late })).toEqual({ extended: 0, skipped: 1 });
  });
});
