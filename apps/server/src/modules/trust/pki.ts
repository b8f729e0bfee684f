/**
 * Shared PKI pieces of the trust module (DESIGN.md Trust design §3; issue 3 §1–2): object identifiers,
 * PEM/DER conversion, X.500 names, key signers and DER rules that OpenSSL and NSS insist on.
 *
 * Cryptography uses node:crypto (keys, signatures, digests: synchronous, no WebCrypto type clash with
 * pkijs); pkijs + asn1js are used only to build and parse the ASN.1 structures.
 */
import crypto, { type KeyObject } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/** Object identifiers used by the trust module. */
export const OID = {
  sha256: '2.16.840.1.101.3.4.2.1',
  sha384: '2.16.840.1.101.3.4.2.2',
  sha512: '2.16.840.1.101.3.4.2.3',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha384WithRSA: '1.2.840.113549.1.1.12',
  sha512WithRSA: '1.2.840.113549.1.1.13',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSHA256: '1.2.840.10045.4.3.2',
  ecdsaWithSHA384: '1.2.840.10045.4.3.3',
  ecdsaWithSHA512: '1.2.840.10045.4.3.4',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  /** ESS signing-certificate (v1, SHA-1; RFC 2634). */
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  /** ESS signing-certificate-v2 (RFC 5035): OpenSSL refuses tokens without v1 or v2. */
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  /** id-aa-signatureTimeStampToken (RFC 3161 appendix A): unsigned attribute of CAdES-T / PAdES-B-T. */
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  kpTimeStamping: '1.3.6.1.5.5.7.3.8',
  kpEmailProtection: '1.3.6.1.5.5.7.3.4',
  /** id-kp-documentSigning (RFC 9336). */
  kpDocumentSigning: '1.3.6.1.5.5.7.3.36',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  extKeyUsage: '2.5.29.37',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  commonName: '2.5.4.3',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
} as const;

/**
 * Policy of the built-in TSA: an OID under 2.25 (UUID-based, ITU-T X.667, needs no registration),
 * fixed for this project; `.1` = time-stamping policy.
 */
export const BUILTIN_TSA_POLICY = '2.25.184198436521694539221644176863975528983.1';

/** Digest OID → node:crypto hash name (the ones the trust module accepts). */
export const DIGESTS: Readonly<Record<string, { name: 'sha256' | 'sha384' | 'sha512'; bytes: number }>> = {
  [OID.sha256]: { name: 'sha256', bytes: 32 },
  [OID.sha384]: { name: 'sha384', bytes: 48 },
  [OID.sha512]: { name: 'sha512', bytes: 64 },
};

/** Signature algorithm OID → node:crypto hash name. */
export const SIGNATURE_DIGEST: Readonly<Record<string, 'sha256' | 'sha384' | 'sha512'>> = {
  [OID.sha256WithRSA]: 'sha256',
  [OID.sha384WithRSA]: 'sha384',
  [OID.sha512WithRSA]: 'sha512',
  [OID.ecdsaWithSHA256]: 'sha256',
  [OID.ecdsaWithSHA384]: 'sha384',
  [OID.ecdsaWithSHA512]: 'sha512',
};

/** Copies any byte view into a standalone ArrayBuffer (pkijs/asn1js inputs). */
export const ab = (b: Uint8Array): ArrayBuffer => {
  const out = new ArrayBuffer(b.byteLength);
  new Uint8Array(out).set(b);
  return out;
};

/** DER bytes of an asn1js value or pkijs object. */
export const der = (v: { toBER(sizeOnly?: boolean): ArrayBuffer } | { toSchema(): { toBER(sizeOnly?: boolean): ArrayBuffer } }): Buffer =>
  Buffer.from('toBER' in v ? v.toBER(false) : v.toSchema().toBER(false));

/** Digest of `data` with a node:crypto hash name. */
export const digest = (name: string, data: Uint8Array): Buffer => crypto.createHash(name).update(data).digest();

/** PEM armour of DER bytes (64-character lines). */
export function toPem(label: string, bytes: Uint8Array): string {
  const b64 = Buffer.from(bytes).toString('base64').replace(/.{64}/g, '$&\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

/** Every PEM block of `label` in `text`, as DER. Accepts `\n` written literally (env variables). */
export function fromPem(text: string, label: string): Buffer[] {
  const t = text.replace(/\\n/g, '\n');
  const re = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+?)-----END ${label}-----`, 'g');
  return [...t.matchAll(re)].map((m) => Buffer.from((m[1] ?? '').replace(/\s+/g, ''), 'base64'));
}

/** One DER TLV: tag byte, offsets of its start, its content and its end. */
export interface Tlv {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

/**
 * Reads the DER TLV at `at` of `buf` (single-byte tags, definite lengths up to 4 length bytes).
 * Throws Error for truncated or indefinite-length input. Cheap: no object tree (asn1js parsing of a
 * whole token costs milliseconds; this is used to split responses without parsing them twice).
 */
export function readTlv(buf: Uint8Array, at = 0): Tlv {
  if (at + 2 > buf.length) throw new Error('truncated DER');
  const tag = buf[at]!;
  let len = buf[at + 1]!;
  let contentStart = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || contentStart + n > buf.length) throw new Error('unsupported DER length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[contentStart + i]!;
    contentStart += n;
  }
  const end = contentStart + len;
  if (end > buf.length) throw new Error('truncated DER');
  return { tag, start: at, contentStart, end };
}

/** DER SEQUENCE around already-encoded members. */
export function derSequence(parts: Uint8Array[]): Buffer {
  const body = Buffer.concat(parts);
  const n = body.length;
  const len = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Buffer.from([0x30, ...len]), body]);
}

/** Parses a DER certificate with pkijs; throws on garbage. */
export const parseCert = (d: Uint8Array): pkijs.Certificate => pkijs.Certificate.fromBER(ab(d));

/** Positive random serial number of 16 bytes (first byte 0x01–0x7f: positive, minimal DER). */
export function randomSerial(): asn1js.Integer {
  const b = crypto.randomBytes(16);
  b[0] = (b[0]! & 0x7f) | 0x01;
  return new asn1js.Integer({ valueHex: ab(b) });
}

/** Hex of an ASN.1 INTEGER's content octets (leading zero bytes dropped). */
export const integerHex = (i: asn1js.Integer): string => Buffer.from(i.valueBlock.valueHexView).toString('hex').replace(/^(00)+(?=.)/, '');

/** An X.500 name: C (PrintableString), O, optional OU, CN (UTF8String; Chinese allowed). */
export function x500Name(n: { country?: string; org: string; unit?: string; cn: string }): pkijs.RelativeDistinguishedNames {
  const rdns: asn1js.Set[] = [];
  // One attribute per RDN (pkijs would put them all into one multi-valued RDN: "C=CN+O=…+CN=…").
  const add = (type: string, value: pkijs.AttributeValueType) => rdns.push(new asn1js.Set({ value: [new pkijs.AttributeTypeAndValue({ type, value }).toSchema()] }));
  if (n.country) add(OID.country, new asn1js.PrintableString({ value: n.country }));
  add(OID.organization, new asn1js.Utf8String({ value: n.org }));
  if (n.unit) add(OID.organizationalUnit, new asn1js.Utf8String({ value: n.unit }));
  add(OID.commonName, new asn1js.Utf8String({ value: n.cn }));
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER(false));
}

/** The common name of a name (or its full text form when it has none). */
export function commonName(rdn: pkijs.RelativeDistinguishedNames): string {
  const cn = rdn.typesAndValues.find((t) => t.type === OID.commonName);
  const text = (t: pkijs.AttributeTypeAndValue) => String((t.value as { valueBlock?: { value?: unknown } }).valueBlock?.value ?? '');
  return cn ? text(cn) : rdn.typesAndValues.map(text).join(', ');
}

/**
 * A private key that signs: the one operation an HSM or a cloud KMS would replace. `sign` returns the
 * signature in the form CMS and X.509 carry (ECDSA: DER SEQUENCE{r,s}; RSA: PKCS#1 v1.5 bytes).
 */
export interface KeySigner {
  /** Signature AlgorithmIdentifier OID (ecdsa-with-SHA256, sha256WithRSAEncryption …). */
  algorithm: string;
  /** Digest used with it, node:crypto name. */
  hash: 'sha256' | 'sha384' | 'sha512';
  sign(data: Uint8Array): Promise<Buffer>;
}

/** KeySigner over a local node:crypto private key (EC P-256/P-384 or RSA). Throws for other key types. */
export function localKeySigner(key: KeyObject): KeySigner {
  if (key.asymmetricKeyType === 'ec') {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    const p384 = curve === 'secp384r1';
    if (curve !== 'prime256v1' && !p384) throw new Error(`unsupported EC curve ${curve}`);
    const hash = p384 ? 'sha384' : 'sha256';
    return { algorithm: p384 ? OID.ecdsaWithSHA384 : OID.ecdsaWithSHA256, hash, sign: async (d) => crypto.sign(hash, d, { key, dsaEncoding: 'der' }) };
  }
  if (key.asymmetricKeyType === 'rsa') {
    return { algorithm: OID.sha256WithRSA, hash: 'sha256', sign: async (d) => crypto.sign('sha256', d, { key, padding: crypto.constants.RSA_PKCS1_PADDING }) };
  }
  throw new Error(`unsupported key type ${key.asymmetricKeyType}`);
}

/** AlgorithmIdentifier of a signature OID (RSA ones carry NULL parameters, ECDSA ones none). */
export function signatureAlgorithmId(oid: string): pkijs.AlgorithmIdentifier {
  const rsa = oid.startsWith('1.2.840.113549.1.1.');
  return new pkijs.AlgorithmIdentifier(rsa ? { algorithmId: oid, algorithmParams: new asn1js.Null() } : { algorithmId: oid });
}

/** AlgorithmIdentifier of a digest (parameters absent, as RFC 5754 recommends). */
export const digestAlgorithmId = (oid: string): pkijs.AlgorithmIdentifier => new pkijs.AlgorithmIdentifier({ algorithmId: oid });

/** Digest OID of a node:crypto hash name. */
export const digestOid = (hash: 'sha256' | 'sha384' | 'sha512'): string => ({ sha256: OID.sha256, sha384: OID.sha384, sha512: OID.sha512 })[hash];

/**
 * Verifies `signature` over `data` with the subject public key of `cert` and the signature algorithm
 * `algOid` (RSA PKCS#1 v1.5 or ECDSA with SHA-2). False for a wrong signature or an unsupported algorithm.
 */
export function verifyWith(cert: pkijs.Certificate, algOid: string, data: Uint8Array, signature: Uint8Array, digestName?: string): boolean {
  try {
    const spki = der(cert.subjectPublicKeyInfo);
    const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
    const hash = SIGNATURE_DIGEST[algOid] ?? (algOid === OID.rsaEncryption || algOid === OID.ecPublicKey ? digestName : undefined);
    if (!hash) return false;
    return crypto.verify(hash, data, key.asymmetricKeyType === 'ec' ? { key, dsaEncoding: 'der' } : key, signature);
  } catch {
    return false;
  }
}

/**
 * Sorts the members of a DER SET OF by their encodings (X.690 §11.6). OpenSSL and NSS re-encode signed
 * attributes in this order before checking a signature, so they must be signed in it.
 */
export function derSetOrder<T extends { toSchema(): { toBER(sizeOnly?: boolean): ArrayBuffer } }>(items: T[]): T[] {
  const keyed = items.map((item) => ({ item, enc: der(item) }));
  keyed.sort((a, b) => {
    const n = Math.max(a.enc.length, b.enc.length);
    for (let i = 0; i < n; i++) {
      const d = (a.enc[i] ?? 0) - (b.enc[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  return keyed.map((k) => k.item);
}

/**
 * ESS signingCertificateV2 attribute (RFC 5035) naming `cert` by its SHA-256 hash and issuer/serial.
 * hashAlgorithm is omitted because SHA-256 is its DEFAULT (DER forbids encoding defaults).
 */
export function signingCertificateV2(cert: pkijs.Certificate): pkijs.Attribute {
  const certHash = digest('sha256', der(cert));
  const issuerSerial = new asn1js.Sequence({
    value: [
      new asn1js.Sequence({ value: [new pkijs.GeneralName({ type: 4, value: cert.issuer }).toSchema()] }),
      new asn1js.Integer({ valueHex: ab(Buffer.from(cert.serialNumber.valueBlock.valueHexView)) }),
    ],
  });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: ab(certHash) }), issuerSerial] });
  const value = new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
  return new pkijs.Attribute({ type: OID.signingCertificateV2, values: [value] });
}

/**
 * Whether the ESS signing-certificate attribute (v2 or v1) among `attrs` names `cert`: its first
 * ESSCertID hash equals the certificate's hash (SHA-256 default for v2, SHA-1 for v1). False when absent.
 */
export function essNamesCert(attrs: pkijs.Attribute[], cert: pkijs.Certificate): boolean {
  const enc = der(cert);
  for (const a of attrs) {
    if (a.type !== OID.signingCertificateV2 && a.type !== OID.signingCertificate) continue;
    try {
      const certs = (a.values[0] as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
      const id = certs.valueBlock.value[0] as asn1js.Sequence;
      const parts = id.valueBlock.value;
      let hashName = a.type === OID.signingCertificate ? 'sha1' : 'sha256';
      let i = 0;
      if (parts[0] instanceof asn1js.Sequence) {
        const algo = new pkijs.AlgorithmIdentifier({ schema: parts[0] });
        hashName = DIGESTS[algo.algorithmId]?.name ?? 'unknown';
        i = 1;
      }
      const hash = parts[i] as asn1js.OctetString;
      if (hashName === 'unknown') return false;
      return Buffer.from(hash.valueBlock.valueHexView).equals(digest(hashName, enc));
    } catch {
      return false;
    }
  }
  return false;
}
