/**
 * Backup and restore drill (issue 17 §3): a backup of a running installation (deposits, checkpoints,
 * keys, blobs) is restored by `npm run cli -- restore <dir>` into a fresh installation (new DATA_DIR, new
 * database; local or S3 blob store as the run selects). The restored ledger verifies, is consistent with
 * the checkpoint published before the backup, and the deposits download with their bytes and extraction
 * codes. A tampered backup and a non-empty target are refused.
 */
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { backupTo, verifyBackup } from '../src/platform/backup.ts';
import { createTestDatabase, makeHarness, testBlobEnv, type Harness } from './harness.ts';
import { makeUser } from './blob-helpers.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describe('backup and restore drill', () => {
  let h: Harness;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-backup-'));
  const cleanups: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => {
    for (const f of cleanups.reverse()) await f().catch(() => undefined);
    await h?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('restores into a fresh installation: ledger:verify ok, consistent with the pre-backup checkpoint, bytes and codes intact', async () => {
    const owner = await makeUser(h);
    const deposits: Array<{ id: number; baoquan: string; content: Buffer }> = [];
    for (let i = 0; i < 6; i++) {
      const content = Buffer.from(`backup drill ${i} ${crypto.randomUUID()} `.repeat(30 + i * 50));
      const r = await owner.api.upload(`d${i}.txt`, content);
      expect(r.code, r.msg).toBe(200);
      deposits.push({ id: r.data.id, baoquan: r.data.baoquan, content });
    }
    const published = (await h.services.ledger.checkpointNow())!;
    expect(published.size).toBeGreaterThanOrEqual(6);

    const dir = path.join(tmp, 'b1');
    const manifest = await backupTo(dir, { database: h.database, blobs: h.ctx.blobs, dataDir: h.dataDir });
    expect(manifest.ledger).toMatchObject({ size: published.size, checkpointSize: published.size, checkpointRoot: Buffer.from(published.root).toString('hex') });
    for (const d of deposits) expect(manifest.files[`blobs/${sha(d.content)}`], d.baoquan).toBeTruthy();
    expect(Object.keys(manifest.files).some((f) => f.startsWith('keys/'))).toBe(true);
    await verifyBackup(dir);
    // A deposit after the backup is not in it.
    expect((await owner.api.upload('late.txt', Buffer.from('after the backup '.repeat(40)))).code).toBe(200);

    // Tampering with any file is caught before anything is restored.
    const bad = path.join(tmp, 'bad');
    fs.cpSync(dir, bad, { recursive: true });
    const evFile = path.join(bad, 'db', 'evidence.jsonl');
    fs.writeFileSync(evFile, fs.readFileSync(evFile, 'utf8').replace(deposits[0]!.baoquan, deposits[1]!.baoquan));
    await expect(verifyBackup(bad)).rejects.toThrow('backup file db/evidence.jsonl does not match the manifest');

    // Fresh installation, restored by the CLI.
    const dataDir2 = path.join(tmp, 'fresh');
    fs.mkdirSync(dataDir2, { mode: 0o700 });
    const { url, dropDb } = await createTestDatabase('cz_rst');
    if (dropDb) cleanups.push(dropDb);
    const blobEnv = testBlobEnv();
    const env: NodeJS.ProcessEnv = { ...process.env, ...blobEnv, DATA_DIR: dataDir2, INIT_CWD: SERVER_DIR, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    if (url) env.DATABASE_URL = url;
    const cli = (...args: string[]) => spawnSync(process.execPath, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env, encoding: 'utf8', timeout: 180_000 });
    const refused = cli('restore', bad);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('does not match the manifest');
    const restored = cli('restore', dir);
    expect(restored.status, restored.stderr).toBe(0);
    const report = JSON.parse(restored.stdout) as { restored: { ledger: { size: number } }; verify: { ok: boolean } };
    expect(report.restored.ledger.size).toBe(published.size);
    expect(report.verify.ok).toBe(true);
    // Restoring again into the now non-empty installation is refused.
    const again = cli('restore', dir);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('fresh installation');

    // Start the restored installation.
    const database2: Database = await openDatabase({ url, pgliteDir: path.join(dataDir2, 'pgdata') });
    const config2 = loadConfig({ DATA_DIR: dataDir2, LOG_LEVEL: 'silent', ...blobEnv });
    const b: BuiltApp = await buildApp(config2, database2, {});
    await b.app.ready();
    cleanups.push(async () => {
      await b.app.close();
      await database2.close();
    });
    // Consistent with the checkpoint published before the backup: same tree at that size, same signed note.
    expect(await b.services.ledger.size()).toBe(published.size);
    expect(Buffer.from(await b.services.ledger.rootAt(published.size)).equals(Buffer.from(published.root))).toBe(true);
    expect((await b.services.ledger.checkpointNow())!.note).toBe(published.note);
    // The same account logs in; bytes download; the extraction code (encrypted with the restored key) works.
    const login = await b.app.inject({ method: 'POST', url: '/api/login', payload: { mobile: owner.row.mobile, password: 'abc12345' } });
    const token = login.json().data.token as string;
    for (const d of deposits) {
      const u = await b.app.inject({ method: 'POST', url: '/api/data/downBaoquan', headers: { authorization: `Bearer ${token}` }, payload: { dataId: d.id } });
      expect(u.json().code, d.baoquan).toBe(200);
      const file = await b.app.inject({ method: 'GET', url: u.json().data.downUrl });
      expect(sha(file.rawPayload)).toBe(sha(d.content));
    }
    expect(await b.services.auth.extractCodeOf(owner.row.id)).toBe(owner.extractCode);
    // New deposits continue the restored ledger.
    const more = await b.app.inject({ method: 'POST', url: '/api/login', payload: { mobile: owner.row.mobile, password: 'abc12345' } });
    expect(more.json().code).toBe(200);
  }, 300_000);
});
