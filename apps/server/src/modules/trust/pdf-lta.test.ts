/**
 * pdf-lta.ts without the app (issue 10 §3): the B-LTA increment on a small signed PDF — the DSS merge on
 * re-timestamping (certificates once, each run's CRL appended), the larger placeholder when a token does
 * not fit the first one, and earlier bytes never touched. The app-level checks (pdfsig, openssl, the job)
 * are in certificate/lta.test.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCertificate, verifyPdfSignature } from '@cunzheng/verify';
import { rootCrl } from './crl.ts';
import { loadTrustKeys, type TrustKeys } from './keys.ts';
import { addDocTimestamp, docTimestamps, type LtaSource } from './pdf-lta.ts';
import { localPdfSigner } from './pdf-signing.ts';
import { ab } from './pki.ts';
import { tsaClient } from './tsa-client.ts';
import { tsaServer } from './tsa-server.ts';

describe('PAdES B-LTA increment', () => {
  let dir: string;
  let keys: TrustKeys;
  let lta: LtaSource;
  let signed: Buffer;
  const chain = () => [keys.tsa.certDer, ...keys.tsa.chain];

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-lta-'));
    keys = await loadTrustKeys(dir);
    const tsa = tsaServer({ identity: keys.tsa, policy: '1.2.3.4.1' });
    const client = tsaClient((q) => tsa.respond(q), () => ({ roots: [chain().at(-1)!], certificates: chain() }));
    lta = { validation: async () => ({ certs: [keys.document.certDer, ...keys.document.chain, ...chain()], crls: [await rootCrl(keys.root!)] }), stamp: (h) => client.stamp(h) };
    const doc = await PDFDocument.create();
    doc.addPage();
    signed = await localPdfSigner({ identity: keys.document, stamp: (h) => client.stamp(h), contact: 'test', lta })(Buffer.from(await doc.save()));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const verify = (pdf: Buffer) => verifyPdfSignature(new Uint8Array(pdf), chain().map((c) => parseCertificate(new Uint8Array(c))));
  const dssCounts = async (pdf: Buffer) => {
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    const dss = doc.catalog.lookup(PDFName.of('DSS'), PDFDict);
    return { certs: dss.lookup(PDFName.of('Certs'), PDFArray).size(), crls: dss.lookup(PDFName.of('CRLs'), PDFArray).size() };
  };

  it('re-timestamping merges the DSS: certificates once, one more CRL per run; earlier bytes unchanged', async () => {
    expect(await dssCounts(signed)).toEqual({ certs: 3, crls: 1 });
    await new Promise((r) => setTimeout(r, 1100)); // a CRL of another second (thisUpdate differs)
    const again = await addDocTimestamp(signed, lta);
    expect(again.subarray(0, signed.length).equals(signed)).toBe(true);
    expect(await dssCounts(again)).toEqual({ certs: 3, crls: 2 });
    expect(docTimestamps(again)).toHaveLength(2);
    const r = await verify(again);
    expect(r.problems).toEqual([]);
    expect(r.docTimestamps).toHaveLength(2);
  });

  it('a token larger than the first placeholder is retried with the larger one', async () => {
    const sizes: number[] = [];
    let calls = 0;
    const big: LtaSource = {
      validation: lta.validation,
      async stamp(h) {
        calls++;
        if (calls === 1) return { token: Buffer.from(new asn1js.OctetString({ valueHex: ab(Buffer.alloc(5000, 1)) }).toBER(false)), genTime: 0, serial: '', tsaName: '', sha256: '' };
        return lta.stamp(h);
      },
    };
    const out = await addDocTimestamp(signed, big);
    expect(calls).toBe(2);
    for (const m of out.toString('latin1').matchAll(/\/ETSI\.RFC3161 \/ByteRange \[0\s+(\d+)\s+(\d+)/g)) sizes.push((Number(m[2]) - Number(m[1]) - 2) / 2);
    expect(sizes).toEqual([4096, 32768]);
    expect((await verify(out)).problems).toEqual([]);
  });
});
