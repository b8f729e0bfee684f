/**
 * Music evidence use cases (音乐作品存证; issue 12 §2): deposit a work — the audio file (the evidence file:
 * its SHA-256 goes into the ledger entry and the RFC 3161 stamp) plus optional lyrics and score files as
 * artefacts of the SAME evidence, through the one deposit of every kind (`evidenceService.depositArtefacts`)
 * — with its metadata (work title, lyricist, composer, performer, album, ISRC, and the duration and codec
 * read from the audio by ffprobe) in `music_works`, written in the deposit's transaction. The owner's
 * list, labels, deletion and downloads are the evidence service's, restricted to kind 'music'.
 */
import type { TMusicItem, TMusicUploadFields, TMusicWork } from '@cunzheng/contract/music';
import { MSG } from '@cunzheng/contract/messages';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { StagedBlob } from '../../platform/blobs.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EvidenceService, ArtefactInput } from '../evidence/service.ts';
import { lyricsMime, scoreMime } from './files.ts';
import { probeAudio } from './probe.ts';
import * as repo from './repo.ts';

export interface MusicDeps {
  db: Db;
  evidence: Pick<EvidenceService, 'depositArtefacts' | 'discard' | 'artefacts' | 'list' | 'downUrl' | 'zipUrl' | 'labels' | 'saveLabel' | 'remove' | 'findByBaoquan'>;
  /** ffprobe binary (config FFPROBE_PATH). */
  ffprobePath: string;
}

/** One staged file of an upload and its client name. */
export interface MusicFile {
  staged: StagedBlob;
  name: string;
}

/** The work fields of a side row (duration in seconds). */
export const workOf = (w: repo.MusicWorkRow | null | undefined, roles: readonly string[] = []): TMusicWork => ({
  workTitle: w?.workTitle ?? '',
  lyricist: w?.lyricist ?? '',
  composer: w?.composer ?? '',
  performer: w?.performer ?? '',
  album: w?.album ?? '',
  isrc: w?.isrc ?? '',
  duration: (w?.durationMs ?? 0) / 1000,
  codec: w?.codec ?? '',
  hasLyrics: roles.includes('lyrics') ? 1 : 0,
  hasScore: roles.includes('score') ? 1 : 0,
});

/** Builds the music service. */
export function musicService(deps: MusicDeps) {
  const { db, evidence } = deps;

  return {
    /**
     * POST /api/music/upload: checks the files (audio: ffprobe finds an audio stream in an accepted container,
     * else 400 无法识别的音频文件…; lyrics: TXT/LRC/PDF/DOCX, else 400 歌词文件只能是…; score: PDF/PNG/JPG/
     * MusicXML/MIDI, else 400 曲谱文件只能是…), then deposits ONE evidence of kind 'music' (charged at order
     * type 6, one unit per work) with the work row in the same transaction. Every staged file is removed
     * whatever happens. Answers the list item.
     */
    async upload(input: { owner: UserRow; memberId: number | null; audio: MusicFile; lyrics?: MusicFile; score?: MusicFile; fields: TMusicUploadFields; ip: string | null }): Promise<TMusicItem> {
      const all = [input.audio, input.lyrics, input.score].filter((f): f is MusicFile => !!f);
      let handedOver = false;
      try {
        const probe = await probeAudio(deps.ffprobePath, input.audio.staged.tmpPath);
        if (!probe) throw badRequest(MSG.MUSIC_AUDIO_INVALID);
        const artefacts: ArtefactInput[] = [{ role: 'original', name: input.audio.name, staged: input.audio.staged }];
        if (input.lyrics) {
          const mime = await lyricsMime(input.lyrics.staged.head, input.lyrics.name);
          if (!mime) throw badRequest(MSG.MUSIC_LYRICS_INVALID);
          artefacts.push({ role: 'lyrics', name: input.lyrics.name, staged: input.lyrics.staged, mime });
        }
        if (input.score) {
          const mime = await scoreMime(input.score.staged.head, input.score.name);
          if (!mime) throw badRequest(MSG.MUSIC_SCORE_INVALID);
          artefacts.push({ role: 'score', name: input.score.name, staged: input.score.staged, mime });
        }
        const f = input.fields;
        let work: repo.MusicWorkRow | null = null;
        const deposit = {
          kind: 'music' as const,
          owner: input.owner,
          memberId: input.memberId,
          title: f.workTitle,
          label: f.label,
          ip: input.ip,
          artefacts,
          inTx: async (tx: DbOrTx, ev: { id: number }) => {
            work = await repo.insert(tx, { evidenceId: ev.id, workTitle: f.workTitle, lyricist: f.lyricist, composer: f.composer, performer: f.performer, album: f.album, isrc: f.isrc, durationMs: probe.durationMs, codec: probe.codec });
          },
        };
        handedOver = true;
        const r = await evidence.depositArtefacts(deposit);
        return { ...r.item, ...workOf(work, r.artefacts.map((a) => a.role)) };
      } finally {
        if (!handedOver) for (const f of all) await evidence.discard(f.staged);
      }
    },

    /** GET /api/music/getList → `{list, count}` of the owner's live music evidence (p1 §7 filters; keyword on the work title and number). */
    async list(f: Parameters<EvidenceService['list']>[0]): Promise<{ list: TMusicItem[]; count: number }> {
      const r = await evidence.list({ ...f, kind: 'music' });
      const works = await repo.byEvidenceIds(db, r.list.map((x) => x.id));
      const roles = await Promise.all(r.list.map(async (x) => (await evidence.artefacts(x.id)).map((a) => a.role)));
      return { list: r.list.map((x, i) => ({ ...x, ...workOf(works.get(x.id), roles[i]) })), count: r.count };
    },

    labels: (userId: number) => evidence.labels(userId, 'music'),
    saveLabel: (userId: number, id: number, label: string) => evidence.saveLabel(userId, id, label),
    remove: (userId: number, id: number) => evidence.remove(userId, id),
    /** `{downUrl}` of the audio of the owner's evidence `id`. 400 证据不存在. */
    downUrl: (userId: number, id: number) => evidence.downUrl(userId, id),
    /** `{downUrl}` of one zip of the owner's selected works' audio files. 400 无下载文件. */
    zipUrl: (userId: number, ids: number[]) => evidence.zipUrl(userId, ids, 'music'),
  };
}

export type MusicService = ReturnType<typeof musicService>;
