/**
 * v2 ledger entries (issue 10 §3): the file's SM3 (GB/T 32905) beside SHA-256, recorded at deposit and
 * equal to what `openssl dgst -sm3` prints for the stored file; v1 entries stay valid; the two shapes
 * cannot be mixed.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEntry } from '@cunzheng/verify';
import { registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';
import { decodeEntry, encodeEntry } from './entry.ts';

const hex = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
const base = { baoquan: 'CZTEST', sha256: hex('f'), size: 1, kind: 'data', time: 1_790_000_000, owner: hex('o') };

describe('ledger entries v1 and v2', () => {
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
  });

  it('encodes v2 with sm3, v1 without; decode refuses mixed shapes; the verifier parses both', () => {
    const sm3 = crypto.createHash('sm3').update('f').digest('hex');
    const v2 = encodeEntry({ ...base, sm3 });
    expect(v2.toString()).toBe(`{"baoquan":"CZTEST","kind":"data","owner":"${base.owner}","sha256":"${base.sha256}","size":1,"sm3":"${sm3}","time":1790000000,"v":2}`);
    expect(decodeEntry(v2)).toMatchObject({ v: 2, sm3 });
    expect(decodeEntry(encodeEntry(base))).toMatchObject({ v: 1 });
    expect(() => decodeEntry(Buffer.from(v2.toString().replace('"v":2', '"v":1')))).toThrow();
    expect(() => decodeEntry(Buffer.from(encodeEntry(base).toString().replace('"v":1', '"v":2')))).toThrow();
    expect(() => encodeEntry({ ...base, sm3: 'xyz' })).toThrow(/sm3/);
    expect(parseEntry(v2)).toMatchObject({ v: 2, sm3 });
    expect(() => parseEntry(Buffer.from(v2.toString().replace('"v":2', '"v":1')))).toThrow();
  });

  it('a deposit records the SM3 that openssl dgst -sm3 computes for the file', async () => {
    h = await makeHarness();
    const u = await registerUser(h, { name: '陈三' });
    const content = Buffer.from('国密 SM3 摘要测试\n'.repeat(100));
    const up = await u.api.upload('sm3.txt', content);
    expect(up.code, up.msg).toBe(200);
    const entry = decodeEntry((await h.services.ledger.entryAt((await h.services.evidence.findByBaoquan(up.data.baoquan))!.ledgerIndex))!.leaf);
    const file = path.join(h.dataDir, 'sm3.txt');
    fs.writeFileSync(file, content);
    const out = execFileSync('openssl', ['dgst', '-sm3', file]).toString();
    expect(out.trim().endsWith(`= ${entry.sm3}`)).toBe(true);
  });
});
