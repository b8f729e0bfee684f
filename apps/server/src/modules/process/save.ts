/**
 * Saving a recorded session (issue 11 §2): package the WACZ, then ONE deposit through the evidence
 * service (`depositArtefacts`: WACZ as the main artefact — its SHA-256 is the ledger entry's — plus the
 * MP4, the action log, the provenance and the navigation screenshots as artefacts), with the session row
 * becoming done (3) or interrupted (4) in the same transaction.
 *
 * Faults: a session that ended by a disconnect or a browser crash is saved as 中断 (4) with its note; when
 * ffmpeg failed the WARC and action log are still deposited, without the video, noting 视频生成失败…;
 * when even packaging or the deposit fails the session is failed (5) with 过程取证保存失败，请稍后重试.
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_VIEWPORT, type TProcessType } from '@cunzheng/contract/process';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { UserRow } from '../../platform/auth.ts';
import type { StagedBlob } from '../../platform/blobs.ts';
import type { ArtefactInput } from '../evidence/deposit.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { cstDateTime } from '../../platform/format.ts';
import type { WaczSigner } from '../../platform/capture/signer.ts';
import type { PackageStamper } from '../../platform/capture/wacz.ts';
import type { EndReason, LiveRecording } from './live.ts';
import { packageSession } from './package.ts';
import * as repo from './repo.ts';

export interface SaveDeps {
  db: Db;
  evidence: Pick<EvidenceService, 'stage' | 'depositArtefacts' | 'discard'>;
  findUser(id: number): Promise<UserRow | null>;
  signer: WaczSigner;
  stamper: PackageStamper | null;
  software: string;
  publicAddress: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

const REASON_NOTE: Partial<Record<EndReason, string>> = {
  disconnected: MSG.PROCESS_NOTE_DISCONNECTED,
  crashed: MSG.PROCESS_NOTE_CRASHED,
  max: MSG.PROCESS_NOTE_MAX_DURATION,
  idle: MSG.PROCESS_NOTE_IDLE,
};

/** A stored screenshot as kept on the session row: ms since start, address, blob. */
export interface StoredShot {
  t: number;
  url: string;
  sha256: string;
  name: string;
}

/** The evidence kind of a session type. */
export const kindOf = (type: number): 'process' | 'mobile' => (type === 4 ? 'mobile' : 'process');

/** `过程取证-<yyyyMMddHHmmss>.wacz` in China Standard Time. */
const fileBase = (type: number, at: Date) => `${type === 4 ? '手机过程取证' : '过程取证'}-${new Date(at.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14)}`;

/** Saves session `row` from `rec` (already ended; reason ≠ cancel). Never throws. */
export async function saveSession(deps: SaveDeps, row: repo.SessionRow, rec: LiveRecording, dir: string): Promise<void> {
  const interrupted = rec.reason === 'disconnected' || rec.reason === 'crashed';
  const notes = [REASON_NOTE[rec.reason] ?? '', rec.video.ok ? '' : MSG.PROCESS_NOTE_VIDEO_FAILED].filter(Boolean);
  const note = notes.join('；');
  const durationMs = Math.max(0, rec.endedAt.getTime() - rec.startedAt.getTime());
  if (!rec.video.ok) deps.log.warn({ sessionId: row.id, error: rec.video.error }, 'process: no video');
  const staged: StagedBlob[] = [];
  try {
    await repo.transition(deps.db, row.id, [1], { status: 2, endedAt: rec.endedAt, durationMs, finalUrl: rec.finalUrl.slice(0, 4000), note });
    const owner = await deps.findUser(row.userId);
    if (!owner) throw new Error('owner gone');
    const type = row.type as TProcessType;
    const title = (row.title || `${type === 4 ? '手机过程取证' : '过程取证'} ${cstDateTime(Math.floor(rec.startedAt.getTime() / 1000))}`).slice(0, 100);
    const pkg = await packageSession({ dir, id: row.id, type, rec, interrupted, note, title, signer: deps.signer, stamper: deps.stamper, software: deps.software, publicAddress: deps.publicAddress, viewport: PROCESS_VIEWPORT[type] });
    const stage = async (file: string) => {
      const s = await deps.evidence.stage(fs.createReadStream(file), () => false);
      staged.push(s);
      return s;
    };
    const base = fileBase(type, rec.startedAt);
    const artefacts: ArtefactInput[] = [{ role: 'wacz', name: `${base}.wacz`, staged: await stage(pkg.path), mime: 'application/wacz+zip' }];
    if (pkg.video) artefacts.push({ role: 'video', name: `${base}.mp4`, staged: await stage(pkg.video.path), mime: 'video/mp4' });
    const actionsFile = `${dir}/actions.json`;
    fs.writeFileSync(actionsFile, JSON.stringify(rec.actions, null, 1));
    artefacts.push({ role: 'actionLog', name: `${base}-操作日志.json`, staged: await stage(actionsFile), mime: 'application/json' });
    const provFile = `${dir}/provenance.json`;
    fs.writeFileSync(provFile, JSON.stringify(pkg.provenance, null, 1));
    artefacts.push({ role: 'provenance', name: `${base}-取证环境.json`, staged: await stage(provFile), mime: 'application/json' });
    const shots: StoredShot[] = [];
    for (const [i, s] of rec.shots.entries()) {
      const st = await stage(s.file);
      const name = `${base}-截图${String(i + 1).padStart(3, '0')}.png`;
      artefacts.push({ role: 'screenshot', name, staged: st, mime: 'image/png' });
      shots.push({ t: s.t, url: s.url.slice(0, 4000), sha256: st.sha256, name });
    }
    await deps.evidence.depositArtefacts({
      kind: kindOf(type),
      owner,
      memberId: row.memberId,
      title,
      artefacts,
      note,
      inTx: async (tx, ev) => {
        await repo.update(tx, row.id, {
          status: interrupted ? 4 : 3,
          evidenceId: ev.id,
          artefacts: [...pkg.artefacts.map(({ offset: _o, ...a }) => a), ...(pkg.video ? [{ name: '录屏视频（MP4）', path: `${base}.mp4`, size: pkg.video.size, sha256: pkg.video.sha256, mime: 'video/mp4' }] : [])],
          provenance: pkg.provenance,
          actions: rec.actions,
          shots,
          videoSha: pkg.video?.sha256 ?? '',
        });
        await writeAudit(tx, { actorId: row.userId, action: 'process.saved', target: `process_session:${row.id}`, after: { evidenceId: ev.id, sha256: pkg.sha256, video: pkg.video?.sha256 ?? '', interrupted, durationMs } });
      },
    });
    deps.log.info({ sessionId: row.id, durationMs, bytes: pkg.size, video: pkg.video?.size ?? 0, frames: rec.video.frames }, 'process session saved');
  } catch (e) {
    deps.log.error({ err: e, sessionId: row.id }, 'process: saving failed');
    await repo.update(deps.db, row.id, { status: 5, note: MSG.PROCESS_SAVE_FAILED, endedAt: rec.endedAt, durationMs }).catch(() => undefined);
  } finally {
    for (const s of staged) await deps.evidence.discard(s).catch(() => undefined);
  }
}
