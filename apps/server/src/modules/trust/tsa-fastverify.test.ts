/**
 * Fast verification of repeated tokens (issue 16, tsa-fastverify.ts): after one full verification, the
 * tokens of the same TSA give exactly `verifyToken`'s answer (info and chain status), and a token with
 * a changed TSTInfo, signature, digest attribute or certificate, or checked against another file or
 * other roots, is refused as the full verification refuses it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTrustKeys, type TrustKeys } from './keys.ts';
import { BUILTIN_TSA_POLICY, readTlv } from './pki.ts';
import { buildQuery } from './tsa-client.ts';
import { fastTokenVerifier } from './tsa-fastverify.ts';
import { tsaServer } from './tsa-server.ts';
import { verifyToken, type VerifyOptions } from './verify.ts';

const imprintOf = (d: Buffer) => Buffer.concat([Buffer.from('3031300d060960864801650304020105000420', 'hex'), d]);

describe('fast token verification', () => {
  let dir: string;
  let keys: TrustKeys;
  let opts: VerifyOptions;
  let stamp: (d: Buffer) => Promise<Buffer>;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-fastverify-'));
    keys = await loadTrustKeys(dir);
    opts = { roots: [keys.rootDer!] };
    const tsa = tsaServer({ identity: keys.tsa, policy: BUILTIN_TSA_POLICY });
    stamp = async (d) => {
      const resp = await tsa.respond(buildQuery(d, crypto.randomBytes(8).fill(0x11, 0, 1)));
      const outer = readTlv(resp);
      const status = readTlv(resp, outer.contentStart);
      return resp.subarray(status.end, outer.end);
    };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answers exactly as verifyToken for good tokens', async () => {
    const v = fastTokenVerifier();
    for (let i = 0; i < 6; i++) {
      const d = crypto.randomBytes(32);
      const token = await stamp(d);
      expect(v.verify(token, d, imprintOf(d), opts)).toEqual(verifyToken(token, d, opts));
      expect(v.verify(token, d, imprintOf(d), opts).ok).toBe(true);
    }
  });

  it('refuses altered tokens, another file and other roots', async () => {
    const v = fastTokenVerifier();
    const d0 = crypto.randomBytes(32);
    expect(v.verify(await stamp(d0), d0, imprintOf(d0), opts).ok).toBe(true); // learns
    const d = crypto.randomBytes(32);
    const token = await stamp(d);
    const flip = (at: number) => {
      const t = Buffer.from(token);
      t[at] = t[at]! ^ 0x01;
      return t;
    };
    const tstAt = token.indexOf(d); // the imprint inside the TSTInfo
    const genAt = token.indexOf(Buffer.from('Z'), tstAt) - 1; // last digit of genTime
    for (const bad of [flip(tstAt), flip(genAt), flip(token.length - 3), flip(token.length - 40)]) {
      const r = v.verify(bad, d, imprintOf(d), opts);
      expect(r.ok).toBe(false);
    }
    const other = crypto.randomBytes(32);
    expect(v.verify(token, other, imprintOf(other), opts).ok).toBe(false);
    const strangers = await loadTrustKeys(fs.mkdtempSync(path.join(dir, 'other-')));
    expect(v.verify(token, d, imprintOf(d), { roots: [strangers.rootDer!] }).ok).toBe(false);
    expect(v.verify(token, d, imprintOf(d), opts).ok).toBe(true);
  });
});
