/**
 * Fast RFC 3161 token building for the built-in TSA (issue 16: the pkijs object tree cost ≈ 3 ms of CPU
 * per token, mostly re-encoding the certificate). Everything constant for one TSA identity — policy,
 * accuracy, TSA name, content-type and ESS signing-certificate-v2 attributes, signer id, algorithm
 * identifiers, the certificate — is DER-encoded once; per token only the TSTInfo (imprint, serial,
 * genTime, nonce), the message-digest attribute and the signature are encoded and spliced in.
 * The output is byte-for-byte the token cms.ts `buildSignedData` makes for the same inputs
 * (tsa-token.test.ts checks it; tsa.test.ts checks `openssl ts -verify` on it).
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Identity } from './keys.ts';
import { OID, der, digest, digestAlgorithmId, digestOid, signatureAlgorithmId, signingCertificateV2 } from './pki.ts';

/** DER TLV with a single-byte tag around `content`. */
export function tlv(tag: number, ...content: Uint8Array[]): Buffer {
  const body = content.length === 1 ? Buffer.from(content[0]!) : Buffer.concat(content);
  const n = body.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...len]), body]);
}

/** X.690 §11.6 order of SET OF members (by their encodings; a shorter prefix sorts first). */
const setOrder = (a: Buffer, b: Buffer): number => {
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
};

/**
 * DER GeneralizedTime of `d`: "YYYYMMDDHHMMSSZ" for a whole second of the years 1000–9999, written by hand
 * (issue 16) — the bytes asn1js writes for it (tsa-token.test.ts); asn1js for anything else.
 */
export function genTimeDer(d: Date): Buffer {
  const t = d.getTime();
  const y = d.getUTCFullYear();
  if (t % 1000 !== 0 || y < 1000 || y > 9999) return der(new asn1js.GeneralizedTime({ valueDate: d }));
  const s = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.000Z
  return Buffer.from(`\x18\x0f${s.slice(0, 4)}${s.slice(5, 7)}${s.slice(8, 10)}${s.slice(11, 13)}${s.slice(14, 16)}${s.slice(17, 19)}Z`, 'latin1');
}

/** What changes from token to token (all already DER, as the request carried them). */
export interface TokenFields {
  /** DER MessageImprint (copied from the request, algorithm parameters included). */
  messageImprint: Buffer;
  /** DER INTEGER serial number. */
  serial: Buffer;
  /** genTime (whole seconds). */
  genTime: Date;
  /** DER INTEGER nonce, or null when the request had none. */
  nonce: Buffer | null;
  /** Embed the TSA certificate (the request's certReq). */
  certReq: boolean;
}

/** Builds tokens for `identity` under `policy`; returns `(fields) → DER ContentInfo`. */
export function tokenBuilder(identity: Identity, policy: string): (f: TokenFields) => Promise<Buffer> {
  const hash = identity.signer.hash;
  const version = Buffer.from([0x02, 0x01, 0x01]);
  const policyDer = der(new asn1js.ObjectIdentifier({ value: policy }));
  const accuracyDer = der(new pkijs.Accuracy({ seconds: 1 }));
  const tsaDer = tlv(0xa0, Buffer.from((new pkijs.GeneralName({ type: 4, value: identity.cert.subject }).toSchema() as asn1js.Constructed).toBER()));
  const contentTypeAttr = der(new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }));
  const essAttr = der(signingCertificateV2(identity.cert));
  const mdOid = der(new asn1js.ObjectIdentifier({ value: OID.messageDigest }));
  const sid = der(new pkijs.IssuerAndSerialNumber({ issuer: identity.cert.issuer, serialNumber: identity.cert.serialNumber }));
  const digestAlg = der(digestAlgorithmId(digestOid(hash)));
  const sigAlg = der(signatureAlgorithmId(identity.signer.algorithm));
  const signerVersion = Buffer.from([0x02, 0x01, 0x01]);
  const sdVersion = Buffer.from([0x02, 0x01, 0x03]);
  const digestAlgs = tlv(0x31, digestAlg);
  const tstOid = der(new asn1js.ObjectIdentifier({ value: OID.tstInfo }));
  const withCert = tlv(0xa0, identity.certDer);
  const withoutCert = tlv(0xa0);
  const sdOid = der(new asn1js.ObjectIdentifier({ value: OID.signedData }));

  return async (f) => {
    const genTime = genTimeDer(f.genTime);
    const tst = tlv(0x30, version, policyDer, f.messageImprint, f.serial, genTime, accuracyDer, ...(f.nonce ? [f.nonce] : []), tsaDer);
    const mdAttr = tlv(0x30, mdOid, tlv(0x31, tlv(0x04, digest(hash, tst))));
    const attrs = Buffer.concat([contentTypeAttr, mdAttr, essAttr].sort(setOrder));
    // The signature covers the attributes with the SET OF tag (RFC 5652 §5.4).
    const signature = await identity.signer.sign(tlv(0x31, attrs));
    const signerInfo = tlv(0x30, signerVersion, sid, digestAlg, tlv(0xa0, attrs), sigAlg, tlv(0x04, signature));
    const encap = tlv(0x30, tstOid, tlv(0xa0, tlv(0x04, tst)));
    const signedData = tlv(0x30, sdVersion, digestAlgs, encap, f.certReq ? withCert : withoutCert, tlv(0x31, signerInfo));
    return tlv(0x30, sdOid, tlv(0xa0, signedData));
  };
}
