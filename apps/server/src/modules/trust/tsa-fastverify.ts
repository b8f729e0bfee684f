/**
 * Fast verification of repeated time-stamp tokens from one TSA (issue 16: the full pkijs parse of
 * verify.ts cost ≈ 7–10 ms of CPU per deposit, 70 % of it). The first token of a TSA is verified fully
 * (`verifyToken`: structure, attributes, signature, EKU, chain to the roots) and its parts that are the
 * same in every token of that TSA are remembered: certificates, signer id, algorithms, content-type and
 * ESS signing-certificate attributes, and the TSTInfo's version, policy, accuracy and TSA name. A later
 * token whose constant parts are byte-for-byte those takes the fast path, which still checks everything
 * that varies: the message imprint and nonce against the request, the message-digest attribute against
 * the TSTInfo, the signature (node:crypto, with the remembered signer key), and genTime within the
 * signer certificate's validity. Anything else goes to the full verification.
 */
import crypto from 'node:crypto';
import { readTlv } from './pki.ts';
import type { Tlv } from './pki.ts';
import { verifyToken, type TokenInfo, type VerifyOptions, type VerifyResult } from './verify.ts';

/** Children TLVs of the constructed TLV `t` of `buf`. */
function children(buf: Buffer, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  for (let at = t.contentStart; at < t.end; ) {
    const c = readTlv(buf, at);
    if (c.end > t.end) throw new Error('overrun');
    out.push(c);
    at = c.end;
  }
  return out;
}

const bytes = (buf: Buffer, t: Tlv) => buf.subarray(t.start, t.end);
const content = (buf: Buffer, t: Tlv) => buf.subarray(t.contentStart, t.end);

/** The parts of a token the fast path needs (null when it is not shaped like our tokens). */
function split(token: Buffer) {
  const ci = readTlv(token);
  if (ci.tag !== 0x30 || ci.end !== token.length) return null;
  const [ctOid, wrap] = children(token, ci);
  if (!ctOid || !wrap || wrap.tag !== 0xa0) return null;
  const [sd] = children(token, wrap);
  if (!sd || sd.tag !== 0x30) return null;
  const sdParts = children(token, sd);
  if (sdParts.length !== 5) return null; // version, digestAlgorithms, encap, [0] certificates, signerInfos
  const [version, digestAlgs, encap, certs, signerInfos] = sdParts as [Tlv, Tlv, Tlv, Tlv, Tlv];
  if (certs.tag !== 0xa0 || signerInfos.tag !== 0x31) return null;
  const [eType, eWrap] = children(token, encap);
  if (!eType || !eWrap || eWrap.tag !== 0xa0) return null;
  const [eOctets] = children(token, eWrap);
  if (!eOctets || eOctets.tag !== 0x04) return null;
  const infos = children(token, signerInfos);
  if (infos.length !== 1) return null;
  const si = children(token, infos[0]!);
  if (si.length !== 6) return null; // version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature
  const [siVersion, sid, digestAlg, attrs, sigAlg, sig] = si as [Tlv, Tlv, Tlv, Tlv, Tlv, Tlv];
  if (attrs.tag !== 0xa0 || sig.tag !== 0x04) return null;
  const attrList = children(token, attrs);
  if (attrList.length !== 3) return null;
  const tst = content(token, eOctets);
  const tstRoot = readTlv(tst);
  if (tstRoot.tag !== 0x30 || tstRoot.end !== tst.length) return null;
  const f = children(tst, tstRoot);
  // version, policy, messageImprint, serialNumber, genTime, accuracy, [nonce], tsa
  if (f.length !== 7 && f.length !== 8) return null;
  const nonce = f.length === 8 ? f[6]! : null;
  const tsa = f[f.length - 1]!;
  if (f[3]!.tag !== 0x02 || f[4]!.tag !== 0x18 || (nonce && nonce.tag !== 0x02) || tsa.tag !== 0xa0) return null;
  // The message-digest attribute is the one that is not constant: SEQ { OID, SET { OCTET STRING } }.
  const constant = Buffer.concat([
    bytes(token, ctOid), bytes(token, version), bytes(token, digestAlgs), bytes(token, eType), bytes(token, certs),
    bytes(token, siVersion), bytes(token, sid), bytes(token, digestAlg), bytes(token, sigAlg),
    bytes(tst, f[0]!), bytes(tst, f[1]!), bytes(tst, f[5]!), bytes(tst, tsa),
  ]);
  const digestOid = content(token, children(token, digestAlg)[0]!).toString('hex');
  return {
    constant,
    /** node:crypto name of the signer's digest algorithm, null when not SHA-2. */
    hash: ({ '608648016503040201': 'sha256', '608648016503040202': 'sha384', '608648016503040203': 'sha512' } as Record<string, string>)[digestOid] ?? null,
    attrs: attrList.map((a) => bytes(token, a)),
    signedAttrsContent: content(token, attrs),
    signature: content(token, sig),
    tst,
    imprint: bytes(tst, f[2]!),
    serial: content(tst, f[3]!),
    genTime: content(tst, f[4]!).toString('latin1'),
    nonce: nonce ? content(tst, nonce) : null,
  };
}

/** DER of the attribute type OID of an Attribute (SEQ { OID, SET }). */
function attrOid(a: Buffer): Buffer {
  const t = readTlv(a);
  const o = readTlv(a, t.contentStart);
  return a.subarray(o.start, o.end);
}

/** GeneralizedTime "YYYYMMDDHHMMSSZ" (as our TSA writes it) → Unix seconds, or null for other forms. */
function genTimeSeconds(s: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) / 1000 : null;
}

const hexNoLeadingZeros = (b: Buffer) => b.toString('hex').replace(/^(00)+(?=.)/, '');

interface Learned {
  opts: VerifyOptions;
  constant: Buffer;
  /** The two constant signed attributes (content-type, ESS signing-certificate-v2), DER. */
  fixedAttrs: Buffer[];
  mdOid: Buffer;
  hash: string;
  key: crypto.KeyObject;
  validFrom: number;
  validTo: number;
  info: Pick<TokenInfo, 'tsaName' | 'policy' | 'hashAlgorithm' | 'signerCert' | 'certificates'>;
}

/** DER of the message-digest attribute's OID (1.2.840.113549.1.9.4). */
const MD_OID = Buffer.from('06092a864886f70d010904', 'hex');

/**
 * A verifier with the fast path: `verify(token, sha256, nonce, imprintDer, opts)`; same answer shape as
 * `verifyToken`. `imprintDer` is the MessageImprint the request carried (the TSTInfo must repeat it).
 */
export function fastTokenVerifier() {
  let learned: Learned | null = null;

  function learn(token: Buffer, opts: VerifyOptions, v: VerifyResult): void {
    const s = split(token);
    if (!s || !v.ok || !v.info?.signerCert || !v.chainChecked) return;
    const md = s.attrs.findIndex((a) => attrOid(a).equals(MD_OID));
    if (md < 0 || !s.hash) return;
    const x = new crypto.X509Certificate(v.info.signerCert);
    const hash = s.hash;
    learned = {
      opts,
      constant: Buffer.from(s.constant),
      fixedAttrs: s.attrs.filter((_, i) => i !== md).map((a) => Buffer.from(a)),
      mdOid: MD_OID,
      hash,
      key: x.publicKey,
      validFrom: x.validFromDate.getTime() / 1000,
      validTo: x.validToDate.getTime() / 1000,
      info: { tsaName: v.info.tsaName, policy: v.info.policy, hashAlgorithm: v.info.hashAlgorithm, signerCert: v.info.signerCert, certificates: v.info.certificates },
    };
  }

  function fast(token: Buffer, sha256: Buffer, imprintDer: Buffer, l: Learned): VerifyResult | null {
    const s = split(token);
    if (!s || !s.constant.equals(l.constant) || !s.imprint.equals(imprintDer)) return null;
    const fixed = s.attrs.filter((a) => l.fixedAttrs.some((f) => f.equals(a)));
    const md = s.attrs.filter((a) => !l.fixedAttrs.some((f) => f.equals(a)));
    if (fixed.length !== 2 || md.length !== 1) return null;
    // SEQ { OID messageDigest, SET { OCTET STRING digest } } — the digest of the TSTInfo.
    const digest = crypto.createHash(l.hash).update(s.tst).digest();
    const mdAttr = md[0]!;
    const expected = derSeq(l.mdOid, derTag(0x31, derTag(0x04, digest)));
    // Any mismatch goes to the full verification, which words the reason (and knows every algorithm).
    if (!mdAttr.equals(expected)) return null;
    const signed = Buffer.concat([derHeader(0x31, s.signedAttrsContent.length), s.signedAttrsContent]);
    const ok = crypto.verify(l.hash, signed, { key: l.key, dsaEncoding: 'der' }, s.signature);
    if (!ok) return null;
    const genTime = genTimeSeconds(s.genTime);
    if (genTime === null) return null;
    if (genTime < l.validFrom || genTime > l.validTo) return null; // let the full check word the reason
    const info: TokenInfo = {
      ...l.info,
      genTime,
      serial: hexNoLeadingZeros(s.serial),
      imprint: sha256.toString('hex'),
      nonce: s.nonce ? hexNoLeadingZeros(s.nonce) : null,
    };
    return { ok: true, info, chainChecked: true };
  }

  return {
    /** Verifies `token` for `sha256`, requested with MessageImprint `imprintDer`, under `opts`. */
    verify(token: Buffer, sha256: Buffer, imprintDer: Buffer, opts: VerifyOptions): VerifyResult {
      if (learned && learned.opts === opts) {
        try {
          const r = fast(token, sha256, imprintDer, learned);
          if (r) return r;
        } catch {
          /* not our shape: full verification below */
        }
      }
      const v = verifyToken(token, sha256, opts);
      if (v.ok) {
        try {
          learn(token, opts, v);
        } catch {
          learned = null;
        }
      }
      return v;
    },
  };
}

/** DER header of a TLV with `tag` and content length `n`. */
function derHeader(tag: number, n: number): Buffer {
  return Buffer.from([tag, ...(n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : n < 0x10000 ? [0x82, n >> 8, n & 0xff] : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff])]);
}
const derTag = (tag: number, c: Buffer) => Buffer.concat([derHeader(tag, c.length), c]);
const derSeq = (...parts: Buffer[]) => derTag(0x30, Buffer.concat(parts));
