/**
 * Verification of the certificate PDF's digital signature (PAdES baseline: ETSI.CAdES.detached or
 * adbe.pkcs7.detached), the same facts `pdfsig` reports: the last signature's /ByteRange covers the
 * whole file except its own /Contents, the CMS messageDigest equals the digest of those ranges, the
 * signature verifies with the signer certificate carried in the CMS, the certificates chain to a
 * self-signed root (reported by fingerprint), and an embedded RFC 3161 signature timestamp, when
 * present, is valid for the signature value. Never throws for bad data.
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

/**
 * Verifies the last signature of `pdf`. `tsaChain` ([TSA, …, root], from tsa-chain.pem) is used for the
 * embedded signature timestamp; `trustedRoots` pins the TSA root as in verifyTimestamp.
 */
export async function verifyPdfSignature(pdf: Uint8Array, tsaChain: Certificate[] | null, trustedRoots?: readonly string[]): Promise<PdfSignatureResult> {
  const problems: Text[] = [];
  const notes: Text[] = [];
  const res: PdfSignatureResult = { found: false, ok: false, problems, notes, subFilter: '', signer: '', rootName: '', rootFingerprint: '', timestamp: null };
  const text = latin1(pdf);
  if (!text.startsWith('%PDF-')) {
    problems.push(t('不是 PDF 文件', 'not a PDF file'));
    return res;
  }
  const ranges = [...text.matchAll(BYTE_RANGE)];
  if (ranges.length === 0) {
    problems.push(t('PDF 没有数字签名', 'the PDF carries no digital signature'));
    return res;
  }
  res.found = true;
  const m = ranges[ranges.length - 1]!;
  const [a, b, c, d] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
  try {
    if (a !== 0 || b <= 0 || c <= b || c + d !== pdf.length) {
      problems.push(t('签名的 /ByteRange 没有覆盖整个文件（签名后文件被追加或改动）', 'the signature /ByteRange does not cover the whole file (changed or appended after signing)'));
      return res;
    }
    const hex = text.slice(b, c);
    if (!/^<[0-9A-Fa-f]*>$/.test(hex) || hex.length % 2 !== 0) {
      problems.push(t('签名的 /Contents 不是十六进制字符串', 'the signature /Contents is not a hex string'));
      return res;
    }
    const raw = fromHex(hex.slice(1, -1));
    const tlvEnd = readTlv(raw, 0, raw.length).end;
    if (raw.subarray(tlvEnd).some((x) => x !== 0)) problems.push(t('签名 /Contents 的填充区被改动', 'the padding of the signature /Contents was altered'));
    const around = text.slice(Math.max(0, m.index - 4096), Math.min(text.length, m.index + 4096 + (c - b)));
    res.subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(around)?.[1] ?? '';
    if (!['ETSI.CAdES.detached', 'adbe.pkcs7.detached'].includes(res.subFilter)) notes.push(t(`签名子类型为 ${res.subFilter || '（未知）'}`, `signature SubFilter is ${res.subFilter || '(unknown)'}`));
    const sd = parseSignedData(raw.subarray(0, tlvEnd));
    if (sd.eContent || sd.eContentType !== OID_DATA) problems.push(t('PDF 签名应为分离式 CMS（id-data）', 'the PDF signature must be a detached CMS over id-data'));
    const carried = carriedCertificates(sd);
    const signer = carried.find((x) => isSigner(sd.signer, x));
    if (!signer) {
      problems.push(t('PDF 签名未携带签名者证书', 'the PDF signature does not carry the signer certificate'));
      return res;
    }
    res.signer = signer.subjectCN;
    const signed = concat(pdf.subarray(a, a + b), pdf.subarray(c, c + d));
    const sc = await checkSigner(sd, signer, signed);
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
  } catch (e) {
    problems.push(textOf(e));
  }
  res.ok = problems.length === 0;
  return res;
}
