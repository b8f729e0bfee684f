/**
 * Music evidence (issue 12 §2) on the real app and database: a work deposited with audio, lyrics and score
 * is ONE evidence (audio in the ledger entry, lyrics and score as artefacts), its duration read from the
 * file by ffprobe, ISRC checked; the list, the certificate (owner's player and file links, nobody else's),
 * extraction by code, labels, deletion and batch zip; bad input refused with its message and nothing kept.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { makeUser } from './blob-helpers.ts';
import { client } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** A real MP3 of `seconds` of a sine tone, made by ffmpeg. */
function mp3(seconds: number, freq = 440): Buffer {
  const f = path.join(os.tmpdir(), `cz-music-${crypto.randomUUID()}.mp3`);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `sine=frequency=${freq}:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k', f]);
  const b = fs.readFileSync(f);
  fs.rmSync(f);
  return b;
}

/** A minimal valid one-page PDF. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

type Part = { field: string; name: string; content: Buffer };

describe('music evidence', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  /** Multipart POST /api/music/upload with files and fields. */
  async function upload(token: string | undefined, files: Part[], fields: Record<string, string>) {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    for (const f of files) fd.append(f.field, new Blob([new Uint8Array(f.content)]), f.name);
    const req = new Request('http://x', { method: 'POST', body: fd });
    const r = await h.app.inject({ method: 'POST', url: '/api/music/upload', headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': req.headers.get('content-type') ?? '' }, payload: Buffer.from(await req.arrayBuffer()) });
    return r.json();
  }

  it('deposits audio + lyrics + score as one evidence with the work, duration from the file, ISRC normalised', async () => {
    const u = await makeUser(h);
    const audio = mp3(3);
    const lyrics = Buffer.from('[00:00.00]月光下的小河\n[00:01.50]静静地流淌\n', 'utf8');
    const r = await upload(u.token, [
      { field: 'audio', name: '小河.mp3', content: audio },
      { field: 'lyrics', name: '小河.lrc', content: lyrics },
      { field: 'score', name: '小河-曲谱.pdf', content: PDF },
    ], { workTitle: '小河', lyricist: '张三', composer: '李四', performer: '王五', album: '春天', isrc: 'cn-a12-26-00001', label: '原创' });
    expect(r.code, r.msg).toBe(200);
    const item = r.data;
    expect(item).toMatchObject({ title: '小河', fileName: '小河.mp3', sha256: sha(audio), size: audio.length, workTitle: '小河', lyricist: '张三', composer: '李四', performer: '王五', album: '春天', isrc: 'CNA122600001', codec: 'mp3', hasLyrics: 1, hasScore: 1, label: '原创', fileType: 3 });
    expect(item.duration).toBeGreaterThan(2.9);
    expect(item.duration).toBeLessThan(3.2);
    // The ledger entry is the audio's.
    const proof = await client(h).get('/api/ledger/proof', { baoquan: item.baoquan });
    expect(JSON.parse(Buffer.from(proof.data.leaf, 'base64').toString('utf8'))).toMatchObject({ kind: 'music', sha256: sha(audio), size: audio.length });
    // The list.
    const list = await u.api.get('/api/music/getList', { page: 1 });
    expect(list.data.count).toBe(1);
    expect(list.data.list[0]).toMatchObject({ baoquan: item.baoquan, workTitle: '小河', hasLyrics: 1, hasScore: 1 });
    expect((await u.api.get('/api/music/getList', { keyword: '不存在的作品' })).data.count).toBe(0);
    // Not in the data-deposit list.
    expect((await u.api.get('/api/data/getList')).data.list.map((x: { baoquan: string }) => x.baoquan)).not.toContain(item.baoquan);

    // The owner's certificate: the player's audio URL and every file URL deliver the exact bytes.
    const mine = await u.api.get('/api/share/getMusicView', { baoquan: item.baoquan });
    expect(mine.code).toBe(200);
    expect(mine.data).toMatchObject({ isSelf: 1, workTitle: '小河', isrc: 'CNA122600001' });
    expect(mine.data.files.map((f: { role: string; name: string }) => [f.role, f.name])).toEqual([['audio', '小河.mp3'], ['lyrics', '小河.lrc'], ['score', '小河-曲谱.pdf']]);
    const bytes = { audio, lyrics, score: PDF } as Record<string, Buffer>;
    for (const f of mine.data.files) {
      const got = await client(h).download(f.url);
      expect(got.status).toBe(200);
      expect(sha(got.body)).toBe(sha(bytes[f.role]!));
    }
    expect(mine.data.audioUrl).toBe(mine.data.files[0].url);
    // The certificate html names the work and the other files' hashes.
    expect(mine.data.html).toContain('作品名称');
    expect(mine.data.html).toContain('CN-A12-26-00001');
    expect(mine.data.html).toContain(sha(lyrics));

    // Anyone else: the facts, no URLs; extraction by the owner's code delivers the audio.
    const pub = await client(h).get('/api/share/getMusicView', { baoquan: item.baoquan });
    expect(pub.data).toMatchObject({ isSelf: 0, audioUrl: '', id: 0 });
    expect(pub.data.files.every((f: { url: string }) => f.url === '')).toBe(true);
    const other = await makeUser(h);
    expect((await other.api.get('/api/share/getMusicView', { baoquan: item.baoquan })).data.audioUrl).toBe('');
    expect((await client(h).post('/api/share/downMusicBaoquan', { baoquan: item.baoquan, code: '000000' === u.extractCode ? '111111' : '000000' })).msg).toBe(MSG.EXTRACT_CODE_WRONG);
    const ex = await client(h).post('/api/share/downMusicBaoquan', { baoquan: item.baoquan, code: u.extractCode });
    expect(ex.code).toBe(200);
    expect(sha((await client(h).download(ex.data.downUrl)).body)).toBe(sha(audio));
    // Music numbers only on the music calls.
    const data = await u.api.upload('a.txt', Buffer.from(`x ${crypto.randomUUID()}`));
    expect((await client(h).get('/api/share/getMusicView', { baoquan: data.data.baoquan })).msg).toBe(MSG.BAOQUAN_NOT_FOUND);

    // Owner download, label, batch zip, delete.
    const d = await u.api.post('/api/music/downBaoquan', { dataId: item.id });
    expect(sha((await client(h).download(d.data.downUrl)).body)).toBe(sha(audio));
    expect((await u.api.post('/api/music/saveLabel', { dataId: item.id, label: 'demo' })).code).toBe(200);
    expect((await u.api.get('/api/music/getLabelList')).data).toEqual([{ label: 'demo' }]);
    const zip = await u.api.post('/api/music/downloadBatch', { dataIdStr: String(item.id) });
    expect(zip.code).toBe(200);
    expect((await client(h).download(zip.data.downUrl)).body.subarray(0, 2).toString('latin1')).toBe('PK');
    expect((await other.api.post('/api/music/downloadBatch', { dataIdStr: String(item.id) })).msg).toBe(MSG.NO_DOWNLOAD_FILE);
    expect((await other.api.post('/api/music/downBaoquan', { dataId: item.id })).msg).toBe(MSG.EVIDENCE_NOT_FOUND);
    expect((await u.api.get('/api/music/delData', { dataId: item.id })).code).toBe(200);
    expect((await u.api.get('/api/music/getList')).data.count).toBe(0);
    // The certificate stays; the owner no longer gets file URLs once deleted.
    const after = await u.api.get('/api/share/getMusicView', { baoquan: item.baoquan });
    expect(after.data).toMatchObject({ deleted: 1, audioUrl: '' });
  });

  it('deposits the audio alone (lyrics and score optional)', async () => {
    const u = await makeUser(h);
    const r = await upload(u.token, [{ field: 'audio', name: 'solo.mp3', content: mp3(1, 660) }], { workTitle: '独奏' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ hasLyrics: 0, hasScore: 0, isrc: '', lyricist: '' });
  });

  it('refuses bad input with its message and keeps nothing', async () => {
    const u = await makeUser(h);
    const audio = mp3(1, 550);
    const cases: Array<[Part[], Record<string, string>, string]> = [
      [[], { workTitle: '无音频' }, MSG.MUSIC_AUDIO_REQUIRED],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], {}, MSG.MUSIC_WORK_TITLE_REQUIRED],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '   ' }, MSG.MUSIC_WORK_TITLE_REQUIRED],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: 'x'.repeat(101) }, MSG.MUSIC_WORK_TITLE_TOO_LONG],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', lyricist: 'x'.repeat(51) }, MSG.MUSIC_LYRICIST_TOO_LONG],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', composer: 'x'.repeat(51) }, MSG.MUSIC_COMPOSER_TOO_LONG],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', performer: 'x'.repeat(51) }, MSG.MUSIC_PERFORMER_TOO_LONG],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', album: 'x'.repeat(101) }, MSG.MUSIC_ALBUM_TOO_LONG],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', isrc: 'CN-A12-26-0001' }, MSG.MUSIC_ISRC_INVALID],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌', isrc: '12-A12-26-00001' }, MSG.MUSIC_ISRC_INVALID],
      [[{ field: 'audio', name: 'fake.mp3', content: Buffer.from('this is not audio at all, just text pretending') }], { workTitle: '歌' }, MSG.MUSIC_AUDIO_INVALID],
      [[{ field: 'audio', name: 'a.mp3', content: audio }, { field: 'lyrics', name: 'l.exe', content: Buffer.from('MZ\x90\x00binary') }], { workTitle: '歌' }, MSG.MUSIC_LYRICS_INVALID],
      [[{ field: 'audio', name: 'a.mp3', content: audio }, { field: 'score', name: 's.txt', content: Buffer.from('do re mi') }], { workTitle: '歌' }, MSG.MUSIC_SCORE_INVALID],
      [[{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌<script>' }, '作品名称不能包含特殊字符'],
    ];
    for (const [files, fields, msg] of cases) {
      const r = await upload(u.token, files, fields);
      expect({ code: r.code, msg: r.msg, fields }).toEqual({ code: 400, msg, fields });
    }
    expect((await u.api.get('/api/music/getList')).data.count).toBe(0);
    // Not logged in.
    expect((await upload(undefined, [{ field: 'audio', name: 'a.mp3', content: audio }], { workTitle: '歌' })).code).toBe(401);
    // Nothing left in the staging area.
    const tmp = path.join(h.dataDir, 'blobs', 'tmp');
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp).length : 0).toBe(0);
  });

  it('two concurrent deposits of the same work both land, each its own certificate', async () => {
    const u = await makeUser(h);
    const audio = mp3(1, 880);
    const rs = await Promise.all([0, 1].map(() => upload(u.token, [{ field: 'audio', name: 'same.mp3', content: audio }], { workTitle: '同一作品' })));
    expect(rs.map((r) => r.code)).toEqual([200, 200]);
    expect(new Set(rs.map((r) => r.data.baoquan)).size).toBe(2);
    expect((await u.api.get('/api/music/getList')).data.count).toBe(2);
  });
});
