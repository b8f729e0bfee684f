/**
 * The server's production build (issue 16 round 4; apps/server/scripts/build.ts): what `npm start` runs.
 * Builds into a scratch directory of the repository, starts it as a real process on a fresh PGlite
 * DATA_DIR with TypeScript type stripping switched off (so any .ts module left unbundled would fail to load),
 * and checks what depends on paths the bundler had to keep right: migrations (the database opens),
 * apps/server/package.json (the version), svg-captcha's font (a captcha image), the built web app (/).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

describe('production build (dist/main.js)', () => {
  const outDir = path.join(SERVER_DIR, '.tmp', `build-test-${process.pid}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-build-'));
  afterAll(() => {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('bundles our source only and runs without type stripping: database, version, captcha font', async () => {
    const entry = await buildServer(outDir);
    const chunks = fs.readdirSync(outDir);
    // Code splitting: the lazily imported modules are chunks of their own, not part of the start-up graph.
    expect(chunks.length).toBeGreaterThan(2);
    const code = chunks.map((f) => fs.readFileSync(path.join(outDir, f), 'utf8')).join('\n');
    expect(code).not.toMatch(/from "\.[^"]*\.ts"/); // no import of a source file left
    expect(code).toMatch(/from "fastify"/); // npm packages stay external

    const port = await freePort();
    const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_OFF: '1' };
    delete env.DATABASE_URL;
    delete env.BLOB_STORE;
    let stderr = '';
    const server = spawn(process.execPath, ['--no-experimental-strip-types', entry], { cwd: SERVER_DIR, env, stdio: ['ignore', 'ignore', 'pipe'] });
    server.stderr!.on('data', (d: Buffer) => (stderr += d));
    try {
      const base = `http://127.0.0.1:${port}`;
      let health: { code: number; data: { version: string; database: string } } | null = null;
      for (let i = 0; i < 900 && !health && server.exitCode === null; i++) {
        try {
          const r = await fetch(`${base}/api/health`);
          if (r.ok) health = (await r.json()) as typeof health;
        } catch {
          /* starting */
        }
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health, stderr).not.toBeNull();
      const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string };
      expect(health!.data).toMatchObject({ version: pkg.version, database: 'pglite' });
      const captcha = (await (await fetch(`${base}/api/Register/getImgCode`, { method: 'POST' })).json()) as { code: number; data: { img: string } };
      expect(captcha.code).toBe(200);
      expect(captcha.data.img.startsWith('data:image/png;base64,')).toBe(true);
      const home = await fetch(`${base}/`);
      expect(home.status).toBe(fs.existsSync(path.join(SERVER_DIR, '../web/dist/index.html')) ? 200 : 404);
    } finally {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
    }
  });
});
