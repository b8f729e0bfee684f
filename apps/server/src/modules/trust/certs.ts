/**
 * Issuing the platform's own X.509 certificates (issue 3 §1–2): a root CA, the time-stamping authority
 * (extendedKeyUsage timeStamping, critical — RFC 3161 §2.3) and the document-signing certificate of the
 * certificate PDFs. Used only when no certificate is given by env.
 */
import type { KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, ab, der, digest, randomSerial, signatureAlgorithmId, x500Name, type KeySigner } from './pki.ts';

/** What a certificate is for. */
export type CertProfile = 'root' | 'tsa' | 'document';

export interface IssueSpec {
  profile: CertProfile;
  subject: { country?: string; org: string; unit?: string; cn: string };
  /** The subject's public key. */
  publicKey: KeyObject;
  /** The issuer's certificate, or null for a self-signed root (then `signer` is the subject's own key). */
  issuerCert: pkijs.Certificate | null;
  /** The issuer's key. */
  signer: KeySigner;
  /** Validity from now (backdated one hour for clock skew), years. */
  years: number;
  /** Clock for tests; default now. */
  now?: Date;
}

/** X.509 Time: UTCTime through 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
const x509Time = (d: Date) => new pkijs.Time({ type: d.getUTCFullYear() >= 2050 ? 1 : 0, value: d });

/** keyUsage BIT STRING from the first byte of bits (minimal DER: trailing zero bits are unused). */
function keyUsage(bits: number): asn1js.BitString {
  let unused = 0;
  while (unused < 7 && ((bits >> unused) & 1) === 0) unused++;
  return new asn1js.BitString({ valueHex: ab(Uint8Array.of(bits)), unusedBits: unused });
}

/** keyUsage bits (X.509 §4.2.1.3), first octet. */
const KU = { digitalSignature: 0x80, nonRepudiation: 0x40, keyCertSign: 0x04, cRLSign: 0x02 } as const;

/** Subject key identifier: SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2 method 1). */
const keyId = (spki: pkijs.PublicKeyInfo) => digest('sha1', spki.subjectPublicKey.valueBlock.valueHexView);

/** Issues a certificate per `spec`; returns its DER bytes. */
export async function issueCertificate(spec: IssueSpec): Promise<Buffer> {
  const now = spec.now ?? new Date();
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = randomSerial();
  const subject = x500Name(spec.subject);
  cert.subject = subject;
  cert.issuer = spec.issuerCert ? spec.issuerCert.subject : subject;
  const from = new Date(Math.floor(now.getTime() / 1000) * 1000 - 3600_000);
  const to = new Date(from);
  to.setUTCFullYear(to.getUTCFullYear() + spec.years);
  cert.notBefore = x509Time(from);
  cert.notAfter = x509Time(to);
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(ab(spec.publicKey.export({ type: 'spki', format: 'der' })));

  const ski = keyId(cert.subjectPublicKeyInfo);
  const aki = spec.issuerCert ? keyId(spec.issuerCert.subjectPublicKeyInfo) : ski;
  const ext = (extnID: string, critical: boolean, value: asn1js.BaseBlock | { toSchema(): asn1js.BaseBlock }) =>
    new pkijs.Extension({ extnID, critical, extnValue: ('toSchema' in value ? value.toSchema() : value).toBER(false) });
  const extensions: pkijs.Extension[] = [];
  if (spec.profile === 'root') {
    extensions.push(ext(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: true })));
    extensions.push(ext(OID.keyUsage, true, keyUsage(KU.keyCertSign | KU.cRLSign)));
  } else {
    extensions.push(ext(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false })));
    extensions.push(ext(OID.keyUsage, true, keyUsage(KU.digitalSignature | KU.nonRepudiation)));
    // RFC 3161 §2.3: the TSA certificate has exactly one critical extendedKeyUsage, timeStamping.
    // Document signing: RFC 9336 documentSigning plus emailProtection, which NSS (pdfsig) and Adobe
    // require of a signer certificate that carries an extendedKeyUsage at all.
    const purposes = spec.profile === 'tsa' ? [OID.kpTimeStamping] : [OID.kpDocumentSigning, OID.kpEmailProtection];
    extensions.push(ext(OID.extKeyUsage, spec.profile === 'tsa', new pkijs.ExtKeyUsage({ keyPurposes: purposes })));
  }
  extensions.push(ext(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: ab(ski) })));
  extensions.push(ext(OID.authorityKeyIdentifier, false, new pkijs.AuthorityKeyIdentifier({ keyIdentifier: new asn1js.OctetString({ valueHex: ab(aki) }) })));
  cert.extensions = extensions;

  cert.signature = signatureAlgorithmId(spec.signer.algorithm);
  cert.signatureAlgorithm = signatureAlgorithmId(spec.signer.algorithm);
  cert.tbsView = new Uint8Array(cert.encodeTBS().toBER(false));
  cert.signatureValue = new asn1js.BitString({ valueHex: ab(await spec.signer.sign(cert.tbsView)) });
  return der(cert);
}
