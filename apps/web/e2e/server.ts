/**
 * E2E server: the real platform (apps/server buildApp) on a temp DATA_DIR with embedded PGlite, plus a
 * side HTTP endpoint on E2E_PEEK_PORT that lets the test read what a person would read — the captcha
 * image's answer and the latest SMS in the embedded provider's outbox — and creates accounts the way the
 * operator CLI does (`/user/<mobile>`). Lives in e2e/, not in the app.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { captchas, smsOutbox } from '../../server/src/db/schema/index.ts';

const port = Number(process.env.E2E_PORT ?? 8090);
const peekPort = Number(process.env.E2E_PEEK_PORT ?? port + 1);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-e2e-'));
const config = loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}` });
const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pgdata') });
const { app, services } = await buildApp(config, database, { jobs: true });
await app.listen({ port, host: '127.0.0.1' });
// An operator account for the console flows (what `npm run cli -- user:create --role operator` makes).
await services.auth.createUser({ mobile: '13900000000', password: 'Oper1234', type: 1, name: '运营', company: '', role: 'operator', userStatus: 3 }, null, 'e2e');

http
  .createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, kind, key = ''] = url.pathname.split('/');
    let body: unknown = null;
    if (kind === 'captcha') body = (await database.db.select().from(captchas).where(eq(captchas.id, key)))[0]?.answer ?? null;
    if (kind === 'sms') body = (await database.db.select().from(smsOutbox).where(eq(smsOutbox.mobile, key)).orderBy(desc(smsOutbox.id)).limit(1))[0]?.text ?? null;
    // A personal account made the way `npm run cli -- user:create` makes one (password Test1234), for specs
    // that are not about registration.
    if (kind === 'user' && /^1\d{10}$/.test(key)) body = (await services.auth.createUser({ mobile: key, password: 'Test1234', type: 1, name: '张三', company: '', role: 'user', userStatus: 3 }, null, 'e2e')).id;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  })
  .listen(peekPort, '127.0.0.1');

const stop = async () => {
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
