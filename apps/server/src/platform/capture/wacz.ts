/**
 * Packages a capture as WACZ 1.1.1 (issue 4 §1–2): `archive/data.warc.gz`, `indexes/index.cdxj`,
 * `pages/pages.jsonl`, the capture's own artefacts under `capture/` (listed in the resources as the
 * spec requires), `datapackage.json` (every file with `sha256:` hash and bytes) and
 * `datapackage-digest.json` (its hash, the wacz-auth anonymous `signedData`, and — when the platform
 * timestamp service is wired — `timeStampToken`, an RFC 3161 token over the same SHA-256, base64 DER).
 * Every entry is STORED (no compression) so artefacts can be served as byte ranges of the WACZ blob.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { newZip } from '../zip.ts';
import type { TWebArtefact, TWebProvenance } from '@cunzheng/contract/forensics';
import type { CaptureResult } from './engine.ts';
import { provenanceHtml, provenanceJson, provenanceSummary, type RequestSummary } from './provenance.ts';
import type { WaczSigner } from './signer.ts';
import { SIGNING_ALGORITHM } from './signer.ts';
import { cdxjOf } from './warc.ts';
import { readZipIndex } from './zipIndex.ts';

/** An artefact as stored: the API fields plus where its bytes start inside the WACZ. */
export interface StoredArtefact extends TWebArtefact {
  offset: number;
}

/** RFC 3161 stamping of a SHA-256 (hex), e.g. the trust module's Timestamper.stamp. */
export type PackageStamper = (sha256: string) => Promise<{ token: Buffer; genTime: number; tsaName: string }>;

export interface PackageInput {
  /** Work directory (removed by the caller). */
  dir: string;
  warcPath: string;
  capture: CaptureResult;
  requests: RequestSummary[];
  signer: WaczSigner;
  stamper?: PackageStamper | null;
  software: string;
  publicAddress: string;
}

export interface PackageOutput {
  path: string;
  sha256: string;
  size: number;
  artefacts: StoredArtefact[];
  /** The provenance summary with the package's timestamp token. */
  summary: TWebProvenance;
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const fileSha256 = async (p: string) => {
  const h = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(p), h);
  return h.digest('hex');
};

/** A file-name-safe form of an origin: https://a.example:8443 → a.example_8443 (also used by process evidence). */
export const originFile = (origin: string) => {
  const u = new URL(origin);
  return `${u.hostname.replace(/[^a-zA-Z0-9.-]/g, '_')}_${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
};

type Item = WaczItem;

/** Builds `<dir>/capture.wacz`. */
export async function buildWacz(inp: PackageInput): Promise<PackageOutput> {
  const c = inp.capture;
  const created = new Date().toISOString();
  const ctx = { software: inp.software, publicAddress: inp.publicAddress, signatureAlgorithm: SIGNING_ALGORITHM, publicKey: inp.signer.publicKey };
  const inner = provenanceSummary(c, { ...ctx, timestampToken: '', timestampNote: '时间戳令牌（如有）见本数据包 datapackage-digest.json 的 timeStampToken 字段' });
  const ts = c.startedAt.toISOString();
  const pages = [
    JSON.stringify({ format: 'json-pages-1.0', id: 'pages', title: 'All Pages' }),
    JSON.stringify({ id: crypto.randomUUID().replace(/-/g, ''), url: c.finalUrl, ts, title: c.title, text: c.text.slice(0, 200_000), size: c.totalBytes }),
  ].join('\n');
  const items: Item[] = [
    { path: 'archive/data.warc.gz', name: 'WARC 网络记录', mime: 'application/warc', file: inp.warcPath },
    { path: 'indexes/index.cdxj', name: 'CDXJ 索引', mime: 'text/plain', data: Buffer.from(await cdxjOf(inp.warcPath, 'data.warc.gz')) },
    { path: 'pages/pages.jsonl', name: '页面列表', mime: 'application/x-ndjson', data: Buffer.from(`${pages}\n`) },
    { path: 'capture/screenshot.png', name: '整页截图', mime: 'image/png', data: c.screenshot },
    { path: 'capture/page.mhtml', name: 'MHTML 快照', mime: 'multipart/related', data: Buffer.from(c.mhtml) },
    { path: 'capture/snapshot.html', name: '网页快照（HTML，无脚本）', mime: 'text/html', data: Buffer.from(c.snapshot) },
    { path: 'capture/text.txt', name: '页面可见文本', mime: 'text/plain', data: Buffer.from(c.text) },
    ...c.tls.map((t) => ({ path: `capture/certificates/${originFile(t.origin)}.pem`, name: `TLS 证书链 ${new URL(t.origin).host}`, mime: 'application/x-pem-file', data: Buffer.from(t.chain.join('')) })),
    { path: 'capture/provenance.json', name: '取证过程记录（JSON）', mime: 'application/json', data: Buffer.from(provenanceJson(inner, c, inp.requests)) },
    { path: 'capture/provenance.html', name: '取证过程记录', mime: 'text/html', data: Buffer.from(provenanceHtml(inner, inp.requests)) },
  ];
  const packed = await packWacz({
    dir: inp.dir,
    items,
    title: c.title || c.finalUrl,
    description: `网页取证：${c.url}`,
    created,
    date: new Date(c.startedAt),
    software: inp.software,
    mainPageUrl: c.finalUrl,
    mainPageDate: ts,
    signer: inp.signer,
    stamper: inp.stamper ?? null,
    noStamperNote: '不可用：平台时间戳服务未启用（WACZ 的 SHA-256 已写入账本）',
  });
  const { timestampToken, timestampNote } = packed;
  return { path: packed.path, sha256: packed.sha256, size: packed.size, artefacts: packed.artefacts, summary: { ...inner, timestampToken, timestampNote } };
}

/** One file of a WACZ: its path, Chinese name, media type, and bytes or a file to stream. */
export interface WaczItem {
  path: string;
  name: string;
  mime: string;
  data?: Buffer;
  file?: string;
}

/** Input of `packWacz`: the members besides datapackage(-digest).json and the package metadata. */
export interface WaczPack {
  dir: string;
  /** Output file name in `dir` (default capture.wacz). */
  fileName?: string;
  items: WaczItem[];
  title: string;
  description: string;
  /** RFC 3339 creation time; `date` the zip entries' time. */
  created: string;
  date: Date;
  software: string;
  mainPageUrl: string;
  mainPageDate: string;
  signer: WaczSigner;
  stamper: PackageStamper | null;
  /** The timestampNote when there is no stamper. */
  noStamperNote: string;
}

/**
 * Writes a WACZ 1.1.1 of `p.items` (every entry STORED) with a signed `datapackage-digest.json` and, with a
 * stamper, an RFC 3161 token over datapackage.json's SHA-256 (shared by web capture and process evidence).
 */
export async function packWacz(p: WaczPack): Promise<{ path: string; sha256: string; size: number; artefacts: StoredArtefact[]; timestampToken: string; timestampNote: string }> {
  const described: Array<Item & { sha256: string; size: number }> = [];
  for (const it of p.items) {
    const size = it.data ? it.data.length : (await fsp.stat(it.file!)).size;
    described.push({ ...it, sha256: it.data ? sha256(it.data) : await fileSha256(it.file!), size });
  }
  const datapackage = Buffer.from(
    JSON.stringify(
      {
        profile: 'data-package',
        wacz_version: '1.1.1',
        title: p.title,
        description: p.description,
        created: p.created,
        modified: p.created,
        software: p.software,
        mainPageUrl: p.mainPageUrl,
        mainPageDate: p.mainPageDate,
        resources: described.map((d) => ({ name: path.posix.basename(d.path), path: d.path, hash: `sha256:${d.sha256}`, bytes: d.size })),
      },
      null,
      2,
    ),
  );
  const dpHex = sha256(datapackage);
  let timestampToken = '';
  let timestampNote = p.noStamperNote;
  if (p.stamper) {
    try {
      const st = await p.stamper(dpHex);
      timestampToken = st.token.toString('base64');
      timestampNote = `RFC 3161 时间戳令牌，签发方 ${st.tsaName}，时间 ${new Date(st.genTime * 1000).toISOString()}，对象为 datapackage.json 的 SHA-256`;
    } catch {
      timestampNote = '时间戳服务暂不可用，本数据包未附时间戳令牌（WACZ 的 SHA-256 已写入账本）';
    }
  }
  const certPem = await p.signer.certificate();
  const signedData = { ...p.signer.sign(`sha256:${dpHex}`, p.created), ...(certPem ? { crossSignedCert: certPem } : {}) };
  const digest = Buffer.from(
    JSON.stringify(
      { path: 'datapackage.json', hash: `sha256:${dpHex}`, signedData, ...(timestampToken ? { timeStampToken: timestampToken } : {}) },
      null,
      2,
    ),
  );

  const out = path.join(p.dir, p.fileName ?? 'capture.wacz');
  const zip = newZip({ store: true });
  const done = pipeline(zip, fs.createWriteStream(out, { mode: 0o600 }));
  const date = p.date;
  zip.append(datapackage, { name: 'datapackage.json', date });
  zip.append(digest, { name: 'datapackage-digest.json', date });
  for (const d of described) zip.append(d.data ?? fs.createReadStream(d.file!), { name: d.path, date });
  await zip.finalize();
  await done;

  const index = new Map((await readZipIndex(out)).map((e) => [e.name, e]));
  const artefacts: StoredArtefact[] = described.map((d) => ({ name: d.name, path: d.path, size: d.size, sha256: d.sha256, mime: d.mime, offset: index.get(d.path)?.dataOffset ?? -1 }));
  if (artefacts.some((a) => a.offset < 0 || index.get(a.path)?.method !== 0)) throw new Error('wacz: entry not stored');
  const stat = await fsp.stat(out);
  return { path: out, sha256: await fileSha256(out), size: stat.size, artefacts, timestampToken, timestampNote };
}
