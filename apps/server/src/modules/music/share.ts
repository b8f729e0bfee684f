/**
 * Public side of music evidence (issue 12 §2; spec p2 §2 /evidencesMusic/{id}): what kind 'music' adds to
 * the one certificate (issue 11 §1) — its rows (the work: title, lyricist, composer, performer, album,
 * duration, ISRC; the lyrics and score files with their SHA-256) and its answer fields (the work, its files,
 * and for the owner only signed URLs: the player's audio and the lyrics/score downloads) — registered with
 * the certificate service, whose `kindView` and `kindExtract` serve getMusicView and downMusicBaoquan.
 */
import { formatIsrc, type TMusicFile, type TMusicView } from '@cunzheng/contract/music';
import type { Principal } from '../../platform/auth.ts';
import type { Db } from '../../db/client.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import type { ExtraRow } from '../certificate/html.ts';
import type { CertificateService, CertificateView } from '../certificate/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import * as repo from './repo.ts';
import { workOf } from './service.ts';

export interface MusicShareDeps {
  db: Db;
  certificate: Pick<CertificateService, 'kindView' | 'kindExtract'>;
  evidence: Pick<EvidenceService, 'artefacts'>;
  downloads: Pick<DownloadSigner, 'url'>;
}

/** "3 分 05 秒" / "45 秒" of milliseconds. */
export const durationText = (ms: number): string => {
  const s = Math.round(ms / 1000);
  return s >= 60 ? `${Math.floor(s / 60)} 分 ${String(s % 60).padStart(2, '0')} 秒` : `${s} 秒`;
};

/** Builds the public music-evidence service. */
export function musicShareService(deps: MusicShareDeps) {
  return {
    /** Certificate rows of a music evidence (registered with the certificate service for kind 'music'). */
    async describe(ev: EvidenceRow): Promise<ExtraRow[]> {
      const w = await repo.byEvidence(deps.db, ev.id);
      const rows: ExtraRow[] = [{ zh: '存证类型', en: 'Evidence Type', value: '音乐作品存证（Music work）' }];
      if (!w) return rows;
      rows.push({ zh: '作品名称', en: 'Work Title', value: w.workTitle });
      if (w.lyricist) rows.push({ zh: '作词', en: 'Lyricist', value: w.lyricist });
      if (w.composer) rows.push({ zh: '作曲', en: 'Composer', value: w.composer });
      if (w.performer) rows.push({ zh: '表演者', en: 'Performer', value: w.performer });
      if (w.album) rows.push({ zh: '专辑', en: 'Album', value: w.album });
      if (w.durationMs > 0) rows.push({ zh: '时长', en: 'Duration', value: durationText(w.durationMs) });
      if (w.isrc) rows.push({ zh: 'ISRC', en: 'ISRC', value: formatIsrc(w.isrc), mono: true });
      for (const a of await deps.evidence.artefacts(ev.id)) {
        const name = a.role === 'lyrics' ? ['歌词文件', 'Lyrics File'] : a.role === 'score' ? ['曲谱文件', 'Score File'] : null;
        if (name) rows.push({ zh: name[0]!, en: name[1]!, value: `${a.name}（SHA-256：${a.sha256}）`, mono: false });
      }
      return rows;
    },

    /**
     * The music fields of the certificate answer (the `view` of kind 'music'): the common view plus the work,
     * its files (audio, lyrics, score: name, size, SHA-256, media type), and signed URLs for the owner only
     * (isSelf 1 and not deleted) — `audioUrl` for the player, each file's `url`.
     */
    async view(ev: EvidenceRow, view: CertificateView, _viewer: Principal | null): Promise<TMusicView> {
      const w = await repo.byEvidence(deps.db, ev.id);
      const arts = await deps.evidence.artefacts(ev.id);
      const owner = view.isSelf === 1 && !ev.deletedAt;
      const sign = (sha256: string, name: string, mime: string) => (owner ? deps.downloads.url({ sha256, name, mime, evidenceId: ev.id }) : '');
      const files: TMusicFile[] = [
        { role: 'audio', name: ev.fileName, size: ev.size, sha256: ev.sha256, mime: ev.mime, url: sign(ev.sha256, ev.fileName, ev.mime) },
        ...arts
          .filter((a) => a.role === 'lyrics' || a.role === 'score')
          .map((a) => ({ role: a.role as 'lyrics' | 'score', name: a.name, size: a.size, sha256: a.sha256, mime: a.mime, url: sign(a.sha256, a.name, a.mime) })),
      ];
      return { ...view, ...workOf(w, arts.map((a) => a.role)), files, audioUrl: files[0]!.url };
    },

    /** GET /api/share/getMusicView: the certificate view of a music evidence (certificate `kindView`). 400 请输入保全号 / 保全号不存在 (also for other kinds' numbers). */
    getView: (baoquan: string, viewer: Principal | null): Promise<TMusicView> => deps.certificate.kindView<TMusicView>(['music'], baoquan, viewer),

    /**
     * POST /api/share/downMusicBaoquan (baoquan, code): `{downUrl}` of the audio with the owner's extraction
     * code — the one extraction (rules, limits, captcha, audit, notification) restricted to music evidence.
     */
    extract: (baoquan: string, code: string, ip: string, captcha: { captchaId?: string; imgCode?: string } = {}): Promise<{ downUrl: string }> => deps.certificate.kindExtract(['music'], baoquan, code, ip, captcha),
  };
}

export type MusicShareService = ReturnType<typeof musicShareService>;
