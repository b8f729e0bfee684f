/**
 * Group commit of ledger appends (issue 16, batch.ts) on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): concurrent bodies share sequencer transactions yet get consecutive indices; a body
 * that throws rolls back alone (its rows gone, its index reused) while the others commit; a failing
 * deferred step (platform/beforeCommit.ts) fails the whole batch with nothing committed; two service
 * instances (as two API processes) interleave batches and single appends; the RFC 6962 audit passes and
 * every inclusion proof verifies with the contract verifier. Deferred inserts (platform/deferredInserts.ts:
 * ledger rows, audit, notification) go out as multi-row INSERTs before the commit, only for the bodies that
 * succeeded; a failing flush fails the whole batch; unreleased body savepoints keep earlier bodies' rows; the
 * savepoint is taken lazily (append-only bodies send no statement).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCheckpoint, verifyInclusion } from '../../../../../packages/contract/src/ledger/index.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { writeAudit } from '../../platform/audit.ts';
import { deferBeforeCommit } from '../../platform/beforeCommit.ts';
import { notify } from '../notifications/notify.ts';
import { treeSize } from './repo.ts';
import { ledgerService, type LedgerServiceImpl } from './service.ts';
import type { LedgerEntryInput } from './types.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const entry = (i: number): LedgerEntryInput => ({ baoquan: `G${String(i).padStart(8, '0')}`, sha256: hex(`g ${i}`), size: i, kind: 'data', time: 1_700_000_000 + i, owner: hex('o') });

describe('ledger group commit', () => {
  let h: Harness;
  let ledger: LedgerServiceImpl;
  // The database's size (the app caches `ledger.size()` for a second, invalidated by `committed()`).
  const size = () => treeSize(h.database.db);
  beforeAll(async () => {
    h = await makeHarness();
    ledger = h.services.ledger as LedgerServiceImpl;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('concurrent bodies get consecutive indices; a throwing body rolls back alone', async () => {
    const db = h.database.db;
    await db.execute(sql`create table if not exists batch_probe (n int primary key)`);
    const before = await size();
    const out = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        ledger.inBatch(async (tx) => {
          await tx.execute(sql`insert into batch_probe values (${i})`);
          const a = await ledger.append(tx, entry(i), null);
          if (i % 7 === 3) throw new Error(`body ${i} fails`);
          return a.index;
        }),
      ),
    );
    const ok = out.filter((r): r is PromiseFulfilledResult<number> => r.status === 'fulfilled').map((r) => r.value);
    const failed = out.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(6);
    for (const f of failed) expect(String((f as PromiseRejectedResult).reason)).toMatch(/body \d+ fails/);
    expect([...ok].sort((a, b) => a - b)).toEqual(Array.from({ length: 34 }, (_, i) => before + i));
    expect(await size()).toBe(before + 34);
    const probe = (await db.execute(sql`select n from batch_probe order by n`)) as unknown as { rows: Array<{ n: number }> };
    expect(probe.rows.map((r) => r.n)).toEqual(Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 7 !== 3));
  });

  it('a failing deferred step fails the whole batch: nothing of it is committed', async () => {
    const before = await size();
    const bodies = Array.from({ length: 5 }, (_, i) =>
      ledger.inBatch(async (tx) => {
        await ledger.append(tx, entry(100 + i), null);
        expect(deferBeforeCommit(tx, `step:${i}`, async () => {
          if (i === 2) throw new Error('disk full');
        })).toBe(true);
      }),
    );
    const res = await Promise.allSettled(bodies);
    // The first body may have formed a batch of its own (it committed); the batch holding body 2 failed whole.
    const committed = res.filter((r) => r.status === 'fulfilled').length;
    expect(res[2]!.status).toBe('rejected');
    expect(await size()).toBe(before + committed);
    expect(committed).toBeLessThan(5);
  });

  it('two service instances (two processes) interleave batches and single appends; audit and proofs hold', async () => {
    const other = ledgerService({ db: h.database.db, config: h.config, checkpointIntervalMs: 0 });
    try {
      const before = await size();
      const idx = await Promise.all(
        Array.from({ length: 48 }, (_, i) => {
          const svc = i % 2 ? other : ledger;
          return i % 3 === 0 ? h.database.db.transaction((tx) => svc.append(tx, entry(200 + i), null)).then((a) => a.index) : svc.inBatch((tx) => svc.append(tx, entry(200 + i), null)).then((a) => a.index);
        }),
      );
      expect([...idx].sort((a, b) => a - b)).toEqual(Array.from({ length: 48 }, (_, i) => before + i));
    } finally {
      await other.stop();
    }
    // A signing the app's safety timer began during the appends may answer with a smaller tree: sign again after it.
    await ledger.checkpointNow();
    const cp = (await ledger.checkpointNow())!;
    for (let i = 0; i < cp.size; i += 5) {
      const p = (await ledger.inclusionProof(i))!;
      expect(await verifyInclusion(p.leafHash, i, p.treeSize, p.proof, parseCheckpoint(p.checkpoint.note).root)).toBe(true);
    }
    expect(await ledger.verifyAll()).toMatchObject({ ok: true, size: cp.size, problems: [] });
  });
  it('deferred rows (leaf, audit, notification) commit only for bodies that succeeded; a throwing body loses its own', async () => {
    const db = h.database.db;
    const uid = (await h.services.auth.createUser({ mobile: '13900000316', password: 'batch12345', type: 1, name: '批量', company: '', role: 'user', userStatus: 3 }, null, 'test')).id;
    const before = await size();
    const count = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);
    const out = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        ledger.inBatch(async (tx) => {
          const a = await ledger.append(tx, entry(300 + i), null);
          await writeAudit(tx, { actorId: uid, action: 'batch.probe', target: `probe:${i}` });
          await notify(tx, uid, `batch probe ${i}`, 'system');
          // A nested savepoint that fails inside the body and is caught there leaves the body's own rows.
          await tx.transaction(async (inner) => {
            await inner.execute(sql`select 1`);
            throw new Error('inner');
          }).catch(() => undefined);
          if (i % 5 === 4) throw new Error(`body ${i} fails`);
          return a.index;
        }),
      ),
    );
    const ok = out.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(24);
    expect(await size()).toBe(before + 24);
    const targets = ((await db.execute(sql`select target from audit_log where action = 'batch.probe' order by id`)) as unknown as { rows: Array<{ target: string }> }).rows.map((r) => r.target);
    const want = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 5 !== 4);
    expect(targets).toEqual(want.map((i) => `probe:${i}`));
    expect(await count(sql`select count(*) as n from notifications where str like 'batch probe %'`)).toBe(24);
    // Every committed leaf row has its level-0 hash, and the audit of the whole log passes.
    expect(await count(sql`select count(*) as n from ledger_entries e left join ledger_hashes hh on hh.level = 0 and hh.idx = e.idx where hh.idx is null`)).toBe(0);
    expect(await ledger.verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  it('a failing deferred insert fails the whole batch: no caller is answered with success, nothing is committed', async () => {
    const db = h.database.db;
    const before = await size();
    const audits = async () => Number(((await db.execute(sql`select count(*) as n from audit_log where action = 'batch.flush'`)) as unknown as { rows: Array<{ n: string | number }> }).rows[0]!.n);
    // Queue a first body that keeps the committer busy, so the next five form one batch together.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = ledger.inBatch(async (tx) => {
      await gate;
      return (await ledger.append(tx, entry(400), null)).index;
    });
    const bodies = Array.from({ length: 5 }, (_, i) =>
      ledger.inBatch(async (tx) => {
        await ledger.append(tx, entry(401 + i), null);
        await writeAudit(tx, { actorId: null, action: 'batch.flush', target: `flush:${i}` });
        // A notification for a user that does not exist: its foreign key fails at the flush, not here.
        if (i === 3) await notify(tx, 987_654_321, 'nobody', 'system');
      }),
    );
    release();
    expect(await first).toBe(before);
    const res = await Promise.allSettled(bodies);
    expect(res.every((r) => r.status === 'rejected')).toBe(true);
    expect(await size()).toBe(before + 1);
    expect(await audits()).toBe(0);
    // The committer goes on: the next batch commits normally at the next index.
    expect(await ledger.inBatch(async (tx) => (await ledger.append(tx, entry(410), null)).index)).toBe(before + 1);
  });
  it('the savepoint is taken lazily: append-only bodies send no statement, and a throwing one leaves nothing; parallel statements of a body roll back together', async () => {
    const db = h.database.db;
    await db.execute(sql`create table if not exists batch_lazy (n int primary key)`);
    const before = await size();
    const out = await Promise.allSettled(
      Array.from({ length: 24 }, (_, i) =>
        ledger.inBatch(async (tx) => {
          const a = await ledger.append(tx, entry(500 + i), null);
          if (i % 4 === 1) {
            // Two statements at once: both must follow the body's savepoint and go with it.
            await Promise.all([tx.execute(sql`insert into batch_lazy values (${i})`), tx.execute(sql`insert into batch_lazy values (${1000 + i})`)]);
          }
          if (i % 4 === 1 && i % 8 === 5) throw new Error(`body ${i} fails after statements`);
          if (i % 6 === 2) throw new Error(`body ${i} fails without a statement`);
          return a.index;
        }),
      ),
    );
    const ok = out.filter((r): r is PromiseFulfilledResult<number> => r.status === 'fulfilled').map((r) => r.value);
    const failed = Array.from({ length: 24 }, (_, i) => i).filter((i) => (i % 4 === 1 && i % 8 === 5) || i % 6 === 2);
    expect(out.filter((r) => r.status === 'rejected')).toHaveLength(failed.length);
    expect([...ok].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 - failed.length }, (_, i) => before + i));
    expect(await size()).toBe(before + 24 - failed.length);
    const rows = ((await db.execute(sql`select n from batch_lazy order by n`)) as unknown as { rows: Array<{ n: number }> }).rows.map((r) => r.n);
    const kept = Array.from({ length: 24 }, (_, i) => i).filter((i) => i % 4 === 1 && !failed.includes(i));
    expect(rows).toEqual([...kept, ...kept.map((i) => 1000 + i)]);
    expect(await ledger.verifyAll()).toMatchObject({ ok: true, problems: [] });
  });
});
