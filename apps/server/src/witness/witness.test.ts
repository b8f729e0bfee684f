/**
 * The witness (C2SP tlog-witness + cosignature/v1; issue 10 §2).
 * 1. In-process, driven by the public RFC 6962 consistency test vectors (testdata/rfc6962, from
 *    transparency-dev/merkle): a valid proof between two checkpoints is cosigned, every vector that must
 *    fail is refused with 422 and leaves the witness's state unchanged; the protocol's other answers
 *    (404 unknown log, 403 bad signature, 409 with text/x.tlog.size, 400) and that the cosignature line
 *    verifies with the contract's independent WebCrypto verifier.
 * 2. End to end: the server with two witnesses run as real processes (`scripts/witness.ts`, each its own
 *    data dir and key); one of them has seen a fork of the log and must refuse; the served checkpoint is
 *    cosigned by the honest one and verifies under a witness policy, in the API and in an evidence
 *    package (verifier library and CLI), and fails a policy that needs the refusing witness.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWitnessPolicy, parseWitnessKey, verifyCosignature } from '@cunzheng/contract/ledger/index';
import { loadVectors, type ConsistencyVector } from '@cunzheng/contract/ledger/vectors.test-util';
import { bytesSource, verifyPackage } from '@cunzheng/verify';
import { registerUser } from '../../test/client.ts';
import { makeHarness, type Harness } from '../../test/harness.ts';
import { noteSigner } from '../modules/ledger/note.ts';
import { runCli, ROOT } from '../modules/package/package.test-util.ts';
import { cosigner } from './cosigner.ts';
import { signCheckpoint, witness } from './witness.ts';

const ORIGIN = 'witness-test.example/log';
const request = (old: number, proof: Buffer[], note: string) => `old ${old}\n${proof.map((p) => `${p.toString('base64')}\n`).join('')}\n${note}`;

describe('witness protocol (in-process, RFC 6962 vectors)', () => {
  const logSeed = crypto.randomBytes(32);
  const logKey = noteSigner(ORIGIN, logSeed).verifierKey;
  const dirs: string[] = [];
  const fresh = (now?: () => number) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-witness-'));
    dirs.push(dir);
    return witness({ name: 'w.test/one', dataDir: dir, logs: [logKey], ...(now ? { now } : {}) });
  };
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  const vectors = loadVectors<ConsistencyVector>('consistency').filter((v) => v.size1 > 0 && v.size1 < v.size2);

  it('cosigns along every valid vector and refuses every tampered one (422; 400 for a non-hash line), state unchanged', async () => {
    const good = vectors.filter((v) => !v.wantErr);
    const bad = vectors.filter((v) => v.wantErr && v.proof);
    let refused = 0;
    expect(good.length).toBeGreaterThan(0);
    expect(bad.length).toBeGreaterThan(10);
    for (const v of [...good, ...bad]) {
      const w = fresh();
      const first = signCheckpoint(ORIGIN, logSeed, v.size1, Buffer.from(v.root1, 'base64'));
      const badRoot = [v.root1, v.root2].some((r) => Buffer.from(r, 'base64').length !== 32);
      if (badRoot) {
        // A root that is not a 32-byte hash makes a malformed checkpoint: refused before any proof is looked at.
        expect(v.wantErr).toBe(true);
        const r1 = await w.addCheckpoint(request(0, [], first));
        if (Buffer.from(v.root1, 'base64').length !== 32) expect(r1.status, v.file).toBe(400);
        else expect((await w.addCheckpoint(request(v.size1, [], signCheckpoint(ORIGIN, logSeed, v.size2, Buffer.from(v.root2, 'base64'))))).status, v.file).toBe(400);
        continue;
      }
      expect((await w.addCheckpoint(request(0, [], first))).status, v.file).toBe(200);
      const second = signCheckpoint(ORIGIN, logSeed, v.size2, Buffer.from(v.root2, 'base64'));
      const r = await w.addCheckpoint(request(v.size1, (v.proof ?? []).map((p) => Buffer.from(p, 'base64')), second));
      if (v.wantErr) {
        // A tampered hash is a failed proof (422); a proof line that is not a 32-byte hash is a malformed request (400).
        expect([400, 422], v.file).toContain(r.status);
        refused += 1;
        if (r.status === 400) expect(v.proof!.some((p) => Buffer.from(p, 'base64').length !== 32), v.file).toBe(true);
        expect(w.stateOf(ORIGIN)).toMatchObject({ size: v.size1, root: v.root1 });
      } else {
        expect(r.status, v.file).toBe(200);
        expect(w.stateOf(ORIGIN)).toMatchObject({ size: v.size2, root: v.root2 });
        const t = await verifyCosignature(`${second}${r.body}`, await parseWitnessKey(w.verifierKey));
        expect(t, v.file).not.toBeNull();
      }
    }
    expect(refused).toBeGreaterThan(10);
  });

  it('answers the protocol: 409 with its size, 404, 403, 400; the cosignature binds its time', async () => {
    const w = fresh(() => 1_790_000_000);
    const root3 = crypto.randomBytes(32);
    const cp3 = signCheckpoint(ORIGIN, logSeed, 3, root3);
    const ok = await w.addCheckpoint(request(0, [], cp3));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatch(/^\u2014 w\.test\/one [A-Za-z0-9+/]+=*\n$/);
    const key = await parseWitnessKey(w.verifierKey);
    expect(await verifyCosignature(`${cp3}${ok.body}`, key)).toBe(1_790_000_000);
    // The same line over another checkpoint does not verify.
    expect(await verifyCosignature(`${signCheckpoint(ORIGIN, logSeed, 3, crypto.randomBytes(32))}${ok.body}`, key)).toBeNull();

    const stale = await w.addCheckpoint(request(0, [], signCheckpoint(ORIGIN, logSeed, 5, crypto.randomBytes(32))));
    expect(stale).toMatchObject({ status: 409, type: 'text/x.tlog.size', body: '3\n' });
    const sameSizeOtherRoot = await w.addCheckpoint(request(3, [], signCheckpoint(ORIGIN, logSeed, 3, crypto.randomBytes(32))));
    expect(sameSizeOtherRoot.status).toBe(409);
    expect((await w.addCheckpoint(request(3, [], cp3))).status).toBe(200);
    expect((await w.addCheckpoint(request(0, [], signCheckpoint('other.example/log', logSeed, 1, root3)))).status).toBe(404);
    expect((await w.addCheckpoint(request(0, [], signCheckpoint(ORIGIN, crypto.randomBytes(32), 9, root3)))).status).toBe(403);
    expect((await w.addCheckpoint(request(9, [], signCheckpoint(ORIGIN, logSeed, 4, root3)))).status).toBe(400);
    expect((await w.addCheckpoint('old x\n\n' + cp3)).status).toBe(400);
    expect((await w.addCheckpoint('garbage')).status).toBe(400);
    expect(w.stateOf(ORIGIN)).toMatchObject({ size: 3, root: root3.toString('base64') });
  });

  it('the cosigner key id uses algorithm byte 0x04, distinct from the log key id of the same seed', () => {
    const seed = crypto.randomBytes(32);
    expect(cosigner('same/name', seed).keyId.equals(noteSigner('same/name', seed).keyId)).toBe(false);
  });
});

/** Starts `node scripts/witness.ts` as a real process; resolves with its port and key once it listens. */
function startWitness(env: Record<string, string>): Promise<{ proc: ChildProcess; port: number; key: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [path.join(ROOT, 'apps/server/scripts/witness.ts')], { env: { ...process.env, WITNESS_PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`witness did not start: ${out}`)), 20_000);
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const port = /listening on [^:]+:(\d+)/.exec(out)?.[1];
      const key = /verifier key: (\S+)/.exec(out)?.[1];
      if (port && key) {
        clearTimeout(timer);
        resolve({ proc, port: Number(port), key });
      }
    });
    proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    proc.on('exit', (code) => reject(new Error(`witness exited ${code}: ${out}`)));
  });
}

describe('server with two witness processes, one of which saw a fork', () => {
  const logSeed = crypto.randomBytes(32);
  const logKey = noteSigner(ORIGIN, logSeed).verifierKey;
  let h: Harness;
  let honest: Awaited<ReturnType<typeof startWitness>>;
  let forked: Awaited<ReturnType<typeof startWitness>>;
  const dirs: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) dirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'cz-witness-proc-')));
    honest = await startWitness({ WITNESS_NAME: 'honest.example/w', WITNESS_DATA_DIR: dirs[0]!, WITNESS_LOGS: logKey });
    forked = await startWitness({ WITNESS_NAME: 'forked.example/w', WITNESS_DATA_DIR: dirs[1]!, WITNESS_LOGS: logKey });
    // The second witness is shown a split view first: a checkpoint of size 2 with another root, signed by the log key.
    const fork = await fetch(`http://127.0.0.1:${forked.port}/add-checkpoint`, { method: 'POST', body: request(0, [], signCheckpoint(ORIGIN, logSeed, 2, crypto.randomBytes(32))) });
    expect(fork.status).toBe(200);
    h = await makeHarness({
      LEDGER_ORIGIN: ORIGIN,
      LEDGER_SIGNING_KEY: logSeed.toString('base64'),
      LEDGER_WITNESSES: `${honest.key} http://127.0.0.1:${honest.port}; ${forked.key} http://127.0.0.1:${forked.port}`,
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    for (const w of [honest, forked]) w?.proc.kill('SIGTERM');
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('the honest witness cosigns, the forked one refuses (422); the served checkpoint verifies under a witness policy', async () => {
    const u = await registerUser(h, { name: '吴十' });
    const ups = [];
    for (let i = 0; i < 3; i++) ups.push((await u.api.upload(`见证${i}.txt`, Buffer.from(`witnessed deposit ${i}`), {})).data);
    await h.services.ledger.collectWitnesses();
    const status = await h.services.ledger.witnessStatus();
    const size = (await h.services.ledger.latestCheckpoint())!.size;
    expect(status.find((s) => s.name === 'honest.example/w')).toMatchObject({ lastSize: size, error: '' });
    expect(status.find((s) => s.name === 'forked.example/w')!.error).toMatch(/^422 consistency proof does not verify/);
    const api = await h.app.inject({ method: 'GET', url: '/api/ledger/witnesses' });
    expect(api.json().data.list).toHaveLength(2);

    const note = (await h.app.inject({ method: 'GET', url: '/api/ledger/checkpoint' })).body;
    expect(note.split('\n').filter((l) => l.startsWith('\u2014 '))).toHaveLength(2); // the log's signature + one cosignature
    expect((await checkWitnessPolicy(note, { keys: [honest.key], quorum: 1 })).ok).toBe(true);
    const both = await checkWitnessPolicy(note, { keys: [honest.key, forked.key], quorum: 2 });
    expect(both).toMatchObject({ ok: false, missing: ['forked.example/w'] });

    // A later deposit: the honest witness follows with a consistency proof, the forked one keeps refusing.
    await u.api.upload('见证后.txt', Buffer.from('after'), {});
    await h.services.ledger.checkpointNow();
    await h.services.ledger.collectWitnesses();
    const later = await h.services.ledger.witnessStatus();
    expect(later.find((s) => s.name === 'honest.example/w')!.lastSize).toBe(size + 1);
    expect(later.find((s) => s.name === 'forked.example/w')!.lastSize).toBe(0);

    // The evidence package carries the cosigned checkpoint; the verifier applies a witness policy.
    const pkg = await h.app.inject({ method: 'GET', url: `/api/ledger/package?baoquan=${ups[0].baoquan}`, headers: { authorization: `Bearer ${u.token}` } });
    expect(pkg.statusCode).toBe(200);
    const okReport = await verifyPackage(bytesSource(pkg.rawPayload), { witnesses: { keys: [honest.key], quorum: 1 } });
    expect(okReport.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual([]);
    expect(okReport.checks.find((c) => c.id === 'checkpoint')!.lines.map((l) => l.en).join('\n')).toContain('witness honest.example/w cosigned');
    const strict = await verifyPackage(bytesSource(pkg.rawPayload), { witnesses: { keys: [honest.key, forked.key], quorum: 2 } });
    expect(strict.checks.filter((c) => c.status === 'fail').map((c) => c.id)).toEqual(['checkpoint']);

    const file = path.join(dirs[0]!, 'pkg.zip');
    fs.writeFileSync(file, pkg.rawPayload);
    expect((await runCli([file, '--witness', honest.key])).code).toBe(0);
    expect((await runCli([file, '--witness', honest.key, '--witness', forked.key])).code).toBe(1);
  });
});
