/**
 * Packages a recorded session as a signed WACZ (issue 11 §2) with the web-capture packer (`packWacz`):
 * `archive/data.warc.gz` (every request and response), `indexes/index.cdxj`, `pages/pages.jsonl` (each
 * page navigated to), and under `process/`: the action log (`actions.json`), the screenshot taken after
 * each page load, the TLS certificate chains, `video.json` (SHA-256, size, frames and length of the MP4 —
 * so the ledger entry, which hashes this WACZ, commits to the video too) and `provenance.json`.
 * The MP4 itself is deposited beside the WACZ (artefact role `video`), not inside it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { TProProvenance } from '@cunzheng/contract/process';
import { METHOD_NOTES } from '../../platform/capture/provenance.ts';
import { SIGNING_ALGORITHM, type WaczSigner } from '../../platform/capture/signer.ts';
import { originFile, packWacz, type PackageStamper, type StoredArtefact, type WaczItem } from '../../platform/capture/wacz.ts';
import { cdxjOf } from '../../platform/capture/warc.ts';
import type { LiveRecording } from './live.ts';

export interface ProcessPackage {
  path: string;
  sha256: string;
  size: number;
  artefacts: StoredArtefact[];
  provenance: TProProvenance;
  /** The MP4 when there is one. */
  video: { path: string; sha256: string; size: number } | null;
}

const fileSha256 = async (p: string) => {
  const h = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(p), h);
  return h.digest('hex');
};

/** Standing explanations of how a session is recorded (provenance notes). */
export const PROCESS_METHOD_NOTES = [
  '本次过程取证在平台服务器上一个独立、全新的浏览器环境中进行（无 Cookie、无本地存储，结束后即销毁），用户通过网页远程操作该浏览器。',
  METHOD_NOTES[1]!,
  METHOD_NOTES[2]!,
  '录屏视频由浏览器画面（CDP 屏幕投射）按时间顺序编码为 MP4；视频的 SHA-256 记录在本数据包 process/video.json 中。',
  '操作日志记录每次导航、点击、输入、按键与滚动及其相对开始时间（毫秒）；密码框及内嵌框架中的输入以 ****** 代替。',
];

/** Builds `<dir>/process.wacz` from a recording. `interrupted` and `note` say how the session ended. */
export async function packageSession(inp: {
  dir: string;
  id: number;
  type: 2 | 4;
  rec: LiveRecording;
  interrupted: boolean;
  note: string;
  title: string;
  signer: WaczSigner;
  stamper: PackageStamper | null;
  software: string;
  publicAddress: string;
  viewport: { width: number; height: number };
}): Promise<ProcessPackage> {
  const { rec } = inp;
  const video = rec.video.ok ? { path: rec.videoPath, sha256: await fileSha256(rec.videoPath), size: fs.statSync(rec.videoPath).size } : null;
  const notes = [...PROCESS_METHOD_NOTES, ...rec.notes, ...(inp.note ? [inp.note] : [])].slice(0, 20);
  const provenance: TProProvenance = {
    startTime: Math.floor(rec.startedAt.getTime() / 1000),
    endTime: Math.floor(rec.endedAt.getTime() / 1000),
    startTimeIso: rec.startedAt.toISOString(),
    endTimeIso: rec.endedAt.toISOString(),
    browser: rec.browserVersion ? `Chromium ${rec.browserVersion}` : 'Chromium',
    os: rec.os.slice(0, 200),
    userAgent: rec.userAgent.slice(0, 500),
    viewport: `${inp.viewport.width}x${inp.viewport.height}`,
    mobile: inp.type === 4,
    locale: 'zh-CN',
    timezone: 'Asia/Shanghai',
    publicAddress: inp.publicAddress,
    software: inp.software.slice(0, 100),
    requestCount: rec.requestCount,
    totalBytes: rec.totalBytes,
    truncated: rec.truncated,
    interrupted: inp.interrupted,
    notes: notes.map((n) => n.slice(0, 500)),
    hosts: rec.hosts.slice(0, 500).map((h) => ({ host: h.host.slice(0, 300), ips: h.all.slice(0, 32) })),
    tls: rec.tls.slice(0, 200).map((t) => ({
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
    video: { sha256: video?.sha256 ?? '', size: video?.size ?? 0, frames: rec.video.frames, seconds: Math.round(rec.video.seconds * 10) / 10 },
    signature: { algorithm: SIGNING_ALGORITHM, publicKey: inp.signer.publicKey },
  };
  const navs = rec.actions.filter((a) => a.kind === 'navigate' && a.url && !a.detail);
  const pages = [
    JSON.stringify({ format: 'json-pages-1.0', id: 'pages', title: 'All Pages' }),
    ...navs.map((a) => JSON.stringify({ id: crypto.randomUUID().replace(/-/g, ''), url: a.url, ts: new Date(a.at).toISOString(), title: '' })),
  ].join('\n');
  const items: WaczItem[] = [
    { path: 'archive/data.warc.gz', name: 'WARC 网络记录', mime: 'application/warc', file: rec.warcPath },
    { path: 'indexes/index.cdxj', name: 'CDXJ 索引', mime: 'text/plain', data: Buffer.from(await cdxjOf(rec.warcPath, 'data.warc.gz')) },
    { path: 'pages/pages.jsonl', name: '页面列表', mime: 'application/x-ndjson', data: Buffer.from(`${pages}\n`) },
    { path: 'process/actions.json', name: '操作日志', mime: 'application/json', data: Buffer.from(JSON.stringify(rec.actions, null, 1)) },
    ...rec.shots.map((s, i) => ({ path: `process/screenshots/${String(i + 1).padStart(3, '0')}.png`, name: `截图 ${i + 1}（${Math.round(s.t / 1000)} 秒）`, mime: 'image/png', file: s.file })),
    ...rec.tls.map((t) => ({ path: `process/certificates/${originFile(t.origin)}.pem`, name: `TLS 证书链 ${new URL(t.origin).host}`, mime: 'application/x-pem-file', data: Buffer.from(t.chain.join('')) })),
    { path: 'process/video.json', name: '录屏视频信息', mime: 'application/json', data: Buffer.from(JSON.stringify({ file: video ? 'session.mp4' : '', ...provenance.video, note: video ? '' : inp.note }, null, 2)) },
    {
      path: 'process/provenance.json',
      name: '取证过程记录（JSON）',
      mime: 'application/json',
      data: Buffer.from(JSON.stringify({ summary: provenance, session: { id: inp.id, type: inp.type, title: inp.title }, requests: rec.requests }, null, 1)),
    },
  ];
  const packed = await packWacz({
    dir: inp.dir,
    fileName: 'process.wacz',
    items,
    title: inp.title,
    description: `${inp.type === 4 ? '手机过程取证' : '过程取证'}：${navs[0]?.url ?? ''}`,
    created: new Date().toISOString(),
    date: rec.startedAt,
    software: inp.software,
    mainPageUrl: navs[0]?.url ?? '',
    mainPageDate: rec.startedAt.toISOString(),
    signer: inp.signer,
    stamper: inp.stamper,
    noStamperNote: '不可用：平台时间戳服务未启用（WACZ 的 SHA-256 已写入账本）',
  });
  return { path: packed.path, sha256: packed.sha256, size: packed.size, artefacts: packed.artefacts, provenance, video };
}
