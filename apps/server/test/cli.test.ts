/**
 * The operator CLI against a running server on the same DATA_DIR (through the admin socket) and
 * without a server (opening the database itself) — issue 2 §2. Real processes, real PGlite on disk.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyBackup } from '../src/platform/backup.ts';
import { blobFileOf } from './blobFiles.ts';
import { testBlobEnv } from './harness.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
/** The blob store of the server and the CLI: local (DATA_DIR/blobs), or a prefix of the S3 run's bucket. */
const blobEnv = testBlobEnv();

const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

/** Runs the CLI synchronously; returns exit code and output. */
function cli(dataDir: string, args: string[]) {
  const r = spawnSync(node, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env: { ...process.env, ...blobEnv, DATA_DIR: dataDir, INIT_CWD: SERVER_DIR }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('CLI', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-cli-'));
  let url = '';
  let server: ReturnType<typeof spawn>;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(node, ['src/main.ts'], { cwd: SERVER_DIR, env: { ...process.env, ...blobEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, stdio: 'ignore' });
    for (let i = 0; i < 600; i++) {
      try { if ((await fetch(`${url}/api/health`)).ok) break; } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  afterAll(async () => {
    if (server.exitCode === null) { server.kill('SIGTERM'); await new Promise((r) => server.once('exit', r)); }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('user:create works while the server runs (admin socket), and the user can log in', async () => {
    expect((fs.statSync(path.join(dataDir, 'admin.sock')).mode & 0o777).toString(8)).toBe('600');
    const r = cli(dataDir, ['user:create', '--mobile', '13700000001', '--password', 'abc12345', '--name', '王小明', '--verified']);
    expect(r.code, r.err).toBe(0);
    const made = JSON.parse(r.out);
    expect(made).toMatchObject({ mobile: '13700000001', userStatus: 3, role: 'user', type: 'personal' });
    expect(made.extractCode).toMatch(/^\d{6}$/);
    const login = await (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mobile=13700000001&password=abc12345' })).json();
    expect(login).toMatchObject({ code: 200, data: { userInfo: { userStatus: 3, contactName: '王小明' } } });
    const op = cli(dataDir, ['user:create', '--mobile', '13700000002', '--password', 'abc12345', '--role', 'operator', '--type', 'company', '--name', '某某科技有限公司']);
    expect(JSON.parse(op.out)).toMatchObject({ role: 'operator', type: 'company' });
  });

  it('user:create refuses bad input and duplicates with a clear message', () => {
    expect(cli(dataDir, ['user:create', '--mobile', '123', '--password', 'abc12345'])).toMatchObject({ code: 1 });
    expect(cli(dataDir, ['user:create', '--mobile', '13700000003', '--password', 'short'])).toMatchObject({ code: 1 });
    const dup = cli(dataDir, ['user:create', '--mobile', '13700000001', '--password', 'abc12345']);
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('手机号已注册');
  });

  it('ledger:verify re-hashes blobs and the tree; catches a modified blob', async () => {
    const login = await (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'mobile=13700000001&password=abc12345' })).json();
    const fd = new FormData();
    fd.append('file', new Blob([new TextEncoder().encode('需要核验的证据内容')]), '证据.txt');
    const up = await (await fetch(`${url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${login.data.token}` }, body: fd })).json();
    expect(up.code).toBe(200);
    await new Promise((r) => setTimeout(r, 1200)); // a checkpoint covers it within 1 s
    const good = cli(dataDir, ['ledger:verify']);
    expect(good.code, good.err).toBe(0);
    expect(JSON.parse(good.out)).toMatchObject({ ok: true, blobs: { ok: true, checked: 1 }, tree: { ok: true, size: 1 } });

    const sha: string = up.data.sha256;
    const blob = blobFileOf(dataDir, blobEnv, sha);
    fs.chmodSync(blob, 0o600);
    fs.appendFileSync(blob, 'x');
    const bad = cli(dataDir, ['ledger:verify']);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.out).blobs.problems[0]).toMatchObject({ baoquan: up.data.baoquan });
  });

  it('backup <dir> runs in the server (PGlite, admin socket): refuses an altered blob, then writes a verified backup (issue 17 §3)', async () => {
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-cli-backup-'));
    try {
      // The blob altered by the previous test makes the backup fail instead of copying bad bytes.
      const refused = cli(dataDir, ['backup', path.join(backups, 'a')]);
      expect(refused.code).toBe(1);
      expect(refused.err).toMatch(/blob [0-9a-f]{64} hashes to/);
      // Put the right bytes back; the backup then succeeds and its manifest verifies.
      const content = Buffer.from('需要核验的证据内容');
      const sha = crypto.createHash('sha256').update(content).digest('hex');
      fs.writeFileSync(blobFileOf(dataDir, blobEnv, sha), content);
      const ok = cli(dataDir, ['backup', path.join(backups, 'b')]);
      expect(ok.code, ok.err).toBe(0);
      expect(JSON.parse(ok.out)).toMatchObject({ ok: true, ledger: { size: 1, checkpointSize: 1 } });
      const m = await verifyBackup(path.join(backups, 'b'));
      expect(m.files[`blobs/${sha}`]).toMatchObject({ sha256: sha, size: content.length });
      expect(cli(dataDir, ['backup']).code).toBe(1); // no directory
      expect(cli(dataDir, ['backup', path.join(backups, 'b')]).err).toContain('not empty');
    } finally {
      fs.rmSync(backups, { recursive: true, force: true });
    }
  });

  it('works without a running server by opening the database itself', async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    expect(fs.existsSync(path.join(dataDir, 'admin.sock'))).toBe(false);
    const r = cli(dataDir, ['user:create', '--mobile', '13700000009', '--password', 'abc12345']);
    expect(r.code, r.err).toBe(0);
    const sms = cli(dataDir, ['sms:outbox']);
    expect(sms.code).toBe(0);
    expect(cli(dataDir, ['nope']).code).toBe(1);
  });
});
