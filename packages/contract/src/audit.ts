/**
 * Continuous audit (issue 3 §5) as seen by operators: GET /api/admin/audit and
 * POST /api/admin/audit/resolve (operator sessions only; 403 otherwise). Times are Unix seconds.
 */
import { z } from 'zod';
import { zFormInt } from './common.ts';
import { MSG } from './messages.ts';

/** Kinds of audit alerts. */
export const AUDIT_ALERT_KINDS = ['blob_missing', 'blob_mismatch', 'entry_mismatch', 'ledger', 'anchor', 'job_error'] as const;
export type AuditAlertKind = (typeof AUDIT_ALERT_KINDS)[number];

/** Chinese labels of the alert kinds (operator page). */
export const AUDIT_ALERT_KIND_LABEL: Record<AuditAlertKind, string> = {
  blob_missing: '证据文件缺失',
  blob_mismatch: '证据文件哈希不符',
  entry_mismatch: '证据记录与账本条目不符',
  ledger: '账本哈希树异常',
  anchor: '外部锚定异常',
  job_error: '审计任务出错',
};

/** One bounded audit run. */
export const ZAuditRun = z.object({
  id: z.number().int(),
  startedAt: z.number().int(),
  /** null while running (or when the process died during it). */
  finishedAt: z.number().int().nullable(),
  blobsChecked: z.number().int().min(0),
  /** Bytes re-hashed. */
  bytesChecked: z.number().int().min(0),
  leavesChecked: z.number().int().min(0),
  checkpointsChecked: z.number().int().min(0),
  anchorsChecked: z.number().int().min(0),
  /** Problems found in this run (each also an alert). */
  problems: z.number().int().min(0),
  /** Passes completed in this run: 'ledger', 'blobs' (the rolling cursor wrapped around). */
  completed: z.array(z.string().max(20)).max(5),
  /** '' or a short English error of a run that failed (details in the log). */
  error: z.string().max(500),
});
export type TAuditRun = z.infer<typeof ZAuditRun>;

/** An alert: a mismatch found by the audit, open until an operator marks it resolved. */
export const ZAuditAlert = z.object({
  id: z.number().int(),
  kind: z.enum(AUDIT_ALERT_KINDS),
  /** What is affected, e.g. `evidence:BQ…`, `ledger_hashes:2:1`, `checkpoint:12`, `anchor:0x…`. */
  target: z.string().max(200),
  /** English detail for operators. */
  detail: z.string().max(2000),
  createdAt: z.number().int(),
  /** Last time a run saw the problem again. */
  lastSeenAt: z.number().int(),
  resolved: z.boolean(),
  resolvedAt: z.number().int().nullable(),
});
export type TAuditAlert = z.infer<typeof ZAuditAlert>;

/** Position of a rolling cursor. */
export const ZAuditCursor = z.object({
  /** Next position (leaf index for 'ledger', evidence id for 'blobs'). */
  position: z.number().int().min(0),
  /** Full passes completed. */
  passes: z.number().int().min(0),
  /** When the last full pass ended, or null. */
  lastPassAt: z.number().int().nullable(),
});
export type TAuditCursor = z.infer<typeof ZAuditCursor>;

/** GET /api/admin/audit data. */
export const ZAuditOverview = z.object({
  /** Most recent runs first (at most 50). */
  runs: z.array(ZAuditRun).max(50),
  /** Open alerts first, then the most recently resolved (at most 200). */
  alerts: z.array(ZAuditAlert).max(200),
  openAlerts: z.number().int().min(0),
  ledger: ZAuditCursor.extend({ size: z.number().int().min(0) }),
  blobs: ZAuditCursor,
  anchoring: z.object({
    configured: z.boolean(),
    chainName: z.string().max(100),
    /** Confirmed anchors. */
    count: z.number().int().min(0),
    /** The latest confirmed anchor, or null. */
    latest: z.object({ size: z.number().int(), blockNumber: z.number().int(), txHash: z.string().max(66), txUrl: z.string().max(2000), at: z.number().int() }).nullable(),
  }),
});
export type TAuditOverview = z.infer<typeof ZAuditOverview>;

/** POST /api/admin/audit/resolve: id of an open alert (告警不存在或已处理 otherwise). */
export const ZAuditResolveReq = z.object({ id: zFormInt(MSG.AUDIT_ALERT_NOT_FOUND, 1, Number.MAX_SAFE_INTEGER) });
export type TAuditResolveReq = z.infer<typeof ZAuditResolveReq>;
