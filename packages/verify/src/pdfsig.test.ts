/**
 * PAdES B-LTA in the PDF signature check (issue 10 §3). Fixture: test/fixtures/lta.pdf, a one-page PDF
 * signed by the server's PDF signer (ETSI.CAdES.detached with signature time-stamp), extended with a DSS
 * and a document time-stamp, then re-timestamped once (a second DSS update + document time-stamp);
 * lta-tsa-chain.pem is the TSA chain [TSA, root] of the same installation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPdfSignature } from './pdfsig.ts';
import { parseCertificate, readPem } from './x509.ts';

const FIX = path.resolve(import.meta.dirname, '../test/fixtures');
const pdf = new Uint8Array(fs.readFileSync(path.join(FIX, 'lta.pdf')));
const chain = readPem(fs.readFileSync(path.join(FIX, 'lta-tsa-chain.pem'), 'utf8')).map(parseCertificate);
const en = (r: { problems: { en: string }[] }) => r.problems.map((p) => p.en).join('\n');

/** The byte ranges of every signature dictionary, in file order. */
function ranges(b: Uint8Array): number[][] {
  return [...Buffer.from(b).toString('latin1').matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].map((m) => m.slice(1).map(Number));
}

describe('PDF signature: PAdES B-LTA', () => {
  it('accepts the signature and both document time-stamps', async () => {
    const r = await verifyPdfSignature(pdf, chain);
    expect(en(r)).toBe('');
    expect(r.ok).toBe(true);
    expect(r.subFilter).toBe('ETSI.CAdES.detached');
    expect(r.signer).toBe('Cunzheng Certificate Signing');
    expect(r.timestamp?.ok).toBe(true);
    expect(r.docTimestamps.map((d) => d.ok)).toEqual([true, true]);
    expect(r.notes.map((n) => n.en).join('\n')).toMatch(/PAdES B-LTA: 2 document time-stamp\(s\).*DSS/);
  });

  it('an earlier revision alone (the file cut after the first time-stamp) still verifies', async () => {
    const [, first] = ranges(pdf);
    const cut = pdf.subarray(0, first![2]! + first![3]!);
    const r = await verifyPdfSignature(cut, chain);
    expect(en(r)).toBe('');
    expect(r.docTimestamps).toHaveLength(1);
  });

  it('a changed byte covered only by the last document time-stamp fails its imprint', async () => {
    const [, first] = ranges(pdf);
    const after = first![2]! + first![3]! + 200; // inside the second DSS update
    const bad = Uint8Array.from(pdf);
    bad[after] = bad[after]! ^ 0x01;
    const r = await verifyPdfSignature(bad, chain);
    expect(r.ok).toBe(false);
    expect(en(r)).toMatch(/^document time-stamp 2: .*imprint/im);
    expect(en(r)).not.toMatch(/document time-stamp 1|messageDigest/);
  });

  it('a changed time-stamp token fails; bytes appended after the last time-stamp fail', async () => {
    const last = ranges(pdf).at(-1)!;
    const bad = Uint8Array.from(pdf);
    const at = last[1]! + 200; // a hex digit inside the token
    bad[at] = bad[at] === 0x30 ? 0x31 : 0x30;
    const r = await verifyPdfSignature(bad, chain);
    expect(r.ok).toBe(false);
    expect(en(r)).toMatch(/document time-stamp 2/);
    const appended = await verifyPdfSignature(new Uint8Array(Buffer.concat([pdf, Buffer.from('\n1 0 obj\n<<>>\nendobj\n')])), chain);
    expect(appended.ok).toBe(false);
    expect(en(appended)).toContain('does not cover the whole file');
  });

  it('without a TSA chain the document time-stamps are noted, not silently accepted', async () => {
    const r = await verifyPdfSignature(pdf, null);
    expect(r.docTimestamps).toHaveLength(0);
    expect(r.notes.map((n) => n.en).join('\n')).toMatch(/document time-stamp 1: no TSA chain/);
  });
});
