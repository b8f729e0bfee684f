/**
 * Ledger service on a real database: entry bytes, sequencing (also concurrent and across two service
 * instances), checkpoints signed after commit and verified by the contract verifier, the Go sumdb key
 * format, restart of an on-disk PGlite, and the audit catching tampered rows.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCheckpoint, verifyCheckpoint, verifyConsistency, verifyInclusion, verifyNote } from '../../../../../packages/contract/src/ledger/index.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { openDatabase } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { decodeEntry } from './entry.ts';
import { noteSigner } from './note.ts';
import * as repo from './repo.ts';
import { ledgerService, type LedgerServiceImpl } from './service.ts';
import type { LedgerEntryInput } from './types.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const entry = (i: number, extra: Partial<LedgerEntryInput> = {}): LedgerEntryInput => ({ baoquan: `T${String(i).padStart(8, '0')}`, sha256: hex(`file ${i}`), size: i * 10, kind: 'data', time: 1_700_000_000 + i, owner: hex(`owner ${i % 3}`), ...extra });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// golang.org/x/mod/sumdb/note documentation example (known answer).
const GO_SEED = Buffer.from('AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz', 'base64').subarray(1);
const GO_VKEY = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const GO_TEXT = "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const GO_NOTE = `${GO_TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('signed notes (server signer)', () => {
  it('reproduces the Go sumdb reference key and signature byte for byte', () => {
    const s = noteSigner('PeterNeumann', GO_SEED);
    expect(s.verifierKey).toBe(GO_VKEY);
    expect(s.sign(GO_TEXT)).toBe(GO_NOTE);
    expect(s.verify(GO_NOTE)).toBe(true);
    expect(s.verify(GO_NOTE.replace('answer', 'answers'))).toBe(false);
  });

  it('refuses bad origins and seeds', () => {
    expect(() => noteSigner('has space', GO_SEED)).toThrow();
    expect(() => noteSigner('a+b', GO_SEED)).toThrow();
    expect(() => noteSigner('ok', Buffer.alloc(31))).toThrow();
  });

  it('takes the key from LEDGER_SIGNING_KEY, or generates a 0600 seed file that survives', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-ledger-key-'));
    const db = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const fromEnv = ledgerService({ db: db.db, config: { dataDir: dir, LEDGER_ORIGIN: 'PeterNeumann', LEDGER_SIGNING_KEY: GO_SEED.toString('base64') }, checkpointIntervalMs: 0 });
      expect(fromEnv.verifierKey()).toBe(GO_VKEY);
      expect(fs.existsSync(path.join(dir, 'keys', 'ledger-ed25519.seed'))).toBe(false);
      const a = ledgerService({ db: db.db, config: { dataDir: dir, LEDGER_ORIGIN: 'x.test/log', LEDGER_SIGNING_KEY: undefined }, checkpointIntervalMs: 0 });
      const file = path.join(dir, 'keys', 'ledger-ed25519.seed');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const b = ledgerService({ db: db.db, config: { dataDir: dir, LEDGER_ORIGIN: 'x.test/log', LEDGER_SIGNING_KEY: undefined }, checkpointIntervalMs: 0 });
      expect(b.verifierKey()).toBe(a.verifierKey());
      expect(a.verifierKey()).toMatch(/^x\.test\/log\+[0-9a-f]{8}\+[A-Za-z0-9+/]{44}$/);
      expect(() => ledgerService({ db: db.db, config: { dataDir: dir, LEDGER_ORIGIN: 'x', LEDGER_SIGNING_KEY: 'c2hvcnQ=' }, checkpointIntervalMs: 0 })).toThrow(/32-byte/);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ledger service', () => {
  let h: Harness;
  let ledger: LedgerServiceImpl;
  beforeAll(async () => {
    h = await makeHarness();
    // The app caches `ledger.size()` for a second, refreshed by `committed()` (issue 16, app.ts); these
    // appends do not call it, so read the database's size.
    ledger = { ...(h.services.ledger as LedgerServiceImpl), size: () => repo.treeSize(h.database.db) };
  });
  afterAll(async () => h?.close());
  const append = (e: LedgerEntryInput, id: number | null = null) => h.database.db.transaction((tx) => ledger.append(tx, e, id));

  it('is empty at first: no checkpoint, size 0', async () => {
    expect(await ledger.size()).toBe(0);
    expect(await ledger.latestCheckpoint()).toBeNull();
    await expect(ledger.consistencyProof(1, 1)).rejects.toBeInstanceOf(AppError);
  });

  it('writes the RFC 8785 canonical JSON entry and returns its chainhash', async () => {
    const e = entry(0);
    const r = await append({ ...e, extra: 'dropped' } as LedgerEntryInput, 41);
    expect(r.index).toBe(0);
    expect(r.leaf.toString('utf8')).toBe(`{"baoquan":"${e.baoquan}","kind":"data","owner":"${e.owner}","sha256":"${e.sha256}","size":0,"time":1700000000,"v":1}`);
    expect(r.chainhash).toBe(crypto.createHash('sha256').update(Buffer.from([0])).update(r.leaf).digest('hex'));
    expect(decodeEntry(r.leaf)).toEqual({ ...e, v: 1 });
    expect(await ledger.findByChainhash(r.chainhash)).toEqual({ index: 0, leaf: r.leaf });
    expect(await ledger.findByChainhash(r.chainhash.toUpperCase())).toEqual({ index: 0, leaf: r.leaf });
    expect(await ledger.findByChainhash('00'.repeat(32))).toBeNull();
    expect(await ledger.findByChainhash('nope')).toBeNull();
    expect(await ledger.entryAt(0)).toEqual({ leaf: r.leaf, chainhash: r.chainhash });
    expect(await ledger.entryAt(1)).toBeNull();
  });

  it('refuses to append outside a transaction', async () => {
    await expect(ledger.append(h.database.db, entry(1), null)).rejects.toThrow(/inside a transaction/);
  });

  it('rejects malformed entries before writing anything', async () => {
    for (const bad of [{ sha256: 'ABC' }, { size: -1 }, { size: 1.5 }, { owner: 'x' }, { baoquan: '' }, { kind: 'Has Space' }, { time: -3 }]) {
      await expect(append(entry(1, bad as Partial<LedgerEntryInput>))).rejects.toThrow(/invalid/);
    }
    expect(await ledger.size()).toBe(1);
  });

  it('a rolled-back append leaves no trace and the index is reused', async () => {
    await expect(h.database.db.transaction(async (tx) => {
      await ledger.append(tx, entry(1), null);
      throw new Error('caller failed');
    })).rejects.toThrow('caller failed');
    expect(await ledger.size()).toBe(1);
    expect((await append(entry(1))).index).toBe(1);
  });

  it('signs a checkpoint by itself after committed(), verified by the contract verifier', async () => {
    const r = await append(entry(2));
    ledger.committed();
    let cp = await repo.latestCheckpoint(h.database.db);
    for (let i = 0; i < 100 && (!cp || cp.size <= r.index); i++) {
      await sleep(20);
      cp = await repo.latestCheckpoint(h.database.db);
    }
    expect(cp?.size).toBe(3);
    const key = ledger.verifierKey();
    const parsed = await verifyCheckpoint(cp!.note, key);
    expect(parsed.origin).toBe(h.config.LEDGER_ORIGIN);
    expect(Buffer.from(parsed.root).equals(await ledger.rootAt(3))).toBe(true);
    expect(cp!.note).toBe(`${h.config.LEDGER_ORIGIN}\n3\n${cp!.root.toString('base64')}\n\n\u2014 ${h.config.LEDGER_ORIGIN} ${cp!.note.split(' ').pop()}`);
    // every one-byte change is rejected
    const bytes = Buffer.from(cp!.note, 'utf8');
    for (let i = 0; i < bytes.length; i++) {
      const t = Buffer.from(bytes);
      t[i] = t[i]! ^ 0x04;
      expect(await verifyNote(t.toString('utf8'), key), `byte ${i}`).toBe(false);
    }
  });

  it('serves inclusion and consistency proofs that verify against signed checkpoints', async () => {
    const first = await ledger.checkpointNow();
    for (let i = 3; i < 20; i++) await append(entry(i));
    const cp = (await ledger.latestCheckpoint())!;
    expect(cp.size).toBe(20);
    for (let i = 0; i < 20; i++) {
      const p = (await ledger.inclusionProof(i))!;
      expect(p.treeSize).toBe(20);
      expect(await verifyInclusion(p.leafHash, i, p.treeSize, p.proof, parseCheckpoint(p.checkpoint.note).root)).toBe(true);
    }
    expect(await ledger.inclusionProof(20)).toBeNull();
    expect(await ledger.inclusionProof(-1)).toBeNull();
    const proof = await ledger.consistencyProof(first!.size, cp.size);
    expect(await verifyConsistency(first!.size, cp.size, proof, first!.root, cp.root)).toBe(true);
    expect(await ledger.consistencyProof(5, 5)).toEqual([]);
    for (const [a, b] of [[0, 5], [6, 5], [1, 21], [1.5, 3], [Number.NaN, 3]] as const) await expect(ledger.consistencyProof(a, b)).rejects.toBeInstanceOf(AppError);
  });

  it('sequences concurrent appends, also from two service instances on one database', async () => {
    const other = ledgerService({ db: h.database.db, config: h.config, checkpointIntervalMs: 0 });
    try {
      const before = await ledger.size();
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => h.database.db.transaction((tx) => (i % 2 ? other : ledger).append(tx, entry(100 + i), null))));
      const idx = results.map((r) => r.index).sort((a, b) => a - b);
      expect(idx).toEqual(Array.from({ length: 24 }, (_, i) => before + i));
      const [c1, c2] = await Promise.all([ledger.checkpointNow(), other.checkpointNow()]);
      expect(c1!.size).toBe(c2!.size);
      expect(c1!.note).toBe(c2!.note);
    } finally {
      await other.stop();
    }
    const audit = await ledger.verifyAll();
    expect(audit).toMatchObject({ ok: true, size: 44, problems: [] });
    expect(audit.checkpoints).toBeGreaterThanOrEqual(3);
  });

  it('the audit reports tampered leaves, subtree hashes and checkpoints', async () => {
    const db = h.database.db;
    // Tampering needs raw SQL: the code never updates ledger rows.
    await db.execute(sql`update ledger_hashes set hash = ${Buffer.alloc(32, 7)} where level = 2 and idx = 1`);
    await db.execute(sql`update ledger_entries set leaf = ${Buffer.from('{"v":1}')} where idx = 9`);
    await db.execute(sql`update checkpoints set note = replace(note, '—', '-') where size = (select min(size) from checkpoints)`);
    const audit = await ledger.verifyAll();
    expect(audit.ok).toBe(false);
    const text = audit.problems.join('\n');
    expect(text).toMatch(/subtree hash \(2, 1\) differs/);
    expect(text).toMatch(/leaf 9: stored leaf hash differs/);
    expect(text).toMatch(/signature does not verify/);
  });
});

describe('restart: an on-disk PGlite log continues and stays consistent', () => {
  it('appends after close and reopen; old checkpoints are consistent with new ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-ledger-restart-'));
    const config = { dataDir: dir, LEDGER_ORIGIN: 'restart.test/log', LEDGER_SIGNING_KEY: undefined };
    const open = async () => {
      const database = await openDatabase({ pgliteDir: path.join(dir, 'pgdata') });
      return { database, ledger: ledgerService({ db: database.db, config, checkpointIntervalMs: 0 }) };
    };
    try {
      let { database, ledger } = await open();
      for (let i = 0; i < 37; i++) await database.db.transaction((tx) => ledger.append(tx, entry(i), null));
      const cp1 = (await ledger.checkpointNow())!;
      const key1 = ledger.verifierKey();
      await ledger.stop();
      await database.close();

      ({ database, ledger } = await open());
      expect(ledger.verifierKey()).toBe(key1);
      expect(await ledger.size()).toBe(37);
      expect((await ledger.latestCheckpoint())!.note).toBe(cp1.note);
      const more = await database.db.transaction((tx) => ledger.appendMany(tx, Array.from({ length: 50 }, (_, i) => ({ entry: entry(37 + i), evidenceId: null }))));
      expect(more[0]!.index).toBe(37);
      await database.db.transaction((tx) => ledger.append(tx, entry(87), null));
      const cp2 = (await ledger.checkpointNow())!;
      expect(cp2.size).toBe(88);
      await verifyCheckpoint(cp2.note, key1);
      const proof = await ledger.consistencyProof(cp1.size, cp2.size);
      expect(await verifyConsistency(cp1.size, cp2.size, proof, cp1.root, cp2.root)).toBe(true);
      const p = (await ledger.inclusionProof(5))!;
      expect(await verifyInclusion(p.leafHash, 5, 88, p.proof, cp2.root)).toBe(true);
      expect(await ledger.verifyAll()).toMatchObject({ ok: true, size: 88, checkpoints: 2 });
      await ledger.stop();
      await database.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
