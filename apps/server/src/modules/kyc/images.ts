/**
 * KYC image checks and watermarked previews (issue 14 §1, §2, §5; spec p2 §5): jpg/png/jpeg only, sniffed
 * from the bytes (the extension alone is not believed), size limits of the spec, and a PNG preview with a
 * tiled watermark naming the viewer and the time, rendered with resvg.
 */
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';
import { MSG } from '@cunzheng/contract/messages';
import { badRequest } from '../../platform/errors.ts';

/** Media type of an accepted image: PNG or JPEG. */
export type KycMime = 'image/png' | 'image/jpeg';

/** Width and height in pixels of a PNG (IHDR) or JPEG (first SOFn marker); null when unreadable. */
export function imageSize(buf: Buffer): { width: number; height: number } | null {
  if (buf.length > 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString('latin1', 12, 16) === 'IHDR') {
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (buf.length > 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let i = 2;
    while (i + 9 < buf.length) {
      if (buf[i] !== 0xff) return null;
      const marker = buf[i + 1]!;
      const len = buf.readUInt16BE(i + 2);
      // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC).
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: buf.readUInt16BE(i + 5), width: buf.readUInt16BE(i + 7) };
      }
      i += 2 + len;
    }
  }
  return null;
}

/**
 * Checks one uploaded KYC image (spec p2 §5): the file name's extension must be png, jpg or jpeg and the
 * bytes must be a PNG or JPEG with readable dimensions, else 400 上传图片只能是png,jpg或JPEG格式!; larger than
 * `maxBytes` → 400 上传图片不能超多10M / 20M (`tooLargeMsg`). Returns the sniffed media type.
 */
export function checkKycImage(f: { filename: string; bytes: Buffer | null }, maxBytes: number, tooLargeMsg: string): KycMime {
  if (!/\.(png|jpe?g)$/i.test(f.filename)) throw badRequest(MSG.IMAGE_FORMAT);
  if (f.bytes === null || f.bytes.length > maxBytes) throw badRequest(tooLargeMsg);
  const b = f.bytes;
  const mime: KycMime | null = b.length > 8 && b.readUInt32BE(0) === 0x89504e47 ? 'image/png' : b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff ? 'image/jpeg' : null;
  if (!mime || !imageSize(b)) throw badRequest(MSG.IMAGE_FORMAT);
  return mime;
}

const FONT_CANDIDATES = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc'];
let fontFiles: string[] | undefined;
const fonts = (): string[] => (fontFiles ??= FONT_CANDIDATES.filter((f) => fs.existsSync(f)).slice(0, 1));
const esc = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Longest side of a preview, pixels. */
export const PREVIEW_MAX_SIDE = 1200;

/** Rendered watermark tiles by text (a page of images seen by one viewer in one minute shares its tile). */
const tiles = new Map<string, { png: Buffer; w: number; h: number }>();

/**
 * The watermark text rendered once as a transparent PNG tile (text layout with the CJK font costs ~0.3 s a
 * text element in resvg, so the text is drawn once and the tile repeated as a pattern).
 */
function watermarkTile(text: string, fontSize: number): { png: Buffer; w: number; h: number } {
  const key = `${fontSize}|${text}`;
  const hit = tiles.get(key);
  if (hit) return hit;
  const em = [...text].reduce((n, c) => n + (c.charCodeAt(0) < 0x2e80 ? 0.6 : 1), 0);
  const w = Math.ceil(em * fontSize + fontSize * 2);
  const h = Math.ceil(fontSize * 1.8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><text x="${fontSize}" y="${fontSize * 1.25}" fill="#d4380d" fill-opacity="0.45" font-size="${fontSize}" font-family="Noto Sans CJK SC">${esc(text)}</text></svg>`;
  const files = fonts();
  const png = new Resvg(svg, {
    background: 'rgba(0,0,0,0)',
    font: files.length ? { fontFiles: files, loadSystemFonts: false, defaultFontFamily: 'Noto Sans CJK SC' } : { loadSystemFonts: true },
  }).render().asPng();
  const tile = { png, w, h };
  if (tiles.size >= 50) tiles.delete(tiles.keys().next().value!);
  tiles.set(key, tile);
  return tile;
}

/**
 * A PNG preview of `bytes` (PNG or JPEG) at most PREVIEW_MAX_SIDE px on its longest side, with `text`
 * tiled diagonally over it in semi-transparent red (spec p2 §2 "image preview … optional watermark";
 * issue 14 §5 watermarked previews). The original bytes never leave the server.
 */
export function watermarkedPreview(bytes: Buffer, mime: KycMime, text: string): Buffer {
  const size = imageSize(bytes) ?? { width: 800, height: 600 };
  const scale = Math.min(1, PREVIEW_MAX_SIDE / Math.max(size.width, size.height));
  const w = Math.max(1, Math.round(size.width * scale));
  const h = Math.max(1, Math.round(size.height * scale));
  const fontSize = Math.max(14, Math.round(Math.min(w, h) / 22));
  const tile = watermarkTile(text, fontSize);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<defs><pattern id="wm" patternUnits="userSpaceOnUse" width="${tile.w + fontSize * 2}" height="${tile.h * 3}" patternTransform="rotate(-30)"><image width="${tile.w}" height="${tile.h}" xlink:href="data:image/png;base64,${tile.png.toString('base64')}"/></pattern></defs>
<image x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="none" xlink:href="data:${mime};base64,${bytes.toString('base64')}"/>
<rect x="0" y="0" width="${w}" height="${h}" fill="url(#wm)"/>
</svg>`;
  return new Resvg(svg, { background: '#ffffff', font: { loadSystemFonts: false } }).render().asPng();
}
