/**
 * Parsing and verifying RFC 3161 time-stamp tokens (issue 3 §1, §4), independently of who issued them.
 * The same checks `openssl ts -verify` makes: message imprint, signed attributes (content-type,
 * message-digest), the ESS signing-certificate(-v2) naming the signer, the signature, the signer's
 * timeStamping extended key usage and its chain to a trusted root at genTime. Never throws: garbage
 * answers `{ ok: false, reason }`.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { DIGESTS, OID, ab, commonName, der, digest, essNamesCert, integerHex, verifyWith } from './pki.ts';

/** What a token says. */
export interface TokenInfo {
  /** genTime, Unix seconds (fraction dropped). */
  genTime: number;
  /** Serial number, lower-case hex without leading zeros. */
  serial: string;
  /** TSA name: CN of the TSTInfo `tsa` directory name, else of the signer certificate. */
  tsaName: string;
  /** Policy OID (dotted). */
  policy: string;
  /** Imprint hash algorithm: 'sha256' | 'sha384' | 'sha512' | the OID when other. */
  hashAlgorithm: string;
  /** Message imprint, hex. */
  imprint: string;
  /** Nonce, hex, or null. */
  nonce: string | null;
  /** Signer (TSA) certificate, DER, when found in the token or the given certificates. */
  signerCert: Buffer | null;
  /** Every certificate embedded in the token (DER). */
  certificates: Buffer[];
}

export interface VerifyResult {
  ok: boolean;
  /** Why verification failed (English, for logs and the verifier). */
  reason?: string;
  /** Present whenever the token could be parsed. */
  info?: TokenInfo;
  /** True when the chain was checked against at least one trusted root. */
  chainChecked: boolean;
}

export interface VerifyOptions {
  /** Trusted root certificates (DER). Empty: the signature is checked but not the chain. */
  roots: Buffer[];
  /** Extra certificates to find the signer and intermediates (e.g. the TSA certificate when the token omits it). */
  certificates?: Buffer[];
}

/** Dotted text of an OBJECT IDENTIFIER's content octets (arbitrary-size arcs, unlike asn1js's toString). */
export function oidText(content: Uint8Array): string {
  const arcs: bigint[] = [];
  let v = 0n;
  for (const b of content) {
    v = (v << 7n) | BigInt(b & 0x7f);
    if ((b & 0x80) === 0) {
      arcs.push(v);
      v = 0n;
    }
  }
  const first = arcs.shift() ?? 0n;
  const head = first < 40n ? [0n, first] : first < 80n ? [1n, first - 40n] : [2n, first - 80n];
  return [...head, ...arcs].join('.');
}

/** Content octets of a DER TLV (definite length). */
function tlvContent(tlv: Uint8Array): Uint8Array {
  const len = tlv[1] ?? 0;
  return tlv.subarray(len < 0x80 ? 2 : 2 + (len & 0x7f));
}

interface Parsed {
  info: TokenInfo;
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  tstDer: Buffer;
  signer: pkijs.Certificate | null;
}

/** Parses a token (DER ContentInfo of SignedData over TSTInfo); throws Error with a reason when malformed. */
export function parseToken(token: Uint8Array, extraCerts: Buffer[] = []): Parsed {
  const asn1 = asn1js.fromBER(ab(token));
  if (asn1.offset === -1 || asn1.offset !== token.byteLength) throw new Error('token is not one DER structure');
  const ci = new pkijs.ContentInfo({ schema: asn1.result });
  if (ci.contentType !== OID.signedData) throw new Error('token is not CMS SignedData');
  const signedData = new pkijs.SignedData({ schema: ci.content });
  if (signedData.encapContentInfo.eContentType !== OID.tstInfo || !signedData.encapContentInfo.eContent) throw new Error('token does not encapsulate a TSTInfo');
  const tstDer = Buffer.from(signedData.encapContentInfo.eContent.getValue());
  const tstAsn1 = asn1js.fromBER(ab(tstDer));
  const tst = new pkijs.TSTInfo({ schema: tstAsn1.result });
  const policyBlock = (tstAsn1.result as asn1js.Sequence).valueBlock.value[1] as asn1js.ObjectIdentifier;
  if (signedData.signerInfos.length !== 1) throw new Error('token must have exactly one signer');
  const signerInfo = signedData.signerInfos[0]!;
  // DER of the embedded certificates straight from the parsed tree (re-encoding the pkijs objects
  // would re-parse each one).
  const objs = (signedData.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  const certBlock = (ci.content as asn1js.Sequence).valueBlock.value.find((b) => b.idBlock.tagClass === 3 && b.idBlock.tagNumber === 0) as asn1js.Constructed | undefined;
  const raw = (certBlock?.valueBlock.value ?? []).filter((b) => b.idBlock.tagClass === 1 && b.idBlock.tagNumber === 16).map((b) => Buffer.from(b.valueBeforeDecodeView));
  const certificates = raw.length === objs.length ? raw : objs.map((c) => der(c));
  let signer: pkijs.Certificate | null = null;
  let signerDer: Buffer | null = null;
  if (signerInfo.sid instanceof pkijs.IssuerAndSerialNumber) {
    const sid = signerInfo.sid;
    const matches = (c: pkijs.Certificate) => c.serialNumber.isEqual(sid.serialNumber) && c.issuer.isEqual(sid.issuer);
    const i = objs.findIndex(matches);
    if (i >= 0) {
      signer = objs[i]!;
      signerDer = certificates[i]!;
    } else {
      for (const d of extraCerts) {
        const c = pkijs.Certificate.fromBER(ab(d));
        if (matches(c)) {
          signer = c;
          signerDer = d;
          break;
        }
      }
    }
  }
  const tsaFromTst = tst.tsa && tst.tsa.type === 4 ? commonName(tst.tsa.value as pkijs.RelativeDistinguishedNames) : '';
  const hashOid = tst.messageImprint.hashAlgorithm.algorithmId;
  const info: TokenInfo = {
    genTime: Math.floor(tst.genTime.getTime() / 1000),
    serial: integerHex(tst.serialNumber),
    tsaName: tsaFromTst || (signer ? commonName(signer.subject) : ''),
    policy: oidText(tlvContent(policyBlock.valueBeforeDecodeView)),
    hashAlgorithm: DIGESTS[hashOid]?.name ?? hashOid,
    imprint: Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).toString('hex'),
    nonce: tst.nonce ? Buffer.from(tst.nonce.valueBlock.valueHexView).toString('hex') : null,
    signerCert: signerDer,
    certificates,
  };
  return { info, signedData, signerInfo, tstDer, signer };
}

/** Checks `cert` chains to one of `roots` through `pool`, each certificate valid at `at`. Returns a reason or null. */
function chainError(cert: crypto.X509Certificate, roots: crypto.X509Certificate[], pool: crypto.X509Certificate[], at: Date): string | null {
  let current = cert;
  for (let depth = 0; depth < 6; depth++) {
    if (at < current.validFromDate || at > current.validToDate) return `certificate "${current.subject.replace(/\n/g, ', ')}" was not valid at genTime`;
    const root = roots.find((r) => current.checkIssued(r) && current.verify(r.publicKey));
    if (root) return at < root.validFromDate || at > root.validToDate ? 'root certificate was not valid at genTime' : null;
    if (roots.some((r) => r.raw.equals(current.raw))) return null;
    const next = pool.find((p) => !p.raw.equals(current.raw) && current.checkIssued(p) && current.verify(p.publicKey));
    if (!next) return 'certificate chain does not lead to a trusted root';
    current = next;
  }
  return 'certificate chain too long';
}

/**
 * Verifies `token` as a time-stamp of the data whose SHA-256 is `sha256` (hex or 32 bytes).
 * `opts.roots` empty → the chain is not checked (`chainChecked: false`); everything else is.
 */
export function verifyToken(token: Uint8Array, sha256: string | Uint8Array, opts: VerifyOptions): VerifyResult {
  let parsed: Parsed;
  try {
    parsed = parseToken(token, opts.certificates ?? []);
  } catch (e) {
    return { ok: false, reason: `malformed token: ${(e as Error).message}`, chainChecked: false };
  }
  const { info, signerInfo, tstDer, signer } = parsed;
  const signerDer = info.signerCert;
  const fail = (reason: string): VerifyResult => ({ ok: false, reason, info, chainChecked: false });
  try {
    const want = typeof sha256 === 'string' ? sha256.toLowerCase() : Buffer.from(sha256).toString('hex');
    if (info.hashAlgorithm !== 'sha256') return fail(`imprint algorithm is ${info.hashAlgorithm}, not sha256`);
    if (info.imprint !== want) return fail('message imprint does not match the data');
    if (!signer) return fail('signer certificate not found');
    const attrs = signerInfo.signedAttrs?.attributes ?? [];
    const ct = attrs.find((a) => a.type === OID.contentType);
    if (!ct || (ct.values[0] as asn1js.ObjectIdentifier).valueBlock.toString() !== OID.tstInfo) return fail('content-type attribute missing or wrong');
    const md = attrs.find((a) => a.type === OID.messageDigest);
    const digestName = DIGESTS[signerInfo.digestAlgorithm.algorithmId]?.name;
    if (!md || !digestName) return fail('message-digest attribute missing or unsupported digest');
    if (!Buffer.from((md.values[0] as asn1js.OctetString).valueBlock.valueHexView).equals(digest(digestName, tstDer))) return fail('message digest does not match the TSTInfo');
    if (!essNamesCert(attrs, signer)) return fail('signing-certificate attribute missing or does not name the signer');
    const signed = new Uint8Array(signerInfo.signedAttrs!.encodedValue);
    if (!verifyWith(signer, signerInfo.signatureAlgorithm.algorithmId, signed, signerInfo.signature.valueBlock.valueHexView, digestName)) return fail('signature does not verify');
    const x = new crypto.X509Certificate(signerDer!);
    if (!(x.keyUsage ?? []).includes(OID.kpTimeStamping)) return fail('signer certificate lacks the timeStamping extended key usage');
    if (opts.roots.length === 0) return { ok: true, info, chainChecked: false };
    const pool = [...info.certificates, ...(opts.certificates ?? [])].map((d) => new crypto.X509Certificate(d));
    const err = chainError(x, opts.roots.map((r) => new crypto.X509Certificate(r)), pool, new Date(info.genTime * 1000));
    if (err) return fail(err);
    return { ok: true, info, chainChecked: true };
  } catch (e) {
    return fail(`verification error: ${(e as Error).message}`);
  }
}
