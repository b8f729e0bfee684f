/**
 * A small, strict zip reader (PKWARE APPNOTE 6.3) for the packages this platform writes with
 * archiver: stored (method 0) and deflated (method 8) entries, data descriptors, UTF-8 names.
 * Random access through a `ByteSource`, so a 2 GiB evidence member is never held in memory; inflating
 * uses the standard `DecompressionStream('deflate-raw')` (browsers and Node 18+).
 *
 * Everything else is refused with a VerifyError (bilingual): ZIP64, encryption, other methods, multi-disk
 * archives, overlapping or out-of-bounds entries, duplicate or unsafe names, more than MAX_ENTRIES
 * entries, a local header that disagrees with the central directory, and on reading a CRC-32 or size
 * mismatch or a corrupt deflate stream. Nothing here can loop or allocate beyond the declared sizes.
 */
import { decodeUtf8 } from './bytes.ts';
import { fail, VerifyError } from './text.ts';

/** Random-access bytes: a file on disk, a browser File/Blob, or memory. */
export interface ByteSource {
  /** Total length in bytes. */
  readonly size: number;
  /** Reads exactly `length` bytes at `offset` (the caller keeps within `size`). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

/** One member of the archive as described by the central directory. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** Uncompressed size, bytes. */
  size: number;
  compressedSize: number;
  crc32: number;
  /** Offset of the compressed data. */
  dataOffset: number;
}

/** Most members a package may hold (it has about 12). */
export const MAX_ENTRIES = 64;
const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;

/** A ByteSource over bytes in memory. */
export function bytesSource(b: Uint8Array): ByteSource {
  return { size: b.length, read: async (o, n) => b.subarray(o, o + n) };
}

/** A ByteSource over a browser File or Blob. */
export function blobSource(blob: Blob): ByteSource {
  return { size: blob.size, read: async (o, n) => new Uint8Array(await blob.slice(o, o + n).arrayBuffer()) };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** Continues a CRC-32 (ISO-HDLC, as in zip) over `b`; start with 0. */
export function crc32(b: Uint8Array, crc = 0): number {
  let c = ~crc >>> 0;
  for (let i = 0; i < b.length; i++) c = CRC_TABLE[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}

const notZip = (zh: string, en: string): never => fail('zip', `不是有效的证据包（zip）：${zh}`, `not a valid package (zip): ${en}`);

async function readAt(src: ByteSource, offset: number, length: number): Promise<DataView> {
  if (offset < 0 || length < 0 || offset + length > src.size) notZip('数据越界（文件被截断？）', 'data out of bounds (truncated file?)');
  const b = await src.read(offset, length);
  if (b.length !== length) notZip('读取不完整', 'short read');
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

const bytesOf = (v: DataView, o: number, n: number) => new Uint8Array(v.buffer, v.byteOffset + o, n);

/** Names must be plain relative paths without '..', backslashes or control characters. */
function checkName(raw: Uint8Array): string {
  let name: string;
  try {
    name = decodeUtf8(raw);
  } catch {
    return notZip('成员文件名不是 UTF-8', 'member name is not UTF-8');
  }
  if (!name || name.length > 255 || name.startsWith('/') || name.endsWith('/') || /[\\\u0000-\u001f\u007f]/.test(name) || name.split('/').some((s) => s === '..' || s === '.' || s === '')) {
    notZip(`成员文件名不安全：${JSON.stringify(name)}`, `unsafe member name: ${JSON.stringify(name)}`);
  }
  return name;
}

/** Locates the end-of-central-directory record (its comment must run exactly to the end of the file). */
async function findEocd(src: ByteSource): Promise<{ pos: number; v: DataView }> {
  if (src.size < 22) notZip('文件太短', 'file too short');
  const tail = Math.min(src.size, 22 + 0xffff);
  const v = await readAt(src, src.size - tail, tail);
  for (let i = tail - 22; i >= 0; i--) {
    if (v.getUint32(i, true) === EOCD && v.getUint16(i + 20, true) === tail - i - 22) return { pos: src.size - tail + i, v: new DataView(v.buffer, v.byteOffset + i, 22) };
  }
  return notZip('找不到中央目录结尾记录（文件被截断？）', 'end of central directory not found (truncated file?)');
}

/**
 * Reads and validates the directory of the archive. Throws VerifyError('zip') for anything that is not a
 * well-formed archive of the supported kind. `maxEntries`: MAX_ENTRIES for packages, more for a WACZ.
 */
export async function readZip(src: ByteSource, maxEntries = MAX_ENTRIES): Promise<ZipEntry[]> {
  const { pos, v } = await findEocd(src);
  const disk = v.getUint16(4, true), cdDisk = v.getUint16(6, true), onDisk = v.getUint16(8, true), total = v.getUint16(10, true);
  const cdSize = v.getUint32(12, true), cdOffset = v.getUint32(16, true);
  if (total === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) notZip('不支持 ZIP64', 'ZIP64 is not supported');
  if (disk !== 0 || cdDisk !== 0 || onDisk !== total) notZip('不支持分卷压缩', 'multi-disk archives are not supported');
  if (total === 0) notZip('压缩包是空的', 'the archive is empty');
  if (total > maxEntries) notZip(`成员过多（${total}）`, `too many members (${total})`);
  if (cdOffset + cdSize !== pos) notZip('中央目录位置不一致', 'central directory position is inconsistent');
  const cd = await readAt(src, cdOffset, cdSize);
  const entries: Array<ZipEntry & { header: number }> = [];
  const names = new Set<string>();
  let p = 0;
  for (let i = 0; i < total; i++) {
    if (p + 46 > cdSize || cd.getUint32(p, true) !== CEN) notZip('中央目录记录损坏', 'corrupt central directory record');
    const flags = cd.getUint16(p + 8, true), method = cd.getUint16(p + 10, true);
    const crc = cd.getUint32(p + 16, true), csize = cd.getUint32(p + 20, true), usize = cd.getUint32(p + 24, true);
    const nlen = cd.getUint16(p + 28, true), xlen = cd.getUint16(p + 30, true), clen = cd.getUint16(p + 32, true);
    const header = cd.getUint32(p + 42, true);
    if (p + 46 + nlen + xlen + clen > cdSize) notZip('中央目录记录越界', 'central directory record out of bounds');
    if (flags & 0x0001 || flags & 0x0040) notZip('不支持加密的成员', 'encrypted members are not supported');
    if (method !== 0 && method !== 8) notZip(`不支持的压缩方法 ${method}`, `unsupported compression method ${method}`);
    if (csize === 0xffffffff || usize === 0xffffffff || header === 0xffffffff) notZip('不支持 ZIP64', 'ZIP64 is not supported');
    if (method === 0 && csize !== usize) notZip('未压缩成员的大小不一致', 'stored member sizes disagree');
    const nameRaw = bytesOf(cd, p + 46, nlen);
    const name = checkName(nameRaw);
    const key = name.toLowerCase();
    if (names.has(key)) notZip(`成员重名：${name}`, `duplicate member: ${name}`);
    names.add(key);
    // Local header: same name and method; with no data descriptor, same CRC and sizes.
    const lh = await readAt(src, header, 30);
    if (lh.getUint32(0, true) !== LOC) notZip(`成员 ${name} 的本地文件头损坏`, `corrupt local header of ${name}`);
    const lflags = lh.getUint16(6, true), lmethod = lh.getUint16(8, true);
    const lnlen = lh.getUint16(26, true), lxlen = lh.getUint16(28, true);
    const lname = bytesOf(await readAt(src, header + 30, lnlen), 0, lnlen);
    if (lmethod !== method || lnlen !== nlen || !lname.every((b, j) => b === nameRaw[j]) || (lflags & 0x0001) !== 0) {
      notZip(`成员 ${name} 的本地文件头与中央目录不一致`, `local header of ${name} disagrees with the central directory`);
    }
    if (!(lflags & 0x0008) && (lh.getUint32(14, true) !== crc || lh.getUint32(18, true) !== csize || lh.getUint32(22, true) !== usize)) {
      notZip(`成员 ${name} 的本地文件头与中央目录不一致`, `local header of ${name} disagrees with the central directory`);
    }
    const dataOffset = header + 30 + lnlen + lxlen;
    if (dataOffset + csize > cdOffset) notZip(`成员 ${name} 越界`, `member ${name} out of bounds`);
    entries.push({ name, method: method as 0 | 8, size: usize, compressedSize: csize, crc32: crc, dataOffset, header });
    p += 46 + nlen + xlen + clen;
  }
  if (p !== cdSize) notZip('中央目录长度不一致', 'central directory length is inconsistent');
  const sorted = [...entries].sort((a, b) => a.header - b.header);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.header < sorted[i - 1]!.dataOffset + sorted[i - 1]!.compressedSize) notZip('成员数据相互重叠', 'members overlap');
  }
  return entries.map(({ header: _h, ...e }) => e);
}

const corrupt = (name: string, zh: string, en: string): never => fail('zip', `成员 ${name} 已损坏：${zh}`, `member ${name} is corrupt: ${en}`);

/**
 * Yields the uncompressed bytes of `entry` in chunks of at most ~`chunkSize`, checking at the end that
 * the size and CRC-32 equal the directory's. Throws VerifyError('zip') on a corrupt member.
 */
export async function* entryChunks(src: ByteSource, entry: ZipEntry, chunkSize = 1 << 20): AsyncGenerator<Uint8Array> {
  let offset = entry.dataOffset;
  const end = entry.dataOffset + entry.compressedSize;
  let crc = 0;
  let produced = 0;
  const account = (c: Uint8Array) => {
    produced += c.length;
    if (produced > entry.size) corrupt(entry.name, '解压后大小超过声明', 'inflates beyond its declared size');
    crc = crc32(c, crc);
  };
  if (entry.method === 0) {
    while (offset < end) {
      const n = Math.min(chunkSize, end - offset);
      const c = await src.read(offset, n);
      if (c.length !== n) corrupt(entry.name, '读取不完整', 'short read');
      offset += n;
      account(c);
      yield c;
    }
  } else {
    const compressed = new ReadableStream<Uint8Array<ArrayBuffer>>({
      async pull(ctl) {
        if (offset >= end) return ctl.close();
        const n = Math.min(chunkSize, end - offset);
        const c = await src.read(offset, n);
        offset += n;
        ctl.enqueue(new Uint8Array(c));
      },
    });
    const reader = compressed.pipeThrough(new DecompressionStream('deflate-raw')).getReader();
    try {
      for (;;) {
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch {
          return corrupt(entry.name, '压缩数据无法解压', 'the deflate stream is invalid');
        }
        if (r.done) break;
        account(r.value);
        yield r.value;
      }
    } finally {
      reader.releaseLock();
    }
  }
  if (produced !== entry.size) corrupt(entry.name, '解压后大小与声明不符', 'inflated size differs from the declared size');
  if (crc !== entry.crc32) corrupt(entry.name, 'CRC-32 校验值不符', 'CRC-32 mismatch');
}

/**
 * Reads a whole member into memory after checking its declared size is at most `maxSize`.
 * Throws VerifyError('zip' | 'member-too-large').
 */
export async function readEntry(src: ByteSource, entry: ZipEntry, maxSize: number): Promise<Uint8Array> {
  if (entry.size > maxSize) throw new VerifyError('member-too-large', { zh: `成员 ${entry.name} 过大（${entry.size} 字节）`, en: `member ${entry.name} is too large (${entry.size} bytes)` });
  const out = new Uint8Array(entry.size);
  let o = 0;
  for await (const c of entryChunks(src, entry)) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}
