/**
 * The platform root CA's certificate revocation list (issue 10 §3, first step of long-term validation):
 * an X.509 v2 CRL (RFC 5280 §5) signed by the root key, served at the stable URL
 * `/api/trust/root.crl` (DER). Nothing has been revoked so far, so the list is empty; it names its
 * issuer, this/next update (7 days) and a CRL number (the issue time in seconds, increasing).
 * `openssl crl -inform DER -in root.crl -CAfile root.pem -noout` prints `verify OK`.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Identity } from './keys.ts';
import { ab, signatureAlgorithmId } from './pki.ts';

/** Validity of a CRL, seconds. */
export const CRL_VALIDITY_SECONDS = 7 * 24 * 3600;

/** A fresh DER CRL of `root` with no revoked certificates, issued at `now`. */
export async function rootCrl(root: Identity, now = new Date()): Promise<Buffer> {
  const thisUpdate = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const crl = new pkijs.CertificateRevocationList({
    version: 1,
    issuer: root.cert.subject,
    thisUpdate: new pkijs.Time({ type: 0, value: thisUpdate }),
    nextUpdate: new pkijs.Time({ type: 0, value: new Date(thisUpdate.getTime() + CRL_VALIDITY_SECONDS * 1000) }),
    signature: signatureAlgorithmId(root.signer.algorithm),
    crlExtensions: new pkijs.Extensions({
      extensions: [new pkijs.Extension({ extnID: '2.5.29.20', critical: false, extnValue: new asn1js.Integer({ value: Math.floor(thisUpdate.getTime() / 1000) }).toBER(false) })],
    }),
  });
  // encodeTBS is protected in pkijs's typings for CRLs (public for certificates); the call is the same.
  crl.tbsView = new Uint8Array((crl as unknown as { encodeTBS(): asn1js.Sequence }).encodeTBS().toBER(false));
  const sig = await root.signer.sign(crl.tbsView);
  crl.signatureAlgorithm = signatureAlgorithmId(root.signer.algorithm);
  crl.signatureValue = new asn1js.BitString({ valueHex: ab(sig) });
  return Buffer.from(crl.toSchema(true).toBER(false));
}
