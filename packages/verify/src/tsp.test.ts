/**
 * RFC 3161 verification against tokens issued by OpenSSL's own TSA (`openssl ts -reply`) with RSA and
 * ECDSA keys: valid tokens pass exactly when `openssl ts -verify` says OK; a wrong imprint, a TSA
 * certificate without critical timeStamping, a foreign root, a pinned root, the SHA-1 ESS v1 attribute
 * and every single-bit change of the response are reported.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseChain, verifyTimestamp } from './tsp.ts';
import { fingerprint, readPem } from './x509.ts';

const dirs: string[] = [];
const ossl = (cwd: string, ...args: string[]) => execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });

/** An OpenSSL test TSA in a temp folder: root CA (EC P-256) and TSA certificate (RSA or EC). */
function makeTsa(opts: { key: 'rsa' | 'ec'; eku?: string; ess?: 'sha256' | 'sha1'; name?: string }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-tsa-'));
  dirs.push(dir);
  ossl(dir, 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', 'root.key', '-out', 'root.pem', '-days', '3650', '-subj', `/CN=${opts.name ?? 'Test'} Root`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign');
  const keyArgs = opts.key === 'rsa' ? ['-newkey', 'rsa:2048'] : ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-384'];
  ossl(dir, 'req', '-new', ...keyArgs, '-nodes', '-keyout', 'tsa.key', '-out', 'tsa.csr', '-subj', '/CN=Test TSA');
  fs.writeFileSync(path.join(dir, 'tsa.ext'), `extendedKeyUsage=${opts.eku ?? 'critical,timeStamping'}\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\n`);
  ossl(dir, 'x509', '-req', '-in', 'tsa.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-out', 'tsa.pem', '-days', '3650', '-extfile', 'tsa.ext');
  fs.writeFileSync(path.join(dir, 'tsa.cnf'), `[ tsa ]\ndefault_tsa = t\n[ t ]\nserial = ./serial\nsigner_cert = ./tsa.pem\ncerts = ./tsa.pem\nsigner_key = ./tsa.key\nsigner_digest = sha256\ndefault_policy = 1.2.3.4.1\nother_policies = 1.2.3.4.5\ndigests = sha256\naccuracy = secs:1\ness_cert_id_alg = ${opts.ess ?? 'sha256'}\n`);
  fs.writeFileSync(path.join(dir, 'serial'), '01\n');
  fs.writeFileSync(path.join(dir, 'chain.pem'), fs.readFileSync(path.join(dir, 'tsa.pem'), 'utf8') + fs.readFileSync(path.join(dir, 'root.pem'), 'utf8'));
  return {
    dir,
    chain: () => parseChain(readPem(fs.readFileSync(path.join(dir, 'chain.pem'), 'utf8'))),
    /** Response over `data` (written to data.bin); `opensslOk` = what `openssl ts -verify` says. */
    stamp(data: Buffer) {
      fs.writeFileSync(path.join(dir, 'data.bin'), data);
      ossl(dir, 'ts', '-query', '-data', 'data.bin', '-sha256', '-cert', '-out', 'q.tsq');
      ossl(dir, 'ts', '-reply', '-config', 'tsa.cnf', '-queryfile', 'q.tsq', '-out', 'r.tsr');
      let opensslOk = true;
      try {
        ossl(dir, 'ts', '-verify', '-data', 'data.bin', '-in', 'r.tsr', '-CAfile', 'chain.pem');
      } catch {
        opensslOk = false;
      }
      return { tsr: fs.readFileSync(path.join(dir, 'r.tsr')), opensslOk };
    },
  };
}

const data = Buffer.from('劳动合同正文\n'.repeat(100));
const digest = crypto.createHash('sha256').update(data).digest();

describe('RFC 3161 verification (tokens from openssl ts -reply)', () => {
  let rsa: ReturnType<typeof makeTsa>;
  let ec: ReturnType<typeof makeTsa>;
  beforeAll(() => {
    rsa = makeTsa({ key: 'rsa' });
    ec = makeTsa({ key: 'ec', name: 'Other' });
  });
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('accepts valid RSA and ECDSA tokens, as openssl does, and reports genTime and the ESS v2 binding', async () => {
    for (const tsa of [rsa, ec]) {
      const { tsr, opensslOk } = tsa.stamp(data);
      expect(opensslOk).toBe(true);
      const r = await verifyTimestamp(tsr, { sha256: digest }, tsa.chain());
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
      expect(Math.abs(r.tst!.genTime.getTime() - Date.now())).toBeLessThan(60_000);
      expect(r.ess).toBe('signingCertificateV2');
      expect(r.tsaName).toBe('Test TSA');
    }
  });

  it('rejects a wrong imprint, a foreign chain, and a root that is not pinned', async () => {
    const { tsr } = rsa.stamp(data);
    const other = crypto.createHash('sha256').update('other').digest();
    expect((await verifyTimestamp(tsr, { sha256: other }, rsa.chain())).problems.map((p) => p.en)).toContain('the message imprint does not match the data');
    const foreign = await verifyTimestamp(tsr, { sha256: digest }, ec.chain());
    expect(foreign.ok).toBe(false);
    const rootFp = await fingerprint(rsa.chain()[1]!);
    expect((await verifyTimestamp(tsr, { sha256: digest }, rsa.chain(), [rootFp])).ok).toBe(true);
    expect((await verifyTimestamp(tsr, { sha256: digest }, rsa.chain(), ['00:11'])).ok).toBe(false);
    // The token without its response wrapper (what the database stores) verifies too.
    const inner = execFileSync('openssl', ['ts', '-reply', '-in', 'r.tsr', '-token_out', '-out', 'tok.der'], { cwd: rsa.dir, stdio: 'pipe' });
    void inner;
    expect((await verifyTimestamp(fs.readFileSync(path.join(rsa.dir, 'tok.der')), { sha256: digest }, rsa.chain())).ok).toBe(true);
  });

  it('rejects a TSA certificate whose extendedKeyUsage is not critical (openssl refuses to even sign with one)', async () => {
    const { tsr } = rsa.stamp(data);
    // Same key and issuer, extendedKeyUsage not critical.
    fs.writeFileSync(path.join(rsa.dir, 'weak.ext'), 'extendedKeyUsage=timeStamping\nbasicConstraints=CA:FALSE\n');
    ossl(rsa.dir, 'x509', '-req', '-in', 'tsa.csr', '-CA', 'root.pem', '-CAkey', 'root.key', '-CAcreateserial', '-out', 'weak.pem', '-days', '3650', '-extfile', 'weak.ext');
    const weak = parseChain(readPem(fs.readFileSync(path.join(rsa.dir, 'weak.pem'), 'utf8') + fs.readFileSync(path.join(rsa.dir, 'root.pem'), 'utf8')));
    const r = await verifyTimestamp(tsr, { sha256: digest }, weak);
    expect(r.ok).toBe(false);
    expect(r.problems.map((p) => p.en).join()).toContain('critical extendedKeyUsage');
  });

  it('notes a token that has only the SHA-1 signingCertificate (v1) attribute', async () => {
    const v1 = makeTsa({ key: 'ec', ess: 'sha1', name: 'V1' });
    const r = await verifyTimestamp(v1.stamp(data).tsr, { sha256: digest }, v1.chain());
    expect(r.ess).toContain('v1');
    expect(r.notes.map((n) => n.en).join()).toContain('signingCertificate (v1)');
  });

  it('catches every single-bit change of the response (never a false "valid")', async () => {
    const { tsr } = ec.stamp(data);
    const chain = ec.chain();
    const missed: number[] = [];
    for (let i = 0; i < tsr.length; i++) {
      const b = Buffer.from(tsr);
      b[i] = b[i]! ^ (1 << (i % 8));
      if ((await verifyTimestamp(b, { sha256: digest }, chain)).ok) missed.push(i);
    }
    expect(missed).toEqual([]);
  });
});
