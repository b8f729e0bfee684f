/**
 * PNG check of uploaded stamps (issue 5 §4; DESIGN.md Security rules "images re-encoded or checked"):
 * the bytes must be a complete, decodable PNG — signature, IHDR first, every chunk CRC correct, IDAT data
 * that inflates to exactly the size the header announces with valid filter bytes, IEND last. The file is
 * stored unchanged (its transparency is kept), so nothing but a real PNG is ever served as image/png.
 */
import zlib from 'node:zlib';

export interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA. */
  colorType: number;
  /** True when the image can be transparent (alpha channel or tRNS chunk). */
  hasAlpha: boolean;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Channels per colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Allowed bit depths per colour type (PNG spec 11.2.2). */
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

/** CRC-32 of PNG chunks (ISO 3309, as zlib computes it). */
const crc32 = (buf: Buffer): number => zlib.crc32(buf) >>> 0;

/** True when the bytes start with the PNG signature (a cheap type check before the full one). */
export const looksLikePng = (buf: Buffer): boolean => buf.length >= 8 && buf.subarray(0, 8).equals(SIGNATURE);

/**
 * Parses and fully checks a PNG. Returns its info, or null when the bytes are not a valid PNG
 * (wrong signature, bad CRC, truncated or oversized data, unsupported interlace, bad filter type).
 * `maxSide` bounds width and height before anything is inflated (decompression-bomb guard).
 */
export function inspectPng(buf: Buffer, maxSide: number): PngInfo | null {
  if (!looksLikePng(buf)) return null;
  let off = 8;
  let info: PngInfo | null = null;
  let interlace = 0;
  const idat: Buffer[] = [];
  let ended = false;
  while (off + 12 <= buf.length) {
    const len = buf.readUInt32BE(off);
    if (len > 0x7fffffff || off + 12 + len > buf.length) return null;
    const type = buf.toString('latin1', off + 4, off + 8);
    const data = buf.subarray(off + 8, off + 8 + len);
    if (crc32(buf.subarray(off + 4, off + 8 + len)) !== buf.readUInt32BE(off + 8 + len)) return null;
    off += 12 + len;
    if (!info && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (info || len !== 13) return null;
      const width = data.readUInt32BE(0);
      const height = data.readUInt32BE(4);
      const bitDepth = data[8]!;
      const colorType = data[9]!;
      interlace = data[12]!;
      if (width < 1 || height < 1 || width > maxSide || height > maxSide) return null;
      if (!DEPTHS[colorType]?.includes(bitDepth) || data[10] !== 0 || data[11] !== 0 || interlace > 1) return null;
      info = { width, height, bitDepth, colorType, hasAlpha: colorType === 4 || colorType === 6 };
    } else if (type === 'tRNS') {
      info!.hasAlpha = true;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
  }
  if (!info || !ended || idat.length === 0) return null;
  const rowBytes = (w: number) => Math.ceil((w * CHANNELS[info!.colorType]! * info!.bitDepth) / 8);
  // Expected inflated size: non-interlaced rows, or the 7 Adam7 passes.
  let expected = 0;
  const rows: number[] = [];
  if (interlace === 0) {
    for (let y = 0; y < info.height; y++) rows.push(rowBytes(info.width));
  } else {
    const passes = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;
    for (const [x0, y0, dx, dy] of passes) {
      const pw = Math.ceil((info.width - x0) / dx);
      const ph = Math.ceil((info.height - y0) / dy);
      if (pw > 0) for (let y = 0; y < ph; y++) rows.push(rowBytes(pw));
    }
  }
  for (const r of rows) expected += 1 + r;
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return null;
  }
  if (raw.length !== expected) return null;
  // Every scanline starts with a filter type 0–4.
  let p = 0;
  for (const r of rows) {
    if (raw[p]! > 4) return null;
    p += 1 + r;
  }
  return info;
}
