/**
 * Issue 16: the stamp's hot path without asn1js/pkijs trees — every hand-written encoding or parse is
 * byte-for-byte what pkijs/asn1js give: the client's query (buildQuery), the server's quick read of a query
 * shaped like ours (quickQuery vs the pkijs parse, null for every other shape, which then takes the full
 * parse), the token serial and genTime.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { describe, expect, it } from 'vitest';
import { OID, ab, der } from './pki.ts';
import { buildQuery } from './tsa-client.ts';
import { queryFields, quickQuery, serialDer } from './tsa-server.ts';
import { genTimeDer } from './tsa-token.ts';

/** A TimeStampReq built by pkijs (the encoding before issue 16). */
function pkijsQuery(o: { digest: Buffer; alg?: string; nonce?: Buffer; certReq?: boolean; policy?: string; version?: number }): Buffer {
  return der(new pkijs.TimeStampReq({
    version: o.version ?? 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: o.alg ?? OID.sha256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(o.digest) }),
    }),
    ...(o.nonce ? { nonce: new asn1js.Integer({ valueHex: ab(o.nonce) }) } : {}),
    ...(o.certReq ? { certReq: true } : {}),
    ...(o.policy ? { reqPolicy: o.policy } : {}),
  }));
}

/** The fields the full (pkijs) path hands the grant. */
const fullFields = (q: Buffer) => queryFields(new pkijs.TimeStampReq({ schema: asn1js.fromBER(ab(q)).result }));

/** A positive 8-byte nonce as tsa-client's newNonce draws it. */
function clientNonce(): Buffer {
  const n = crypto.randomBytes(8);
  n[0] = (n[0]! & 0x7f) | 0x01;
  return n;
}

describe('time-stamp query and token fields without pkijs', () => {
  it('buildQuery writes the bytes pkijs wrote', () => {
    for (let i = 0; i < 300; i++) {
      const digest = crypto.randomBytes(32);
      const nonce = clientNonce();
      expect(buildQuery(digest, nonce).equals(pkijsQuery({ digest, nonce, certReq: true }))).toBe(true);
    }
    // other nonces (not the client's shape) still go through pkijs
    const digest = crypto.randomBytes(32);
    for (const nonce of [Buffer.from('00ff', 'hex'), Buffer.from('ff', 'hex'), crypto.randomBytes(20)]) expect(buildQuery(digest, nonce).equals(pkijsQuery({ digest, nonce, certReq: true }))).toBe(true);
  });

  it('quickQuery reads our shapes as the pkijs parse does', () => {
    const nonces: Array<Buffer | undefined> = [undefined, Buffer.from('01', 'hex'), Buffer.from('7f', 'hex'), Buffer.from('80', 'hex'), Buffer.from('0080', 'hex'), Buffer.from('ff7f', 'hex'), crypto.randomBytes(64).fill(0x12, 0, 1)];
    for (let i = 0; i < 100; i++) nonces.push(clientNonce(), crypto.randomBytes(1 + (i % 40)).fill(0x33, 0, 1));
    for (const nonce of nonces) {
      for (const certReq of [true, false]) {
        const q = pkijsQuery({ digest: crypto.randomBytes(32), nonce, certReq });
        const quick = quickQuery(q);
        expect(quick, `nonce ${nonce?.toString('hex')} certReq ${certReq}`).not.toBeNull();
        expect(quick).toEqual(fullFields(q));
      }
    }
  });

  it('quickQuery leaves every other shape to the full parse (null)', () => {
    const digest = crypto.randomBytes(32);
    const ours = buildQuery(digest, clientNonce());
    const others = [
      pkijsQuery({ digest: crypto.randomBytes(48), alg: OID.sha384, nonce: clientNonce(), certReq: true }),
      pkijsQuery({ digest, nonce: clientNonce(), certReq: true, policy: '1.2.3.4' }),
      pkijsQuery({ digest, nonce: clientNonce(), version: 2 }),
      pkijsQuery({ digest, nonce: crypto.randomBytes(65).fill(0x01, 0, 1) }), // nonce too long
      pkijsQuery({ digest, nonce: Buffer.from('0001', 'hex') }), // not minimal
      pkijsQuery({ digest, nonce: Buffer.from('ff80', 'hex') }), // not minimal
      Buffer.concat([ours, Buffer.from([0])]), // trailing byte
      Buffer.concat([Buffer.from([0x30, ours[1]! + 1]), ours.subarray(2, 2 + 3 + 51), Buffer.from('028108', 'hex'), ours.subarray(2 + 3 + 51 + 2)]), // nonce length in long form (BER)
      ours.subarray(0, ours.length - 1),
      Buffer.concat([Buffer.from([0x30, ours[1]! + 3]), ours.subarray(2, ours.length - 3), Buffer.from('010100', 'hex'), Buffer.from('0101ff', 'hex')]), // explicit FALSE
      Buffer.alloc(0),
    ];
    for (const q of others) expect(quickQuery(q), q.toString('hex')).toBeNull();
    // The full parse hands the grant that nonce in DER (short-form length).
    const ber = others.find((q) => q.includes(Buffer.from('028108', 'hex')))!;
    expect(fullFields(ber).nonce!.subarray(0, 2).toString('hex')).toBe('0208');
  });

  it('the serial and genTime are the bytes asn1js wrote', () => {
    for (let i = 0; i < 200; i++) {
      const s = serialDer();
      expect(s.length).toBe(18);
      expect(s.equals(der(new asn1js.Integer({ valueHex: ab(s.subarray(2)) })))).toBe(true);
      expect(s[2]! >= 0x01 && s[2]! <= 0x7f).toBe(true);
      const d = new Date(Math.floor((Date.UTC(1990, 0, 1) + Math.random() * 80 * 365 * 86_400_000) / 1000) * 1000);
      expect(genTimeDer(d).equals(der(new asn1js.GeneralizedTime({ valueDate: d })))).toBe(true);
    }
  });
});
