/**
 * Trusted-time and document-signature checks of a package (issue 3 §1–2): the RFC 3161 token over the
 * evidence file's SHA-256 with tsa-chain.pem, and the certificate PDF's PAdES signature.
 */
import { bytesEqual, decodeUtf8, toHex } from '../bytes.ts';
import { readPdfFacts } from '../pdfFacts.ts';
import { verifyPdfSignature } from '../pdfsig.ts';
import type { Check } from '../report.ts';
import { t, textOf, type Text } from '../text.ts';
import { verifyTimestamp, type TimestampResult } from '../tsp.ts';
import { parseCertificate, readPem, type Certificate } from '../x509.ts';
import { kv, passOrFail, same, verdict } from './check.ts';

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
      // issue 10 §1: the entry's time IS the token's genTime (whole seconds); any difference fails.
      const ms = r.tst.genTime.getTime();
      if (ms !== entryTime * 1000) {
        const diff = (ms - entryTime * 1000) / 1000;
        problems.push(t(`时间戳 genTime 与账本条目的 time 不一致（相差 ${diff} 秒）：时间戳不是本次存证时取得的`, `the timestamp genTime differs from the ledger entry time by ${diff} s: the token was not issued for this deposit`));
      } else lines.push(t('genTime 与账本条目的 time 完全一致', 'genTime equals the ledger entry time exactly'));
    }
  }
  lines.push(kv('TSA 证书', 'TSA certificate', r.tsaName), kv('根证书', 'root certificate', r.rootName), kv('根证书 SHA-256 指纹', 'root SHA-256 fingerprint', r.rootFingerprint));
  if (r.sigAlg) lines.push(kv('签名算法', 'signature algorithm', r.sigAlg));
  if (r.ess) lines.push(kv('ESS 签名证书属性', 'ESS signing-certificate attribute', r.ess));
  const notes = [...r.notes];
  if (!trustedRoots) notes.push(t(`请将根证书指纹与时间戳机构公布的根证书核对（平台内置时间戳服务的根证书：${rootUrl}；外部时间戳机构：其官网公布的根证书）`, `compare the root fingerprint with the root published by the timestamp authority (the platform's built-in TSA: ${rootUrl}; an external TSA: the root on its website)`));
  return { check: passOrFail('timestamp', [...problems, ...r.problems], lines, notes), result: r, chain };
}

/** What the certificate PDF must be bound to: the package's entry.json bytes, its parsed fields, the file's SHA-256. */
export interface CertificateBinding {
  entryBytes: Uint8Array;
  entry: { baoquan: string; sha256: string; sm3?: string } | null;
  /** Hex RFC 6962 leaf hash of entry.json. */
  chainhash: string;
  /** Hex SHA-256 of the evidence file; '' when unreadable. */
  fileSha256: string;
}

/** Problems binding the PDF to the package (issue 10 §1): embedded entry.json and XMP facts. */
async function bindingProblems(pdf: Uint8Array, b: CertificateBinding, lines: Text[]): Promise<Text[]> {
  const f = await readPdfFacts(pdf);
  const problems: Text[] = f.problems.map((p) => t(`证书 PDF 的嵌入文件无法读取：${p}`, `an embedded file of the certificate PDF cannot be read: ${p}`));
  if (f.embedded.length === 0) {
    problems.push(t('证书 PDF 未嵌入账本条目 entry.json，无法确认证书属于本存证（旧版证书：请重新下载证据包）', 'the certificate PDF embeds no ledger entry entry.json, so it cannot be tied to this deposit (an older certificate: download the package again)'));
  } else if (f.embedded.length > 1) {
    problems.push(t(`证书 PDF 嵌入了 ${f.embedded.length} 个文件，应恰有一个 entry.json`, `the certificate PDF embeds ${f.embedded.length} files; exactly one entry.json is expected`));
  } else if (!bytesEqual(f.embedded[0]!, b.entryBytes)) {
    problems.push(t('证书 PDF 嵌入的账本条目与 entry.json 不一致：该证书属于另一份存证', 'the ledger entry embedded in the certificate PDF differs from entry.json: the certificate belongs to another deposit'));
  } else lines.push(same('entry.json = PDF 嵌入文件 / embedded entry.json'));
  if (!f.xmp) problems.push(t('证书 PDF 的 XMP 元数据缺少保全号、SHA-256 或账本存证哈希', 'the XMP metadata of the certificate PDF lacks the number, SHA-256 or chainhash'));
  else {
    if (!b.entry || f.xmp.baoquan !== b.entry.baoquan) problems.push(t(`证书 PDF 的保全号 ${f.xmp.baoquan} 与账本条目不一致`, `the certificate number ${f.xmp.baoquan} in the PDF differs from the ledger entry`));
    if (!b.entry || f.xmp.sha256 !== b.entry.sha256 || (b.fileSha256 && f.xmp.sha256 !== b.fileSha256)) problems.push(t('证书 PDF 记录的 SHA-256 与证据文件或账本条目不一致', 'the SHA-256 recorded in the certificate PDF differs from the evidence file or the ledger entry'));
    if ((f.xmp.sm3 ?? undefined) !== (b.entry?.sm3 ?? undefined)) problems.push(t('证书 PDF 记录的 SM3 与账本条目不一致', 'the SM3 recorded in the certificate PDF differs from the ledger entry'));
    if (f.xmp.chainhash !== b.chainhash) problems.push(t('证书 PDF 记录的账本存证哈希与 entry.json 的叶子哈希不一致', 'the chainhash recorded in the certificate PDF differs from the leaf hash of entry.json'));
    lines.push(kv('PDF 中的保全号（XMP）', 'number in the PDF (XMP)', f.xmp.baoquan), kv('PDF 中的 SHA-256（XMP）', 'SHA-256 in the PDF (XMP)', f.xmp.sha256), kv('PDF 中的账本存证哈希（XMP）', 'chainhash in the PDF (XMP)', f.xmp.chainhash));
  }
  return problems;
}

/**
 * Check "certificate": the PDF's digital signature, and that the PDF certifies THIS package's entry
 * (issue 10 §1: the embedded entry.json equals the package's byte for byte, the XMP number, SHA-256 and
 * chainhash match the entry and the file). An unsigned PDF fails: the platform signs every certificate
 * (issue 3 §2), so a missing signature means the file was replaced; a validly signed PDF of another
 * deposit fails the binding.
 */
export async function checkCertificatePdf(pdf: Uint8Array, tsaChain: Certificate[] | null, trustedRoots: readonly string[] | undefined, rootUrl: string, binding: CertificateBinding): Promise<Check> {
  const r = await verifyPdfSignature(pdf, tsaChain, trustedRoots);
  const lines: Text[] = [];
  const notes = [...r.notes];
  const bound = await bindingProblems(pdf, binding, lines);
  r.problems.push(...bound);
  if (!r.found) return verdict('certificate', 'fail', r.problems, notes);
  lines.push(kv('签名类型', 'SubFilter', r.subFilter || '-'), kv('签名者', 'signer', r.signer || '-'), kv('签名根证书', 'signing root', r.rootName || '-'), kv('根证书 SHA-256 指纹', 'root SHA-256 fingerprint', r.rootFingerprint || '-'));
  if (r.timestamp?.tst) lines.push(kv('签名时间戳（UTC）', 'signature timestamp (UTC)', iso(r.timestamp.tst.genTime)));
  const lastDts = r.docTimestamps.at(-1)?.tst;
  if (lastDts) lines.push(kv('文档时间戳（UTC，PAdES B-LTA）', 'document time-stamp (UTC, PAdES B-LTA)', `${iso(lastDts.genTime)} ×${r.docTimestamps.length}`));
  notes.push(t(`请将签名根证书指纹与平台公布的根证书（${rootUrl}）核对；也可用 pdfsig certificate.pdf 查看签名`, `compare the signing root fingerprint with the platform's published root (${rootUrl}); pdfsig certificate.pdf shows the signature too`));
  return passOrFail('certificate', r.problems, lines, notes);
}
