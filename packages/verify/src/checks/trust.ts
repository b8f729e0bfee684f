/**
 * Trusted-time and document-signature checks of a package (issue 3 §1–2): the RFC 3161 token over the
 * evidence file's SHA-256 with tsa-chain.pem, and the certificate PDF's PAdES signature.
 */
import { decodeUtf8, toHex } from '../bytes.ts';
import { verifyPdfSignature } from '../pdfsig.ts';
import type { Check } from '../report.ts';
import { t, textOf, type Text } from '../text.ts';
import { verifyTimestamp, type TimestampResult } from '../tsp.ts';
import { parseCertificate, readPem, type Certificate } from '../x509.ts';
import { kv, passOrFail, verdict } from './check.ts';

/** Parses tsa-chain.pem; null with a problem pushed when unusable. */
export function parseTsaChain(pem: Uint8Array | undefined, problems: Text[]): Certificate[] | null {
  if (!pem) return null;
  try {
    return readPem(decodeUtf8(pem)).map(parseCertificate);
  } catch (e) {
    problems.push(t(`tsa-chain.pem 无法解析：${textOf(e).zh}`, `tsa-chain.pem cannot be parsed: ${textOf(e).en}`));
    return null;
  }
}

const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');

/**
 * Check "timestamp". `fileSha256` is the evidence file's digest (null when unreadable); `entryTime` the
 * ledger entry's time (Unix seconds) shown beside genTime. Absent token → warn (older deposits have none).
 */
export async function checkTimestamp(
  tsr: Uint8Array | undefined, chainPem: Uint8Array | undefined, fileSha256: Uint8Array | null, entryTime: number | null, trustedRoots: readonly string[] | undefined, rootUrl: string,
): Promise<{ check: Check; result: TimestampResult | null; chain: Certificate[] | null }> {
  if (!tsr && !chainPem) {
    return { check: verdict('timestamp', 'warn', [t('证据包中没有 RFC 3161 时间戳（timestamp.tsr）：该存证未取得可信时间戳，说明见 VERIFY.md', 'the package holds no RFC 3161 timestamp (timestamp.tsr): this deposit has none; VERIFY.md explains why')]), result: null, chain: null };
  }
  const problems: Text[] = [];
  if (!tsr || !chainPem) problems.push(t('timestamp.tsr 与 tsa-chain.pem 必须同时存在', 'timestamp.tsr and tsa-chain.pem must both be present'));
  const chain = parseTsaChain(chainPem, problems);
  if (!tsr || !chain || !fileSha256) {
    if (!fileSha256) problems.push(t('证据文件无法读取，无法核对时间戳的消息摘要', 'the evidence file could not be read, so the imprint cannot be checked'));
    return { check: passOrFail('timestamp', problems, []), result: null, chain };
  }
  const r = await verifyTimestamp(tsr, { sha256: fileSha256 }, chain, trustedRoots);
  const lines: Text[] = [];
  if (r.tst) {
    lines.push(kv('时间戳时间 genTime（UTC）', 'genTime (UTC)', iso(r.tst.genTime)), kv('消息摘要（SHA-256）', 'message imprint (SHA-256)', toHex(r.tst.hashedMessage)), kv('令牌序列号', 'token serial', toHex(r.tst.serial)), kv('策略', 'policy', r.tst.policy));
    if (entryTime !== null) {
      const diff = Math.round(r.tst.genTime.getTime() / 1000 - entryTime);
      lines.push(t(`与账本记录时间相差 ${diff} 秒`, `${diff} s from the ledger entry time`));
    }
  }
  lines.push(kv('TSA 证书', 'TSA certificate', r.tsaName), kv('根证书', 'root certificate', r.rootName), kv('根证书 SHA-256 指纹', 'root SHA-256 fingerprint', r.rootFingerprint));
  if (r.sigAlg) lines.push(kv('签名算法', 'signature algorithm', r.sigAlg));
  if (r.ess) lines.push(kv('ESS 签名证书属性', 'ESS signing-certificate attribute', r.ess));
  const notes = [...r.notes];
  if (!trustedRoots) notes.push(t(`请将根证书指纹与时间戳机构公布的根证书核对（平台内置时间戳服务的根证书：${rootUrl}；外部时间戳机构：其官网公布的根证书）`, `compare the root fingerprint with the root published by the timestamp authority (the platform's built-in TSA: ${rootUrl}; an external TSA: the root on its website)`));
  return { check: passOrFail('timestamp', [...problems, ...r.problems], lines, notes), result: r, chain };
}

/**
 * Check "certificate": the PDF's digital signature. An unsigned PDF fails: the platform signs every
 * certificate (issue 3 §2), so a missing signature means the file was replaced.
 */
export async function checkCertificatePdf(pdf: Uint8Array, tsaChain: Certificate[] | null, trustedRoots: readonly string[] | undefined, rootUrl: string): Promise<Check> {
  const r = await verifyPdfSignature(pdf, tsaChain, trustedRoots);
  const lines: Text[] = [];
  const notes = [...r.notes, t('请人工核对 PDF 上印的保全号、SHA-256 与链上哈希和上面的值一致', 'check by eye that the number, SHA-256 and chainhash printed in the PDF equal the values above')];
  if (!r.found) return verdict('certificate', 'fail', r.problems, notes);
  lines.push(kv('签名类型', 'SubFilter', r.subFilter || '-'), kv('签名者', 'signer', r.signer || '-'), kv('签名根证书', 'signing root', r.rootName || '-'), kv('根证书 SHA-256 指纹', 'root SHA-256 fingerprint', r.rootFingerprint || '-'));
  if (r.timestamp?.tst) lines.push(kv('签名时间戳（UTC）', 'signature timestamp (UTC)', iso(r.timestamp.tst.genTime)));
  notes.push(t(`请将签名根证书指纹与平台公布的根证书（${rootUrl}）核对；也可用 pdfsig certificate.pdf 查看签名`, `compare the signing root fingerprint with the platform's published root (${rootUrl}); pdfsig certificate.pdf shows the signature too`));
  return passOrFail('certificate', r.problems, lines, notes);
}
