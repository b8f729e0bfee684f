/**
 * Check "wacz" (issue 10 §4): opens the evidence file when it is a WACZ (web capture, process evidence)
 * and verifies what it says about itself, with the same zip reader (central directory + inflate-raw):
 *   1. every datapackage.json resource: present, SHA-256 and size equal; no unlisted member;
 *   2. datapackage-digest.json: the SHA-256 of datapackage.json;
 *   3. signedData (WACZ Signing and Verification 0.1.0, anonymous mode): ECDSA over the hash string with
 *      `publicKey`; `crossSignedCert` [certificate, root] certifies that key and chains to the root, whose
 *      fingerprint the reader pins (VERIFY.md, paper certificate);
 *   4. timeStampToken: an RFC 3161 token over the SHA-256 of datapackage.json (TSA chain of the package),
 *      not later than the ledger entry;
 *   5. the main response: the CDXJ line of datapackage.json's mainPageUrl, its WARC record (block and
 *      payload digests), and that provenance.json (final URL, status, main response headers) and
 *      pages.jsonl describe that record; the screenshot is a listed, hash-checked resource.
 * The WACZ's SHA-256 is the ledger entry's (check "file"), so this check explains WHAT changed.
 */
import { bytesEqual, concat, decodeUtf8, fromBase64, toHex, utf8 } from '../bytes.ts';
import { parseDer, tlv } from '../der.ts';
import type { Check } from '../report.ts';
import { publicKeyInfo } from '../sigalg.ts';
import { sha256 } from '../sha256.ts';
import { t, textOf, type Text } from '../text.ts';
import { verifyTimestamp } from '../tsp.ts';
import { fingerprint, issuedBy, parseCertificate, readPem, validAt, type Certificate } from '../x509.ts';
import { digestMatches, parseCdxj, readRecord } from '../warc.ts';
import { bytesSource, readEntry, readZip } from '../zip.ts';
import { kv, passOrFail, same, verdict } from './check.ts';

/** Largest WACZ opened in memory, bytes. */
export const WACZ_MAX_BYTES = 512 << 20;
/** Most members of a WACZ (one TLS chain per origin). */
const WACZ_MAX_ENTRIES = 4096;
const GRANTED = Uint8Array.of(0x30, 0x03, 0x02, 0x01, 0x00);
const iso = (d: Date) => d.toISOString().replace('.000Z', 'Z');

interface SignedData {
  hash?: string;
  created?: string;
  software?: string;
  signature?: string;
  publicKey?: string;
  crossSignedCert?: string;
}

/** ECDSA (P-256/P-384, IEEE P1363 r‖s) with SHA-256 over `data`, key as base64 DER SPKI. */
async function ecdsaOk(spkiB64: string, sigB64: string, data: Uint8Array): Promise<boolean> {
  const spki = fromBase64(spkiB64);
  const info = publicKeyInfo(parseDer(spki));
  const params = info.alg.params ? toHex(info.alg.params.buf.subarray(info.alg.params.start, info.alg.params.end)) : '';
  const curve = params === '06052b81040022' ? 'P-384' : params === '06082a8648ce3d030107' ? 'P-256' : '';
  if (!curve) return false;
  const key = await crypto.subtle.importKey('spki', new Uint8Array(spki), { name: 'ECDSA', namedCurve: curve }, false, ['verify']);
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, new Uint8Array(fromBase64(sigB64)), new Uint8Array(data));
}

/** The certificate chain of signedData.crossSignedCert: problems, lines, the root fingerprint. */
async function checkCertChain(sd: SignedData, created: Date | null, trustedRoots: readonly string[] | undefined, problems: Text[], lines: Text[], notes: Text[], rootUrl: string): Promise<void> {
  if (!sd.crossSignedCert) {
    notes.push(t('WACZ 签名未附证书（旧版或平台根证书由外部提供）：签名密钥未与平台身份绑定，请与平台公布的 WACZ 签名公钥核对', 'the WACZ signature carries no certificate (older capture, or external root): compare the key with the platform\'s published WACZ signing key'));
    return;
  }
  let chain: Certificate[];
  try {
    chain = readPem(sd.crossSignedCert).map(parseCertificate);
  } catch (e) {
    problems.push(t(`WACZ 签名证书无法解析：${textOf(e).zh}`, `the WACZ signing certificate cannot be parsed: ${textOf(e).en}`));
    return;
  }
  const leaf = chain[0]!;
  const root = chain[chain.length - 1]!;
  if (!sd.publicKey || !bytesEqual(leaf.key.spki, fromBase64(sd.publicKey))) problems.push(t('WACZ 签名证书是另一把密钥的证书（与 publicKey 不一致）', 'the WACZ signing certificate is for another key (it differs from publicKey)'));
  for (let i = 0; i < chain.length; i++) {
    const c = chain[i]!;
    const issuer = chain[Math.min(i + 1, chain.length - 1)]!;
    if (!(await issuedBy(c, issuer).catch(() => false))) problems.push(t(`证书「${c.subjectCN}」不是由「${issuer.subjectCN}」签发的`, `certificate "${c.subjectCN}" is not signed by "${issuer.subjectCN}"`));
    if (i > 0 && !c.isCA) problems.push(t(`证书「${c.subjectCN}」不是 CA 证书`, `certificate "${c.subjectCN}" is not a CA`));
    if (created && !validAt(c, created)) problems.push(t(`证书「${c.subjectCN}」在签名时间不在有效期内`, `certificate "${c.subjectCN}" was not valid at the signing time`));
  }
  if (chain.length < 2 || !bytesEqual(root.issuer, root.subject)) problems.push(t('WACZ 签名证书链没有以自签名根证书结尾', 'the WACZ signing chain does not end with a self-signed root'));
  const fp = await fingerprint(root);
  lines.push(kv('WACZ 签名证书', 'WACZ signing certificate', leaf.subjectCN), kv('签发根证书', 'issuing root', root.subjectCN), kv('根证书 SHA-256 指纹', 'root SHA-256 fingerprint', fp));
  if (trustedRoots && !trustedRoots.includes(fp)) problems.push(t(`WACZ 签名的根证书（${fp}）不在您指定的可信根之中`, `the WACZ signing root (${fp}) is not one of the roots you trust`));
  if (!trustedRoots) notes.push(t(`请将根证书指纹与纸质保全证书或平台公布的根证书（${rootUrl}）核对`, `compare the root fingerprint with the paper certificate or the platform's published root (${rootUrl})`));
}

/** Step 5: the main response record and what provenance.json and pages.jsonl say about it. */
async function checkMainResponse(files: Map<string, Uint8Array>, dp: { mainPageUrl?: string }, problems: Text[], lines: Text[], notes: Text[]): Promise<void> {
  const url = dp.mainPageUrl ?? '';
  // A web capture names its final page; a process recording names the first address typed, which may have
  // been redirected or refused (no response of its own): then the main response is not checked.
  const webCapture = files.has('capture/provenance.json');
  const cdxj = files.get('indexes/index.cdxj');
  const warcName = [...files.keys()].find((n) => /^archive\/[^/]+\.warc(\.gz)?$/.test(n));
  if (!webCapture && !url) {
    notes.push(t('过程取证未记录首个导航地址，未核对主页面响应', 'the process recording names no first address; the main response was not checked'));
    return;
  }
  if (!url || !cdxj || !warcName) {
    problems.push(t('WACZ 缺少 mainPageUrl、CDXJ 索引或 WARC 文件，无法核对主页面响应', 'the WACZ lacks mainPageUrl, the CDXJ index or the WARC file: the main response cannot be checked'));
    return;
  }
  const line = parseCdxj(decodeUtf8(cdxj)).find((l) => l.url === url && l.status > 0 && !l.mime.startsWith('warc/') && `archive/${l.filename}` === warcName);
  if (!line && !webCapture) {
    notes.push(t(`过程取证的首个地址 ${url} 在 WARC 中没有自己的响应（被重定向或拒绝），未核对主页面响应`, `the first address ${url} of the process recording has no response of its own in the WARC (redirected or refused); the main response was not checked`));
    return;
  }
  if (!line) {
    problems.push(t(`CDXJ 索引中没有主页面 ${url} 的响应`, `the CDXJ index holds no response for the main page ${url}`));
    return;
  }
  const rec = await readRecord(files.get(warcName)!, line);
  if (rec.headers.get('warc-type') !== 'response') problems.push(t('主页面的 WARC 记录不是 response 记录', 'the main page WARC record is not a response record'));
  if (rec.headers.get('warc-target-uri') !== url) problems.push(t('主页面 WARC 记录的网址与 mainPageUrl 不一致', 'the URL of the main page WARC record differs from mainPageUrl'));
  const bd = rec.headers.get('warc-block-digest');
  if (bd && !(await digestMatches(bd, rec.block))) problems.push(t('主页面 WARC 记录的 WARC-Block-Digest 与内容不符', 'WARC-Block-Digest of the main page record does not match its content'));
  const pd = rec.headers.get('warc-payload-digest') ?? '';
  if (!(await digestMatches(pd, rec.payload))) problems.push(t('主页面 WARC 记录的 WARC-Payload-Digest 与正文不符', 'WARC-Payload-Digest of the main page record does not match its payload'));
  if (rec.status !== line.status) problems.push(t('主页面响应的状态码与 CDXJ 索引不一致', 'the main response status differs from the CDXJ index'));
  lines.push(t(`主页面响应（WARC）：${url}，状态 ${rec.status}，正文 ${rec.payload.length} 字节，${pd}`, `main response (WARC): ${url}, status ${rec.status}, payload ${rec.payload.length} bytes, ${pd}`));

  const provBytes = files.get('capture/provenance.json') ?? files.get('process/provenance.json');
  if (provBytes) {
    type Req = { url?: string; status?: number; ip?: string; bytes?: number; headers?: Array<[string, string]> };
    const prov = JSON.parse(decodeUtf8(provBytes)) as { finalUrl?: string; statusCode?: number; mainResponseHeaders?: Array<[string, string]>; requests?: Req[] };
    if (prov.finalUrl !== undefined && prov.finalUrl !== url) problems.push(t(`provenance.json 的最终网址与主页面响应不一致（${prov.finalUrl}）`, `the final URL in provenance.json differs from the main response (${prov.finalUrl})`));
    if (prov.statusCode !== undefined && prov.statusCode !== rec.status) problems.push(t(`provenance.json 的状态码 ${prov.statusCode} 与主页面响应的 ${rec.status} 不一致`, `the status ${prov.statusCode} in provenance.json differs from the main response status ${rec.status}`));
    // The WARC stores the body de-chunked and drops Transfer-Encoding; every other header is as received.
    const wire = (h: Array<[string, string]>) => h.filter(([k]) => k.toLowerCase() !== 'transfer-encoding').map(([k, v]) => `${k.toLowerCase()}: ${v.trim()}`);
    const warcHeaders = wire(rec.httpHeaders);
    if (Array.isArray(prov.mainResponseHeaders) && JSON.stringify(wire(prov.mainResponseHeaders).sort()) !== JSON.stringify([...warcHeaders].sort())) {
      problems.push(t('provenance.json 记录的主页面响应头（mainResponseHeaders）与 WARC 记录不一致', 'the main response headers (mainResponseHeaders) in provenance.json differ from the WARC record'));
    }
    const req = (prov.requests ?? []).find((q) => q.url === url && q.status === rec.status) ?? (prov.requests ?? []).find((q) => q.url === url);
    if (prov.requests) {
      if (!req) problems.push(t('provenance.json 的请求列表中没有主页面', 'the request list of provenance.json does not hold the main page'));
      else {
        if (req.status !== rec.status) problems.push(t(`provenance.json 请求列表中主页面的状态码 ${req.status} 与 WARC 记录不一致`, `the main page status ${req.status} in the provenance request list differs from the WARC record`));
        if (req.bytes !== undefined && req.bytes !== rec.payload.length) problems.push(t('provenance.json 记录的主页面正文大小与 WARC 记录不一致', 'the main page body size in provenance.json differs from the WARC record'));
        const ip = rec.headers.get('warc-ip-address');
        if (req.ip !== undefined && ip !== undefined && req.ip !== ip) problems.push(t('provenance.json 记录的服务器地址与 WARC 记录不一致', 'the server address in provenance.json differs from the WARC record'));
        if (req.headers && JSON.stringify(wire(req.headers)) !== JSON.stringify(warcHeaders)) problems.push(t('provenance.json 记录的主页面响应头（按线上顺序）与 WARC 记录不一致', 'the main page response headers (wire order) in provenance.json differ from the WARC record'));
      }
    }
    if (problems.length === 0) lines.push(t(`provenance.json 的最终网址、状态码、服务器地址、正文大小与 ${rec.httpHeaders.length} 个响应头（线上顺序）与 WARC 记录一致`, `provenance.json final URL, status, server address, body size and ${rec.httpHeaders.length} response headers (wire order) equal the WARC record`));
  }
  const pages = files.get('pages/pages.jsonl');
  if (pages) {
    const urls = decodeUtf8(pages).split('\n').filter((l) => l.trim()).map((l) => (JSON.parse(l) as { url?: string }).url).filter(Boolean);
    if (!urls.includes(url)) problems.push(t('pages.jsonl 未列出主页面', 'pages.jsonl does not list the main page'));
  }
  if (files.has('capture/screenshot.png')) lines.push(same('capture/screenshot.png ∈ datapackage.json (SHA-256 ✓)'));
}

/**
 * Check "wacz" of the evidence bytes `wacz`. `tsaChain` is the package's tsa-chain.pem (the platform TSA
 * that also stamped the WACZ), `entryTime` the ledger entry time (Unix s). Never throws.
 */
export async function checkWacz(wacz: Uint8Array, tsaChain: Certificate[] | null, entryTime: number | null, trustedRoots: readonly string[] | undefined, rootUrl: string): Promise<Check> {
  const problems: Text[] = [];
  const lines: Text[] = [];
  const notes: Text[] = [];
  try {
    const src = bytesSource(wacz);
    const entries = await readZip(src, WACZ_MAX_ENTRIES);
    const files = new Map<string, Uint8Array>();
    for (const e of entries) files.set(e.name, await readEntry(src, e, WACZ_MAX_BYTES));
    const dpBytes = files.get('datapackage.json');
    const digestBytes = files.get('datapackage-digest.json');
    if (!dpBytes || !digestBytes) return verdict('wacz', 'fail', [t('WACZ 缺少 datapackage.json 或 datapackage-digest.json', 'the WACZ lacks datapackage.json or datapackage-digest.json')]);
    const dp = JSON.parse(decodeUtf8(dpBytes)) as { mainPageUrl?: string; resources?: Array<{ path: string; hash: string; bytes: number }> };
    // 1. resources
    const listed = new Set<string>();
    for (const r of dp.resources ?? []) {
      listed.add(r.path);
      const b = files.get(r.path);
      if (!b) problems.push(t(`datapackage.json 列出的 ${r.path} 不在 WACZ 中`, `${r.path} listed in datapackage.json is not in the WACZ`));
      else if (r.hash !== `sha256:${toHex(await sha256(b))}` || r.bytes !== b.length) problems.push(t(`${r.path} 的 SHA-256 或大小与 datapackage.json 不符（被改动）`, `${r.path} does not match its SHA-256 or size in datapackage.json (it was changed)`));
    }
    for (const n of files.keys()) if (!listed.has(n) && n !== 'datapackage.json' && n !== 'datapackage-digest.json') problems.push(t(`WACZ 成员 ${n} 未列在 datapackage.json 中`, `WACZ member ${n} is not listed in datapackage.json`));
    lines.push(t(`datapackage.json 的 ${listed.size} 个资源的 SHA-256 与大小均已核对`, `SHA-256 and size of ${listed.size} datapackage.json resources checked`));
    // 2. datapackage-digest.json
    const dpDigest = await sha256(dpBytes);
    const hashStr = `sha256:${toHex(dpDigest)}`;
    const dg = JSON.parse(decodeUtf8(digestBytes)) as { path?: string; hash?: string; signedData?: SignedData; timeStampToken?: string };
    if (dg.path !== 'datapackage.json' || dg.hash !== hashStr) problems.push(t('datapackage-digest.json 记录的哈希与 datapackage.json 不符', 'the hash in datapackage-digest.json does not match datapackage.json'));
    else lines.push(same(`datapackage-digest.json: ${hashStr}`));
    // 3. signature and certificate
    const sd = dg.signedData;
    const created = sd?.created ? new Date(sd.created) : null;
    if (!sd?.signature || !sd.publicKey) notes.push(t('WACZ 未签名', 'the WACZ is not signed'));
    else {
      if (sd.hash !== hashStr) problems.push(t('WACZ 签名所签的哈希与 datapackage.json 不符', 'the hash signed in the WACZ differs from datapackage.json'));
      let ok = false;
      try {
        ok = await ecdsaOk(sd.publicKey, sd.signature, utf8(sd.hash ?? ''));
      } catch {
        ok = false;
      }
      if (!ok) problems.push(t('WACZ 签名无效', 'the WACZ signature is invalid'));
      else lines.push(t(`WACZ 签名有效（ECDSA P-384 / SHA-256，签名时间 ${sd.created ?? '-'}）`, `WACZ signature valid (ECDSA P-384 / SHA-256, created ${sd.created ?? '-'})`));
      await checkCertChain(sd, created && !Number.isNaN(created.getTime()) ? created : null, trustedRoots, problems, lines, notes, rootUrl);
    }
    // 4. inner time-stamp
    if (!dg.timeStampToken) notes.push(t('WACZ 内没有时间戳令牌（时间戳服务当时不可用）；WACZ 的 SHA-256 已由账本条目与其时间戳覆盖', 'the WACZ holds no time-stamp token (the service was unavailable); the ledger entry and its time-stamp cover the WACZ SHA-256'));
    else if (!tsaChain) problems.push(t('证据包没有 tsa-chain.pem，无法核验 WACZ 内的时间戳令牌', 'the package has no tsa-chain.pem to check the WACZ time-stamp token with'));
    else {
      const tsr = tlv(0x30, concat(GRANTED, fromBase64(dg.timeStampToken)));
      const r = await verifyTimestamp(tsr, { sha256: dpDigest }, tsaChain, trustedRoots);
      for (const p of r.problems) problems.push(t(`WACZ 内的时间戳令牌：${p.zh}`, `WACZ time-stamp token: ${p.en}`));
      if (r.tst) {
        lines.push(kv('WACZ 时间戳 genTime（UTC）', 'WACZ time-stamp genTime (UTC)', iso(r.tst.genTime)));
        if (entryTime !== null && r.tst.genTime.getTime() > entryTime * 1000) problems.push(t('WACZ 内的时间戳晚于账本条目时间', 'the WACZ time-stamp token is later than the ledger entry'));
      }
    }
    // 5. main response
    await checkMainResponse(files, dp, problems, lines, notes);
  } catch (e) {
    problems.push(textOf(e));
  }
  const status = problems.length ? 'fail' : notes.some((n) => /not signed|no time-stamp|not checked|carries no certificate/.test(n.en)) ? 'warn' : 'pass';
  return status === 'warn' ? verdict('wacz', 'warn', lines, notes) : passOrFail('wacz', problems, lines, notes);
}
