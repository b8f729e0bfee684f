/**
 * Continuous audit (issue 3 §5) on the real app: the job runs through pg-boss, bounded runs resume where
 * the previous one stopped and wrap around, a modified blob and a tampered ledger_hashes row each become
 * one open alert (refreshed, not duplicated, while they persist), operators see runs and alerts through
 * GET /api/admin/audit (403 for everyone else) and resolve them, and `ledger:verify` reports the same.
 */
import fs from 'node:fs';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import type { TAuditOverview } from '@cunzheng/contract/audit';
import { auditLog, auditRuns } from '../../db/schema/index.ts';
import { client, freshMobile, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { adminCommands } from '../admin/commands.ts';
import { AUDIT_QUEUE } from './wire.ts';
import { blobFile } from '../../../test/blobFiles.ts';

describe('continuous audit', () => {
  let h: Harness;
  let user: Awaited<ReturnType<typeof registerUser>>;
  let operatorToken = '';
  const ups: Array<{ baoquan: string; sha256: string }> = [];

  /** Runs forced audits until both the ledger and the blob cursors completed a pass; returns the runs. */
  const fullPass = async () => {
    const done = new Set<string>();
    const runs = [];
    for (let i = 0; i < 20 && !(done.has('ledger') && done.has('blobs')); i++) {
      const r = (await h.services.audit.runOnce({ force: true }))!;
      r.completed.forEach((c) => done.add(c));
      runs.push(r);
    }
    expect([...done]).toEqual(expect.arrayContaining(['ledger', 'blobs']));
    return runs;
  };

  beforeAll(async () => {
    h = await makeHarness({ AUDIT_INTERVAL_SECONDS: '1', AUDIT_BLOBS_PER_RUN: '2', AUDIT_LEAVES_PER_RUN: '3' }, { jobs: true });
    user = await registerUser(h, { name: '审计用户' });
    for (let i = 0; i < 5; i++) {
      const r = await user.api.upload(`审计${i}.txt`, Buffer.from(`第${i}份需要持续审计的证据\n`.repeat(100 + i)));
      expect(r.code, r.msg).toBe(200);
      ups.push(r.data);
    }
    await h.services.ledger.checkpointNow();
    const mobile = freshMobile();
    await h.services.auth.createUser({ mobile, password: 'oper1234', type: 1, name: '运维', company: '', role: 'operator', userStatus: 3 }, null, 'test');
    const login = await client(h).post('/api/login', { mobile, password: 'oper1234' });
    expect(login.code, login.msg).toBe(200);
    operatorToken = login.data.token;
  });
  afterAll(async () => { await h?.close(); });

  it('the scheduled job runs through pg-boss and records a bounded run', async () => {
    await h.ctx.jobs!.send(AUDIT_QUEUE, {});
    let run: typeof auditRuns.$inferSelect | undefined;
    for (let i = 0; i < 150 && !run?.finishedAt; i++) {
      await new Promise((r) => setTimeout(r, 200));
      [run] = await h.database.db.select().from(auditRuns).orderBy(desc(auditRuns.id)).limit(1);
    }
    expect(run).toMatchObject({ problems: 0, error: null, blobsChecked: 2, leavesChecked: 3 });
  });

  it('bounded runs resume and wrap around: a full pass covers every leaf and blob, with no alert on a sound store', async () => {
    const runs = await fullPass();
    expect(runs.every((r) => r.blobsChecked <= 2 && r.leavesChecked <= 3)).toBe(true);
    expect(runs.every((r) => r.problems === 0)).toBe(true);
    const again = await fullPass();
    expect(again.reduce((n, r) => n + r.leavesChecked, 0)).toBeGreaterThanOrEqual(5);
    expect(again.reduce((n, r) => n + r.blobsChecked, 0)).toBeGreaterThanOrEqual(5);
    expect((await h.services.audit.overview()).openAlerts).toBe(0);
  });

  it('detects a modified blob and a tampered ledger_hashes row, one open alert each, refreshed on the next pass', async () => {
    const target = ups[3]!;
    const file = blobFile(h.ctx.blobs, target.sha256);
    fs.chmodSync(file, 0o600);
    fs.appendFileSync(file, '篡改');
    await h.database.db.execute(sql`update ledger_hashes set hash = ${Buffer.alloc(32, 7)} where level = 1 and idx = 1`);

    await fullPass();
    const o1 = await h.services.audit.overview();
    const blobAlert = o1.alerts.find((a) => a.kind === 'blob_mismatch');
    const treeAlert = o1.alerts.find((a) => a.kind === 'ledger' && a.target === 'ledger_hashes:1:1');
    expect(blobAlert).toMatchObject({ target: `evidence:${target.baoquan}`, resolved: false });
    expect(blobAlert!.detail).toContain('blob hash mismatch');
    expect(treeAlert).toMatchObject({ resolved: false });
    expect(treeAlert!.detail).toMatch(/subtree hash \(1, 1\) differs/);

    await fullPass();
    const o2 = await h.services.audit.overview();
    expect(o2.alerts.filter((a) => a.kind === 'blob_mismatch')).toHaveLength(1);
    expect(o2.alerts.filter((a) => a.target === 'ledger_hashes:1:1')).toHaveLength(1);
    expect(o2.alerts.find((a) => a.kind === 'blob_mismatch')!.lastSeenAt).toBeGreaterThanOrEqual(blobAlert!.lastSeenAt);
    expect(o2.runs.some((r) => r.problems > 0)).toBe(true);
  });

  it('ledger:verify (CLI) reports the same in full', async () => {
    const report = (await adminCommands(h.services, h.database)('ledger:verify', {})) as Awaited<ReturnType<typeof h.services.audit.full>>;
    expect(report.ok).toBe(false);
    expect(report.tree.ok).toBe(false);
    expect(report.tree.problems.join('\n')).toMatch(/subtree hash \(1, 1\) differs/);
    expect(report.blobs).toMatchObject({ ok: false, checked: 5 });
    expect(report.blobs.problems).toEqual([expect.objectContaining({ baoquan: ups[3]!.baoquan, kind: 'blob_mismatch' })]);
    expect(report.anchors).toMatchObject({ ok: true, checked: 0 });
    expect(report.openAlerts).toBeGreaterThanOrEqual(2);
  });

  it('GET /api/admin/audit: operators only (401 anonymous, 403 users), with runs, alerts, cursors and anchoring', async () => {
    expect(await client(h).get('/api/admin/audit')).toMatchObject({ code: 401 });
    expect(await user.api.get('/api/admin/audit')).toMatchObject({ code: 403, msg: MSG.FORBIDDEN });
    expect(await user.api.post('/api/admin/audit/resolve', { id: 1 })).toMatchObject({ code: 403 });
    const r = await client(h, operatorToken).get<TAuditOverview>('/api/admin/audit');
    expect(r.code).toBe(200);
    expect(r.data.runs.length).toBeGreaterThan(3);
    expect(r.data.runs[0]).toMatchObject({ error: '', finishedAt: expect.any(Number) });
    expect(r.data.openAlerts).toBeGreaterThanOrEqual(2);
    expect(r.data.ledger.size).toBe(5);
    expect(r.data.ledger.passes).toBeGreaterThanOrEqual(3);
    expect(r.data.blobs.passes).toBeGreaterThanOrEqual(3);
    expect(r.data.anchoring).toEqual({ configured: false, chainName: '', count: 0, latest: null });
  });

  it('POST /api/admin/audit/resolve: resolves an open alert once (audit-logged); unknown or resolved ids → 400', async () => {
    const op = client(h, operatorToken);
    const before = (await op.get<TAuditOverview>('/api/admin/audit')).data;
    const alert = before.alerts.find((a) => a.kind === 'blob_mismatch')!;
    expect(await op.post('/api/admin/audit/resolve', { id: alert.id })).toMatchObject({ code: 200 });
    expect(await op.post('/api/admin/audit/resolve', { id: alert.id })).toMatchObject({ code: 400, msg: MSG.AUDIT_ALERT_NOT_FOUND });
    for (const bad of ['x', '0', '', '99999999']) expect(await op.post('/api/admin/audit/resolve', { id: bad })).toMatchObject({ code: 400, msg: MSG.AUDIT_ALERT_NOT_FOUND });
    const after = (await op.get<TAuditOverview>('/api/admin/audit')).data;
    expect(after.openAlerts).toBe(before.openAlerts - 1);
    expect(after.alerts.find((a) => a.id === alert.id)).toMatchObject({ resolved: true, resolvedAt: expect.any(Number) });
    const logged = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.alert.resolve'));
    expect(logged).toHaveLength(1);
    // Still broken: the next pass opens a new alert for the same blob.
    await fullPass();
    const again = (await op.get<TAuditOverview>('/api/admin/audit')).data;
    expect(again.alerts.filter((a) => a.kind === 'blob_mismatch' && !a.resolved)).toHaveLength(1);
  });
});
