/**
 * Public side of web captures (issue 4 §2–3; issue 11 §1 one model): what kind 'web' adds to the one
 * certificate (its rows and view fields, registered with the certificate service, whose `kindView` and
 * `kindExtract` serve getWebView and webDownload like every kind), and the
 * replay of the archived page as a sandboxed, script-free HTML snapshot read from inside the WACZ blob.
 */
import type { Readable } from 'node:stream';
import type { TWebProvenance, TWebView } from '@cunzheng/contract/forensics';
import { MSG } from '@cunzheng/contract/messages';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import { openForDownload, type IntegrityReporter } from '../../platform/blobIntegrity.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rateLimit.ts';
import { cstDateTime } from '../../platform/format.ts';
import type { ExtraRow } from '../certificate/html.ts';
import type { CertificateService, CertificateView } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import type { StoredArtefact } from '../../platform/capture/wacz.ts';
import * as repo from './repo.ts';
import { publicArtefact } from './service.ts';

/** Replays per IP per 10 minutes. */
export const REPLAY_LIMIT = { max: 300, windowSeconds: 600 } as const;
/** Path of the snapshot inside the WACZ. */
const SNAPSHOT_PATH = 'capture/snapshot.html';

/**
 * Headers of a replayed snapshot: an opaque-origin sandbox without scripts, forms, popups or navigation
 * of the top page, no network at all (only inline styles and data: images/fonts), framable by our pages only.
 */
export const REPLAY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline' data:; font-src data:; media-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  'X-Frame-Options': 'SAMEORIGIN',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'private, max-age=300',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export interface ShareDeps {
  db: Db;
  certificate: Pick<CertificateService, 'kindView' | 'kindExtract'>;
  evidence: Pick<EvidenceService, 'findByBaoquan'>;
  blobs: Pick<BlobStore, 'openVerified'>;
  /** Integrity alerts (audit service `integrityAlert`, issue 9 §2); unset → only the 400 answer. */
  report?: IntegrityReporter;
  downloads: Pick<DownloadSigner, 'url'>;
  limiter: RateLimiter;
}

/** Builds the public web-capture service. */
export function webShareService(deps: ShareDeps) {
  /** The web evidence of `baoquan` and its capture; 400 保全号不存在 for anything else. */
  const find = async (baoquan: string): Promise<{ ev: EvidenceRow; c: repo.CaptureRow }> => {
    const ev = await deps.evidence.findByBaoquan(baoquan.trim().toUpperCase());
    const c = ev && ev.kind === 'web' ? await repo.findByEvidence(deps.db, ev.id) : null;
    if (!ev || !c) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
    return { ev, c };
  };

  return {
    /** Certificate rows of a web capture (registered with the certificate service for kind 'web'). */
    async describe(ev: EvidenceRow): Promise<ExtraRow[]> {
      const c = await repo.findByEvidence(deps.db, ev.id);
      if (!c) return [{ zh: '取证类型', en: 'Evidence Type', value: '网页取证（Web page capture）' }];
      const p = c.provenance as TWebProvenance | null;
      const time = p ? `${cstDateTime(p.captureTime)}（北京时间 UTC+8）` : '';
      return [
        { zh: '取证类型', en: 'Evidence Type', value: '网页取证（Web page capture）' },
        { zh: '取证网址', en: 'Captured URL', value: c.url, mono: true },
        { zh: '最终网址', en: 'Final URL', value: c.finalUrl, mono: true },
        { zh: '取证时间', en: 'Capture Time', value: time },
      ];
    },

    /**
     * The web fields of the certificate answer (registered with the certificate service as kind 'web''s
     * `view`): the common view plus URL, final URL, capture time, artefacts, signed screenshot URL, replay
     * path and provenance. 400 保全号不存在 when the capture row is missing.
     */
    async view(ev: EvidenceRow, base: CertificateView): Promise<TWebView> {
      const c = await repo.findByEvidence(deps.db, ev.id);
      if (!c) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      const p = c.provenance as TWebProvenance;
      const live = !ev.deletedAt;
      return {
        ...base,
        url: c.url,
        finalUrl: c.finalUrl,
        captureTime: p.captureTime,
        artefacts: (c.artefacts as StoredArtefact[]).map(publicArtefact),
        screenshotUrl: live && c.screenshotSha ? deps.downloads.url({ sha256: c.screenshotSha, name: `截图-${ev.baoquan}.png`, mime: 'image/png', evidenceId: ev.id }) : '',
        replayUrl: live ? `/api/share/webReplay?baoquan=${encodeURIComponent(ev.baoquan)}` : '',
        provenance: p,
      };
    },

    /** GET /api/share/getWebView: the one certificate view (certificate `kindView`) of a web evidence. 400 保全号不存在. */
    getWebView: (baoquan: string, viewer: Principal | null): Promise<TWebView> => deps.certificate.kindView<TWebView>(['web'], baoquan, viewer),

    /**
     * POST /api/share/webDownload: `{downUrl}` of the WACZ with the owner's extraction code — the one
     * extraction (certificate `kindExtract`: its rules, limits and captcha, issue 9 §3) restricted to web evidence.
     */
    extract: (baoquan: string, code: string, ip: string, captcha: { captchaId?: string; imgCode?: string } = {}): Promise<{ downUrl: string }> => deps.certificate.kindExtract(['web'], baoquan, code, ip, captcha),

    /**
     * GET /api/share/webReplay: the snapshot's bytes (a range of the WACZ blob) and its length.
     * 400 保全号不存在 / 该网页快照不可查看 (deleted by the owner, or no snapshot); per-IP limit.
     */
    async replay(baoquan: string, ip: string): Promise<{ stream: Readable; length: number }> {
      await deps.limiter.hit([{ key: `webreplay:ip:${ip}`, ...REPLAY_LIMIT }]);
      const { ev, c } = await find(baoquan);
      const a = (c.artefacts as StoredArtefact[]).find((x) => x.path === SNAPSHOT_PATH);
      if (ev.deletedAt || !a || a.offset < 0 || a.size === 0) throw badRequest(MSG.WEB_REPLAY_UNAVAILABLE);
      // The whole WACZ is hashed against the ledger's SHA-256 before its snapshot range is served from
      // the same descriptor (issue 9 §2); missing → 证据缺失不可下载, altered → 证据文件校验失败….
      const blob = await openForDownload(deps.blobs, ev.sha256, deps.report ?? (async () => undefined), `evidence:${ev.baoquan}`);
      if (a.offset + a.size > blob.size) {
        await blob.close();
        throw badRequest(MSG.WEB_REPLAY_UNAVAILABLE);
      }
      return { stream: blob.stream({ start: a.offset, end: a.offset + a.size - 1 }), length: a.size };
    },
  };
}

export type WebShareService = ReturnType<typeof webShareService>;
