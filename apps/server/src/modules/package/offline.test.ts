/**
 * The court expert's walkthrough (issue 10 §5, "Done when"): a package downloaded from the server
 * carries verify.mjs (the single-file verifier, built here exactly as `npm run build -w @cunzheng/verify`
 * builds it) and verify.py; VERIFY.md is followed literally in the unzipped folder — every shell block
 * run as written (the root pinned by its fingerprint first, pdfsig through NSS, the embedded entry, the
 * time equality, `node verify.mjs . --key …`, `python3 verify.py`) — and the same tools fail a changed
 * evidence file. The transcript is kept in /tmp/cz/shots-trust/walkthrough.txt.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { ROOT } from './package.test-util.ts';

describe('offline walkthrough of VERIFY.md with the bundled verifiers', () => {
  let h: Harness;
  let dir: string;
  let baoquan: string;
  let zipName: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-offline-'));
    execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', path.join(dir, 'bundle')], { cwd: path.join(ROOT, 'packages/verify'), stdio: 'pipe' });
    h = await makeHarness({ PUBLIC_URL: 'https://cz.example.com', VERIFY_BUNDLE: path.join(dir, 'bundle/cunzheng-verify.mjs') });
    const u = await registerUser(h, { name: '冯二' });
    const up = await u.api.upload('聊天记录.txt', Buffer.from('2026-11-24 对方承认欠款一万元。\n'.repeat(40)), { title: '聊天记录' });
    expect(up.code, up.msg).toBe(200);
    baoquan = up.data.baoquan;
    await h.services.ledger.checkpointNow();
    const r = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${baoquan}`, headers: { authorization: `Bearer ${u.token}` } });
    expect(r.statusCode).toBe(200);
    zipName = `证据包-${baoquan}.zip`;
    expect(decodeURIComponent(String(r.headers['content-disposition']))).toContain(zipName);
    fs.writeFileSync(path.join(dir, zipName), r.rawPayload);
    execFileSync('python3', ['-m', 'zipfile', '-e', path.join(dir, zipName), path.join(dir, 'pkg')]);
  }, 240_000);
  afterAll(async () => {
    await h?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('VERIFY.md run literally passes; verify.mjs and verify.py are in the package and pass', async () => {
    const pkg = path.join(dir, 'pkg');
    expect(fs.existsSync(path.join(pkg, 'verify.mjs'))).toBe(true);
    expect(fs.existsSync(path.join(pkg, 'verify.py'))).toBe(true);
    const readme = fs.readFileSync(path.join(pkg, 'VERIFY.md'), 'utf8');
    expect(readme.indexOf('## 0. 先固定信任锚')).toBeLessThan(readme.indexOf('## 1.'));
    expect(readme).not.toContain('npx cunzheng-verify');
    expect(readme).toContain(`node verify.mjs ${zipName}`);
    const zh = readme.split('\n---\n')[0]!;
    const blocks = [...zh.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => !b.includes('curl '));
    const run = spawnSync('bash', ['-e', '-c', blocks.join('\n')], { cwd: pkg, encoding: 'utf8', env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` } });
    fs.mkdirSync('/tmp/cz/shots-trust', { recursive: true });
    fs.writeFileSync('/tmp/cz/shots-trust/walkthrough.txt', `$ (VERIFY.md shell blocks, in order)\n${run.stdout}${run.stderr}\nexit ${run.status}\n`);
    expect(run.status, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toContain(`sha256 Fingerprint=${await h.services.trust.rootFingerprint()}`);
    expect(out).toContain(h.services.ledger.verifierKey());
    expect(out).toContain('inclusion: OK');
    expect(out).toContain('Signature Verified Successfully');
    expect(out).toContain('Verification: OK');
    expect(out).toContain('entry time = genTime: OK');
    expect(out).toContain('Certificate Validation: Certificate is Trusted.');
    expect(out).toContain('embedded entry: OK');
    // Section 6b (issue 10 §3): the PAdES B-LTA document time-stamp and the DSS CRL, with python3 + openssl.
    expect(out).toContain('document time-stamps: 1; the last covers the whole file: OK');
    expect(out).toContain('verify OK');
    expect(out).toContain('No Revoked Certificates.');
    expect(out).toContain('结论 / Verdict: 通过 / PASSED');
    expect(out).toContain('Verdict: ALL CHECKS PASSED');

    const zipRun = spawnSync(process.execPath, [path.join(pkg, 'verify.mjs'), path.join(dir, zipName)], { encoding: 'utf8' });
    expect(zipRun.status, zipRun.stdout).toBe(0);
  });

  it('a changed evidence file fails verify.mjs (folder) and verify.py', () => {
    const pkg = path.join(dir, 'pkg');
    const file = path.join(pkg, '聊天记录.txt');
    const b = fs.readFileSync(file);
    b[5] = b[5]! ^ 1;
    fs.writeFileSync(file, b);
    const node = spawnSync(process.execPath, ['verify.mjs', '.'], { cwd: pkg, encoding: 'utf8' });
    expect(node.status).toBe(1);
    const py = spawnSync('python3', ['verify.py'], { cwd: pkg, encoding: 'utf8' });
    expect(py.status).toBe(1);
    expect(py.stdout).toContain('FAILED 证据文件 SHA-256 与大小 = entry.json');
  });
});
