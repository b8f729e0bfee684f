/**
 * Data at rest (issue 9 §4): DATA_DIR is owner-only (PGlite's files included) and a group/world-writable
 * DATA_DIR is refused at start; extraction codes are stored AES-256-GCM encrypted, clear legacy values are
 * sealed at start, and extraction still works. Real processes for the start-up checks.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { users } from '../src/db/schema/index.ts';
import { makeHarness, type Harness } from './harness.ts';
import { registerUser } from './client.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

/** Every path under `dir` (itself included) with its permission bits. */
function walk(dir: string, out: Array<{ p: string; mode: number; dir: boolean }> = []) {
  const st = fs.lstatSync(dir);
  out.push({ p: dir, mode: st.mode & 0o777, dir: st.isDirectory() });
  if (st.isDirectory()) for (const n of fs.readdirSync(dir)) walk(path.join(dir, n), out);
  return out;
}

describe('DATA_DIR permissions (real server process, PGlite on disk)', () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-perm-'));
  afterAll(() => fs.rmSync(parent, { recursive: true, force: true }));

  it('a fresh DATA_DIR and everything in it is owner-only after a start (PGlite files, keys, socket)', async () => {
    const dataDir = path.join(parent, 'fresh'); // created by the server itself
    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    // The parent runs with the usual umask 022, so without the server's umask PGlite's files come out 0644.
    const server = spawn(process.execPath, ['src/main.ts'], { cwd: SERVER_DIR, env, stdio: 'ignore' });
    try {
      let up = false;
      for (let i = 0; i < 900 && !up && server.exitCode === null; i++) {
        try { up = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok; } catch { /* starting */ }
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      const entries = walk(dataDir);
      expect(entries.some((e) => e.p.includes(`${path.sep}pgdata${path.sep}`) && !e.dir)).toBe(true);
      expect(entries.some((e) => e.p.endsWith('extract-code.key'))).toBe(true);
      const loose = entries.filter((e) => (e.dir ? e.mode !== 0o700 : (e.mode & 0o077) !== 0)).map((e) => `${path.relative(dataDir, e.p)} ${e.mode.toString(8)}`);
      expect(loose).toEqual([]);
    } finally {
      if (server.exitCode === null) { server.kill('SIGTERM'); await new Promise((r) => server.once('exit', r)); }
    }
  });

  it.each([0o777, 0o775, 0o757])('refuses to start on a DATA_DIR with mode %o and says why', (mode) => {
    const dataDir = fs.mkdtempSync(path.join(parent, 'loose-'));
    fs.chmodSync(dataDir, mode);
    const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    const r = spawnSync(process.execPath, ['src/main.ts'], { cwd: SERVER_DIR, env, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).not.toBe(0);
    expect(r.status).not.toBeNull();
    expect(r.stderr).toContain('group- or world-writable');
    expect(r.stderr).toContain(`chmod 700 ${dataDir}`);
    expect(fs.readdirSync(dataDir)).toEqual([]); // nothing was created in it
  });
});

describe('extraction codes at rest', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h.close(); });

  it('are stored encrypted, read back in clear for the owner, and open the evidence', async () => {
    const u = await registerUser(h);
    const code = u.userInfo.extractCode as string;
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await h.database.db.select({ c: users.extractCode }).from(users).where(eq(users.id, u.userInfo.userId));
    expect(row?.c).toMatch(/^v1:/);
    expect(row?.c).not.toContain(code);
    const keyFile = path.join(h.dataDir, 'keys', 'extract-code.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect((await u.api.get('/api/user/info')).data.extractCode).toBe(code);
  });

  it('clear values written before encryption are sealed at the next start and still match', async () => {
    const u = await registerUser(h);
    await h.database.db.update(users).set({ extractCode: '424242' }).where(eq(users.id, u.userInfo.userId));
    const again = await buildApp(h.config, h.database, { logger: false });
    try {
      await again.app.ready();
      const [row] = await h.database.db.select({ c: users.extractCode }).from(users).where(eq(users.id, u.userInfo.userId));
      expect(row?.c).toMatch(/^v1:/);
      expect(await again.services.auth.extractCodeOf(u.userInfo.userId)).toBe('424242');
    } finally {
      await again.app.close();
    }
    expect((await u.api.get('/api/user/info')).data.extractCode).toBe('424242');
  });
});
