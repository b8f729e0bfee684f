/**
 * Owner use cases of process evidence (issue 11 §2; spec p2 §7 process evidence calls; shapes in
 * @cunzheng/contract/process): start (one live session per user, bounded queue), the stream token, look,
 * cancel, end, list, and — once saved — label, delete, download and batch download through the evidence
 * service (the one model: the evidence row, its artefacts and zips are the evidence module's).
 */
import crypto from 'node:crypto';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_STREAM_PATH, type TAddProcessReq, type TProAction, type TProcessSession, type TProDetailRes, type TProItem, type TProProvenance } from '@cunzheng/contract/process';
import type { TWebArtefact } from '@cunzheng/contract/forensics';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { DownloadSigner } from '../../platform/downloads.ts';
import { badRequest } from '../../platform/errors.ts';
import type { EvidenceService } from '../evidence/service.ts';
import { addressGuard, CaptureRefused } from '../../platform/capture/guard.ts';
import { HEARTBEAT_STALE_SECONDS, type ProcessManager } from './manager.ts';
import * as repo from './repo.ts';
import { kindOf, type StoredShot } from './save.ts';

export interface ProcessServiceDeps {
  db: Db;
  manager: ProcessManager;
  evidence: Pick<EvidenceService, 'saveLabel' | 'remove' | 'labels' | 'downUrl' | 'zipUrl'>;
  downloads: Pick<DownloadSigner, 'url'>;
  /** HMAC key of stream tokens. */
  streamKey: Buffer;
  allowHosts: Set<string>;
  queueMax: number;
  maxSeconds: number;
  idleSeconds: number;
  /** Points check before a session starts (commerce `canPay`: 400 可用积分不足，请先充值 …); absent → no check. */
  canPay?: (userId: number, orderType: number, count: number) => Promise<void>;
}

const ACTIVE = [0, 1, 2];
/** Longest wait for a session running in another process to be saved after a stop request, ms. */
const REMOTE_END_WAIT_MS = 5 * 60_000;

/** Builds the service. */
export function processService(deps: ProcessServiceDeps) {
  const { db, manager } = deps;
  const tokenOf = (s: repo.SessionRow) => crypto.createHmac('sha256', deps.streamKey).update(`process-stream:${s.id}:${s.userId}:${s.streamNonce}`).digest('base64url');

  const sessionOf = async (s: repo.SessionRow, resumed = false): Promise<TProcessSession> => ({
    id: s.id,
    type: s.type as 2 | 4,
    status: s.status as TProcessSession['status'],
    position: s.status === 0 ? Math.max(1, await repo.position(db, s.id)) : 0,
    streamToken: s.status === 0 || s.status === 1 ? tokenOf(s) : '',
    streamPath: s.status === 0 || s.status === 1 ? PROCESS_STREAM_PATH : '',
    deadline: s.status === 1 ? manager.deadline(s.id) || (s.deadlineAt?.getTime() ?? 0) : 0,
    maxSeconds: deps.maxSeconds,
    idleSeconds: deps.idleSeconds,
    resumed,
  });

  const itemOf = ({ s, e }: repo.SessionWithEvidence): TProItem => ({
    id: s.id,
    type: s.type as 2 | 4,
    baoquan: e?.baoquan ?? '',
    title: e?.title ?? s.title,
    url: s.url,
    finalUrl: s.finalUrl,
    status: s.status as TProItem['status'],
    note: s.note,
    label: e?.label ?? '',
    saveTime: e?.saveTime ?? Math.floor(s.createdAt.getTime() / 1000),
    duration: Math.round(s.durationMs / 1000),
    chainhash: e?.chainhash ?? '',
    size: e?.size ?? 0,
    sha256: e?.sha256 ?? '',
  });

  /**
   * Ends running session `id` wherever it runs: here directly, in another API process through a stop
   * request in its row (polled by the owner), then waits until it is saved or discarded. False when it is
   * not running.
   */
  const endRunning = async (id: number, reason: 'stop' | 'cancel'): Promise<boolean> => {
    if (manager.end(id, reason)) {
      await manager.settled(id);
      return true;
    }
    if (!(await repo.requestStop(db, id, reason === 'cancel' ? 2 : 1))) return false;
    for (const until = Date.now() + REMOTE_END_WAIT_MS; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      if (![1, 2].includes((await repo.findById(db, id))?.status ?? 9)) break;
    }
    return true;
  };

  const owned = async (userId: number, id: number) => {
    const r = await repo.findOwned(db, userId, id);
    if (!r) throw badRequest(MSG.CAPTURE_NOT_FOUND);
    return r;
  };
  const saved = async (userId: number, id: number) => {
    const r = await owned(userId, id);
    if (!r.s.evidenceId || !r.e) throw badRequest(MSG.CAPTURE_NOT_DONE);
    return { ...r, evidenceId: r.s.evidenceId };
  };

  return {
    /**
     * POST /api/processforensics/addProcess, /api/processlist/clickAddProcess: queues a session (type 2
     * desktop or 4 mobile, optional start url and title) and answers its state. A user with a live session
     * gets that one back (`resumed` true). 400 目标地址不允许访问 / DNS 解析失败 for a start address outside the
     * allow-list; 400 排队人数过多，请稍后再试 when PROCESS_QUEUE_MAX sessions wait.
     */
    async add(userId: number, req: TAddProcessReq, ip: string | null, memberId: number | null = null): Promise<TProcessSession> {
      if (req.url) {
        try {
          await addressGuard(deps.allowHosts).check(new URL(req.url).hostname);
        } catch (e) {
          if (e instanceof CaptureRefused) throw badRequest(e.message);
          throw e;
        }
      }
      // The price code of the kind (registry): charged when the session is deposited, checked now so a
      // recording is not made for nothing.
      await deps.canPay?.(userId, EVIDENCE_KIND[kindOf(req.type)].priceCode, 1);
      const out = await db.transaction(async (tx) => {
        await repo.lockUser(tx, userId);
        const active = await repo.findActive(tx, userId, memberId);
        // A session left running by a process that died (no browser anywhere) would block the user for
        // ever: past its maximum duration plus 10 minutes it is failed and a new one may start.
        // With several API processes the owner's heartbeat says so sooner (issue 17).
        const stale = active && active.status !== 0 && !manager.isLive(active.id) &&
          ((active.startedAt?.getTime() ?? 0) < Date.now() - (deps.maxSeconds + 600) * 1000 || (!!active.heartbeatAt && active.heartbeatAt.getTime() < Date.now() - HEARTBEAT_STALE_SECONDS * 1000));
        if (active && stale) await repo.transition(tx, active.id, [1, 2], { status: 5, note: MSG.PROCESS_NOTE_CRASHED, endedAt: new Date() });
        else if (active) return { row: active, resumed: true };
        if ((await repo.countQueued(tx)) >= deps.queueMax) throw badRequest(MSG.PROCESS_BUSY);
        const row = await repo.insert(tx, { userId, memberId, type: req.type, url: req.url ?? '', title: req.title ?? '', streamNonce: crypto.randomBytes(18).toString('base64url') });
        await writeAudit(tx, { actorId: memberId ?? userId, action: 'process.start', target: `process_session:${row.id}`, after: { type: req.type, url: req.url ?? '' }, ip });
        return { row, resumed: false };
      });
      if (!out.resumed) await manager.kick();
      return sessionOf((await repo.findById(db, out.row.id)) ?? out.row, out.resumed);
    },

    /** The session behind a stream token, when the token is right and the session queued or running; else null. */
    async streamSession(id: number, token: string): Promise<repo.SessionRow | null> {
      const s = await repo.findById(db, id);
      if (!s || s.deletedAt || (s.status !== 0 && s.status !== 1)) return null;
      const want = Buffer.from(tokenOf(s));
      const got = Buffer.from(token);
      return got.length === want.length && crypto.timingSafeEqual(got, want) ? s : null;
    },

    /**
     * POST /api/processlist/cancelButton: a queued or running session ends without being saved (6).
     * 400 取证记录不存在 / 该取证已结束，不能取消.
     */
    async cancel(userId: number, id: number): Promise<void> {
      const { s } = await owned(userId, id);
      if (s.status === 0 && (await repo.transition(db, id, [0], { status: 6, endedAt: new Date() }))) return;
      if (s.status === 1 && (await endRunning(id, 'cancel'))) return;
      throw badRequest(MSG.PROCESS_NOT_CANCELLABLE);
    },

    /**
     * POST /api/processforensics/endProcess (结束取证 without the socket): a running session is saved and
     * ended; the answer comes once it is saved (status 3) — a queued one is cancelled.
     */
    async end(userId: number, id: number): Promise<TProcessSession> {
      const { s } = await owned(userId, id);
      if (s.status === 0) await repo.transition(db, id, [0], { status: 6, endedAt: new Date() });
      else if (s.status === 1) await endRunning(id, 'stop');
      return sessionOf((await repo.findById(db, id))!);
    },

    /** POST /api/processlist/getProList → `{list, count}` of the caller's sessions of one type, newest first. */
    async list(f: repo.ListFilter): Promise<{ list: TProItem[]; count: number }> {
      const r = await repo.list(db, f);
      return { list: r.list.map(itemOf), count: r.count };
    },

    /** POST /api/processlist/look: the session, and once saved its provenance, artefacts, actions, screenshots, video URL. */
    async look(userId: number, id: number): Promise<TProDetailRes> {
      const r = await owned(userId, id);
      const { s } = r;
      const live = !!r.e && !r.e.deletedAt && !!s.evidenceId;
      const shots = (s.shots as StoredShot[]).map((x) => ({ t: x.t, url: x.url, imageUrl: live ? deps.downloads.url({ sha256: x.sha256, name: x.name, mime: 'image/png', evidenceId: s.evidenceId! }) : '' }));
      return {
        session: await sessionOf(s),
        item: itemOf(r),
        provenance: (s.provenance as TProProvenance | null) ?? null,
        artefacts: s.artefacts as TWebArtefact[],
        actions: s.actions as TProAction[],
        shots,
        videoUrl: live && s.videoSha ? deps.downloads.url({ sha256: s.videoSha, name: `${r.e!.baoquan}.mp4`, mime: 'video/mp4', evidenceId: s.evidenceId! }) : '',
      };
    },

    /** POST /api/processlist/saveLabel (saved sessions). 400 取证记录不存在 / 取证尚未完成. */
    async saveLabel(userId: number, id: number, label: string): Promise<void> {
      const r = await saved(userId, id);
      await deps.evidence.saveLabel(userId, r.evidenceId, label);
    },

    /** POST /api/processlist/getLabelList (type) → `[{label}]` of the caller's evidence of that kind. */
    labels: (userId: number, type: number) => deps.evidence.labels(userId, kindOf(type)),

    /**
     * POST /api/processlist/delPro: removes the session from the list (a live one is cancelled first); a
     * saved one's evidence is removed through the evidence service (the ledger entry and certificate stay).
     */
    async remove(userId: number, id: number): Promise<void> {
      const { s } = await owned(userId, id);
      if (s.status === 0 || s.status === 1) await this.cancel(userId, id).catch(() => undefined);
      if (s.evidenceId) await deps.evidence.remove(userId, s.evidenceId);
      await repo.update(db, id, { deletedAt: new Date() });
      if (ACTIVE.includes((await repo.findById(db, id))?.status ?? 9)) await repo.transition(db, id, [0], { status: 6 });
    },

    /** POST /api/processlist/downProBaoquan (id) → `{downUrl}` of the WACZ. 400 取证尚未完成. */
    async download(userId: number, id: number): Promise<{ downUrl: string }> {
      return deps.evidence.downUrl(userId, (await saved(userId, id)).evidenceId);
    },

    /** POST /api/processlist/downloadBatch (ids) → `{downUrl}` of one zip of the saved sessions' evidence. 400 无下载文件. */
    async zipUrl(userId: number, ids: number[]): Promise<{ downUrl: string }> {
      const evIds = await repo.evidenceIdsOf(db, userId, ids);
      if (evIds.length === 0) throw badRequest(MSG.NO_DOWNLOAD_FILE);
      return deps.evidence.zipUrl(userId, evIds);
    },
  };
}

export type ProcessService = ReturnType<typeof processService>;
