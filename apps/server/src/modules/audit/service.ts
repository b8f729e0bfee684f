/**
 * Continuous audit (issue 3 §5, DESIGN.md Trust design): a periodic, bounded, resumable re-check of what
 * makes certificates trustworthy —
 *   1. the ledger: leaf hashes, every stored subtree hash, each checkpoint's root, signature and
 *      consistency with the previous one (ledger `verifyStep`, at most AUDIT_LEAVES_PER_RUN leaves a run);
 *   2. the evidence blobs: re-hashed against their rows and ledger entries (AUDIT_BLOBS_PER_RUN files or
 *      AUDIT_BYTES_PER_RUN bytes a run);
 *   3. the anchors: stored rows against the checkpoints, and read back from the chain.
 * Each check keeps its position in `audit_cursor` and wraps around at the end, so every row is checked
 * again on every pass. A mismatch is logged (log.error) and recorded as an open alert in `audit_alerts`
 * (one per kind and target, refreshed while it persists) until an operator resolves it. `full()` runs
 * the same checks over everything for `npm run cli -- ledger:verify`.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TAuditOverview, AuditAlertKind } from '@cunzheng/contract/audit';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import type { BlobStore } from '../../platform/blobs.ts';
import type { AnchorService } from '../anchor/service.ts';
import type { EvidenceService } from '../evidence/service.ts';
import type { LedgerAuditState } from '../ledger/verify.ts';
import type { LedgerService } from '../ledger/types.ts';
import { auditBlobRange, auditBlobs } from './blobs.ts';
import { notify } from '../notifications/notify.ts';
import * as repo from './repo.ts';

export interface AuditLimits {
  /** Least time between two runs of the job, seconds (0: the job is off). */
  intervalSeconds: number;
  blobsPerRun: number;
  bytesPerRun: number;
  leavesPerRun: number;
  /** Anchors re-checked per run (default 20). */
  anchorsPerRun?: number;
}

export interface AuditDeps {
  db: Db;
  blobs: Pick<BlobStore, 'rehash'>;
  /** Evidence rows for the blob re-hash (evidence service `forAudit`). */
  evidence: Pick<EvidenceService, 'forAudit'>;
  /** Operator account ids (auth service `operatorIds`): recipients of integrity alerts. */
  operatorIds(): Promise<number[]>;
  ledger: Pick<LedgerService, 'entryAt' | 'verifyStep' | 'verifyAll' | 'size'>;
  anchor: Pick<AnchorService, 'check' | 'summary'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  limits: AuditLimits;
}

/** Counts of one run (also stored in `audit_runs`). */
export interface AuditRunSummary {
  runId: number;
  blobsChecked: number;
  bytesChecked: number;
  leavesChecked: number;
  checkpointsChecked: number;
  anchorsChecked: number;
  problems: number;
  /** Checks that completed a full pass in this run. */
  completed: string[];
}

/** The row a problem line of the full ledger audit names (same targets as verifyStep's). */
export function ledgerTarget(line: string): string {
  let m = /^subtree hash \((\d+), (\d+)\)/.exec(line);
  if (m) return `ledger_hashes:${m[1]}:${m[2]}`;
  m = /^leaf (\d+)/.exec(line);
  if (m) return `ledger_entries:${m[1]}`;
  m = /^checkpoints? (?:\d+ → )?(\d+)/.exec(line);
  if (m) return `checkpoint:${m[1]}`;
  m = /^level (\d+)/.exec(line);
  return m ? `ledger_hashes:${m[1]}` : 'ledger';
}

const RUN_RETENTION_MS = 30 * 24 * 3600 * 1000;
const secs = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/** Builds the audit service. */
export function auditService(deps: AuditDeps) {
  const { db, log } = deps;
  const anchorsPerRun = deps.limits.anchorsPerRun ?? 20;

  /** Logs and records one problem; returns 1 for counting. */
  async function alert(kind: AuditAlertKind, target: string, detail: string): Promise<number> {
    log.error({ alert: { kind, target, detail } }, `audit: ALERT ${kind} ${target}: ${detail}`);
    await repo.raiseAlert(db, { kind, target, detail });
    return 1;
  }

  /** One bounded run over the three cursors. */
  async function step(runId: number): Promise<AuditRunSummary> {
    const s: AuditRunSummary = { runId, blobsChecked: 0, bytesChecked: 0, leavesChecked: 0, checkpointsChecked: 0, anchorsChecked: 0, problems: 0, completed: [] };

    const lc = await repo.cursor(db, 'ledger');
    const lr = await deps.ledger.verifyStep((lc.state as LedgerAuditState | null) ?? null, deps.limits.leavesPerRun);
    for (const p of lr.problems) s.problems += await alert('ledger', p.target, p.detail);
    s.leavesChecked = lr.leaves;
    s.checkpointsChecked = lr.checkpoints;
    await repo.saveCursor(db, 'ledger', lr.done ? 0 : lr.state.next, lr.done ? null : lr.state, lr.done);
    if (lr.done) s.completed.push('ledger');

    const bc = await repo.cursor(db, 'blobs');
    const br = await auditBlobRange({ evidence: deps.evidence, blobs: deps.blobs, ledger: deps.ledger }, bc.position, { maxBlobs: deps.limits.blobsPerRun, maxBytes: deps.limits.bytesPerRun });
    for (const p of br.problems) s.problems += await alert(p.kind, p.target, p.problem);
    s.blobsChecked = br.checked;
    s.bytesChecked = br.bytes;
    await repo.saveCursor(db, 'blobs', br.done ? 0 : br.lastId, null, br.done);
    if (br.done) s.completed.push('blobs');

    const ac = await repo.cursor(db, 'anchors');
    const ar = await deps.anchor.check(ac.position, anchorsPerRun);
    for (const p of ar.problems) s.problems += await alert('anchor', p.target, p.detail);
    s.anchorsChecked = ar.checked;
    await repo.saveCursor(db, 'anchors', ar.done ? 0 : ar.lastId, null, ar.done);
    if (ar.done) s.completed.push('anchors');
    return s;
  }

  return {
    /**
     * One run of the periodic job: skipped (null) when the previous run started less than
     * AUDIT_INTERVAL_SECONDS ago, unless `force`. A failing run is recorded with its error and raises a
     * `job_error` alert; the error is not rethrown.
     */
    async runOnce(opts: { force?: boolean } = {}): Promise<AuditRunSummary | null> {
      if (!opts.force) {
        const last = await repo.lastRun(db);
        if (last && Date.now() - last.startedAt.getTime() < deps.limits.intervalSeconds * 1000 - 5000) return null;
      }
      const runId = await repo.startRun(db);
      try {
        const s = await step(runId);
        await repo.finishRun(db, runId, { ...s, error: null });
        await repo.pruneRuns(db, new Date(Date.now() - RUN_RETENTION_MS));
        if (s.problems === 0) log.info({ audit: s }, 'audit: run finished, no problems');
        return s;
      } catch (err) {
        const msg = (err as Error).message?.slice(0, 500) ?? String(err);
        log.error({ err }, 'audit: run failed');
        await repo.finishRun(db, runId, { error: msg }).catch(() => undefined);
        await repo.raiseAlert(db, { kind: 'job_error', target: 'audit-run', detail: msg }).catch(() => undefined);
        return null;
      }
    },

    /**
     * The full report of `npm run cli -- ledger:verify` (issue 2 §2, issue 3 §5): the whole tree against
     * every checkpoint, every blob, every anchor; problems are also recorded as alerts. `ok` false on any.
     */
    async full() {
      const tree = await deps.ledger.verifyAll();
      const blobs = await auditBlobs({ evidence: deps.evidence, blobs: deps.blobs, ledger: deps.ledger });
      const anchors = { ok: true, checked: 0, problems: [] as string[] };
      for (let after = 0; ;) {
        const r = await deps.anchor.check(after, 500);
        anchors.checked += r.checked;
        for (const p of r.problems) {
          anchors.problems.push(p.detail);
          await alert('anchor', p.target, p.detail);
        }
        if (r.done || r.lastId === after) break;
        after = r.lastId;
      }
      anchors.ok = anchors.problems.length === 0;
      for (const p of tree.problems) await alert('ledger', ledgerTarget(p), p);
      for (const p of blobs.problems) await alert(p.kind, p.target, p.problem);
      return { ok: tree.ok && blobs.ok && anchors.ok, tree, blobs, anchors, openAlerts: await repo.openCount(db) };
    },

    /**
     * An integrity failure seen while serving bytes (issue 9 §2: platform/blobIntegrity.ts): logged, recorded
     * as an open alert (kind blob_missing | blob_mismatch, target e.g. `blob:<sha256>`), and — when the alert
     * is new — one notification to every operator, in one transaction. Never throws (the caller is answering
     * a download and must still answer its message).
     */
    async integrityAlert(a: { kind: 'blob_missing' | 'blob_mismatch'; target: string; detail: string }): Promise<void> {
      try {
        log.error({ alert: a }, `integrity: ALERT ${a.kind} ${a.target}: ${a.detail}`);
        // Read before the transaction: PGlite has one connection, a query outside `tx` would wait for it.
        const operators = await deps.operatorIds();
        await db.transaction(async (tx) => {
          if (!(await repo.raiseAlert(tx, a))) return;
          const label = a.kind === 'blob_missing' ? '证据文件缺失' : '证据文件哈希不符';
          for (const id of operators) await notify(tx, id, `完整性告警：${label}（${a.target}），下载已拒绝，请在审计页处理。`, 'system');
        });
      } catch (e) {
        log.error({ err: e }, 'integrity: could not record the alert');
      }
    },

    /** GET /api/admin/audit data (contract ZAuditOverview). */
    async overview(): Promise<TAuditOverview> {
      const [runs, alerts, openAlerts, lc, bc, size, anchoring] = await Promise.all([
        repo.recentRuns(db, 50), repo.listAlerts(db, 200), repo.openCount(db), repo.cursor(db, 'ledger'), repo.cursor(db, 'blobs'), deps.ledger.size(), deps.anchor.summary(),
      ]);
      return {
        runs: runs.map((r) => ({
          id: r.id, startedAt: secs(r.startedAt)!, finishedAt: secs(r.finishedAt), blobsChecked: r.blobsChecked, bytesChecked: r.bytesChecked,
          leavesChecked: r.leavesChecked, checkpointsChecked: r.checkpointsChecked, anchorsChecked: r.anchorsChecked, problems: r.problems,
          completed: r.completed ?? [], error: r.error ?? '',
        })),
        alerts: alerts.map((a) => ({
          id: a.id, kind: a.kind as AuditAlertKind, target: a.target, detail: a.detail, createdAt: secs(a.createdAt)!, lastSeenAt: secs(a.lastSeenAt)!,
          resolved: a.resolved, resolvedAt: secs(a.resolvedAt),
        })),
        openAlerts,
        ledger: { position: lc.position, passes: lc.passes, lastPassAt: secs(lc.lastPassAt), size },
        blobs: { position: bc.position, passes: bc.passes, lastPassAt: secs(bc.lastPassAt) },
        anchoring,
      };
    },

    /**
     * POST /api/admin/audit/resolve: marks open alert `id` resolved by operator `userId`, with an audit-log
     * row in the same transaction. Returns false when no open alert has this id.
     */
    async resolve(id: number, userId: number, ip: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        const row = await repo.resolveAlert(tx, id, userId);
        if (!row) return false;
        await writeAudit(tx, { actorId: userId, action: 'audit.alert.resolve', target: `audit_alert:${id}`, ip, before: { kind: row.kind, target: row.target, resolved: false }, after: { resolved: true } });
        return true;
      });
    },
  };
}

export type AuditService = ReturnType<typeof auditService>;
