/**
 * The offline package of a web capture (issue 10 §4): the evidence file is the signed WACZ, its signing
 * key is certified by the platform root (published at /api/trust/wacz-signing.pem), and the verifier opens
 * the WACZ — every datapackage.json resource hash, datapackage-digest.json, the signature and its
 * certificate chain, the inner RFC 3161 token, and the main response record against provenance and pages.
 * Each single change (a member byte, the signature, the certificate, the token, the provenance) fails the
 * "wacz" check with its own reason. Real Chromium, real app (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL). Set WACZ_PACKAGE_OUT=<dir> to keep the package (the walkthrough uses it).
 */
import crypto from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesSource, manifestBytes, MEMBERS, parseCertificate, parseManifest, readPem, verifyPackage, type Report } from '@cunzheng/verify';
import { checkWacz } from '@cunzheng/verify/checks/wacz';
import { waczSigner } from '../../platform/capture/signer.ts';
import { packWacz } from '../../platform/capture/wacz.ts';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { startTestSite, waitCapture, type TestSite } from '../../../test/webpages.ts';
import { ROOT, rezip, unzip } from './package.test-util.ts';

type Members = Awaited<ReturnType<typeof unzip>>;
const sha = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** `members` with member `name` replaced by `data`, manifest.json rewritten to match. */
function replaceMember(members: Members, name: string, data: Buffer): Members {
  const manifest = parseManifest(members.find((m) => m.name === MEMBERS.manifest)!.data);
  manifest.members = manifest.members.map((x) => (x.name === name ? { name, sha256: sha(data), size: data.length } : x));
  return members.map((m) => (m.name === name ? { ...m, data } : m.name === MEMBERS.manifest ? { ...m, data: Buffer.from(manifestBytes(manifest)) } : m));
}

const waczCheck = (r: Report) => r.checks.find((c) => c.id === 'wacz');
const failed = (r: Report) => r.checks.filter((c) => c.status === 'fail').map((c) => c.id);
const linesOf = (r: Report) => (waczCheck(r)?.lines ?? []).map((l) => l.en).join('\n');

describe('package of a web capture: the WACZ inside is verified', () => {
  let site: TestSite;
  let h: Harness;
  let zip: Buffer;
  let members: Members;
  let waczName: string;
  let wacz: Members;

  /** The package with the WACZ's member `name` transformed (the WACZ re-zipped, stored, as the server writes it). */
  async function withWaczMember(name: string, f: (b: Buffer) => Buffer): Promise<Report> {
    const changed = wacz.map((m) => (m.name === name ? { ...m, data: f(m.data) } : m));
    const pkg = await rezip(replaceMember(members, waczName, await rezip(changed)));
    return verifyPackage(bytesSource(pkg));
  }

  let dir: string;
  let zipName: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-wacz-pkg-'));
    execFileSync(path.join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', path.join(dir, 'bundle')], { cwd: path.join(ROOT, 'packages/verify'), stdio: 'pipe' });
    site = await startTestSite();
    h = await makeHarness({ CAPTURE_ALLOW_HOSTS: '127.0.0.1', CAPTURE_TIMEOUT_SECONDS: '20', PUBLIC_URL: 'https://cz.example.com', VERIFY_BUNDLE: path.join(dir, 'bundle/cunzheng-verify.mjs') });
    const u = await registerUser(h, { name: '王五' });
    const sub = await u.api.post('/api/webforensics/screenshot', { url: `http://127.0.0.1:${site.httpPort}/redirect`, title: '网页取证核验' });
    expect(sub.code, sub.msg).toBe(200);
    const st = await waitCapture(u.api, sub.data.id);
    expect(st.status, st.reason).toBe(2);
    await h.services.ledger.checkpointNow();
    const res = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${st.baoquan}`, headers: { authorization: `Bearer ${u.token}` } });
    expect(res.statusCode).toBe(200);
    zip = res.rawPayload;
    zipName = `证据包-${st.baoquan}.zip`;
    members = await unzip(zip);
    waczName = members.find((m) => m.name.endsWith('.wacz'))!.name;
    wacz = await unzip(members.find((m) => m.name === waczName)!.data);
    const out = process.env.WACZ_PACKAGE_OUT;
    if (out) {
      fs.mkdirSync(out, { recursive: true });
      fs.writeFileSync(path.join(out, `证据包-${st.baoquan}.zip`), zip);
      fs.writeFileSync(path.join(out, 'wacz-signing.pem'), (await h.app.inject({ method: 'GET', url: '/api/trust/wacz-signing.pem' })).body);
      fs.writeFileSync(path.join(out, 'root.pem'), (await h.app.inject({ method: 'GET', url: '/api/trust/root.pem' })).body);
    }
  }, 180_000);
  afterAll(async () => {
    await h?.close();
    await site?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('VERIFY.md section 7A run literally in a fresh folder (public tools only) passes, and so do verify.mjs and verify.py', () => {
    const fresh = path.join(dir, 'expert');
    fs.mkdirSync(fresh);
    fs.writeFileSync(path.join(fresh, zipName), zip);
    const steps: Array<{ cmd: string; out: string; status: number | null }> = [];
    const sh = (cmd: string, cwd: string) => {
      const r = spawnSync('bash', ['-e', '-c', cmd], { cwd, encoding: 'utf8', env: { ...process.env, PATH: `${path.dirname(process.execPath)}:${process.env.PATH}` } });
      steps.push({ cmd, out: `${r.stdout}${r.stderr}`, status: r.status });
      return r;
    };
    try {
      expect(sh(`unzip -q ${JSON.stringify(zipName)} -d pkg`, fresh).status).toBe(0);
      const pkg = path.join(fresh, 'pkg');
      const readme = fs.readFileSync(path.join(pkg, 'VERIFY.md'), 'utf8');
      expect(readme).toContain('## 7A. 网页取证数据包（WACZ）的内部核验');
      expect(readme).toContain('## 7A. Inside the web archive (WACZ)');
      const zh = readme.split('\n---\n')[0]!;
      const blocks = [...zh.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((b) => !b.includes('curl '));
      for (const b of blocks) expect(sh(b, pkg).status, steps.at(-1)!.out).toBe(0);
      const out = steps.map((x) => x.out).join('\n');
      for (const ok of ['archive/data.warc.gz: OK', 'capture/screenshot.png: OK', 'capture/provenance.json: OK', 'datapackage-digest.json: OK', 'Verified OK', 'CN = Cunzheng WACZ Signing', 'wacz-cert.pem: OK', 'certificate key = signing key: OK', 'WARC-Payload-Digest: OK', 'provenance finalUrl and statusCode: OK', 'headers in wire order): OK', 'pages.jsonl lists the main page: OK', 'Verdict: ALL CHECKS PASSED']) expect(out).toContain(ok);
      expect(out).not.toMatch(/FAILED/);
      expect((out.match(/Verification: OK/g) ?? []).length).toBeGreaterThanOrEqual(2);
      const fps = [...out.matchAll(/sha256 Fingerprint=([0-9A-F:]+)/g)].map((m) => m[1]);
      expect(new Set(fps).size).toBe(1); // the WACZ root is the root pinned in section 0
      expect(sh('node verify.mjs .', pkg).status, steps.at(-1)!.out).toBe(0);
      expect(sh('python3 verify.py', pkg).status, steps.at(-1)!.out).toBe(0);
    } finally {
      const keep = process.env.WACZ_WALKTHROUGH_OUT;
      if (keep) {
        const trim = (s: string) => (s.split('\n').length > 40 ? [...s.split('\n').slice(0, 30), `… (${s.split('\n').length - 36} lines)`, ...s.split('\n').slice(-6)].join('\n') : s);
        fs.writeFileSync(keep, steps.map((x) => `\`\`\`console\n$ ${x.cmd.trimEnd()}\n${trim(x.out).trimEnd()}\n# exit ${x.status}\n\`\`\``).join('\n\n') + '\n');
    }
    }
  });

  it('the WACZ is in the package and every check passes, the wacz check included', async () => {
    expect(waczName).toMatch(/^网页取证-127\.0\.0\.1-\d{14}\.wacz$/);
    expect(wacz.every((m) => m.stored)).toBe(true);
    const r = await verifyPackage(bytesSource(zip));
    expect(failed(r), JSON.stringify(r.checks.filter((c) => c.status === 'fail'))).toEqual([]);
    expect(waczCheck(r)?.status).toBe('pass');
    const text = linesOf(r);
    expect(text).toMatch(/resources checked/);
    expect(text).toMatch(/signature valid/);
    expect(text).toMatch(/Cunzheng WACZ Signing/);
    expect(text).toMatch(/genTime/);
    expect(text).toMatch(/main response/);
  });

  it('the signing certificate is published, issued by the pinned root, for the key in the WACZ', async () => {
    const pem = (await h.app.inject({ method: 'GET', url: '/api/trust/wacz-signing.pem' })).body;
    const digest = JSON.parse(wacz.find((m) => m.name === 'datapackage-digest.json')!.data.toString('utf8'));
    expect(digest.signedData.crossSignedCert).toBe(pem);
    const certs = pem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----\n/g)!;
    expect(certs).toHaveLength(2);
    const leaf = new crypto.X509Certificate(certs[0]!);
    const root = new crypto.X509Certificate(certs[1]!);
    expect(leaf.verify(root.publicKey)).toBe(true);
    expect(leaf.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(digest.signedData.publicKey);
    expect(root.fingerprint256).toBe(await h.services.trust.rootFingerprint());
    // Same bytes after a restart of the service (cached in DATA_DIR).
    expect((await h.app.inject({ method: 'GET', url: '/api/trust/wacz-signing.pem' })).body).toBe(pem);
    // openssl agrees with the chain.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-waczcert-'));
    try {
        fs.writeFileSync(path.join(dir, 'leaf.pem'), certs[0]!);
        fs.writeFileSync(path.join(dir, 'root.pem'), certs[1]!);
        expect(execFileSync('openssl', ['verify', '-CAfile', path.join(dir, 'root.pem'), path.join(dir, 'leaf.pem')]).toString()).toMatch(/OK/);
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a changed byte of a WACZ member fails that resource hash', async () => {
    const r = await withWaczMember('capture/screenshot.png', (b) => {
      const c = Buffer.from(b);
      c[c.length - 20] = c[c.length - 20]! ^ 1;
      return c;
    });
    expect(failed(r)).toContain('wacz');
    expect(linesOf(r)).toMatch(/capture\/screenshot\.png.*SHA-256/);
  });

  it('a changed byte of the raw WACZ fails the evidence hash and the wacz check', async () => {
    const raw = Buffer.from(members.find((m) => m.name === waczName)!.data);
    raw[200] = raw[200]! ^ 1;
    const r = await verifyPackage(bytesSource(await rezip(replaceMember(members, waczName, raw))));
    expect(failed(r)).toEqual(expect.arrayContaining(['file', 'wacz']));
  });

  it('datapackage.json changed (resource list edited) fails the datapackage-digest hash', async () => {
    const r = await withWaczMember('datapackage.json', (b) => Buffer.from(b.toString('utf8').replace('"title": "', '"title": "X')));
    expect(linesOf(r)).toMatch(/datapackage-digest/);
  });

  it('a changed signature, a certificate of another key, a foreign token each fail with their reason', async () => {
    const edit = (f: (d: any) => void) => (b: Buffer) => {
      const d = JSON.parse(b.toString('utf8'));
      f(d);
      return Buffer.from(JSON.stringify(d, null, 2));
    };
    const sig = await withWaczMember('datapackage-digest.json', edit((d) => (d.signedData.signature = Buffer.from(crypto.randomBytes(96)).toString('base64'))));
    expect(linesOf(sig)).toMatch(/signature is invalid/);
    const other = crypto.generateKeyPairSync('ec', { namedCurve: 'P-384' }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const cert = await withWaczMember('datapackage-digest.json', edit((d) => (d.signedData.publicKey = other)));
    expect(linesOf(cert)).toMatch(/certificate is for another key/);
    const tok = await withWaczMember('datapackage-digest.json', edit((d) => {
      const t = Buffer.from(d.timeStampToken, 'base64');
      t[t.length - 10] = t[t.length - 10]! ^ 1;
      d.timeStampToken = t.toString('base64');
    }));
    expect(linesOf(tok)).toMatch(/time-stamp token/);
    const noTok = await withWaczMember('datapackage-digest.json', edit((d) => delete d.timeStampToken));
    expect(waczCheck(noTok)?.status, linesOf(noTok)).toBe('warn');
  });

  it('provenance that does not describe the main response fails with that reason (also when re-listed in datapackage.json)', async () => {
    const prov = wacz.find((m) => m.name === 'capture/provenance.json')!;
    const changed = Buffer.from(prov.data.toString('utf8').replace(/"statusCode": 200/, '"statusCode": 404'));
    expect(changed.equals(prov.data)).toBe(false);
    const dp = JSON.parse(wacz.find((m) => m.name === 'datapackage.json')!.data.toString('utf8'));
    for (const r of dp.resources) if (r.path === 'capture/provenance.json') Object.assign(r, { hash: `sha256:${sha(changed)}`, bytes: changed.length });
    const relisted = wacz.map((m) => (m.name === 'capture/provenance.json' ? { ...m, data: changed } : m.name === 'datapackage.json' ? { ...m, data: Buffer.from(JSON.stringify(dp, null, 2)) } : m));
    const r = await verifyPackage(bytesSource(await rezip(replaceMember(members, waczName, await rezip(relisted)))));
    const text = linesOf(r);
    expect(text).toMatch(/the status 404 in provenance\.json differs from the main response status 200/);
    expect(text).not.toMatch(/capture\/provenance\.json does not match/);
    // …and the edited datapackage.json no longer matches the signed digest.
    expect(text).toMatch(/datapackage-digest/);
  });
  it('a process-recording WACZ (process/provenance.json, first address without a response of its own) verifies; an anonymous signature warns', async () => {
    const work = fs.mkdtempSync(path.join(dir, 'proc-'));
    const get = (n: string) => wacz.find((m) => m.name === n)!.data;
    fs.writeFileSync(path.join(work, 'data.warc.gz'), get('archive/data.warc.gz'));
    const web = JSON.parse(get('capture/provenance.json').toString('utf8'));
    const pack = (mainPageUrl: string) => packWacz({
      dir: work, fileName: `p-${crypto.randomUUID()}.wacz`, title: 't', description: 'd', created: new Date().toISOString(), date: new Date(), software: 'test', mainPageUrl, mainPageDate: new Date().toISOString(),
      items: [
        { path: 'archive/data.warc.gz', name: 'WARC', mime: 'application/warc', file: path.join(work, 'data.warc.gz') },
        { path: 'indexes/index.cdxj', name: 'CDXJ', mime: 'text/plain', data: get('indexes/index.cdxj') },
        { path: 'pages/pages.jsonl', name: 'pages', mime: 'application/x-ndjson', data: get('pages/pages.jsonl') },
        { path: 'process/provenance.json', name: 'p', mime: 'application/json', data: Buffer.from(JSON.stringify({ summary: {}, session: {}, requests: web.requests })) },
      ],
      signer: waczSigner(work, 'test', '0'), stamper: async (hex) => { const st = await h.services.trust.stamp(hex); return { token: st.token, genTime: st.genTime, tsaName: st.tsaName }; }, noStamperNote: '',
    });
    const chain = readPem(members.find((m) => m.name === MEMBERS.tsaChain)!.data.toString('utf8')).map(parseCertificate);
    const typed = await checkWacz(fs.readFileSync((await pack('http://typed.example/')).path), chain, null, undefined, '');
    expect(typed.status, JSON.stringify(typed)).toBe('warn');
    expect(typed.notes.map((n) => n.en).join('\n')).toMatch(/has no response of its own.*not checked/);
    expect(typed.notes.map((n) => n.en).join('\n')).toMatch(/carries no certificate/);
    const direct = await checkWacz(fs.readFileSync((await pack(web.finalUrl)).path), chain, null, undefined, '');
    expect(direct.status, JSON.stringify(direct)).toBe('warn');
    expect(direct.lines.map((n) => n.en).join('\n')).toMatch(/response headers \(wire order\) equal the WARC record/);
  });
});
