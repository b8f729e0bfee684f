/**
 * The zip reader against archives written by other tools (Python's zipfile, archiver) and against
 * malformed input: truncations, random bytes, every structural trick it must refuse, and a fuzz run in
 * which every outcome must be either a correct read or a VerifyError — never another exception.
 */
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { VerifyError } from './text.ts';
import { blobSource, bytesSource, crc32, entryChunks, readEntry, readZip, type ByteSource } from './zip.ts';

/** Writes a zip with Python's zipfile: members (name, bytes, deflate?) in order. */
function pyZip(members: Array<[string, Buffer, boolean]>): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-zip-'));
  const spec = members.map(([name, data, deflate], i) => {
    fs.writeFileSync(path.join(dir, `m${i}`), data);
    return { name, file: path.join(dir, `m${i}`), deflate };
  });
  const out = path.join(dir, 'out.zip');
  execFileSync('python3', ['-c', `
import json, sys, zipfile
spec = json.loads(sys.argv[1])
with zipfile.ZipFile(sys.argv[2], 'w') as z:
    for m in spec:
        z.write(m['file'], m['name'], zipfile.ZIP_DEFLATED if m['deflate'] else zipfile.ZIP_STORED)
`, JSON.stringify(spec), out]);
  const b = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  return b;
}

/** All members read fully, or the VerifyError code; any other exception fails the test. */
async function outcome(src: ByteSource): Promise<string> {
  try {
    const entries = await readZip(src);
    for (const e of entries) await readEntry(src, e, 1 << 24);
    return 'ok';
  } catch (e) {
    if (e instanceof VerifyError) return e.code;
    throw e;
  }
}

const texts: Array<[string, Buffer, boolean]> = [
  ['VERIFY.md', Buffer.from('# 核验说明\n'.repeat(300)), true],
  ['合同 (1).txt', crypto.randomBytes(70_000), false],
  ['entry.json', Buffer.from('{"a":1}'), true],
  ['empty.bin', Buffer.alloc(0), true],
];

describe('zip reader', () => {
  it('reads stored and deflated members with UTF-8 names written by Python zipfile', async () => {
    const zip = pyZip(texts);
    const src = bytesSource(zip);
    const entries = await readZip(src);
    expect(entries.map((e) => [e.name, e.method])).toEqual([['VERIFY.md', 8], ['合同 (1).txt', 0], ['entry.json', 8], ['empty.bin', 8]]);
    for (const [i, e] of entries.entries()) expect(Buffer.from(await readEntry(src, e, 1 << 20)).equals(texts[i]![1])).toBe(true);
    // A Blob source (the browser's File) reads the same bytes.
    const viaBlob = blobSource(new Blob([new Uint8Array(zip)]));
    expect(Buffer.from(await readEntry(viaBlob, (await readZip(viaBlob))[1]!, 1 << 20)).equals(texts[1]![1])).toBe(true);
  });

  it('streams a large member in bounded chunks and checks its CRC-32', async () => {
    const big = crypto.randomBytes(3 << 20);
    const src = bytesSource(pyZip([['big.bin', big, true]]));
    const [e] = await readZip(src);
    let n = 0;
    let max = 0;
    for await (const c of entryChunks(src, e!, 1 << 18)) {
      n += c.length;
      max = Math.max(max, c.length);
    }
    expect(n).toBe(big.length);
    expect(max).toBeLessThanOrEqual(1 << 20);
    expect(crc32(big)).toBe(e!.crc32);
  });

  it('refuses a member larger than the cap before reading it', async () => {
    const src = bytesSource(pyZip([['a.txt', Buffer.alloc(5000, 1), true]]));
    await expect(readEntry(src, (await readZip(src))[0]!, 100)).rejects.toMatchObject({ code: 'member-too-large' });
  });

  it('gives a clear VerifyError for empty, random and every truncated prefix', async () => {
    const zip = pyZip(texts.slice(0, 3));
    expect(await outcome(bytesSource(new Uint8Array()))).toBe('zip');
    for (let i = 0; i < 20; i++) expect(await outcome(bytesSource(crypto.randomBytes(1 + crypto.randomInt(100_000))))).toBe('zip');
    for (let cut = 0; cut < zip.length; cut += 97) expect(await outcome(bytesSource(zip.subarray(0, cut)))).toBe('zip');
    expect(await outcome(bytesSource(zip.subarray(0, zip.length - 1)))).toBe('zip');
  });

  it('refuses corrupt data: a changed stored byte fails the CRC, a changed deflate byte fails inflate or CRC', async () => {
    const zip = pyZip(texts.slice(0, 2));
    const src = bytesSource(zip);
    const [md, bin] = await readZip(src);
    for (const e of [md!, bin!]) {
      const bad = Buffer.from(zip);
      const at = e.dataOffset + (e.compressedSize >> 1);
      bad[at] = bad[at]! ^ 0x10;
      const s = bytesSource(bad);
      await expect(readEntry(s, (await readZip(s)).find((x) => x.name === e.name)!, 1 << 20)).rejects.toBeInstanceOf(VerifyError);
    }
  });

  it('refuses structural tricks: unsafe or duplicate names, encryption, unknown method, ZIP64, bomb', async () => {
    const base = pyZip([['a.txt', Buffer.from('hello'), false]]);
    const patch = (f: (b: Buffer) => void) => {
      const b = Buffer.from(base);
      f(b);
      return b;
    };
    const cen = base.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const eocd = base.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    expect(await outcome(bytesSource(patch((b) => b.writeUInt16LE(b.readUInt16LE(cen + 8) | 1, cen + 8))))).toBe('zip'); // encrypted
    expect(await outcome(bytesSource(patch((b) => b.writeUInt16LE(12, cen + 10))))).toBe('zip'); // bzip2
    expect(await outcome(bytesSource(patch((b) => b.writeUInt32LE(0xffffffff, eocd + 16))))).toBe('zip'); // ZIP64 marker
    expect(await outcome(bytesSource(patch((b) => b.writeUInt16LE(1, eocd + 20))))).toBe('zip'); // comment length past the end
    expect(await outcome(bytesSource(patch((b) => b.writeUInt32LE(5000, cen + 42))))).toBe('zip'); // local header elsewhere
    // Unsafe names (same length as 'aaaa', patched into both headers: Python would normalise them).
    const named = pyZip([['aaaa', Buffer.from('x'), false]]);
    for (const name of ['../x', '/etc', 'a\\bc', 'a//b', 'dir/', 'a\u0000bc', './ab']) {
      const b = Buffer.from(named);
      for (let at = b.indexOf('aaaa'); at >= 0; at = b.indexOf('aaaa', at + 1)) b.write(name, at, 'latin1');
      expect(await outcome(bytesSource(b)), name).toBe('zip');
    }
    expect(await outcome(bytesSource(pyZip([['a.txt', Buffer.from('1'), false], ['A.TXT', Buffer.from('2'), false]])))).toBe('zip');
    // A deflate stream that inflates beyond the declared size.
    const bomb = Buffer.from(pyZip([['z.bin', Buffer.alloc(100_000), true]]));
    const c = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(1000, c + 24);
    expect(await outcome(bytesSource(bomb))).toBe('zip');
  });

  it('fuzz: 400 random single-byte changes anywhere give a correct read or a VerifyError, never another exception', async () => {
    const zip = pyZip([['VERIFY.md', Buffer.from('核验'.repeat(200)), true], ['f.bin', crypto.randomBytes(300), false]]);
    const seen = new Set<string>();
    for (let i = 0; i < 400; i++) {
      const b = Buffer.from(zip);
      const at = crypto.randomInt(b.length);
      b[at] = b[at]! ^ (1 << crypto.randomInt(8));
      seen.add(await outcome(bytesSource(b)));
    }
    expect([...seen].every((s) => s === 'ok' || s === 'zip' || s === 'member-too-large')).toBe(true);
  });

  it('computes the same CRC-32 as node:zlib', async () => {
    const data = Buffer.from('abc'.repeat(1000));
    expect(crc32(data)).toBe(zlib.crc32(data));
  });
});
