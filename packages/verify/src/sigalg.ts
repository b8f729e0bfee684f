/**
 * Signature and digest algorithms of X.509 / CMS mapped to WebCrypto: RSA PKCS#1 v1.5 and RSA-PSS with
 * SHA-256/384/512, ECDSA on P-256/P-384/P-521, Ed25519. SHA-1 signatures are refused (a SHA-1 digest is
 * only read where a standard demands it, e.g. ESS signingCertificate v1). Unknown algorithms raise
 * VerifyError('algorithm'), never a silent "valid".
 */
import { own } from './bytes.ts';
import { children, encoded, expectTag, intBytes, oid, readTlv, seq, smallInt, TAG, type Der } from './der.ts';
import { fail } from './text.ts';

/** An AlgorithmIdentifier: OID and optional parameters. */
export interface AlgId {
  oid: string;
  params?: Der;
  /** The whole encoding, for byte comparisons. */
  der: Uint8Array;
}

/** Parses an AlgorithmIdentifier SEQUENCE. */
export function algId(d: Der | undefined, what = 'AlgorithmIdentifier'): AlgId {
  const [o, params, extra] = seq(d, what);
  if (extra) fail('der', `${what} 多余字段`, `${what}: extra fields`);
  return params ? { oid: oid(o, what), params, der: encoded(d!) } : { oid: oid(o, what), der: encoded(d!) };
}

/** Digest OIDs → WebCrypto names. */
export const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};
export const OID_SHA256 = '2.16.840.1.101.3.4.2.1';

/** WebCrypto digest name of a digest AlgorithmIdentifier (parameters absent or NULL). */
export function digestName(a: AlgId): string {
  const n = DIGESTS[a.oid];
  if (!n) fail('algorithm', `不支持的摘要算法 ${a.oid}`, `unsupported digest algorithm ${a.oid}`);
  if (a.params && (a.params.tag !== TAG.NULL || a.params.end !== a.params.contentStart)) fail('algorithm', '摘要算法参数错误', 'bad digest algorithm parameters');
  return n;
}

const RSA_PKCS1: Record<string, string> = {
  '1.2.840.113549.1.1.11': 'SHA-256',
  '1.2.840.113549.1.1.12': 'SHA-384',
  '1.2.840.113549.1.1.13': 'SHA-512',
};
const ECDSA: Record<string, string> = {
  '1.2.840.10045.4.3.2': 'SHA-256',
  '1.2.840.10045.4.3.3': 'SHA-384',
  '1.2.840.10045.4.3.4': 'SHA-512',
};
const OID_RSA = '1.2.840.113549.1.1.1';
const OID_PSS = '1.2.840.113549.1.1.10';
const OID_EC = '1.2.840.10045.2.1';
const OID_ED25519 = '1.3.101.112';
const CURVES: Record<string, { name: string; size: number }> = {
  '1.2.840.10045.3.1.7': { name: 'P-256', size: 32 },
  '1.3.132.0.34': { name: 'P-384', size: 48 },
  '1.3.132.0.35': { name: 'P-521', size: 66 },
};

/** A public key as found in a certificate's SubjectPublicKeyInfo. */
export interface PublicKeyInfo {
  /** The SPKI DER (what WebCrypto imports). */
  spki: Uint8Array;
  alg: AlgId;
}

/** Human-readable name of a signature algorithm OID, for reports. */
export function sigAlgName(a: AlgId, hash?: string): string {
  if (RSA_PKCS1[a.oid]) return `RSA PKCS#1 v1.5 ${RSA_PKCS1[a.oid]}`;
  if (ECDSA[a.oid]) return `ECDSA ${ECDSA[a.oid]}`;
  if (a.oid === OID_PSS) return 'RSA-PSS';
  if (a.oid === OID_ED25519) return 'Ed25519';
  if (a.oid === OID_RSA) return `RSA PKCS#1 v1.5 ${hash ?? ''}`.trim();
  if (a.oid === OID_EC) return `ECDSA ${hash ?? ''}`.trim();
  return a.oid;
}

const unsupported = (o: string): never => fail('algorithm', `不支持的签名算法 ${o}`, `unsupported signature algorithm ${o}`);

/** RSA PKCS#1 v1.5 algorithms carry NULL parameters (or none); ECDSA and Ed25519 carry none (RFC 4055, 5758, 8410). */
function checkParams(a: AlgId, nullAllowed: boolean): void {
  const p = a.params;
  if (!p) return;
  if (nullAllowed && p.tag === TAG.NULL && p.end === p.contentStart) return;
  fail('algorithm', `签名算法 ${a.oid} 的参数错误`, `bad parameters for signature algorithm ${a.oid}`);
}

/** ECDSA-Sig-Value (DER SEQUENCE of r, s) → fixed-size r‖s as WebCrypto expects. */
function ecdsaRaw(sig: Uint8Array, size: number): Uint8Array {
  const top = readTlv(sig, 0, sig.length);
  if (top.end !== sig.length) fail('der', 'ECDSA 签名格式错误', 'malformed ECDSA signature');
  const [r, s, extra] = children(expectTag(top, TAG.SEQUENCE, 'ECDSA signature'));
  if (extra) fail('der', 'ECDSA 签名格式错误', 'malformed ECDSA signature');
  const out = new Uint8Array(2 * size);
  for (const [i, v] of [intBytes(r), intBytes(s)].entries()) {
    const n = v[0] === 0 ? v.subarray(1) : v;
    if (n.length > size || (v[0]! & 0x80)) fail('der', 'ECDSA 签名格式错误', 'malformed ECDSA signature');
    out.set(n, (i + 1) * size - n.length);
  }
  return out;
}

/** RSASSA-PSS-params → hash name and salt length (RFC 4055; MGF1 with the same hash required). */
function pssParams(p: Der | undefined): { hash: string; saltLength: number } {
  let hash = 'SHA-1';
  let saltLength = 20;
  for (const f of p ? seq(p, 'RSASSA-PSS-params') : []) {
    const [inner] = children(f);
    if (f.tag === 0xa0) hash = digestName(algId(inner, 'PSS hash'));
    else if (f.tag === 0xa1) {
      const mgf = algId(inner, 'PSS MGF');
      if (mgf.oid !== '1.2.840.113549.1.1.8' || digestName(algId(mgf.params, 'MGF1 hash')) !== hash) unsupported('RSA-PSS MGF');
    } else if (f.tag === 0xa2) saltLength = smallInt(inner, 'PSS salt');
    else if (f.tag === 0xa3 && smallInt(inner, 'PSS trailer') !== 1) unsupported('RSA-PSS trailer');
  }
  if (hash === 'SHA-1') unsupported('RSA-PSS SHA-1');
  return { hash, saltLength };
}

/**
 * Verifies `signature` over `data` with `key` using signature algorithm `sigAlg`. For CMS signer infos
 * whose signatureAlgorithm is a bare key algorithm (rsaEncryption, id-ecPublicKey), `digest` names the
 * hash (from digestAlgorithm). Returns false for a wrong signature; throws VerifyError for an
 * unsupported algorithm or a key that does not match it.
 */
export async function verifySignature(key: PublicKeyInfo, sigAlg: AlgId, signature: Uint8Array, data: Uint8Array, digest?: string): Promise<boolean> {
  const spki = own(key.spki);
  const msg = own(data);
  const subtle = crypto.subtle;
  const keyOid = key.alg.oid;
  let hash = RSA_PKCS1[sigAlg.oid] ?? (sigAlg.oid === OID_RSA ? digest : undefined);
  if (hash) {
    if (hash === 'SHA-1' || keyOid !== OID_RSA) return unsupported(`${sigAlg.oid} / ${keyOid}`);
    checkParams(sigAlg, true);
    const k = await subtle.importKey('spki', spki, { name: 'RSASSA-PKCS1-v1_5', hash }, false, ['verify']);
    return subtle.verify('RSASSA-PKCS1-v1_5', k, own(signature), msg);
  }
  if (sigAlg.oid === OID_PSS) {
    if (keyOid !== OID_RSA) return unsupported(`RSA-PSS / ${keyOid}`);
    const p = pssParams(sigAlg.params);
    const k = await subtle.importKey('spki', spki, { name: 'RSA-PSS', hash: p.hash }, false, ['verify']);
    return subtle.verify({ name: 'RSA-PSS', saltLength: p.saltLength }, k, own(signature), msg);
  }
  hash = ECDSA[sigAlg.oid] ?? (sigAlg.oid === OID_EC ? digest : undefined);
  if (hash) {
    const curve = keyOid === OID_EC && key.alg.params ? CURVES[oid(key.alg.params, 'curve')] : undefined;
    if (!curve || hash === 'SHA-1') return unsupported(`${sigAlg.oid} / ${keyOid}`);
    checkParams(sigAlg, false);
    const k = await subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: curve.name }, false, ['verify']);
    let raw: Uint8Array;
    try {
      raw = ecdsaRaw(signature, curve.size);
    } catch {
      return false;
    }
    return subtle.verify({ name: 'ECDSA', hash }, k, own(raw), msg);
  }
  if (sigAlg.oid === OID_ED25519) {
    if (keyOid !== OID_ED25519) return unsupported(`Ed25519 / ${keyOid}`);
    checkParams(sigAlg, false);
    const k = await subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
    return subtle.verify({ name: 'Ed25519' }, k, own(signature), msg);
  }
  return unsupported(sigAlg.oid);
}

/** The SubjectPublicKeyInfo TLV → PublicKeyInfo. */
export function publicKeyInfo(d: Der): PublicKeyInfo {
  const [alg, bits] = seq(d, 'SubjectPublicKeyInfo');
  expectTag(bits, TAG.BIT_STRING, 'subjectPublicKey');
  return { spki: encoded(d), alg: algId(alg, 'SPKI algorithm') };
}

