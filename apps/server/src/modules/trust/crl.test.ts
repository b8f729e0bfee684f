/**
 * The root CA's CRL at a stable URL (issue 10 §3): GET /api/trust/root.crl is a DER X.509 v2 CRL signed by
 * the root that OpenSSL verifies against /api/trust/root.pem, names the root as issuer, lists nothing and
 * is valid for 7 days.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from '../../../test/harness.ts';

describe('root CRL', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await makeHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  it('openssl crl verifies it with the published root; empty, 7 days', async () => {
    const r = await h.app.inject({ method: 'GET', url: '/api/trust/root.crl' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pkix-crl');
    const dir = fs.mkdtempSync(path.join(h.dataDir, 'crl-'));
    fs.writeFileSync(path.join(dir, 'root.crl'), r.rawPayload);
    fs.writeFileSync(path.join(dir, 'root.pem'), (await h.app.inject({ method: 'GET', url: '/api/trust/root.pem' })).body);
    const out = execFileSync('openssl', ['crl', '-inform', 'DER', '-in', 'root.crl', '-CAfile', 'root.pem', '-noout', '-text'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const err = execFileSync('bash', ['-c', 'openssl crl -inform DER -in root.crl -CAfile root.pem -noout 2>&1'], { cwd: dir, encoding: 'utf8' });
    expect(err).toContain('verify OK');
    expect(out).toContain('Issuer: C = CN');
    expect(out).toContain('CN = Cunzheng Root CA');
    expect(out).toContain('No Revoked Certificates.');
    expect(out).toContain('X509v3 CRL Number');
    const last = /Last Update: (.+)/.exec(out)![1]!;
    const next = /Next Update: (.+)/.exec(out)![1]!;
    expect((Date.parse(next) - Date.parse(last)) / 1000).toBe(7 * 24 * 3600);
    // Tampered: one flipped byte in the signature fails.
    const bad = Buffer.from(r.rawPayload);
    bad[bad.length - 3] = bad[bad.length - 3]! ^ 1;
    fs.writeFileSync(path.join(dir, 'bad.crl'), bad);
    expect(execFileSync('bash', ['-c', 'openssl crl -inform DER -in bad.crl -CAfile root.pem -noout 2>&1 || true'], { cwd: dir, encoding: 'utf8' })).not.toContain('verify OK');
  });
});
