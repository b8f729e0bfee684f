/**
 * The notary operator CLI (issue 15 §3) against a running server on the same DATA_DIR (admin socket), real
 * processes and PGlite on disk (or a fresh PostgreSQL database with TEST_DATABASE_URL): notary:office-create issues the office's certificate from the platform root
 * or imports a key + certificate (checked), notary:user-add gives an account the notary role (the console
 * answers it), notary:office-cert re-issues; bad input is refused with a clear message and exit 1.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './harness.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const node = process.execPath;
const freePort = () => new Promise<number>((r) => { const s = net.createServer().listen(0, '127.0.0.1', () => { const p = (s.address() as net.AddressInfo).port; s.close(() => r(p)); }); });

/** DATABASE_URL of the run (PostgreSQL with TEST_DATABASE_URL; else PGlite in DATA_DIR). */
const dbEnv: { DATABASE_URL?: string } = {};

function cli(dataDir: string, args: string[]) {
  const r = spawnSync(node, ['src/cli.ts', ...args], { cwd: SERVER_DIR, env: { ...process.env, ...dbEnv, DATA_DIR: dataDir, INIT_CWD: SERVER_DIR }, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('notary CLI', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-notary-cli-'));
  const pki = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-notary-pki-'));
  let url = '';
  let server: ReturnType<typeof spawn>;
  let dropDb: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = await createTestDatabase('cz_ncli');
    if (db.url) dbEnv.DATABASE_URL = db.url;
    dropDb = db.dropDb;
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(node, ['src/main.ts'], { cwd: SERVER_DIR, env: { ...process.env, ...dbEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: url }, stdio: 'ignore' });
    for (let i = 0; i < 600; i++) {
      try { if ((await fetch(`${url}/api/health`)).ok) break; } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 120_000);
  afterAll(async () => {
    if (server.exitCode === null) { server.kill('SIGTERM'); await new Promise((r) => server.once('exit', r)); }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(pki, { recursive: true, force: true });
    await dropDb?.();
  });

  const login = async (mobile: string) => (await (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${mobile}&password=abc12345` })).json()).data.token as string;

  it('creates an office with a root-issued certificate and adds a notary who then opens the console', async () => {
    const made = cli(dataDir, ['notary:office-create', '--name', '杭州市某某公证处', '--city', '杭州', '--code', '浙杭某证民字', '--fee', '150.50']);
    expect(made.code, made.err).toBe(0);
    const office = JSON.parse(made.out);
    expect(office).toMatchObject({ name: '杭州市某某公证处', city: '杭州', certPrefix: '浙杭某证民字', fee: 15050, certificate: 'issued by the platform root', signer: '杭州市某某公证处' });

    expect(cli(dataDir, ['user:create', '--mobile', '13700001001', '--password', 'abc12345', '--name', '赵公证']).code).toBe(0);
    const token = await login('13700001001');
    const before = await (await fetch(`${url}/api/notaryOffice/me`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(before).toMatchObject({ code: 200, data: null });

    const add = cli(dataDir, ['notary:user-add', '浙杭某证民字', '13700001001']);
    expect(add.code, add.err).toBe(0);
    expect(JSON.parse(add.out)).toMatchObject({ officeId: office.officeId, role: 'notary', mobile: '13700001001' });
    const me = await (await fetch(`${url}/api/notaryOffice/me`, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(me).toMatchObject({ code: 200, data: { officeId: office.officeId, name: '杭州市某某公证处', certPrefix: '浙杭某证民字', fee: 15050 } });
    expect((await (await fetch(`${url}/api/user/info`, { headers: { authorization: `Bearer ${token}` } })).json()).data).toMatchObject({ notary: true });

    const dup = cli(dataDir, ['notary:user-add', String(office.officeId), '13700001001']);
    expect(dup.code).toBe(1);
    expect(dup.err).toContain('该用户已是公证机构工作人员');
    const re = cli(dataDir, ['notary:office-cert', '杭州市某某公证处']);
    expect(re.code, re.err).toBe(0);
    expect(JSON.parse(re.out)).toMatchObject({ certificate: 'issued by the platform root', signer: '杭州市某某公证处' });
  }, 120_000);

  it('imports a key and certificate (checked against the chain) and refuses bad input', () => {
    const ossl = (...a: string[]) => execFileSync('openssl', a, { cwd: pki, stdio: 'pipe' });
    ossl('req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=Test Notary CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign');
    ossl('req', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'office.key', '-out', 'office.csr', '-subj', '/CN=Imported Notary Office');
    ossl('x509', '-req', '-in', 'office.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'office.pem', '-days', '30');
    ossl('genpkey', '-algorithm', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'other.key');
    const f = (n: string) => path.join(pki, n);

    const ok = cli(dataDir, ['notary:office-create', '--name', '苏州市某某公证处', '--city', '苏州', '--code', '苏苏某证字', '--key', f('office.key'), '--cert', f('office.pem'), '--chain', f('ca.pem')]);
    expect(ok.code, ok.err).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ certificate: 'imported', signer: 'Imported Notary Office' });

    const wrongKey = cli(dataDir, ['notary:office-create', '--name', '无锡市某某公证处', '--city', '无锡', '--code', '苏锡某证字', '--key', f('other.key'), '--cert', f('office.pem'), '--chain', f('ca.pem')]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('does not match');
    const noChain = cli(dataDir, ['notary:office-create', '--name', '无锡市某某公证处', '--city', '无锡', '--code', '苏锡某证字', '--key', f('office.key'), '--cert', f('office.pem')]);
    expect(noChain.code).toBe(1);
    expect(noChain.err).toContain('platform root did not issue it');
    expect(cli(dataDir, ['notary:office-create', '--name', '无锡市某某公证处', '--city', '无锡', '--code', 'AB'])).toMatchObject({ code: 1, err: expect.stringContaining('公证书字号') });
    expect(cli(dataDir, ['notary:office-create', '--name', '杭州市某某公证处', '--city', '杭州', '--code', '浙杭某证字'])).toMatchObject({ code: 1, err: expect.stringContaining('exists') });
    expect(cli(dataDir, ['notary:user-add', '不存在的公证处', '13700001001'])).toMatchObject({ code: 1, err: expect.stringContaining('公证机构不存在') });
    expect(cli(dataDir, ['notary:user-add', '苏苏某证字', '13700009999'])).toMatchObject({ code: 1, err: expect.stringContaining('no account') });
  }, 120_000);
});
