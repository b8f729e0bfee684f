/**
 * The provenance summary of a capture (issue 4 §1; after Perma.cc/Scoop's "provenance summary"): what
 * was asked, what was served and how, by which machine and software, when — as JSON
 * (`capture/provenance.json`, with the full request list) and as a human-readable Chinese HTML page
 * (`capture/provenance.html`). Everything interpolated into the HTML is escaped.
 */
import type { TWebProvenance } from '@cunzheng/contract/forensics';
import { cstDateTime, esc, humanSize, thousands } from '../format.ts';
import type { CaptureResult } from './engine.ts';
import { LOCALE, TIMEZONE, VIEWPORT } from './engine.ts';
import type { Exchange } from './proxy.ts';

export interface ProvenanceContext {
  software: string;
  publicAddress: string;
  signatureAlgorithm: string;
  publicKey: string;
  /** Base64 RFC 3161 token over datapackage.json's SHA-256 ('' when none) and why not. */
  timestampToken: string;
  timestampNote: string;
}

/** One request as listed in provenance.json. */
export interface RequestSummary {
  url: string;
  method: string;
  status: number;
  ip: string;
  bytes: number;
  truncated: boolean;
  time: string;
  headers: Array<[string, string]>;
}

/** The request list entry of an exchange. */
export const requestSummary = (ex: Exchange): RequestSummary => ({
  url: ex.url,
  method: ex.method,
  status: ex.status,
  ip: ex.ip,
  bytes: ex.body.length,
  truncated: ex.truncated,
  time: ex.date.toISOString(),
  headers: ex.wireHeaders,
});

/** Standing explanations every provenance carries (how the capture was made). */
export const METHOD_NOTES = [
  '本次取证由平台服务器在独立、全新的浏览器环境中完成（无 Cookie、无本地存储），不依赖用户终端。',
  '浏览器的全部网络请求均经由平台的记录代理发出；代理在连接前完成 DNS 解析与地址校验，并将每个响应按原样（状态行、响应头、内容编码后的正文）写入 WARC 文件。',
  'TLS 证书链取自平台代理与目标服务器之间实际传输该源站响应的 TLS 连接；证书校验结果仅作记录，不影响取证。',
  '时间戳令牌（如有）对 datapackage.json 的 SHA-256 签发，保存在 WACZ 的 datapackage-digest.json 中；整个 WACZ 的 SHA-256 另行写入平台账本并签发时间戳。',
];

/** The summary (API shape ZWebProvenance) of a capture result. */
export function provenanceSummary(r: CaptureResult, c: ProvenanceContext): TWebProvenance {
  return {
    captureTime: Math.floor(r.startedAt.getTime() / 1000),
    captureTimeIso: r.startedAt.toISOString(),
    url: r.url,
    finalUrl: r.finalUrl,
    title: r.title,
    statusCode: r.statusCode,
    browser: `Chromium ${r.browserVersion}`,
    os: r.os,
    userAgent: r.userAgent,
    publicAddress: c.publicAddress,
    viewport: `${VIEWPORT.width}x${VIEWPORT.height}`,
    locale: LOCALE,
    timezone: TIMEZONE,
    software: c.software,
    requestCount: r.requestCount,
    totalBytes: r.totalBytes,
    truncated: r.truncated,
    notes: r.notes.slice(0, 20),
    hosts: r.hosts.slice(0, 500).map((h) => ({ host: h.host, ips: h.all.slice(0, 32) })),
    tls: r.tls.slice(0, 200).map((t) => ({
      origin: t.origin,
      authorized: t.authorized,
      error: t.error,
      protocol: t.protocol,
      cipher: t.cipher,
      chainLength: t.chain.length,
      subject: t.subject,
      issuer: t.issuer,
      validFrom: t.validFrom,
      validTo: t.validTo,
      fingerprint256: t.fingerprint256,
    })),
    timestampToken: c.timestampToken,
    timestampNote: c.timestampNote,
    signature: { algorithm: c.signatureAlgorithm, publicKey: c.publicKey },
  };
}

/** provenance.json: the summary plus method notes, refusals, the main response headers and every request. */
export function provenanceJson(s: TWebProvenance, r: CaptureResult, requests: RequestSummary[]): string {
  return JSON.stringify(
    {
      ...s,
      methodNotes: METHOD_NOTES,
      mainResponseHeaders: r.mainHeaders,
      refusals: r.refusals,
      requests,
    },
    null,
    2,
  );
}

/** provenance.html: the same in Chinese for people (standalone page, no scripts, inline styles only). */
export function provenanceHtml(s: TWebProvenance, requests: RequestSummary[]): string {
  const row = (k: string, v: string) => `<tr><th>${esc(k)}</th><td>${v}</td></tr>`;
  const time = `${esc(cstDateTime(s.captureTime))}（北京时间 UTC+8）；${esc(s.captureTimeIso)}（UTC）`;
  const hosts = s.hosts.map((h) => `${esc(h.host)}：${esc(h.ips.join('，'))}`).join('<br>') || '—';
  const tls =
    s.tls
      .map(
        (t) =>
          `${esc(t.origin)}：${esc(t.protocol)} ${esc(t.cipher)}；证书主体 ${esc(t.subject)}，签发者 ${esc(t.issuer)}，有效期 ${esc(t.validFrom)} 至 ${esc(t.validTo)}；SHA-256 指纹 <code>${esc(t.fingerprint256)}</code>；证书链 ${t.chainLength} 张；校验${t.authorized ? '通过' : `未通过（${esc(t.error)}）`}`,
      )
      .join('<br>') || '—（无 HTTPS 连接）';
  const notes = [...METHOD_NOTES, ...s.notes].map((n) => `<li>${esc(n)}</li>`).join('');
  const reqRows = requests
    .map((q, i) => `<tr><td>${i + 1}</td><td>${esc(q.method)}</td><td class="u">${esc(q.url)}</td><td>${q.status}</td><td>${esc(q.ip)}</td><td>${esc(thousands(q.bytes))}${q.truncated ? '（截断）' : ''}</td></tr>`)
    .join('');
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><title>网页取证过程记录</title><style>
body{font-family:"Noto Sans CJK SC","Microsoft YaHei",sans-serif;margin:24px;color:#222;font-size:14px;line-height:1.6}
h1{font-size:22px}h2{font-size:16px;margin-top:24px}table{border-collapse:collapse;width:100%}th,td{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
th{background:#f5f5f5;width:160px;white-space:nowrap}td{word-break:break-all}.u{max-width:600px}code{font-size:12px}
</style></head><body><h1>网页取证过程记录</h1><table>${[
    row('取证网址', esc(s.url)),
    row('最终网址', esc(s.finalUrl)),
    row('页面标题', esc(s.title)),
    row('HTTP 状态码', esc(s.statusCode)),
    row('取证时间', time),
    row('取证服务器公网地址', esc(s.publicAddress || '未配置')),
    row('浏览器', esc(s.browser)),
    row('操作系统', esc(s.os)),
    row('User-Agent', esc(s.userAgent)),
    row('视窗 / 语言 / 时区', `${esc(s.viewport)} / ${esc(s.locale)} / ${esc(s.timezone)}`),
    row('请求数 / 数据量', `${esc(thousands(s.requestCount))} / ${esc(humanSize(s.totalBytes))}${s.truncated ? '（已达上限，记录不完整）' : ''}`),
    row('主机与解析地址', hosts),
    row('TLS 连接与证书', tls),
    row('时间戳令牌', esc(s.timestampNote)),
    row('WACZ 签名', `${esc(s.signature.algorithm)}；公钥（SPKI，Base64）<code>${esc(s.signature.publicKey)}</code>`),
    row('取证软件', esc(s.software)),
  ].join('')}</table><h2>说明</h2><ol>${notes}</ol><h2>网络请求（${requests.length}）</h2><table><tr><th>#</th><th>方法</th><th>网址</th><th>状态</th><th>IP</th><th>字节</th></tr>${reqRows}</table></body></html>`;
}
