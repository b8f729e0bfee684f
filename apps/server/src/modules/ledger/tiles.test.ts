/**
 * The mirrorable log (issue 10 §2): C2SP tlog-tiles served from the stored hashes of a running server
 * (real HTTP), and `ledger:monitor` following it — every checkpoint verified, every entry checked against
 * the hash tiles and folded into the monitor's own tree — and reporting a split view when a second log
 * signed with the same key shows another history. The tile path encoding follows the spec's examples.
 */
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { ROOT } from '../package/package.test-util.ts';
import { hashLeaf } from './merkle.ts';
import { ledgerMonitor, monitorCommand } from './monitor.ts';
import type { LedgerServiceImpl } from './service.ts';
import { parseTilePath, tilePath } from './tiles.ts';
import type { LedgerEntryInput } from './types.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const entry = (i: number, tag = 'a'): LedgerEntryInput => ({ baoquan: `M${tag}${String(i).padStart(8, '0')}`, sha256: hex(`${tag} ${i}`), size: i, kind: 'data', time: 1_790_000_000 + i, owner: hex('owner') });
const ORIGIN = 'tiles-test.example/log';

async function append(h: Harness, from: number, n: number, tag = 'a'): Promise<void> {
  const ledger = h.services.ledger as LedgerServiceImpl;
  await h.database.db.transaction((tx) => ledger.appendMany(tx, Array.from({ length: n }, (_, i) => ({ entry: entry(from + i, tag), evidenceId: null }))));
  await ledger.checkpointNow();
}

describe('tile paths', () => {
  it('encode and parse as in the tlog-tiles examples', () => {
    expect(tilePath(0)).toBe('000');
    expect(tilePath(67)).toBe('067');
    expect(tilePath(1234067)).toBe('x001/x234/067');
    expect(tilePath(1234067, 1)).toBe('x001/x234/067.p/1');
    expect(parseTilePath('x001/x234/067')).toEqual({ n: 1234067, width: 256 });
    expect(parseTilePath('001.p/44')).toEqual({ n: 1, width: 44 });
    for (const bad of ['1', '0001', 'x000/001', '001.p/256', '001.p/0', 'x1/001', '001/', '../001']) expect(parseTilePath(bad), bad).toBeNull();
  });
});

describe('tlog-tiles of a running server, followed by ledger:monitor', () => {
  const seed = crypto.randomBytes(32).toString('base64');
  let h: Harness;
  let fork: Harness;
  let url: string;
  let forkUrl: string;
  let key: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-tiles-'));

  beforeAll(async () => {
    h = await makeHarness({ LEDGER_ORIGIN: ORIGIN, LEDGER_SIGNING_KEY: seed });
    fork = await makeHarness({ LEDGER_ORIGIN: ORIGIN, LEDGER_SIGNING_KEY: seed });
    await append(h, 0, 300);
    url = `${await h.app.listen({ port: 0, host: '127.0.0.1' })}/log`;
    forkUrl = `${await fork.app.listen({ port: 0, host: '127.0.0.1' })}/log`;
    key = h.services.ledger.verifierKey();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await fork?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves hash tiles and entry bundles from the stored hashes; immutable caching; nothing beyond the checkpoint', async () => {
    const ledger = h.services.ledger as LedgerServiceImpl;
    const t0 = await fetch(`${url}/tile/0/000`);
    expect(t0.status).toBe(200);
    expect(t0.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const hashes = Buffer.from(await t0.arrayBuffer());
    expect(hashes.length).toBe(256 * 32);
    const e5 = (await ledger.entryAt(5))!;
    expect(hashes.subarray(5 * 32, 6 * 32).toString('hex')).toBe(e5.chainhash);
    expect(hashLeaf(e5.leaf).toString('hex')).toBe(e5.chainhash);

    const partial = Buffer.from(await (await fetch(`${url}/tile/0/001.p/44`)).arrayBuffer());
    expect(partial.length).toBe(44 * 32);
    // Level-1 tile (tree level 8): one complete node, the root of leaves [0, 256).
    const l1 = Buffer.from(await (await fetch(`${url}/tile/1/000.p/1`)).arrayBuffer());
    expect(l1.equals(await ledger.rootAt(256))).toBe(true);

    const bundle = Buffer.from(await (await fetch(`${url}/tile/entries/001.p/44`)).arrayBuffer());
    const first = bundle.subarray(2, 2 + bundle.readUInt16BE(0));
    expect(first.equals((await ledger.entryAt(256))!.leaf)).toBe(true);

    for (const p of ['tile/0/001', 'tile/0/001.p/45', 'tile/entries/002.p/1', 'tile/1/000', 'tile/9/000', 'tile/0/1']) expect((await fetch(`${url}/${p}`)).status, p).toBe(404);
    const cp = await fetch(`${url}/checkpoint`);
    expect(cp.headers.get('cache-control')).toBe('no-store');
    expect((await cp.text()).startsWith(`${ORIGIN}\n300\n`)).toBe(true);
  });

  it('the monitor verifies every checkpoint and entry as the log grows, and reports a split view', async () => {
    const m = ledgerMonitor({ url, key });
    const a = await m.step(null);
    expect(a.events).toEqual([expect.objectContaining({ kind: 'checkpoint', size: 300 })]);
    await append(h, 300, 20);
    const b = await m.step(a.state);
    expect(b.events).toEqual([expect.objectContaining({ kind: 'checkpoint', size: 320, message: 'checkpoint 320 verified: 20 new entries, consistent with 300' })]);
    expect((await m.step(b.state)).events).toEqual([]);

    // Another history under the same key: same first 300 entries, then different ones.
    await append(fork, 0, 300);
    await append(fork, 300, 25, 'b');
    const split = await ledgerMonitor({ url: forkUrl, key }).step(b.state);
    expect(split.events[0]).toMatchObject({ kind: 'split-view' });
    expect(split.events[0]!.message).toMatch(/^SPLIT VIEW/);
    expect(split.state).toBe(b.state);
    // A wrong pinned key is an error, not a pass.
    // Split as parseVerifierKey does (name+hash+base64): the key's base64 may itself hold or end in '+',
    // which made a replace of "the part after the last +" a no-op in 1 of 64 runs (the key stayed right).
    const [, keyName, keyHash] = /^([^+]+)\+([0-9a-fA-F]{8})\+/.exec(key)!;
    const wrongKey = `${keyName}+${keyHash}+${Buffer.concat([Buffer.of(1), crypto.randomBytes(32)]).toString('base64')}`;
    expect(wrongKey).not.toBe(key);
    const other = await ledgerMonitor({ url, key: wrongKey }).step(null);
    expect(other.events[0]!.kind).toBe('error');
  });

  it('npm run cli -- ledger:monitor: a real process follows the server once (exit 0), then alerts on the fork (exit 3)', async () => {
    const state = path.join(dir, 'monitor.json');
    // Asynchronous child: the server answering it runs in this process.
    const run = (u: string) => new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/cli.ts'), 'ledger:monitor', u, '--key', key, '--state', state, '--once']);
      let stdout = '';
      let stderr = '';
      p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('close', (code) => resolve({ status: code ?? -1, stdout, stderr }));
    });
    const ok = await run(url);
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/OK checkpoint \d+ verified/);
    expect(JSON.parse(fs.readFileSync(state, 'utf8'))).toMatchObject({ origin: ORIGIN, size: (await h.services.ledger.latestCheckpoint())!.size });
    const bad = await run(forkUrl);
    expect(bad.status).toBe(3);
    expect(bad.stdout).toContain('ALERT SPLIT VIEW');
    // In-process too (the same command function), with a usage error for a bad URL.
    const lines: string[] = [];
    expect(await monitorCommand(['not-a-url'], (l) => lines.push(l))).toBe(2);
  }, 180_000);
});
