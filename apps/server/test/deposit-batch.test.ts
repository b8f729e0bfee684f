/**
 * Charges, ids and blob references inside a group-commit batch (issue 16 round 5: platform/batchScope.ts,
 * commerce/points.ts batch mode, deferredInserts `upsertAdd`) on the real app and database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL). A first body held on a gate keeps the committer busy, so the bodies
 * queued meanwhile form ONE batch, in arrival order. Checked: a body that throws after its charge leaves the
 * balance untouched while the others are charged; 可用积分不足 is decided in arrival order against the balance
 * left by the earlier bodies that succeeded; two users in one batch; a failing flush fails every caller and
 * leaves nothing; blob references of one batch are summed per blob; real concurrent deposits with points for
 * 3 of 5; two committers (as two API processes sharing PostgreSQL) and plain transactions charging one account
 * at once; the books (`points:verify`) stay clean throughout.
 */
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_TYPE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { blobs, orders } from '../src/db/schema/index.ts';
import type { DbOrTx } from '../src/db/client.ts';
import { treeSize } from '../src/modules/ledger/repo.ts';
import { ledgerService } from '../src/modules/ledger/service.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { upsertAdd } from '../src/platform/deferredInserts.ts';
import { client, freshMobile } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await makeHarness();
});
afterAll(async () => {
  await h?.close();
});

const balanceOf = async (id: number) => Number((await h.database.query<{ points: string }>('select points from users where id = $1', [id]))[0]!.points);
const ordersOf = async (id: number) => (await h.database.db.select().from(orders).where(eq(orders.userId, id))).filter((o) => o.dataType === 1);
/** The data deposit's price (order type 5's default 1.00 unless stored otherwise). */
const PRICE = 100;

async function userWith(points: number) {
  const mobile = freshMobile();
  const row = await h.services.auth.createUser({ mobile, password: 'abc12345', type: 1, name: '赵六', company: '', userStatus: 3, points }, null, 'test');
  const login = await client(h).post<{ token: string }>('/api/login', { mobile, password: 'abc12345' });
  return { row, api: client(h, login.data.token) };
}

/** Runs `bodies` as ONE batch (after a gate body), in order; returns their settled results. */
async function oneBatch<T>(bodies: Array<(tx: DbOrTx) => Promise<T>>): Promise<Array<PromiseSettledResult<T>>> {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const first = h.services.ledger.inBatch(async () => {
    await gate;
  });
  const runs = bodies.map((b) => h.services.ledger.inBatch(b));
  release();
  await first;
  return Promise.allSettled(runs);
}

const charge = (userId: number) => (tx: DbOrTx) => h.services.commerce.charge(tx, { userId, kind: 'data', evidenceId: null, title: 'batch' });

/**
 * A batch body that first lets a plain transaction (as another API process) grant `userId` 5 × PRICE — waiting
 * up to 0.5 s for it, since on PGlite it waits for the batch — and then charges `userId` in the batch.
 * `done()` resolves when that grant has committed.
 */
const grantMeanwhile = (userId: number) => {
  let grant: Promise<unknown> = Promise.resolve();
  return {
    body: async (tx: DbOrTx) => {
      grant = h.services.commerce.grant(userId, userId, 5 * PRICE, 'meanwhile', null);
      await Promise.race([grant, new Promise((r) => setTimeout(r, 500))]);
      return charge(userId)(tx);
    },
    done: () => grant,
  };
};

describe('charges inside one batch', () => {
  it('a body that throws after its charge leaves the balance untouched; the others are charged', async () => {
    const u = await userWith(10 * PRICE);
    const res = await oneBatch(
      Array.from({ length: 5 }, (_, i) => async (tx: DbOrTx) => {
        const c = await charge(u.row.id)(tx);
        if (i === 1) throw new Error('after the charge');
        return c;
      }),
    );
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await balanceOf(u.row.id)).toBe(6 * PRICE);
    const ids = res.flatMap((r) => (r.status === 'fulfilled' ? [r.value.orderId] : []));
    expect((await ordersOf(u.row.id)).map((o) => o.id).sort((a, b) => a - b)).toEqual(ids);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('可用积分不足 is decided in arrival order against the balance left by the earlier bodies', async () => {
    const u = await userWith(3 * PRICE);
    const res = await oneBatch(Array.from({ length: 5 }, () => charge(u.row.id)));
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected']);
    expect(String((res[3] as PromiseRejectedResult).reason.message)).toBe(MSG.POINTS_INSUFFICIENT);
    expect(await balanceOf(u.row.id)).toBe(0);
    expect(await ordersOf(u.row.id)).toHaveLength(3);
    // A failed body in the middle frees its points for the next one.
    const v = await userWith(2 * PRICE);
    const res2 = await oneBatch([
      charge(v.row.id),
      async (tx: DbOrTx) => {
        await charge(v.row.id)(tx);
        throw new Error('gone');
      },
      charge(v.row.id),
      charge(v.row.id),
    ]);
    expect(res2.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
    expect(await balanceOf(v.row.id)).toBe(0);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('two users in one batch, and a charge outside the batch afterwards sees the written balance', async () => {
    const a = await userWith(4 * PRICE);
    const b = await userWith(1 * PRICE);
    const res = await oneBatch([charge(a.row.id), charge(b.row.id), charge(a.row.id), charge(b.row.id), charge(a.row.id)]);
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await balanceOf(a.row.id)).toBe(1 * PRICE);
    expect(await balanceOf(b.row.id)).toBe(0);
    await h.database.db.transaction((tx) => charge(a.row.id)(tx));
    expect(await balanceOf(a.row.id)).toBe(0);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('a failing flush fails every caller and leaves nothing (no charge, no order, no ledger entry)', async () => {
    const u = await userWith(5 * PRICE);
    const before = await treeSize(h.database.db);
    const res = await oneBatch(
      Array.from({ length: 4 }, (_, i) => async (tx: DbOrTx) => {
        await charge(u.row.id)(tx);
        // A notification for a user that does not exist: its foreign key fails at the flush.
        if (i === 2) await notify(tx, 987_654_321, 'nobody', 'system');
      }),
    );
    expect(res.every((r) => r.status === 'rejected')).toBe(true);
    expect(await balanceOf(u.row.id)).toBe(5 * PRICE);
    expect(await ordersOf(u.row.id)).toHaveLength(0);
    expect(await treeSize(h.database.db)).toBe(before);
    // The next batch starts afresh from the database's balance.
    expect((await oneBatch([charge(u.row.id)]))[0]!.status).toBe('fulfilled');
    expect(await balanceOf(u.row.id)).toBe(4 * PRICE);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('blob references of one batch are summed per blob; a throwing body adds none', async () => {
    const sha = crypto.randomBytes(32).toString('hex');
    const other = crypto.randomBytes(32).toString('hex');
    await h.database.db.insert(blobs).values({ sha256: sha, size: 3, mime: 'text/plain', refcount: 1 });
    const ref = (s: string) => (tx: DbOrTx) => Promise.resolve(upsertAdd(tx, blobs, { sha256: s, size: 3, mime: 'text/plain', refcount: 1 }, { target: blobs.sha256, add: blobs.refcount }));
    const res = await oneBatch([
      ref(sha),
      ref(other),
      async (tx: DbOrTx) => {
        await ref(sha)(tx);
        throw new Error('no');
      },
      ref(sha),
      ref(other),
    ]);
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(res[0]).toMatchObject({ value: true });
    const count = async (s: string) => (await h.database.db.select({ n: blobs.refcount }).from(blobs).where(eq(blobs.sha256, s)))[0]?.n;
    expect(await count(sha)).toBe(3);
    expect(await count(other)).toBe(2);
    // Outside a batch nothing is deferred (the caller writes its own statement).
    expect(await h.database.db.transaction(async (tx) => upsertAdd(tx, blobs, { sha256: other, size: 3, mime: 'text/plain', refcount: 1 }, { target: blobs.sha256, add: blobs.refcount }))).toBe(false);
  });

  it('real deposits: points for 3, 5 at once → exactly 3 evidence, 3 orders, 3 ledger entries, balance 0', async () => {
    const u = await userWith(3 * PRICE);
    const before = await treeSize(h.database.db);
    const res = await Promise.all(Array.from({ length: 5 }, (_, i) => u.api.upload(`f${i}.txt`, Buffer.from(`deposit ${i} ${crypto.randomUUID()}`))));
    expect(res.filter((r) => r.code === 200)).toHaveLength(3);
    expect(res.filter((r) => r.code === 400).map((r) => r.msg)).toEqual([MSG.POINTS_INSUFFICIENT, MSG.POINTS_INSUFFICIENT]);
    expect(await balanceOf(u.row.id)).toBe(0);
    expect(await ordersOf(u.row.id)).toHaveLength(3);
    expect(await treeSize(h.database.db)).toBe(before + 3);
    const ev = (await h.database.db.execute(sql`select id, sha256 from evidence where user_id = ${u.row.id}`)) as unknown as { rows: Array<{ id: string; sha256: string }> };
    expect(ev.rows).toHaveLength(3);
    const refs = (await h.database.db.execute(sql`select count(*) as n from blobs where sha256 in (select sha256 from evidence where user_id = ${u.row.id}) and refcount = 1`)) as unknown as { rows: Array<{ n: string | number }> };
    expect(Number(refs.rows[0]!.n)).toBe(3);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('two committers (two API processes) and plain transactions charging one account at once: exactly the balance is spent', async () => {
    const u = await userWith(20 * PRICE);
    const other = ledgerService({ db: h.database.db, config: h.config, checkpointIntervalMs: 0 });
    try {
      const res = await Promise.allSettled(
        Array.from({ length: 30 }, (_, i) => {
          if (i % 5 === 4) return h.database.db.transaction((tx) => charge(u.row.id)(tx));
          return (i % 2 ? other : h.services.ledger).inBatch(charge(u.row.id));
        }),
      );
      expect(res.filter((r) => r.status === 'fulfilled')).toHaveLength(20);
      for (const r of res) if (r.status === 'rejected') expect(String((r.reason as Error).message)).toBe(MSG.POINTS_INSUFFICIENT);
    } finally {
      await other.stop();
    }
    expect(await balanceOf(u.row.id)).toBe(0);
    expect(await ordersOf(u.row.id)).toHaveLength(20);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('a body that failed after taking its savepoint and the lock leaves the account to be locked again (another process grants meanwhile)', async () => {
    const u = await userWith(1 * PRICE);
    const meanwhile = grantMeanwhile(u.row.id);
    const res = await oneBatch([
      async (tx: DbOrTx) => {
        // A statement of its own first takes the body's savepoint (as a web capture's blob reference does):
        // the row lock of the charge is then the savepoint's, and rolling back to it releases the lock.
        await tx.execute(sql`select 1`);
        await charge(u.row.id)(tx);
        throw new Error('after the charge');
      },
      // A plain transaction (another API process) grants points meanwhile; on PGlite it waits for the batch.
      meanwhile.body,
    ]);
    await meanwhile.done();
    expect(res.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await balanceOf(u.row.id)).toBe(5 * PRICE);
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('a charge of the batch is booked after a plain transaction that changed the account before the batch locked it', async () => {
    const a = await userWith(5 * PRICE);
    const u = await userWith(1 * PRICE);
    const meanwhile = grantMeanwhile(u.row.id);
    const res = await oneBatch([
      // The first charge of the batch draws its id blocks (points_ledger included).
      charge(a.row.id),
      // u is not locked by the batch yet: a plain transaction (another API process) grants points first.
      meanwhile.body,
    ]);
    await meanwhile.done();
    expect(res.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await balanceOf(u.row.id)).toBe(5 * PRICE);
    // u's rows, in id order, carry running balances (balance_after) that add up: the charge comes after the grant.
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });

  it('a stored price is charged inside the batch (read with the first lock of the batch), for every user of it', async () => {
    const a = await userWith(10 * PRICE);
    const b = await userWith(10 * PRICE);
    await h.services.commerce.setPrice(a.row.id, ORDER_TYPE.dataDeposit, 250, null);
    try {
      const res = await oneBatch([charge(a.row.id), charge(b.row.id), charge(a.row.id)]);
      expect(res.map((r) => (r.status === 'fulfilled' ? r.value.points : 'x'))).toEqual([250, 250, 250]);
      expect(await balanceOf(a.row.id)).toBe(10 * PRICE - 500);
      expect(await balanceOf(b.row.id)).toBe(10 * PRICE - 250);
    } finally {
      await h.services.commerce.setPrice(a.row.id, ORDER_TYPE.dataDeposit, PRICE, null);
    }
    expect((await h.services.commerce.verify()).problems).toEqual([]);
  });
});
