/**
 * Public side of process evidence (issue 11 §2; spec p2 §7): what kinds 'process' and 'mobile' add to the
 * one certificate (issue 11 §1) — its rows (session times, start address, 中断 note) and its answer fields
 * (video, action log, screenshots, artefacts, provenance) — registered with the certificate service, whose
 * `kindView` and `kindExtract` serve getProView and downProBaoquan like every kind.
 */
import { MSG } from '@cunzheng/contract/messages';
import type { TProAction, TProProvenance, TProView } from '@cunzheng/contract/process';
import type { TWebArtefact } from '@cunzheng/contract/forensics';
import type { Db } from '../../db/client.ts';
import type { Principal } from '../../platform/auth.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import { cstDateTime } from '../../platform/format.ts';
import type { ExtraRow } from '../certificate/html.ts';
import type { CertificateService, CertificateView } from '../certificate/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import * as repo from './repo.ts';
import type { StoredShot } from './save.ts';

export interface ProcessShareDeps {
  db: Db;
  certificate: Pick<CertificateService, 'kindView' | 'kindExtract'>;
  downloads: Pick<DownloadSigner, 'url'>;
}

const KIND_NAME: Record<string, string> = { process: '过程取证（Process evidence）', mobile: '手机过程取证（Mobile process evidence）' };

/** "1 分 05 秒" */
const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒` : `${s} 秒`;
};

/** Builds the public process-evidence service. */
export function processShareService(deps: ProcessShareDeps) {
  return {
    /** Certificate rows of a process evidence (registered with the certificate service for 'process' and 'mobile'). */
    async describe(ev: EvidenceRow): Promise<ExtraRow[]> {
      const rows: ExtraRow[] = [{ zh: '取证类型', en: 'Evidence Type', value: KIND_NAME[ev.kind] ?? KIND_NAME.process! }];
      const s = await repo.findByEvidence(deps.db, ev.id);
      const p = s?.provenance as TProProvenance | null | undefined;
      if (!s || !p) return rows;
      rows.push(
        { zh: '开始时间', en: 'Start Time', value: `${cstDateTime(p.startTime)}（北京时间 UTC+8）` },
        { zh: '结束时间', en: 'End Time', value: `${cstDateTime(p.endTime)}（北京时间 UTC+8）` },
        { zh: '取证时长', en: 'Duration', value: duration(s.durationMs) },
      );
      if (s.url) rows.push({ zh: '起始网址', en: 'Start URL', value: s.url, mono: true });
      if (s.status === 4 || s.note) rows.push({ zh: '取证状态', en: 'Status', value: `${s.status === 4 ? `${MSG.PROCESS_INTERRUPTED}：` : ''}${s.note}` });
      return rows;
    },

    /**
     * The session fields of the certificate answer (registered with the certificate service as the `view` of
     * kinds 'process' and 'mobile'): the common view plus video, action log, screenshots, artefacts and
     * provenance. 400 保全号不存在 when the session row is missing.
     */
    async view(ev: EvidenceRow, view: CertificateView): Promise<TProView> {
      const s = await repo.findByEvidence(deps.db, ev.id);
      if (!s) throw badRequest(MSG.BAOQUAN_NOT_FOUND);
      const p = s.provenance as TProProvenance;
      const live = !ev.deletedAt;
      const videoUrl = live && s.videoSha ? deps.downloads.url({ sha256: s.videoSha, name: `${ev.baoquan}.mp4`, mime: 'video/mp4', evidenceId: ev.id }) : '';
      return {
        ...view,
        mp4Path: videoUrl,
        type: s.type as 2 | 4,
        url: s.url,
        finalUrl: s.finalUrl,
        startTime: p.startTime,
        endTime: p.endTime,
        duration: Math.round(s.durationMs / 1000),
        status: s.status === 4 ? 4 : 3,
        note: s.note,
        actions: s.actions as TProAction[],
        shots: (s.shots as StoredShot[]).map((x) => ({ t: x.t, url: x.url, imageUrl: live ? deps.downloads.url({ sha256: x.sha256, name: x.name, mime: 'image/png', evidenceId: ev.id }) : '' })),
        artefacts: s.artefacts as TWebArtefact[],
        videoUrl,
        provenance: p,
      };
    },

    /** GET /api/share/getProView: the one certificate view (certificate `kindView`) of a process or mobile process evidence. 400 保全号不存在. */
    getProView: (baoquan: string, viewer: Principal | null): Promise<TProView> => deps.certificate.kindView<TProView>(['process', 'mobile'], baoquan, viewer),

    /**
     * POST /api/share/downProBaoquan: `{downUrl}` of the WACZ with the owner's extraction code — the one
     * extraction (certificate `kindExtract`: rules, limits, captcha, audit, notification) restricted to
     * process and mobile process evidence (400 保全号不存在 for other kinds).
     */
    extract: (baoquan: string, code: string, ip: string, captcha: { captchaId?: string; imgCode?: string } = {}): Promise<{ downUrl: string }> => deps.certificate.kindExtract(['process', 'mobile'], baoquan, code, ip, captcha),
  };
}

export type ProcessShareService = ReturnType<typeof processShareService>;
