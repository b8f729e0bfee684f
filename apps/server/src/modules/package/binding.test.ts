/**
 * The package's pieces are bound together (issue 10 §1): a validly signed certificate PDF of ANOTHER
 * deposit swapped into a package fails the verifier (its embedded entry.json and XMP facts are another
 * deposit's), and so does a genuine RFC 3161 token over the same file taken at a later time (the entry's
 * time must equal genTime exactly). The manifest is rewritten in both cases, so only the binding checks
 * can catch the swap. poppler's pdfdetach + cmp (VERIFY.md step 6) catch the swapped PDF too.
 */
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, manifestBytes, MEMBERS, parseManifest, verifyPackage, type Report } from '@cunzheng/verify';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { grantedResponse } from '../trust/tsa-server.ts';
import { rezip, runCli, unzip } from './package.test-util.ts';

type Members = Awaited<ReturnType<typeof unzip>>;
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** `members` with member `name` replaced by `data` and manifest.json rewritten to match. */
function replaceMember(members: Members, name: string, data: Buffer): Members {
  const manifest = parseManifest(members.find((m) => m.name === MEMBERS.manifest)!.data);
  manifest.members = manifest.members.map((x) => (x.name === name ? { name, sha256: sha(data), size: data.length } : x));
  return members.map((m) => (m.name === name ? { ...m, data } : m.name === MEMBERS.manifest ? { ...m, data: Buffer.from(manifestBytes(manifest)) } : m));
}

const failed = (r: Report) => r.checks.filter((c) => c.status === 'fail').map((c) => c.id);

describe('package binding: swapped certificate, later time-stamp', () => {
  let h: Harness;
  let dir: string;
  let a: { baoquan: string; sha256: string };
  let members: Members;
  let otherPdf: Buffer;

  beforeAll(async () => {
    h = await makeHarness({ PUBLIC_URL: 'https://cz.example.com' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bind-'));
    const u = await registerUser(h, { name: '周九' });
    const upA = await u.api.upload('借条.txt', Buffer.from('借条：今借到人民币壹万元整。\n'), { title: '借条' });
    const upB = await u.api.upload('收据.txt', Buffer.from('收据：今收到人民币壹万元整。\n'), { title: '收据' });
    expect(upA.code, upA.msg).toBe(200);
    expect(upB.code, upB.msg).toBe(200);
    a = upA.data;
    await h.services.ledger.checkpointNow();
    const pkg = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${a.baoquan}`, headers: { authorization: `Bearer ${u.token}` } });
    expect(pkg.statusCode).toBe(200);
    members = await unzip(pkg.rawPayload);
    const pkgB = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${upB.data.baoquan}`, headers: { authorization: `Bearer ${u.token}` } });
    otherPdf = (await unzip(pkgB.rawPayload)).find((m) => m.name === MEMBERS.certificate)!.data;
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the genuine package passes every check', async () => {
    const r = await verifyPackage(bytesSource(await rezip(members)));
    expect(failed(r)).toEqual([]);
    const cert = r.checks.find((c) => c.id === 'certificate')!;
    expect(cert.lines.map((l) => l.en).join('\n')).toContain('embedded entry.json');
    const ts = r.checks.find((c) => c.id === 'timestamp')!;
    expect(ts.lines.map((l) => l.en)).toContain('genTime equals the ledger entry time exactly');
  });

  it('a validly signed certificate of another deposit fails the certificate check (verifier and pdfdetach + cmp)', async () => {
    fs.writeFileSync(path.join(dir, 'other.pdf'), otherPdf);
    expect(spawnSync('pdfsig', [path.join(dir, 'other.pdf')], { encoding: 'utf8' }).stdout).toContain('Signature is Valid');
    const swapped = await rezip(replaceMember(members, MEMBERS.certificate, otherPdf));
    const r = await verifyPackage(bytesSource(swapped));
    expect(r.ok).toBe(false);
    expect(failed(r)).toEqual(['certificate']);
    const cert = r.checks.find((c) => c.id === 'certificate')!;
    expect(cert.lines.map((l) => l.zh).join('\n')).toContain('证书 PDF 嵌入的账本条目与 entry.json 不一致：该证书属于另一份存证');

    const file = path.join(dir, 'swapped.zip');
    fs.writeFileSync(file, swapped);
    const cli = await runCli([file, '--json']);
    expect(cli.code).toBe(1);
    expect(failed(JSON.parse(cli.stdout) as Report)).toEqual(['certificate']);

    // VERIFY.md step 6 with the public tools.
    const out = path.join(dir, 'unzipped');
    execFileSync('python3', ['-m', 'zipfile', '-e', file, out]);
    const cmp = spawnSync('bash', ['-e', '-c', "pdfdetach -save 1 -o entry-in-pdf.json certificate.pdf\ncmp entry-in-pdf.json entry.json && echo 'embedded entry: OK'"], { cwd: out, encoding: 'utf8' });
    expect(cmp.status).not.toBe(0);
    expect(cmp.stdout).not.toContain('embedded entry: OK');
  });

  it('a genuine token over the same file but from a later second fails the timestamp check', async () => {
    await new Promise((r) => setTimeout(r, 1100));
    const later = await h.services.trust.stamp(a.sha256);
    const r = await verifyPackage(bytesSource(await rezip(replaceMember(members, MEMBERS.timestamp, grantedResponse(later.token)))));
    expect(failed(r)).toEqual(['timestamp']);
    const ts = r.checks.find((c) => c.id === 'timestamp')!;
    expect(ts.lines.map((l) => l.zh).join('\n')).toMatch(/时间戳 genTime 与账本条目的 time 不一致（相差 [1-9]\d* 秒）/);
  });
});
