/**
 * Reads the central directory of a ZIP file (the WACZ) to find where each STORED entry's bytes start, so
 * single artefacts (the HTML snapshot, the screenshot) are served as byte ranges of the evidence blob
 * without unpacking it. Handles ZIP64 sizes and offsets; refuses anything it cannot parse.
 */
import fsp from 'node:fs/promises';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  size: number;
  /** Offset of the entry's data (after its local header). */
  dataOffset: number;
}

const u16 = (b: Buffer, o: number) => b.readUInt16LE(o);
const u32 = (b: Buffer, o: number) => b.readUInt32LE(o);
const u64 = (b: Buffer, o: number) => Number(b.readBigUInt64LE(o));

/** Every entry of the ZIP at `path`, in central-directory order. Throws on a malformed file. */
export async function readZipIndex(path: string): Promise<ZipEntry[]> {
  const fh = await fsp.open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLen = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw new Error('zip: no end of central directory');
    let count = u16(tail, eocd + 10);
    let cdSize = u32(tail, eocd + 12);
    let cdOffset = u32(tail, eocd + 16);
    if (cdOffset === 0xffffffff || count === 0xffff) {
      const loc = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]), eocd);
      if (loc < 0) throw new Error('zip: no zip64 locator');
      const rec = Buffer.alloc(56);
      await fh.read(rec, 0, 56, u64(tail, loc + 8));
      count = u64(rec, 32);
      cdSize = u64(rec, 40);
      cdOffset = u64(rec, 48);
    }
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    const out: ZipEntry[] = [];
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (u32(cd, p) !== 0x02014b50) throw new Error('zip: bad central directory');
      const method = u16(cd, p + 10);
      let compressedSize = u32(cd, p + 20);
      let fileSize = u32(cd, p + 24);
      const nameLen = u16(cd, p + 28);
      const extraLen = u16(cd, p + 30);
      const commentLen = u16(cd, p + 32);
      let lho = u32(cd, p + 42);
      const name = cd.subarray(p + 46, p + 46 + nameLen).toString('utf8');
      // ZIP64 extra field: the 0xffffffff fields appear in order size, compressed size, offset.
      let e = p + 46 + nameLen;
      const end = e + extraLen;
      while (e + 4 <= end) {
        const id = u16(cd, e);
        const len = u16(cd, e + 2);
        if (id === 0x0001) {
          let q = e + 4;
          if (fileSize === 0xffffffff) {
            fileSize = u64(cd, q);
            q += 8;
          }
          if (compressedSize === 0xffffffff) {
            compressedSize = u64(cd, q);
            q += 8;
          }
          if (lho === 0xffffffff) lho = u64(cd, q);
        }
        e += 4 + len;
      }
      const local = Buffer.alloc(30);
      await fh.read(local, 0, 30, lho);
      if (u32(local, 0) !== 0x04034b50) throw new Error('zip: bad local header');
      out.push({ name, method, compressedSize, size: fileSize, dataOffset: lho + 30 + u16(local, 26) + u16(local, 28) });
      p = end + commentLen;
    }
    return out;
  } finally {
    await fh.close();
  }
}
