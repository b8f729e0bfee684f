/**
 * Verification of the certificate PDF's digital signature (PAdES baseline: ETSI.CAdES.detached or
 * adbe.pkcs7.detached), the same facts `pdfsig` reports: the CMS messageDigest equals the digest of the
 * signature's /ByteRange, the signature verifies with the signer certificate carried in the CMS, the
 * certificates chain to a self-signed root (reported by fingerprint), and an embedded RFC 3161 signature
 * timestamp, when present, is valid for the signature value.
 *
 * PAdES B-LTA (issue 10 §3): later revisions may add the DSS and document time-stamps (/SubFilter
 * /ETSI.RFC3161, /Contents an RFC 3161 token). Each document time-stamp must verify against the TSA chain
 * with its imprint equal to the digest of ITS byte ranges (everything before it, except its /Contents),
 * each must cover the revisions before it, and the LAST signature or time-stamp must cover the whole
 * file (nothing appended unsigned). Never throws for bad data.
 */
import { bytesEqual, concat, fromHex } from './bytes.ts';
import { attr, carriedCertificates, checkSigner, isSigner, OID_DATA, OID_SIGNATURE_TIMESTAMP, parseSignedData } from './cms.ts';
import { encoded, readTlv } from './der.ts';
import { t, textOf, type Text } from './text.ts';
import { verifyTimestamp, type TimestampResult } from './tsp.ts';
import { fingerprint, issuedBy, type Certificate } from './x509.ts';

/** Result of verifyPdfSignature. */
export interface PdfSignatureResult {
  /** False when the PDF carries no signature at all. */
  found: boolean;
  ok: boolean;
  problems: Text[];
  notes: Text[];
  subFilter: string;
  signer: string;
  /** SHA-256 fingerprint of the chain's root (the signer itself when self-signed). */
  rootName: string;
  rootFingerprint: string;
  /** The embedded signature timestamp's result, when there is one. */
  timestamp: TimestampResult | null;
  /** Results of the B-LTA document time-stamps, in file order (checked when a TSA chain is given). */
  docTimestamps: TimestampResult[];
}

const BYTE_RANGE = /\/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]/g;

/** latin1 view of bytes (one char per byte) for searching PDF syntax. */
function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return s;
}

/** Orders carried certificates from the signer up to a self-signed root (or as far as they go). */
async function chainOf(signer: Certificate, carried: Certificate[], problems: Text[]): Promise<Certificate[]> {
  const chain = [signer];
  for (let cur = signer; chain.length <= 8; ) {
    if (bytesEqual(cur.issuer, cur.subject)) {
      if (!(await issuedBy(cur, cur))) problems.push(t(`根证书「${cur.subjectCN}」的自签名无效`, `the self-signature of root "${cur.subjectCN}" is invalid`));
      return chain;
    }
    const up = carried.find((c) => bytesEqual(c.subject, cur.issuer) && c !== cur);
    if (!up) {
      problems.push(t(`PDF 签名未携带「${cur.issuerCN}」的证书，无法验证证书链`, `the PDF signature does not carry the certificate of "${cur.issuerCN}"`));
      return chain;
    }
    if (!(await issuedBy(cur, up))) problems.push(t(`证书「${cur.subjectCN}」不是由「${up.subjectCN}」签发的`, `certificate "${cur.subjectCN}" is not signed by "${up.subjectCN}"`));
    chain.push(up);
    cur = up;
  }
  return chain;
}

/** One /ByteRange signature dictionary of the file. */
interface SigEntry {
  range: [number, number, number, number];
  /** Bytes of /Contents (hex-decoded, padding included). */
  raw: Uint8Array;
  subFilter: string;
}

/** The signature dictionaries of `pdf` in file order; a malformed one becomes a problem. */
function signaturesOf(pdf: Uint8Array, text: string, problems: Text[]): SigEntry[] {
  const out: SigEntry[] = [];
  for (const m of text.matchAll(BYTE_RANGE)) {
    const [a, b, c, d] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (a !== 0 || b <= 0 || c <= b || c + d > pdf.length) {
      problems.push(t('签名的 /ByteRange 无效', 'a signature /ByteRange is invalid'));
      continue;
    }
    const hex = text.slice(b, c);
    if (!/^<[0-9A-Fa-f]*>$/.test(hex) || hex.length % 2 !== 0) {
      problems.push(t('签名的 /Contents 不是十六进制字符串', 'the signature /Contents is not a hex string'));
      continue;
    }
    // The SubFilter of this dictionary: between its "obj" header and "endobj", outside /Contents.
    const from = Math.max(0, text.lastIndexOf(' obj', Math.min(m.index, b)));
    const endObj = text.indexOf('endobj', c);
    const dict = text.slice(from, Math.min(m.index, b)) + text.slice(Math.max(c, m.index), endObj < 0 ? c + 4096 : endObj);
    out.push({ range: [a, b, c, d], raw: fromHex(hex.slice(1, -1)), subFilter: /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(dict)?.[1] ?? '' });
  }
  return out;
}

/** The DER object at the start of /Contents and whether the zero padding after it is intact. */
function contentsDer(raw: Uint8Array, problems: Text[]): Uint8Array {
  const tlvEnd = readTlv(raw, 0, raw.length).end;
  if (raw.subarray(tlvEnd).some((x) => x !== 0)) problems.push(t('签名 /Contents 的填充区被改动', 'the padding of the signature /Contents was altered'));
  return raw.subarray(0, tlvEnd);
}

/** The bytes a /ByteRange covers. */
const covered = (pdf: Uint8Array, [a, b, c, d]: SigEntry['range']) => concat(pdf.subarray(a, a + b), pdf.subarray(c, c + d));

/** Verifies one CMS signature (ETSI.CAdES.detached / adbe.pkcs7.detached) into `res`. */
async function verifyCmsSignature(pdf: Uint8Array, sig: SigEntry, res: PdfSignatureResult, tsaChain: Certificate[] | null, trustedRoots: readonly string[] | undefined): Promise<void> {
  const { problems, notes } = res;
  res.subFilter = sig.subFilter;
  if (!['ETSI.CAdES.detached', 'adbe.pkcs7.detached'].includes(sig.subFilter)) notes.push(t(`签名子类型为 ${sig.subFilter || '（未知）'}`, `signature SubFilter is ${sig.subFilter || '(unknown)'}`));
  const sd = parseSignedData(contentsDer(sig.raw, problems));
  if (sd.eContent || sd.eContentType !== OID_DATA) problems.push(t('PDF 签名应为分离式 CMS（id-data）', 'the PDF signature must be a detached CMS over id-data'));
  const carried = carriedCertificates(sd);
  const signer = carried.find((x) => isSigner(sd.signer, x));
  if (!signer) {
    problems.push(t('PDF 签名未携带签名者证书', 'the PDF signature does not carry the signer certificate'));
    return;
  }
  res.signer = signer.subjectCN;
  const sc = await checkSigner(sd, signer, covered(pdf, sig.range));
  if (!sc.messageDigestOk) problems.push(t('PDF 内容的摘要与签名中的 messageDigest 不一致（文件被改动）', 'the digest of the PDF does not match the signed messageDigest (the file was changed)'));
  if (!sc.contentTypeOk) problems.push(t('签名属性 contentType 错误', 'signed attribute contentType is wrong'));
  if (!sc.signatureOk) problems.push(t('PDF 的签名值无效', 'the PDF signature value is invalid'));
  if (sc.essCert === 'mismatch') problems.push(t('signingCertificateV2 与签名者证书不一致', 'signingCertificateV2 does not match the signer certificate'));
  const chain = await chainOf(signer, carried, problems);
  const root = chain[chain.length - 1]!;
  res.rootName = root.subjectCN;
  res.rootFingerprint = await fingerprint(root);
  const ts = attr(sd.signer.unsignedAttrs, OID_SIGNATURE_TIMESTAMP);
  if (ts && tsaChain) {
    res.timestamp = await verifyTimestamp(encoded(ts), { data: sd.signer.signature }, tsaChain, trustedRoots);
    for (const p of res.timestamp.problems) problems.push(t(`签名时间戳：${p.zh}`, `signature timestamp: ${p.en}`));
  } else if (ts) {
    notes.push(t('PDF 带有签名时间戳，但没有 TSA 证书链可用于验证', 'the PDF has a signature timestamp but no TSA chain to check it with'));
  }
  for (const u of sd.signer.unsignedAttrs) {
    if (u.type !== OID_SIGNATURE_TIMESTAMP) notes.push(t(`签名带有未签名属性 ${u.type}`, `the signature carries unsigned attribute ${u.type}`));
  }
}

/** Verifies document time-stamp number `n` (1-based) into `res`: token valid, imprint = digest of its byte ranges. */
async function verifyDocTimestamp(pdf: Uint8Array, sig: SigEntry, n: number, res: PdfSignatureResult, tsaChain: Certificate[] | null, trustedRoots: readonly string[] | undefined): Promise<void> {
  const token = contentsDer(sig.raw, res.problems);
  if (!tsaChain) {
    res.notes.push(t(`文档时间戳 ${n}：没有 TSA 证书链可用于验证`, `document time-stamp ${n}: no TSA chain to check it with`));
    return;
  }
  const r = await verifyTimestamp(token, { data: covered(pdf, sig.range) }, tsaChain, trustedRoots);
  res.docTimestamps.push(r);
  for (const p of r.problems) res.problems.push(t(`文档时间戳 ${n}：${p.zh}`, `document time-stamp ${n}: ${p.en}`));
}

/**
 * Verifies the signature of `pdf` and its B-LTA document time-stamps (see the file comment). `tsaChain`
 * ([TSA, …, root], from tsa-chain.pem) is used for the signature timestamp and the document
 * time-stamps; `trustedRoots` pins the TSA root as in verifyTimestamp.
 */
export async function verifyPdfSignature(pdf: Uint8Array, tsaChain: Certificate[] | null, trustedRoots?: readonly string[]): Promise<PdfSignatureResult> {
  const problems: Text[] = [];
  const notes: Text[] = [];
  const res: PdfSignatureResult = { found: false, ok: false, problems, notes, subFilter: '', signer: '', rootName: '', rootFingerprint: '', timestamp: null, docTimestamps: [] };
  const text = latin1(pdf);
  if (!text.startsWith('%PDF-')) {
    problems.push(t('不是 PDF 文件', 'not a PDF file'));
    return res;
  }
  if (!BYTE_RANGE.test(text)) {
    problems.push(t('PDF 没有数字签名', 'the PDF carries no digital signature'));
    return res;
  }
  BYTE_RANGE.lastIndex = 0;
  res.found = true;
  try {
    const sigs = signaturesOf(pdf, text, problems);
    const last = sigs[sigs.length - 1];
    if (!last || last.range[2] + last.range[3] !== pdf.length) {
      problems.push(t('签名的 /ByteRange 没有覆盖整个文件（签名后文件被追加或改动）', 'the signature /ByteRange does not cover the whole file (changed or appended after signing)'));
      return res;
    }
    const isDts = (s: SigEntry) => s.subFilter === 'ETSI.RFC3161';
    const cms = sigs.filter((s) => !isDts(s));
    if (cms.length === 0) problems.push(t('PDF 只有文档时间戳，没有签名', 'the PDF has document time-stamps but no signature'));
    for (const s of cms) await verifyCmsSignature(pdf, s, res, tsaChain, trustedRoots);
    let n = 0;
    let end = 0;
    for (const s of sigs) {
      const e = s.range[2] + s.range[3];
      if (e <= end) problems.push(t('签名或文档时间戳没有覆盖它之前的修订', 'a signature or document time-stamp does not cover the revisions before it'));
      end = Math.max(end, e);
      if (isDts(s)) await verifyDocTimestamp(pdf, s, ++n, res, tsaChain, trustedRoots);
    }
    if (n > 0) {
      const times = res.docTimestamps.map((r) => r.tst?.genTime).filter((x): x is Date => x instanceof Date);
      const lastTime = times.length ? times[times.length - 1]!.toISOString().replace('.000Z', 'Z') : '-';
      const dss = /\/DSS\s+\d+\s+\d+\s+R/.test(text);
      notes.push(t(`PAdES B-LTA：${n} 个文档时间戳，最后一个为 ${lastTime}${dss ? '；文件带有 DSS 长期验证数据（证书与 CRL）' : ''}`, `PAdES B-LTA: ${n} document time-stamp(s), the last at ${lastTime}${dss ? '; the file carries a DSS (certificates and CRLs for long-term validation)' : ''}`));
    }
  } catch (e) {
    problems.push(textOf(e));
  }
  res.ok = problems.length === 0;
  return res;
}
