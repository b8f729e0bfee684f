/**
 * X.509 certificates (RFC 5280) as far as the verifier needs them: TBS bytes, signature, serial,
 * issuer/subject (DER bytes and common name), validity, public key, and the extensions basicConstraints,
 * keyUsage, extendedKeyUsage (with its criticality) and subjectKeyIdentifier. Plus PEM reading and
 * writing. Browser and Node alike (WebCrypto).
 */
import { bytesEqual, fromBase64, toBase64, toHex } from './bytes.ts';
import { bitString, bool, children, content, dirString, encoded, expectTag, intBytes, octets, oid, parseDer, seq, smallInt, TAG, time, type Der } from './der.ts';
import { algId, publicKeyInfo, verifySignature, type AlgId, type PublicKeyInfo } from './sigalg.ts';
import { sha256 } from './sha256.ts';
import { fail } from './text.ts';

/** id-kp-timeStamping. */
export const OID_KP_TIMESTAMPING = '1.3.6.1.5.5.7.3.8';

/** A parsed certificate. */
export interface Certificate {
  der: Uint8Array;
  tbs: Uint8Array;
  sigAlg: AlgId;
  signature: Uint8Array;
  version: number;
  serial: Uint8Array;
  /** DER of the issuer Name. */
  issuer: Uint8Array;
  /** DER of the subject Name. */
  subject: Uint8Array;
  issuerCN: string;
  subjectCN: string;
  notBefore: Date;
  notAfter: Date;
  key: PublicKeyInfo;
  /** basicConstraints cA (false when absent). */
  isCA: boolean;
  /** extendedKeyUsage purposes and whether the extension is critical (null when absent). */
  eku: { oids: string[]; critical: boolean } | null;
  /** keyUsage bits as the raw BIT STRING content (null when absent). */
  keyUsage: Uint8Array | null;
  subjectKeyId: Uint8Array | null;
}

/** Common name (2.5.4.3) of a Name, or the whole name's hex when it has none. */
function commonName(name: Der): string {
  for (const rdn of seq(name, 'Name')) {
    for (const atv of seq(rdn, 'RDN', TAG.SET)) {
      const [type, value] = seq(atv, 'AttributeTypeAndValue');
      if (oid(type) === '2.5.4.3' && value) return dirString(value);
    }
  }
  return '';
}

/** Parses a DER certificate. Throws VerifyError('der' | 'certificate') when malformed. */
export function parseCertificate(der: Uint8Array): Certificate {
  const top = parseDer(der);
  const [tbsD, sigAlgD, sigD, extra] = seq(top, 'Certificate');
  if (extra) fail('certificate', '证书多余字段', 'certificate: extra fields');
  const f = seq(tbsD, 'TBSCertificate');
  let i = 0;
  let version = 1;
  if (f[0]?.tag === 0xa0) {
    version = smallInt(children(f[0])[0], 'version') + 1;
    i++;
  }
  const serial = intBytes(f[i++], 'serialNumber');
  const innerAlg = algId(f[i++], 'signature');
  const issuerD = expectTag(f[i++], TAG.SEQUENCE, 'issuer');
  const [nb, na] = seq(f[i++], 'validity');
  const subjectD = expectTag(f[i++], TAG.SEQUENCE, 'subject');
  const key = publicKeyInfo(expectTag(f[i++], TAG.SEQUENCE, 'subjectPublicKeyInfo'));
  const sigAlg = algId(sigAlgD, 'signatureAlgorithm');
  if (!bytesEqual(innerAlg.der, sigAlg.der)) fail('certificate', '证书内外签名算法不一致', 'certificate signature algorithms disagree');
  const cert: Certificate = {
    der,
    tbs: encoded(tbsD!),
    sigAlg,
    signature: bitString(sigD, 'signatureValue'),
    version,
    serial,
    issuer: encoded(issuerD),
    subject: encoded(subjectD),
    issuerCN: commonName(issuerD),
    subjectCN: commonName(subjectD),
    notBefore: time(nb, 'notBefore'),
    notAfter: time(na, 'notAfter'),
    key,
    isCA: false,
    eku: null,
    keyUsage: null,
    subjectKeyId: null,
  };
  for (; i < f.length; i++) {
    const d = f[i]!;
    if (d.tag === 0x81 || d.tag === 0x82) continue; // issuer/subject unique IDs
    if (d.tag !== 0xa3) fail('certificate', '证书字段错误', 'unexpected certificate field');
    const seen = new Set<string>();
    for (const ext of seq(children(d)[0], 'Extensions')) {
      const parts = seq(ext, 'Extension');
      const id = oid(parts[0], 'extnID');
      if (seen.has(id)) fail('certificate', `证书扩展重复：${id}`, `duplicate certificate extension ${id}`);
      seen.add(id);
      const critical = parts.length === 3 ? bool(parts[1], 'critical') : false;
      const value = parseDer(octets(parts[parts.length - 1], 'extnValue'));
      if (id === '2.5.29.19') {
        const bc = seq(value, 'basicConstraints');
        cert.isCA = bc[0]?.tag === TAG.BOOLEAN ? bool(bc[0]) : false;
      } else if (id === '2.5.29.37') {
        cert.eku = { oids: seq(value, 'extKeyUsage').map((o) => oid(o)), critical };
      } else if (id === '2.5.29.15') {
        cert.keyUsage = content(expectTag(value, TAG.BIT_STRING, 'keyUsage'));
      } else if (id === '2.5.29.14') {
        cert.subjectKeyId = octets(value, 'subjectKeyIdentifier');
      } else if (critical) {
        fail('certificate', `证书含未知的关键扩展 ${id}`, `certificate has an unknown critical extension ${id}`);
      }
    }
  }
  return cert;
}

/** True when `cert` is signed by `issuer`'s key and names it as issuer. */
export async function issuedBy(cert: Certificate, issuer: Certificate): Promise<boolean> {
  if (!bytesEqual(cert.issuer, issuer.subject)) return false;
  return verifySignature(issuer.key, cert.sigAlg, cert.signature, cert.tbs);
}

/** SHA-256 fingerprint, uppercase hex with colons (as `openssl x509 -fingerprint -sha256` prints). */
export async function fingerprint(cert: Certificate): Promise<string> {
  return toHex(await sha256(cert.der)).toUpperCase().match(/../g)!.join(':');
}

/** Reads every CERTIFICATE block of a PEM text, strictly (base64 lines, matching END line). */
export function readPem(text: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  const re = /-----BEGIN CERTIFICATE-----\r?\n([A-Za-z0-9+/=\r\n]+?)-----END CERTIFICATE-----/g;
  let rest = text;
  for (const m of text.matchAll(re)) {
    const b64 = m[1]!.replace(/\r?\n/g, '');
    try {
      out.push(fromBase64(b64));
    } catch {
      fail('pem', 'PEM 证书的 base64 无效', 'invalid base64 in a PEM certificate');
    }
    rest = rest.replace(m[0], '');
  }
  if (rest.trim() !== '') fail('pem', 'PEM 文件含有证书以外的内容', 'the PEM file holds something besides certificates');
  if (out.length === 0) fail('pem', 'PEM 文件中没有证书', 'no certificate in the PEM file');
  return out;
}

/** PEM text of a DER certificate (64-character lines, final newline). */
export function toPem(der: Uint8Array): string {
  return `-----BEGIN CERTIFICATE-----\n${toBase64(der).match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/** Serial number as lowercase hex (for reports). */
export const serialHex = (c: Certificate): string => toHex(c.serial);

/** Whether `at` lies within the certificate's validity period. */
export const validAt = (c: Certificate, at: Date): boolean => c.notBefore.getTime() <= at.getTime() && at.getTime() <= c.notAfter.getTime();
