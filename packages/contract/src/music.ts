/**
 * Music evidence (音乐作品存证, kind `music`; issue 12 §2; spec p2 §2 /evidences-all/music,
 * /evidencesMusic/{id}, /queryAuthentication/musickeeping; evidence type 6 of spec p2 §9). One evidence
 * made of the audio file (main artefact: its SHA-256 is the ledger entry's) plus optional lyrics and score
 * files, with the work's metadata. The spec names no paths for music calls; ours are listed per schema.
 */
import { z } from 'zod';
import { noSpecialChars } from './common.ts';
import { ZCertificateView } from './certificate.ts';
import { zLabel, ZEvidenceItem } from './evidence.ts';
import { MSG } from './messages.ts';

export const MUSIC_WORK_TITLE_MAX = 100;
export const MUSIC_PERSON_MAX = 50;
export const MUSIC_ALBUM_MAX = 100;

/** ISRC (ISO 3901): country 2 letters, registrant 3 letters/digits, year 2 digits, designation 5 digits; hyphens/spaces optional. */
export const ISRC_RE = /^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/;

/** Normalised ISRC (upper case, no separators) or null when `s` is not one. */
export function parseIsrc(s: string): string | null {
  const t = s.trim().toUpperCase().replace(/\s+/g, '');
  return ISRC_RE.test(t) ? t.replace(/-/g, '') : null;
}

/** ISRC shown as CC-XXX-YY-NNNNN. */
export const formatIsrc = (isrc: string): string => (isrc.length === 12 ? `${isrc.slice(0, 2)}-${isrc.slice(2, 5)}-${isrc.slice(5, 7)}-${isrc.slice(7)}` : isrc);

/** An optional person/text field: '' or missing → ''. */
const optText = (field: string, max: number, tooLong: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: MSG.BAD_PARAM }).trim().max(max, tooLong).superRefine(noSpecialChars(field)));

/**
 * Text fields of POST /api/music/upload (multipart; files `audio` required, `lyrics` and `score` optional):
 * workTitle (作品名称, required, ≤ 100), lyricist (作词), composer (作曲), performer (表演者) ≤ 50 each,
 * album (专辑) ≤ 100, isrc (optional, ISO 3901 → stored without hyphens), label (≤ 20).
 */
export const ZMusicUploadFields = z.object({
  workTitle: z.string({ error: MSG.MUSIC_WORK_TITLE_REQUIRED }).trim().min(1, MSG.MUSIC_WORK_TITLE_REQUIRED).max(MUSIC_WORK_TITLE_MAX, MSG.MUSIC_WORK_TITLE_TOO_LONG).superRefine(noSpecialChars('作品名称')),
  lyricist: optText('作词', MUSIC_PERSON_MAX, MSG.MUSIC_LYRICIST_TOO_LONG),
  composer: optText('作曲', MUSIC_PERSON_MAX, MSG.MUSIC_COMPOSER_TOO_LONG),
  performer: optText('表演者', MUSIC_PERSON_MAX, MSG.MUSIC_PERFORMER_TOO_LONG),
  album: optText('专辑', MUSIC_ALBUM_MAX, MSG.MUSIC_ALBUM_TOO_LONG),
  isrc: z
    .preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: MSG.MUSIC_ISRC_INVALID }).max(20, MSG.MUSIC_ISRC_INVALID))
    .transform((v, ctx) => {
      if (v.trim() === '') return '';
      const p = parseIsrc(v);
      if (!p) {
        ctx.addIssue({ code: 'custom', message: MSG.MUSIC_ISRC_INVALID });
        return z.NEVER;
      }
      return p;
    }),
  label: zLabel().optional(),
});
export type TMusicUploadFields = z.infer<typeof ZMusicUploadFields>;

/** The work's metadata as stored and shown: duration in whole seconds (read from the audio by ffprobe; 0 when unknown), ISRC without hyphens ('' none). */
export const ZMusicWork = z.object({
  workTitle: z.string().max(MUSIC_WORK_TITLE_MAX),
  lyricist: z.string().max(MUSIC_PERSON_MAX),
  composer: z.string().max(MUSIC_PERSON_MAX),
  performer: z.string().max(MUSIC_PERSON_MAX),
  album: z.string().max(MUSIC_ALBUM_MAX),
  isrc: z.string().max(12),
  /** Seconds (rounded down to 0.001 → shown as m:ss). */
  duration: z.number().min(0),
  /** Audio codec / container named by ffprobe (e.g. "mp3", "pcm_s16le"), '' when unknown. */
  codec: z.string().max(40),
  /** 1 when a lyrics file / score file is part of the evidence. */
  hasLyrics: z.literal([0, 1]),
  hasScore: z.literal([0, 1]),
});
export type TMusicWork = z.infer<typeof ZMusicWork>;

/** One row of GET /api/music/getList (ours): the evidence item (main file = the audio) plus the work. */
export const ZMusicItem = ZEvidenceItem.extend(ZMusicWork.shape);
export type TMusicItem = z.infer<typeof ZMusicItem>;

/** One file of a music evidence on its certificate: role audio | lyrics | score, name, bytes, SHA-256. */
export const ZMusicFile = z.object({
  role: z.enum(['audio', 'lyrics', 'score']),
  name: z.string().max(255),
  size: z.number().int().min(0),
  sha256: z.string().max(64),
  mime: z.string().max(120),
  /** Signed, expiring URL — for the owner only ('' for everyone else, and once the owner deleted the evidence). */
  url: z.string().max(4096),
});
export type TMusicFile = z.infer<typeof ZMusicFile>;

/**
 * GET /api/share/getMusicView?baoquan= (ours): the one certificate view plus the work and its files;
 * `audioUrl` (the owner's player) is '' for anyone but the owner.
 */
export const ZMusicView = ZCertificateView.extend({ ...ZMusicWork.shape, files: z.array(ZMusicFile).max(3), audioUrl: z.string().max(4096) });
export type TMusicView = z.infer<typeof ZMusicView>;

/** Longest upload of each file: audio 200 MiB, lyrics 5 MiB, score 50 MiB. */
export const MUSIC_MAX_BYTES = { audio: 200 * 1024 * 1024, lyrics: 5 * 1024 * 1024, score: 50 * 1024 * 1024 } as const;
