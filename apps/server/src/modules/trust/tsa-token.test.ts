/**
 * The spliced token (tsa-token.ts, issue 16) is byte-for-byte the token the pkijs tree makes (cms.ts
 * `buildSignedData` over a pkijs TSTInfo, the built-in TSA's code before issue 16) for the same inputs:
 * with and without nonce and certificate, for SHA-256/384/512 imprints. A deterministic stand-in signer
 * makes the signatures comparable (ECDSA signatures are randomised); `openssl ts -verify` on real tokens
 * is covered by tsa.test.ts.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { buildSignedData } from './cms.ts';
import { loadTrustKeys, type Identity } from './keys.ts';
import { BUILTIN_TSA_POLICY, OID, ab, der } from './pki.ts';
import { tokenBuilder } from './tsa-token.ts';

/** The pre-issue-16 grant: a pkijs TSTInfo encapsulated by buildSignedData. */
async function pkijsToken(identity: Identity, imprint: pkijs.MessageImprint, serial: Buffer, genTime: Date, nonce: Buffer | null, certReq: boolean): Promise<Buffer> {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: BUILTIN_TSA_POLICY,
    messageImprint: imprint,
    serialNumber: new asn1js.Integer({ valueHex: ab(serial) }),
    genTime,
    accuracy: new pkijs.Accuracy({ seconds: 1 }),
    ...(nonce ? { nonce: new asn1js.Integer({ valueHex: ab(nonce) }) } : {}),
    tsa: new pkijs.GeneralName({ type: 4, value: identity.cert.subject }),
  });
  return buildSignedData({ eContentType: OID.tstInfo, eContent: der(tst), signer: identity, certificates: certReq ? [identity.cert] : [] });
}

describe('spliced RFC 3161 tokens', () => {
  it('equal the pkijs-built tokens byte for byte', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-tsa-token-'));
    try {
      const keys = await loadTrustKeys(dir);
      // Deterministic signer: both builders must hand it the same to-be-signed bytes.
      const identity: Identity = { ...keys.tsa, signer: { ...keys.tsa.signer, sign: async (d) => crypto.createHash('sha512').update(d).digest() } };
      const build = tokenBuilder(identity, BUILTIN_TSA_POLICY);
      let n = 0;
      for (const [alg, bytes] of [[OID.sha256, 32], [OID.sha384, 48], [OID.sha512, 64]] as const) {
        for (const params of [true, false]) {
          for (const nonce of [null, Buffer.from('01ffee', 'hex'), crypto.randomBytes(8).fill(0x7f, 0, 1)]) {
            for (const certReq of [true, false]) {
              const imprint = new pkijs.MessageImprint({
                hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: alg, ...(params ? { algorithmParams: new asn1js.Null() } : {}) }),
                hashedMessage: new asn1js.OctetString({ valueHex: ab(crypto.randomBytes(bytes)) }),
              });
              const serial = crypto.randomBytes(16);
              serial[0] = (serial[0]! & 0x7f) | 0x01;
              const genTime = new Date(Math.floor(Date.now() / 1000) * 1000 - n * 86_400_000);
              const want = await pkijsToken(identity, imprint, serial, genTime, nonce, certReq);
              const got = await build({ messageImprint: der(imprint), serial: der(new asn1js.Integer({ valueHex: ab(serial) })), genTime, nonce: nonce && der(new asn1js.Integer({ valueHex: ab(nonce) })), certReq });
              expect(got.toString('hex')).toBe(want.toString('hex'));
              n++;
            }
          }
        }
      }
      expect(n).toBe(36);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
