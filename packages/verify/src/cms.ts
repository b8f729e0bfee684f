/**
 * CMS SignedData (RFC 5652) with exactly one signer, as used by RFC 3161 timestamp tokens and PAdES
 * (ETSI.CAdES.detached) PDF signatures: parsing, the signed-attribute checks (contentType,
 * messageDigest) and the signature itself (over the DER SET of signed attributes, RFC 5652 §5.4).
 * ESS signingCertificate / signingCertificateV2 (RFC 5035) binding to the signer certificate.
 */
import { bytesEqual } from './bytes.ts';
import { children, content, encoded, expectTag, intBytes, octets, oid, parseDer, seq, smallInt, TAG, tlv, type Der } from './der.ts';
import { algId, digestName, verifySignature, type AlgId } from './sigalg.ts';
import { digest } from './sha256.ts';
import { fail } from './text.ts';
import { parseCertificate, type Certificate } from './x509.ts';

export const OID_SIGNED_DATA = '1.2.840.113549.1.7.2';
export const OID_DATA = '1.2.840.113549.1.7.1';
export const OID_TSTINFO = '1.2.840.113549.1.9.16.1.4';
export const OID_CONTENT_TYPE = '1.2.840.113549.1.9.3';
export const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
export const OID_SIGNING_CERT = '1.2.840.113549.1.9.16.2.12';
export const OID_SIGNING_CERT_V2 = '1.2.840.113549.1.9.16.2.47';
export const OID_SIGNATURE_TIMESTAMP = '1.2.840.113549.1.9.16.2.14';

/** One attribute: type and the DER values of its SET. */
export interface Attribute {
  type: string;
  values: Der[];
}

/** The single signer of a SignedData. */
export interface SignerInfo {
  version: number;
  /** issuerAndSerialNumber (version 1) or subjectKeyIdentifier (version 3). */
  sid: { issuer: Uint8Array; serial: Uint8Array } | { ski: Uint8Array };
  digestAlg: AlgId;
  /** The signed attributes and the exact bytes to verify (re-tagged as SET OF). */
  signedAttrs: Attribute[];
  signedAttrsDer: Uint8Array;
  sigAlg: AlgId;
  signature: Uint8Array;
  unsignedAttrs: Attribute[];
}

/** A parsed SignedData. */
export interface SignedData {
  version: number;
  digestAlgs: AlgId[];
  eContentType: string;
  /** Encapsulated content (null when detached). */
  eContent: Uint8Array | null;
  /** Certificates carried in the structure (DER), in order. */
  certificates: Uint8Array[];
  hasCrls: boolean;
  signer: SignerInfo;
}

function attributes(d: Der): Attribute[] {
  const seen = new Set<string>();
  return children(d).map((a) => {
    const [type, values, extra] = seq(a, 'Attribute');
    if (extra) fail('der', '属性多余字段', 'attribute: extra fields');
    const t = oid(type, 'attrType');
    if (seen.has(t)) fail('cms', `属性重复：${t}`, `duplicate attribute ${t}`);
    seen.add(t);
    const vs = seq(values, 'attrValues', TAG.SET);
    if (vs.length === 0) fail('cms', `属性 ${t} 没有值`, `attribute ${t} has no value`);
    return { type: t, values: vs };
  });
}

/** The single value of attribute `type`, or undefined when absent (several values raise VerifyError). */
export function attr(list: Attribute[], type: string): Der | undefined {
  const a = list.find((x) => x.type === type);
  if (a && a.values.length !== 1) fail('cms', `属性 ${type} 应只有一个值`, `attribute ${type} must have one value`);
  return a?.values[0];
}

function signerInfo(d: Der): SignerInfo {
  const f = seq(d, 'SignerInfo');
  let i = 0;
  const version = smallInt(f[i++], 'SignerInfo version');
  const sidD = f[i++];
  let sid: SignerInfo['sid'];
  if (version === 1) {
    const [issuer, serial] = seq(sidD, 'issuerAndSerialNumber');
    sid = { issuer: encoded(expectTag(issuer, TAG.SEQUENCE, 'issuer')), serial: intBytes(serial) };
  } else if (version === 3) {
    sid = { ski: content(expectTag(sidD, 0x80, 'subjectKeyIdentifier')) };
  } else return fail('cms', `签名者版本 ${version} 不受支持`, `unsupported SignerInfo version ${version}`);
  const digestAlg = algId(f[i++], 'digestAlgorithm');
  let signedAttrs: Attribute[] = [];
  let signedAttrsDer: Uint8Array = new Uint8Array(0);
  if (f[i]?.tag === 0xa0) {
    signedAttrs = attributes(f[i]!);
    signedAttrsDer = tlv(TAG.SET, content(f[i]!));
    i++;
  }
  const sigAlg = algId(f[i++], 'signatureAlgorithm');
  const signature = octets(f[i++], 'signature');
  let unsignedAttrs: Attribute[] = [];
  if (f[i]?.tag === 0xa1) unsignedAttrs = attributes(f[i++]!);
  if (i !== f.length) fail('cms', '签名者信息多余字段', 'SignerInfo: extra fields');
  return { version, sid, digestAlg, signedAttrs, signedAttrsDer, sigAlg, signature, unsignedAttrs };
}

/**
 * Parses a ContentInfo holding a SignedData with exactly one SignerInfo (DER, no trailing bytes).
 * Throws VerifyError('der' | 'cms').
 */
export function parseSignedData(der: Uint8Array): SignedData {
  const [ct, wrapped, extra] = seq(parseDer(der), 'ContentInfo');
  if (extra || oid(ct, 'contentType') !== OID_SIGNED_DATA) fail('cms', '不是 CMS SignedData', 'not a CMS SignedData');
  const [sdD, extra2] = children(expectTag(wrapped, 0xa0, 'content'));
  if (extra2) fail('cms', 'ContentInfo 多余字段', 'ContentInfo: extra fields');
  const f = seq(sdD, 'SignedData');
  let i = 0;
  const version = smallInt(f[i++], 'SignedData version');
  const digestAlgs = seq(f[i++], 'digestAlgorithms', TAG.SET).map((a) => algId(a));
  const [eType, eWrap, extra3] = seq(f[i++], 'encapContentInfo');
  if (extra3) fail('cms', 'encapContentInfo 多余字段', 'encapContentInfo: extra fields');
  const eContentType = oid(eType, 'eContentType');
  let eContent: Uint8Array | null = null;
  if (eWrap) {
    const [oct, extra4] = children(expectTag(eWrap, 0xa0, 'eContent'));
    if (extra4) fail('cms', 'eContent 多余字段', 'eContent: extra fields');
    eContent = octets(oct, 'eContent');
  }
  const certificates: Uint8Array[] = [];
  if (f[i]?.tag === 0xa0) {
    for (const c of children(f[i++]!)) certificates.push(encoded(expectTag(c, TAG.SEQUENCE, 'certificate')));
  }
  let hasCrls = false;
  if (f[i]?.tag === 0xa1) {
    hasCrls = true;
    i++;
  }
  const signers = seq(f[i++], 'signerInfos', TAG.SET);
  if (i !== f.length) fail('cms', 'SignedData 多余字段', 'SignedData: extra fields');
  if (signers.length !== 1) fail('cms', `应只有一个签名者（实际 ${signers.length} 个）`, `expected exactly one signer (found ${signers.length})`);
  return { version, digestAlgs, eContentType, eContent, certificates, hasCrls, signer: signerInfo(signers[0]!) };
}

/** True when `cert` is the certificate the SignerInfo names (issuer+serial or subject key ID). */
export function isSigner(s: SignerInfo, cert: Certificate): boolean {
  if ('ski' in s.sid) return cert.subjectKeyId !== null && bytesEqual(cert.subjectKeyId, s.sid.ski);
  return bytesEqual(cert.issuer, s.sid.issuer) && bytesEqual(cert.serial, s.sid.serial);
}

/** Outcome of checking a signer against content and certificate. */
export interface SignerCheck {
  /** The digest name used (e.g. 'SHA-256'). */
  digest: string;
  contentTypeOk: boolean;
  messageDigestOk: boolean;
  signatureOk: boolean;
  /** 'v2' signingCertificateV2 matching the cert, 'v1' only the SHA-1 v1 attribute matching, 'mismatch', or 'absent'. */
  essCert: 'v2' | 'v1' | 'mismatch' | 'absent';
}

/** Checks an ESSCertID(v2) SEQUENCE list: does its first entry hash to `cert`? */
async function essMatches(value: Der, cert: Certificate, v2: boolean): Promise<boolean> {
  const [certs] = seq(value, 'SigningCertificate');
  const [first] = seq(certs, 'certs');
  const parts = seq(first, 'ESSCertID');
  let j = 0;
  let hash = v2 ? 'SHA-256' : 'SHA-1';
  if (v2 && parts[0]?.tag === TAG.SEQUENCE) hash = digestName(algId(parts[j++], 'ESS hashAlgorithm'));
  const want = octets(parts[j++], 'certHash');
  if (!bytesEqual(await digest(hash, cert.der), want)) return false;
  const issuerSerial = parts[j];
  if (issuerSerial) {
    const [, serial] = seq(issuerSerial, 'IssuerSerial');
    if (!bytesEqual(intBytes(serial), cert.serial)) return false;
  }
  return true;
}

/**
 * Checks the single signer of `sd` over `signedContent` (the eContent, or the detached content) with
 * `cert`: the content-type and message-digest attributes, the ESS signing-certificate binding, and the
 * signature. Signed attributes are required (both uses here have them). Throws VerifyError for an
 * unsupported algorithm or a malformed attribute; a wrong value is a false field, not an exception.
 */
export async function checkSigner(sd: SignedData, cert: Certificate, signedContent: Uint8Array): Promise<SignerCheck> {
  const s = sd.signer;
  const dname = digestName(s.digestAlg);
  if (dname === 'SHA-1') fail('algorithm', '不接受 SHA-1 摘要', 'SHA-1 digests are not accepted');
  sd.digestAlgs.forEach(digestName);
  if (!sd.digestAlgs.some((a) => a.oid === s.digestAlg.oid)) fail('cms', '签名者的摘要算法未在 digestAlgorithms 中声明', 'signer digest algorithm missing from digestAlgorithms');
  if (s.signedAttrs.length === 0) fail('cms', '缺少签名属性', 'signed attributes are missing');
  const ctD = attr(s.signedAttrs, OID_CONTENT_TYPE);
  const mdD = attr(s.signedAttrs, OID_MESSAGE_DIGEST);
  const contentTypeOk = !!ctD && oid(ctD) === sd.eContentType;
  const messageDigestOk = !!mdD && bytesEqual(octets(mdD, 'messageDigest'), await digest(dname, signedContent));
  let essCert: SignerCheck['essCert'] = 'absent';
  const v2 = attr(s.signedAttrs, OID_SIGNING_CERT_V2);
  const v1 = attr(s.signedAttrs, OID_SIGNING_CERT);
  if (v2) essCert = (await essMatches(v2, cert, true)) ? 'v2' : 'mismatch';
  else if (v1) essCert = (await essMatches(v1, cert, false)) ? 'v1' : 'mismatch';
  let signatureOk = false;
  try {
    signatureOk = await verifySignature(cert.key, s.sigAlg, s.signature, s.signedAttrsDer, dname);
  } catch (e) {
    if ((e as { code?: string }).code === 'algorithm') throw e;
    signatureOk = false;
  }
  return { digest: dname, contentTypeOk, messageDigestOk, signatureOk, essCert };
}

/** Parses each carried certificate (VerifyError when one is malformed). */
export const carriedCertificates = (sd: SignedData): Certificate[] => sd.certificates.map(parseCertificate);
