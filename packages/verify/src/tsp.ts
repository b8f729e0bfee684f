/**
 * RFC 3161 timestamp verification (what `openssl ts -verify -data FILE -in TSR -CAfile ROOT -untrusted
 * TSA` checks, done with WebCrypto): the response status, the TSTInfo (version 1, message imprint =
 * expected digest), the CMS signature by the TSA certificate, the ESS signingCertificateV2 binding, the
 * TSA certificate (critical extendedKeyUsage timeStamping only, valid at genTime) chained to a
 * self-signed CA root, and that any certificate carried in the token is one of the given chain.
 * Every problem is reported (bilingual); a token is valid only when there is none.
 */
import { bytesEqual, toHex } from './bytes.ts';
import { bool, children, encoded, expectTag, intBytes, octets, oid, parseDer, seq, smallInt, TAG, time } from './der.ts';
import { checkSigner, isSigner, OID_TSTINFO, parseSignedData } from './cms.ts';
import { algId, DIGESTS, sigAlgName } from './sigalg.ts';
import { digest } from './sha256.ts';
import { fail, t, textOf, type Text } from './text.ts';
import { fingerprint, issuedBy, OID_KP_TIMESTAMPING, parseCertificate, validAt, type Certificate } from './x509.ts';

/** The fields of a TSTInfo the report shows. */
export interface TstInfo {
  version: number;
  policy: string;
  /** WebCrypto name of the imprint's hash. */
  hash: string;
  hashedMessage: Uint8Array;
  serial: Uint8Array;
  genTime: Date;
  nonce: Uint8Array | null;
}

/** Result of verifyTimestamp. */
export interface TimestampResult {
  ok: boolean;
  problems: Text[];
  notes: Text[];
  tst: TstInfo | null;
  /** TSA and root subject common names, root SHA-256 fingerprint, signature algorithm, ESS attribute kind. */
  tsaName: string;
  rootName: string;
  rootFingerprint: string;
  sigAlg: string;
  ess: string;
}

/** What the imprint must match: a precomputed SHA-256, or data hashed with the token's own algorithm. */
export type Imprint = { sha256: Uint8Array } | { data: Uint8Array };

/** Splits a TimeStampResp into status and token (a bare token ContentInfo is accepted as granted). */
export function splitResponse(der: Uint8Array): { status: number; token: Uint8Array } {
  const top = parseDer(der);
  const [first, second, extra] = seq(top, 'TimeStampResp');
  if (first?.tag === TAG.OID) return { status: 0, token: der };
  if (extra) return { status: -1, token: new Uint8Array() };
  const [st] = seq(first, 'PKIStatusInfo');
  const status = smallInt(st, 'PKIStatus');
  if (!second) return { status, token: new Uint8Array() };
  return { status, token: encoded(expectTag(second, TAG.SEQUENCE, 'timeStampToken')) };
}

/** Parses TSTInfo (RFC 3161 §2.4.2). Throws VerifyError when malformed. */
export function parseTstInfo(der: Uint8Array): TstInfo {
  const f = seq(parseDer(der), 'TSTInfo');
  const version = smallInt(f[0], 'TSTInfo version');
  const policy = oid(f[1], 'policy');
  const [alg, hashed, extra] = seq(f[2], 'messageImprint');
  if (extra) fail('der', 'messageImprint 多余字段', 'messageImprint: extra fields');
  const a = algId(alg, 'imprint hash');
  const hash = DIGESTS[a.oid] ?? a.oid;
  const serial = intBytes(f[3], 'serialNumber');
  const genTime = time(expectTag(f[4], TAG.GEN_TIME, 'genTime'), 'genTime');
  let nonce: Uint8Array | null = null;
  let i = 5;
  if (f[i]?.tag === TAG.SEQUENCE) i++; // accuracy
  if (f[i]?.tag === TAG.BOOLEAN) bool(f[i++], 'ordering');
  if (f[i]?.tag === TAG.INTEGER) nonce = intBytes(f[i++], 'nonce');
  if (f[i]?.tag === 0xa0) children(f[i++]!); // tsa name
  if (f[i]?.tag === 0xa1) children(f[i++]!); // extensions
  if (i !== f.length) fail('der', 'TSTInfo 含有未知字段', 'TSTInfo: unexpected fields');
  return { version, policy, hash, hashedMessage: octets(hashed, 'hashedMessage'), serial, genTime, nonce };
}

const fmt = (d: Date) => d.toISOString().replace('.000Z', 'Z');

/**
 * Checks `chain` = [TSA certificate, (intermediates…), root]: each issued by the next, the root
 * self-signed and a CA, every certificate valid at `at`, the TSA certificate's extendedKeyUsage critical
 * and only timeStamping. Pushes problems; returns nothing.
 */
async function checkChain(chain: Certificate[], at: Date | null, problems: Text[]): Promise<void> {
  if (chain.length < 2) problems.push(t('tsa-chain.pem 应依次包含 TSA 证书和根证书', 'tsa-chain.pem must hold the TSA certificate then the root'));
  const tsa = chain[0]!;
  const eku = tsa.eku;
  if (!eku || !eku.critical || eku.oids.length !== 1 || eku.oids[0] !== OID_KP_TIMESTAMPING) {
    problems.push(t('TSA 证书的扩展密钥用法必须为关键扩展且仅含 timeStamping', 'the TSA certificate must have a critical extendedKeyUsage of timeStamping only'));
  }
  for (let i = 0; i < chain.length; i++) {
    const c = chain[i]!;
    const issuer = chain[Math.min(i + 1, chain.length - 1)]!;
    if (i > 0 && !c.isCA) problems.push(t(`证书「${c.subjectCN}」不是 CA 证书`, `certificate "${c.subjectCN}" is not a CA`));
    let signed = false;
    try {
      signed = await issuedBy(c, issuer);
    } catch (e) {
      problems.push(textOf(e));
    }
    if (!signed) problems.push(t(`证书「${c.subjectCN}」不是由「${issuer.subjectCN}」签发的（签名无效）`, `certificate "${c.subjectCN}" is not signed by "${issuer.subjectCN}"`));
    if (at && !validAt(c, at)) problems.push(t(`证书「${c.subjectCN}」在时间戳时间 ${fmt(at)} 不在有效期内`, `certificate "${c.subjectCN}" was not valid at the timestamp time ${fmt(at)}`));
  }
}

/**
 * Verifies a timestamp response `tsr` against the expected imprint and the PEM-parsed `chain`
 * ([TSA, …, root]); `trustedRoots` (SHA-256 fingerprints as printed by `fingerprint`) pins the root when
 * given. Never throws for bad data: every failure becomes a problem.
 */
export async function verifyTimestamp(tsr: Uint8Array, imprint: Imprint, chain: Certificate[], trustedRoots?: readonly string[]): Promise<TimestampResult> {
  const problems: Text[] = [];
  const notes: Text[] = [];
  const res: TimestampResult = { ok: false, problems, notes, tst: null, tsaName: '', rootName: '', rootFingerprint: '', sigAlg: '', ess: '' };
  if (chain.length === 0) {
    problems.push(t('没有 TSA 证书链', 'no TSA certificate chain'));
    return res;
  }
  const tsa = chain[0]!;
  const root = chain[chain.length - 1]!;
  res.tsaName = tsa.subjectCN;
  res.rootName = root.subjectCN;
  res.rootFingerprint = await fingerprint(root);
  try {
    const { status, token } = splitResponse(tsr);
    if (status !== 0) {
      problems.push(t(`时间戳响应状态不是“已授予”（${status}）`, `timestamp response status is not granted (${status})`));
      return res;
    }
    const sd = parseSignedData(token);
    if (sd.eContentType !== OID_TSTINFO || !sd.eContent) {
      problems.push(t('时间戳令牌不含 TSTInfo', 'the token holds no TSTInfo'));
      return res;
    }
    if (sd.version !== 3) problems.push(t('SignedData 版本应为 3', 'SignedData version must be 3'));
    if (sd.hasCrls) problems.push(t('时间戳令牌不应包含 CRL', 'the token must not carry CRLs'));
    const tst = parseTstInfo(sd.eContent);
    res.tst = tst;
    if (tst.version !== 1) problems.push(t('TSTInfo 版本应为 1', 'TSTInfo version must be 1'));
    let want: Uint8Array;
    if ('sha256' in imprint) {
      if (tst.hash !== 'SHA-256') problems.push(t(`时间戳摘要算法应为 SHA-256（实际 ${tst.hash}）`, `the imprint must be SHA-256 (found ${tst.hash})`));
      want = imprint.sha256;
    } else {
      if (!['SHA-256', 'SHA-384', 'SHA-512'].includes(tst.hash)) problems.push(t(`不支持的时间戳摘要算法 ${tst.hash}`, `unsupported imprint hash ${tst.hash}`));
      want = ['SHA-256', 'SHA-384', 'SHA-512'].includes(tst.hash) ? await digest(tst.hash, imprint.data) : new Uint8Array();
    }
    if (!bytesEqual(tst.hashedMessage, want)) problems.push(t('时间戳的消息摘要与文件的 SHA-256 不一致', 'the message imprint does not match the data'));
    for (const c of sd.certificates) {
      if (!chain.some((x) => bytesEqual(x.der, c))) problems.push(t('时间戳令牌携带的证书与 tsa-chain.pem 不一致', 'a certificate carried in the token differs from tsa-chain.pem'));
    }
    if (!isSigner(sd.signer, tsa)) problems.push(t('时间戳的签名者不是 tsa-chain.pem 中的 TSA 证书', 'the token is not signed by the TSA certificate of tsa-chain.pem'));
    const sc = await checkSigner(sd, tsa, sd.eContent);
    res.sigAlg = sigAlgName(sd.signer.sigAlg, sc.digest);
    if (!sc.contentTypeOk) problems.push(t('签名属性 contentType 不是 TSTInfo', 'signed attribute contentType is not TSTInfo'));
    if (!sc.messageDigestOk) problems.push(t('签名属性 messageDigest 与 TSTInfo 不一致', 'signed attribute messageDigest does not match the TSTInfo'));
    if (!sc.signatureOk) problems.push(t('TSA 的签名无效', 'the TSA signature is invalid'));
    res.ess = sc.essCert === 'v2' ? 'signingCertificateV2' : sc.essCert === 'v1' ? 'signingCertificate (v1, SHA-1)' : sc.essCert;
    if (sc.essCert === 'absent') problems.push(t('缺少 ESS signingCertificateV2 签名属性', 'the ESS signingCertificateV2 attribute is missing'));
    if (sc.essCert === 'mismatch') problems.push(t('signingCertificateV2 与 TSA 证书不一致', 'signingCertificateV2 does not match the TSA certificate'));
    if (sc.essCert === 'v1') notes.push(t('令牌只有 SHA-1 的 signingCertificate（v1）属性，没有 signingCertificateV2', 'the token has only the SHA-1 signingCertificate (v1) attribute, no signingCertificateV2'));
    if (sd.signer.unsignedAttrs.length > 0) notes.push(t('令牌带有未签名属性（不影响时间戳的有效性）', 'the token carries unsigned attributes (they do not affect its validity)'));
    await checkChain(chain, tst.genTime, problems);
  } catch (e) {
    problems.push(textOf(e));
  }
  if (trustedRoots && !trustedRoots.includes(res.rootFingerprint)) {
    problems.push(t(`TSA 根证书（SHA-256 指纹 ${res.rootFingerprint}）不在您指定的可信根之中`, `the TSA root (SHA-256 ${res.rootFingerprint}) is not one of the roots you trust`));
  }
  res.ok = problems.length === 0;
  return res;
}

/** Parses tsa-chain.pem certificates (DER list) into Certificates; VerifyError when malformed. */
export const parseChain = (ders: Uint8Array[]): Certificate[] => ders.map(parseCertificate);

/** Hex serial of the token (for reports). */
export const tokenSerial = (tst: TstInfo): string => toHex(tst.serial);
