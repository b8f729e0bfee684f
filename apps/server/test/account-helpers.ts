/**
 * Test helpers of the account area (issue 5): an operator account created the way the CLI does, real PNG
 * files rendered with resvg, PNG chunk surgery (a valid file made large, a corrupted one), and an
 * independent PNG decoder (resvg) to read pixels and alpha of stored bytes.
 */
import zlib from 'node:zlib';
import { Resvg } from '@resvg/resvg-js';
import { client, freshMobile } from './client.ts';
import type { Harness } from './harness.ts';

/** Creates an operator like `npm run cli -- user:create --role operator` and logs in → API client. */
export async function makeOperator(h: Harness) {
  const mobile = freshMobile();
  const password = 'op123456';
  const u = await h.services.auth.createUser({ mobile, password, type: 1, name: '运营人员', company: '', role: 'operator', userStatus: 3 }, null, 'test');
  const r = await client(h).post<{ token: string }>('/api/login', { mobile, password });
  if (r.code !== 200) throw new Error(`operator login: ${r.msg}`);
  return { userId: u.id, mobile, token: r.data.token, api: client(h, r.data.token) };
}

/** A real PNG rendered from SVG (transparent background unless the SVG paints one). */
export const pngFromSvg = (svg: string): Buffer => new Resvg(svg, { background: 'rgba(0,0,0,0)' }).render().asPng();

/** A w×h PNG with a transparent background and a red disc in the middle. */
export const transparentPng = (w: number, h: number): Buffer =>
  pngFromSvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><circle cx="${w / 2}" cy="${h / 2}" r="${Math.min(w, h) / 3}" fill="#d81e06"/></svg>`);

/** Inserts an ancillary chunk (valid CRC) right before IEND: the PNG stays valid and grows. */
export function withChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const iend = png.length - 12;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(td) >>> 0);
  return Buffer.concat([png.subarray(0, iend), len, td, crc, png.subarray(iend)]);
}

/** Decodes a PNG with resvg (independent of the server's checker) → RGBA pixels. */
export function decodePng(png: Buffer, w: number, h: number): { pixels: Buffer; at: (x: number, y: number) => [number, number, number, number] } {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}"><image width="${w}" height="${h}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`;
  const pixels = Buffer.from(new Resvg(svg, { background: 'rgba(0,0,0,0)' }).render().pixels);
  return {
    pixels,
    at: (x, y) => {
      const i = (y * w + x) * 4;
      return [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!, pixels[i + 3]!];
    },
  };
}

/** Width and height from a PNG's IHDR. */
export const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/**
 * A real 16×16 baseline JPEG (JFIF), 543 bytes — the `python.jpg` image of CPython's test suite — used to
 * check that a JPEG renamed to .png is refused.
 */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAAQABADASIAAhEBAxEB/8QAFgABAQEAAAAAAAAAAAAAAAAABwQF/8QAJBAAAQQBBAICAwAAAAAAAAAAAQIDBAYFBwgSExEiABQJMTL/xAAVAQEBAAAAAAAAAAAAAAAAAAAABv/EACMRAAECBQMFAAAAAAAAAAAAAAECEQMEBQYhABIxFRZhgeH/2gAMAwEAAhEDEQA/ABSm0mobc8HmExLUlRzzEWPkJWW+ulrsaUVAseUgslSlH9LKuPryIKuWPZdskzXmm3fX5m2nF4GlVxx/HOpx4ks51+MiU/Iaad7UcUo4tILoS4kqcWkezS0hO/HvuRp0rO6hWnWO1UisZVuFi4GFeyEpmGepa5S5SWVPuciFKRFLgSrwetnyPIB+Vb4N9mKhQMzo5po9XLdDs9d6ZVix2VEhiL9kuNPxw2gEKcDQ/rs8AuA8VAe0vdl7VOYn+27flGAUgmITjbhSmCg3BYlyeWDkMolvw4KOp1KM6iCNvngZHwetf//Z',
  'base64',
);
