/**
 * Blob lifecycle (issue 9 §1): identical bytes deposited concurrently, some deposits failing inside their
 * transaction, never cost a committed evidence its bytes; only the GC deletes files, and only unreferenced
 * ones older than the grace period; temp files of interrupted uploads are swept.
 *
 * The failing deposits are real transaction failures: they are made for an owner whose users row does
 * not exist (as if deleted between login and deposit), so `evidence.user_id`'s foreign key rejects the
 * insert AFTER the blob reference was written and the file linked. Before the fix such a failing
 * deposit removed the file it had linked although concurrent deposits of the same bytes had committed.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, blobs } from '../src/db/schema/index.ts';
import { BLOB_GC_QUEUE, collectBlobs } from '../src/platform/blobGc.ts';
import { makeUser, userRow } from './blob-helpers.ts';
import { makeHarness, type Harness } from './harness.ts';
import { blobFile } from './blobFiles.ts';

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const quiet = { info() {}, warn() {} };

describe('blob lifecycle', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ RATE_LIMIT_OFF: '1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('40 concurrent deposits of identical bytes, 10 failing in their transaction: every committed one downloads its bytes, ledger verify ok', async () => {
    const owners = await Promise.all([makeUser(h), makeUser(h), makeUser(h)]);
    const rows = await Promise.all(owners.map((o) => userRow(h, o.row.id)));
    const ghost = { ...rows[0]!, id: rows[0]!.id + 100_000 }; // a users row that no longer exists
    const ev = h.services.evidence;
    let raced = 0;
    let failed = 0;
    const committed: Array<{ id: number; owner: number; content: Buffer }> = [];
    for (let round = 0; round < 3; round++) {
      const content = Buffer.concat([Buffer.from(`identical bytes, round ${round} `), crypto.randomBytes(64 * 1024)]);
      // Every 4th deposit fails (the first one among them): a failing deposit links the file first and
      // others of the same bytes link it while its transaction is still running.
      const jobs = Array.from({ length: 40 }, (_, i) => {
        const fails = i % 4 === 0;
        const owner = fails ? ghost : rows[i % rows.length]!;
        return (async () => {
          const staged = await ev.stage(Readable.from([content]), () => false);
          try {
            const item = await ev.deposit({ owner, staged, fileName: `same-${round}.bin` });
            committed.push({ id: item.id, owner: owner.id, content });
            return 'ok';
          } catch {
            return 'failed';
          }
        })();
      });
      const results = await Promise.all(jobs);
      raced += results.length;
      failed += results.filter((r) => r === 'failed').length;
      expect(results.filter((r) => r === 'failed')).toHaveLength(10);
      // The reference count is exactly the committed evidence of these bytes.
      const [b] = await h.database.db.select().from(blobs).where(eq(blobs.sha256, sha(content)));
      expect(b?.refcount).toBe(30);
    }
    expect(committed).toHaveLength(90);
    for (const c of committed) {
      const api = owners.find((o) => o.row.id === c.owner)!.api;
      const u = await api.post<{ downUrl: string }>('/api/data/downBaoquan', { dataId: c.id });
      expect(u.code, u.msg).toBe(200);
      const got = await api.download(u.data.downUrl);
      expect(got.status).toBe(200);
      expect(sha(got.body)).toBe(sha(c.content));
    }
    const report = await h.services.audit.full();
    expect(report.ok).toBe(true);
    expect(report.blobs.checked).toBe(90);
    // No temp file left behind by any of the 120 deposits.
    expect(fs.readdirSync(path.join(h.dataDir, 'blobs', 'tmp'))).toEqual([]);
    console.log(`blob race: ${raced} deposits raced, ${failed} failures injected, ${committed.length} committed, 0 lost`);
  });

  it('GC deletes only unreferenced files older than the grace period, and old temp files; reports them', async () => {
    const owner = await makeUser(h);
    const kept = Buffer.from(`referenced ${crypto.randomUUID()}`);
    const up = await owner.api.upload('kept.txt', kept);
    expect(up.code).toBe(200);
    // An orphan (as left by a failed deposit) and a young orphan, and a temp file of an interrupted upload.
    const orphan = await h.ctx.blobs.putBuffer(Buffer.from(`orphan ${crypto.randomUUID()}`));
    const young = await h.ctx.blobs.putBuffer(Buffer.from(`young orphan ${crypto.randomUUID()}`));
    const tmp = path.join(h.dataDir, 'blobs', 'tmp', 'interrupted-upload');
    fs.writeFileSync(tmp, 'partial');
    const old = new Date(Date.now() - 2 * 3600 * 1000);
    for (const p of [blobFile(h.ctx.blobs, orphan), blobFile(h.ctx.blobs, sha(kept)), tmp]) fs.utimesSync(p, old, old);

    const r = await collectBlobs({ db: h.database.db, blobs: h.ctx.blobs, graceSeconds: 3600, log: quiet });
    expect(r.removed).toEqual([orphan]);
    expect(r.tmpRemoved).toBe(1);
    expect(fs.existsSync(blobFile(h.ctx.blobs, orphan))).toBe(false);
    expect(fs.existsSync(blobFile(h.ctx.blobs, young))).toBe(true);
    expect(fs.existsSync(blobFile(h.ctx.blobs, sha(kept)))).toBe(true);
    expect(fs.existsSync(tmp)).toBe(false);
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'blob.gc'));
    expect(audit.at(-1)?.after).toMatchObject({ removed: [orphan], count: 1, tmpRemoved: 1 });
    // The referenced evidence still downloads; the placeholder row of the orphan is gone.
    const u = await owner.api.post<{ downUrl: string }>('/api/data/downBaoquan', { dataId: up.data.id });
    expect(sha((await owner.api.download(u.data.downUrl)).body)).toBe(sha(kept));
    const left = await h.database.db.select({ n: sql<number>`count(*)::int` }).from(blobs).where(eq(blobs.sha256, orphan));
    expect(left[0]?.n).toBe(0);
    expect((await h.services.audit.full()).ok).toBe(true);
  });

  it('a failed deposit leaves its file to the GC, and a later deposit of the same bytes keeps it through GC', async () => {
    // Bytes first linked by a deposit that fails, then referenced by a committed deposit: the GC with grace 0
    // must keep them (refcount > 0) — the old code deleted them at the failure already.
    const owner = await makeUser(h);
    const ownerRow = await userRow(h, owner.row.id);
    const content = Buffer.from(`shared ${crypto.randomUUID()}`);
    const ev = h.services.evidence;
    const s1 = await ev.stage(Readable.from([content]), () => false);
    await expect(ev.deposit({ owner: { ...ownerRow, id: ownerRow.id + 200_000 }, staged: s1, fileName: 'x.txt' })).rejects.toThrow();
    expect(fs.existsSync(blobFile(h.ctx.blobs, sha(content)))).toBe(true); // left for the GC, not removed in place
    const s2 = await ev.stage(Readable.from([content]), () => false);
    const item = await ev.deposit({ owner: ownerRow, staged: s2, fileName: 'x.txt' });
    const r = await collectBlobs({ db: h.database.db, blobs: h.ctx.blobs, graceSeconds: 0, log: quiet, now: Date.now() + 1000 });
    expect(r.removed).not.toContain(sha(content));
    const u = await owner.api.post<{ downUrl: string }>('/api/data/downBaoquan', { dataId: item.id });
    expect(sha((await owner.api.download(u.data.downUrl)).body)).toBe(sha(content));
  });
});

describe('altered stored bytes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ RATE_LIMIT_OFF: '1' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a new deposit of identical bytes replaces a file altered on disk, so the new evidence is intact', async () => {
    const owner = await makeUser(h);
    const content = Buffer.from(`heal me ${crypto.randomUUID()}`.repeat(100));
    const first = await owner.api.upload('a.txt', content);
    const p = blobFile(h.ctx.blobs, sha(content));
    const bad = Buffer.from(content);
    bad[10] = bad[10]! ^ 0x01;
    fs.writeFileSync(p, bad);
    const second = await owner.api.upload('b.txt', content);
    expect(second.code).toBe(200);
    for (const id of [first.data.id, second.data.id]) {
      const u = await owner.api.post<{ downUrl: string }>('/api/data/downBaoquan', { dataId: id });
      expect(sha((await owner.api.download(u.data.downUrl)).body)).toBe(sha(content));
    }
    expect((await h.services.audit.full()).ok).toBe(true);
  });
});

describe('blob GC job', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness({ BLOB_GC_GRACE_SECONDS: '60' }, { jobs: true });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the pg-boss job blob-gc removes an old orphan and records it', async () => {
    const orphan = await h.ctx.blobs.putBuffer(Buffer.from(`job orphan ${crypto.randomUUID()}`));
    const old = new Date(Date.now() - 3600 * 1000);
    fs.utimesSync(blobFile(h.ctx.blobs, orphan), old, old);
    await h.ctx.jobs!.send(BLOB_GC_QUEUE, {});
    for (let i = 0; i < 300 && fs.existsSync(blobFile(h.ctx.blobs, orphan)); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(blobFile(h.ctx.blobs, orphan))).toBe(false);
    const audit = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'blob.gc'));
    expect(audit.at(-1)?.after).toMatchObject({ removed: [orphan] });
  });
});
