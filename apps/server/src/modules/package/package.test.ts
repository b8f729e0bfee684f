/**
 * The offline proof package end to end (issue 3 §4) on the real app: a real deposit (real RFC 3161 token
 * from the built-in TSA, real signed PDF from Chromium), anchored on a real local EVM node, downloaded
 * through GET /api/ledger/package, then checked with the verifier CLI spawned as a real process
 * (`npx cunzheng-verify`), with the public tools VERIFY.md lists (sha256sum, python3, openssl, pdfsig —
 * its shell blocks are executed as written), and tampered one byte at a time in every member.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { bytesSource, MEMBERS, verifyLedgerBundle, verifyPackage, type CheckId, type Report } from '@cunzheng/verify';
import { timestamps } from '../../db/schema/index.ts';
import { client, registerUser } from '../../../test/client.ts';
import { startDevChain, type DevChain } from '../../../test/devChain.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { LONGEST_WAIT_MS, startEarlyInWindow } from '../../../test/helpers/fixedWindow.ts';
import { flip, rezip, runCli, unzip } from './package.test-util.ts';
import { VERIFY_LIMIT_PER_IP } from './service.ts';

const FILE_NAME = "劳动合同 (final)'s copy.txt";
const content = Buffer.from('劳动合同正文：甲方与乙方于2026年签订本合同。\n'.repeat(200));
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

describe('evidence package', () => {
  let chain: DevChain;
  let h: Harness;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let other: Awaited<ReturnType<typeof registerUser>>;
  let ev: { baoquan: string; chainhash: string; sha256: string; saveTime: number };
  let zip: Buffer;
  let members: Awaited<ReturnType<typeof unzip>>;
  let dir: string;
  let zipPath: string;

  /** GET /api/ledger/package with optional token and code; returns status headers and body. */
  const getPackage = async (query: Record<string, string>, token?: string) => {
    const r = await h.app.inject({ method: 'GET', url: `/api/ledger/package?${new URLSearchParams(query)}`, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return r;
  };

  beforeAll(async () => {
    chain = await startDevChain();
    h = await makeHarness({
      ANCHOR_RPC_URL: chain.url,
      ANCHOR_PRIVATE_KEY: chain.keys[2]!,
      ANCHOR_EXPLORER_TX_URL: 'https://explorer.example.com/tx/{tx}',
      ANCHOR_CHAIN_NAME: 'Hardhat 本地链',
      ANCHOR_MIN_NEW_ENTRIES: '1',
      PUBLIC_URL: 'https://cz.example.com',
    });
    owner = await registerUser(h, { name: '张三丰' });
    other = await registerUser(h, { name: '李四' });
    const up = await owner.api.upload(FILE_NAME, content, { title: '劳动合同' });
    expect(up.code, up.msg).toBe(200);
    ev = up.data;
    await h.services.ledger.checkpointNow();
    const run = await h.services.anchor.runOnce({ force: true });
    expect(run.status, JSON.stringify(run)).toBe('anchored');
    // A later deposit so the package's checkpoint is newer than the anchored one (consistency proof non-empty).
    expect((await owner.api.upload('第二份.txt', Buffer.from('second\n'))).code).toBe(200);
    await h.services.ledger.checkpointNow();

    const r = await getPackage({ baoquan: ev.baoquan }, owner.token);
    expect(r.headers['content-type']).toBe('application/zip');
    zip = r.rawPayload;
    members = await unzip(zip);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-pkg-'));
    zipPath = path.join(dir, 'package.zip');
    fs.writeFileSync(zipPath, zip);
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await chain?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds every member, named as specified, with the exact bytes of the deposit', async () => {
    // verify.mjs is there when the verifier bundle was built (offline.test.ts covers it).
    expect(members.map((m) => m.name).filter((n) => n !== MEMBERS.verifier)).toEqual([
      MEMBERS.readme, FILE_NAME, MEMBERS.certificate, MEMBERS.entry, MEMBERS.proof, MEMBERS.checkpoint, MEMBERS.key, MEMBERS.timestamp, MEMBERS.tsaChain, MEMBERS.anchor, MEMBERS.pyVerifier, MEMBERS.manifest,
    ]);
    const file = members.find((m) => m.name === FILE_NAME)!;
    expect(file.data.equals(content)).toBe(true);
    expect(file.stored).toBe(true);
    const entry = JSON.parse(members.find((m) => m.name === MEMBERS.entry)!.data.toString('utf8'));
    // issue 10 §3: v2 entries record the file's SM3 too (openssl dgst -sm3 gives the same hex).
    expect(entry).toMatchObject({ v: 2, baoquan: ev.baoquan, sha256: sha(content), sm3: crypto.createHash('sm3').update(content).digest('hex'), size: content.length, kind: 'data' });
    expect(sha(Buffer.concat([Buffer.of(0), members.find((m) => m.name === MEMBERS.entry)!.data]))).toBe(ev.chainhash);
    const key = await h.app.inject({ method: 'GET', url: '/api/ledger/key' });
    expect(members.find((m) => m.name === MEMBERS.key)!.data.toString('utf8').trim()).toBe(key.body.trim());
    expect(members.find((m) => m.name === MEMBERS.certificate)!.data.subarray(0, 5).toString()).toBe('%PDF-');
    const readme = members.find((m) => m.name === MEMBERS.readme)!.data.toString('utf8');
    for (const needle of ['证据包核验说明', 'How to verify this evidence package', 'sha256sum', 'openssl ts -verify', 'pdfsig certificate.pdf', 'python3 verify.py', ev.chainhash, sha(content), 'https://cz.example.com/api/ledger/key']) expect(readme).toContain(needle);
  });

  it('passes `npx cunzheng-verify` (a real process): every check passes, exit 0', async () => {
    const r = await runCli([zipPath]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('结论：全部核验通过');
    expect(r.stdout).toContain('Verdict: ALL CHECKS PASSED');
    const json = await runCli([zipPath, '--json', '--key', (await h.app.inject({ method: 'GET', url: '/api/ledger/key' })).body]);
    const report = JSON.parse(json.stdout) as Report;
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.status]))).toEqual({
      package: 'pass', manifest: 'pass', file: 'pass', entry: 'pass', inclusion: 'pass', checkpoint: 'pass', timestamp: 'pass', certificate: 'pass', anchor: 'pass',
    });
    expect(report.facts).toMatchObject({ baoquan: ev.baoquan, sha256: sha(content), chainhash: ev.chainhash });
    // A different pinned key fails the checkpoint check.
    const wrong = await runCli([zipPath, '--json', '--key', 'other.example+01234567+AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA']);
    expect(wrong.code).toBe(1);
    expect((JSON.parse(wrong.stdout) as Report).checks.find((c) => c.id === 'checkpoint')!.status).toBe('fail');
  });

  it('passes the public tools exactly as VERIFY.md writes them (sha256sum, python3, openssl, pdfsig)', async () => {
    const out = path.join(dir, 'unzipped');
    execFileSync('python3', ['-m', 'zipfile', '-e', zipPath, out]);
    const readme = fs.readFileSync(path.join(out, 'VERIFY.md'), 'utf8');
    const zhPart = readme.split('\n---\n')[0]!;
    const blocks = [...zhPart.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => !b.includes('curl ') && !b.includes('npx '));
    const result = execFileSync('bash', ['-e', '-c', blocks.join('\n')], { cwd: out, encoding: 'utf8' });
    expect(result).toContain(`${sha(content)}  ./${FILE_NAME}`);
    expect(result).toContain(': OK');
    expect(result).toContain(`${ev.chainhash}  -`);
    expect(result).toContain('inclusion: OK');
    expect(result).toContain('checkpoint.txt: same as in proof.tlog-proof');
    expect(result).toContain('Signature Verified Successfully');
    expect(result).toContain('Verification: OK');
    expect(result).toContain('consistency: OK');
    expect(result).toContain('calldata: OK');
    // issue 10 §1: the certificate embeds this entry; the entry time is the token's genTime.
    expect(result).toContain('embedded entry: OK');
    expect(result).toContain(`<cz:baoquan>${ev.baoquan}`);
    expect(result).toContain(`<cz:chainhash>${ev.chainhash}`);
    expect(result).toContain('entry time = genTime: OK');
    // issue 10 §5: the root pinned first, pdfsig trusting it through NSS, the Python checks.
    expect(result).toContain(`sha256 Fingerprint=${await h.services.trust.rootFingerprint()}`);
    expect(result).toContain('Certificate Validation: Certificate is Trusted.');
    expect(result).toContain('结论 / Verdict: 通过 / PASSED');
    const pdfsig = execFileSync('pdfsig', ['certificate.pdf'], { cwd: out, encoding: 'utf8' });
    expect(pdfsig).toContain('Signature is Valid');
    expect(pdfsig).toContain('Total document signed');
  });

  /** Which check must fail when a byte of each member changes (and the position changed). */
  const mid = (b: Buffer) => b.length >> 1;
  const TARGETS: Array<[string, CheckId, (data: Buffer) => number]> = [
    [FILE_NAME, 'file', mid],
    [MEMBERS.certificate, 'certificate', mid],
    [MEMBERS.entry, 'inclusion', mid],
    [MEMBERS.proof, 'inclusion', (b) => b.indexOf('index ') + 30],
    [MEMBERS.checkpoint, 'checkpoint', (b) => b.length - 10],
    [MEMBERS.key, 'checkpoint', (b) => b.length - 5],
    [MEMBERS.timestamp, 'timestamp', (b) => b.length - 20],
    [MEMBERS.tsaChain, 'timestamp', () => 100],
    [MEMBERS.anchor, 'anchor', (b) => b.indexOf('"proof":["') + 12],
    [MEMBERS.readme, 'manifest', mid],
    [MEMBERS.manifest, 'manifest', mid],
  ];

  it.each(TARGETS)('one changed byte of %s → non-zero exit and the %s check fails', async (name, check, at) => {
    const m = members.find((x) => x.name === name)!;
    const file = path.join(dir, `tampered-${crypto.randomBytes(4).toString('hex')}.zip`);
    fs.writeFileSync(file, await rezip(flip(members, name, at(m.data))));
    const r = await runCli([file, '--json']);
    expect(r.code, r.stderr).toBe(1);
    const report = JSON.parse(r.stdout) as Report;
    const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
    expect(failed).toContain(check);
    expect(failed).toContain('manifest');
    expect(r.stderr).not.toContain('internal verifier error');
  });

  it('catches a changed byte anywhere: 12 positions × 2 bit masks in every member, in-process', async () => {
    const missed: string[] = [];
    for (const m of members) {
      const n = m.data.length;
      const positions = new Set([0, n - 1, ...Array.from({ length: 10 }, (_, i) => Math.floor(((i + 1) * n) / 11))]);
      for (const at of positions) {
        for (const mask of [0x01, 0x80]) {
          const report = await verifyPackage(bytesSource(await rezip(flip(members, m.name, at, mask))));
          if (report.ok) missed.push(`${m.name}@${at}^${mask}`);
        }
      }
    }
    expect(missed).toEqual([]);
  }, 300_000);

  it('refuses truncated, random and empty files with a clear message and exit 1, never a crash', async () => {
    const cases: Array<[string, Buffer]> = [
      ['truncated.zip', zip.subarray(0, zip.length >> 1)],
      ['cut-tail.zip', zip.subarray(0, zip.length - 7)],
      ['random.zip', crypto.randomBytes(5000)],
      ['empty.zip', Buffer.alloc(0)],
    ];
    for (const [name, bytes] of cases) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, bytes);
      const r = await runCli([file]);
      expect(r.code, `${name}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stdout).toContain('不是有效的证据包');
      expect(r.stdout).toContain('not a valid package');
      expect(r.stderr).not.toContain('internal verifier error');
    }
    // A member added or removed is a structural failure.
    const extra = path.join(dir, 'extra.zip');
    fs.writeFileSync(extra, await rezip([...members, { name: 'notes.txt', data: Buffer.from('x'), stored: false }]));
    expect((await runCli([extra])).code).toBe(1);
    const missing = path.join(dir, 'missing.zip');
    fs.writeFileSync(missing, await rezip(members.filter((m) => m.name !== MEMBERS.timestamp)));
    const r = await runCli([missing, '--json']);
    expect(r.code).toBe(1);
    expect((JSON.parse(r.stdout) as Report).checks.filter((c) => c.status === 'fail').map((c) => c.id)).toContain('timestamp');
  });

  it('extraction code: anyone with the right code gets the package; wrong code, no code, unknown number → 400', async () => {
    const anon = client(h);
    expect(await anon.get('/api/ledger/package', { baoquan: ev.baoquan })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_REQUIRED });
    expect(await other.api.get('/api/ledger/package', { baoquan: ev.baoquan })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_REQUIRED });
    const wrong = owner.userInfo.extractCode === '000000' ? '111111' : '000000';
    expect(await anon.get('/api/ledger/package', { baoquan: ev.baoquan, code: wrong })).toMatchObject({ code: 400, msg: MSG.EXTRACT_CODE_WRONG });
    expect(await anon.get('/api/ledger/package', { baoquan: 'CZ20260101ABCDEFGHJKMN', code: '123456' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.get('/api/ledger/package', { baoquan: '../../etc/passwd' })).toMatchObject({ code: 400, msg: MSG.BAOQUAN_NOT_FOUND });
    expect(await anon.get('/api/ledger/package', {})).toMatchObject({ code: 400, msg: MSG.BAOQUAN_REQUIRED });
    const extractCode = owner.userInfo.extractCode as string;
    expect(extractCode).toMatch(/^\d{6}$/);
    const r = await getPackage({ baoquan: ev.baoquan.toLowerCase(), code: extractCode });
    expect(r.headers['content-type']).toBe('application/zip');
    expect(r.headers['content-disposition']).toContain(encodeURIComponent(`证据包-${ev.baoquan}.zip`));
    const report = await verifyPackage(bytesSource(r.rawPayload));
    expect(report.ok, JSON.stringify(report.checks.filter((c) => c.status === 'fail'))).toBe(true);
  });

  it('the /verify page check: the served ledger proof verifies with the published key and names the file hash', async () => {
    const anon = client(h);
    const key = (await h.app.inject({ method: 'GET', url: '/api/ledger/key' })).body.trim();
    const proof = (await anon.get('/api/ledger/entry', { chainhash: ev.chainhash })).data;
    const good = await verifyLedgerBundle(proof, key, { chainhash: ev.chainhash, baoquan: ev.baoquan, sha256: sha(content) });
    expect(good).toMatchObject({ ok: true, problems: [], entry: { baoquan: ev.baoquan, sha256: sha(content) } });
    expect((await verifyLedgerBundle(proof, key, { sha256: sha(Buffer.from('other')) })).ok).toBe(false);
    expect((await verifyLedgerBundle({ ...proof, proof: [...proof.proof].reverse() }, key)).ok).toBe(proof.proof.length < 2);
    expect((await verifyLedgerBundle(proof, 'other.example+01234567+AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).ok).toBe(false);
  });

  it('GET /api/verify lists the certificates of a hash, nothing about the owner; bad hex → 400', async () => {
    const anon = client(h);
    const r = await anon.get('/api/verify', { sha256: sha(content).toUpperCase() });
    expect(r).toMatchObject({ code: 200 });
    expect(r.data.list).toEqual([{ baoquan: ev.baoquan, saveTime: ev.saveTime, chainhash: ev.chainhash }]);
    expect(await anon.get('/api/verify', { sha256: '0'.repeat(64) })).toMatchObject({ code: 200, data: { list: [] } });
    expect(await anon.get('/api/verify', { sha256: 'xyz' })).toMatchObject({ code: 400, msg: MSG.SHA256_FORMAT });
    expect(await anon.get('/api/verify', { sha256: 'a'.repeat(65) })).toMatchObject({ code: 400, msg: MSG.SHA256_FORMAT });
    expect(await anon.get('/api/verify', {})).toMatchObject({ code: 400, msg: MSG.SHA256_REQUIRED });
    // Rate-limited per IP (VERIFY_LIMIT_PER_IP): the call after the limit is refused, another IP is not.
    const from = async (ip: string) => (await h.app.inject({ method: 'GET', url: `/api/verify?sha256=${sha(content)}`, remoteAddress: ip })).json();
    // The limiter counts in fixed windows aligned to the clock: the 61 calls start early in a window (25 s of
    // its 60 left), so a slow run (CI's S3 pass) cannot straddle a boundary and see its counter start again.
    await startEarlyInWindow(VERIFY_LIMIT_PER_IP.windowSeconds, 25);
    for (let i = 0; i < VERIFY_LIMIT_PER_IP.max; i++) expect((await from('10.9.9.9')).code).toBe(200);
    expect(await from('10.9.9.9')).toMatchObject({ code: 400, msg: MSG.TOO_FREQUENT });
    expect((await from('10.9.9.10')).code).toBe(200);
  }, 60_000 + LONGEST_WAIT_MS);
});

describe('evidence package without a timestamp or an anchor', () => {
  let h: Harness;
  afterAll(async () => {
    await h?.close();
  });

  it('omits the members, says why in VERIFY.md, and the verifier warns/skips instead of failing', async () => {
    h = await makeHarness();
    const owner = await registerUser(h, { name: '赵六' });
    const up = await owner.api.upload('旧证据.txt', Buffer.from('deposited before time-stamping\n'));
    expect(up.code, up.msg).toBe(200);
    // A deposit made before the trust layer existed has no token row.
    await h.database.db.delete(timestamps).where(eq(timestamps.evidenceId, up.data.id));
    const r = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${up.data.baoquan}`, headers: { authorization: `Bearer ${owner.token}` } });
    expect(r.headers['content-type']).toBe('application/zip');
    const members = await unzip(r.rawPayload);
    expect(members.map((m) => m.name)).not.toContain(MEMBERS.timestamp);
    expect(members.map((m) => m.name)).not.toContain(MEMBERS.anchor);
    const readme = members.find((m) => m.name === MEMBERS.readme)!.data.toString('utf8');
    expect(readme).toContain('本证据包不含 timestamp.tsr：该存证保存于平台启用 RFC 3161 可信时间戳之前');
    expect(readme).toContain('本证据包不含 anchor.json：平台未启用区块链锚定');
    const report = await verifyPackage(bytesSource(r.rawPayload));
    expect(report.ok).toBe(true);
    expect(Object.fromEntries(report.checks.map((c) => [c.id, c.status]))).toMatchObject({ timestamp: 'warn', anchor: 'skip', certificate: 'pass', inclusion: 'pass' });
    // The deleted-by-owner rule: the owner's package refuses a file removed from the list.
    expect(await owner.api.get('/api/data/delData', { dataId: up.data.id })).toMatchObject({ code: 200 });
    expect(await owner.api.get('/api/ledger/package', { baoquan: up.data.baoquan })).toMatchObject({ code: 400, msg: MSG.EVIDENCE_MISSING });
  });
});
