/**
 * Watermarked KYC image previews (issue 14 §5): time of one preview served by the vault's renderer
 * (`watermarkedPreview`: the watermark text drawn once as a tile, repeated as an SVG pattern) against a
 * baseline measured in the same run: the same image re-encoded to PNG by resvg with no watermark at all.
 * Prints the ratio (preview / bare re-encode). A 640×400 and a 1200×1600 ID photo; the first sample of each
 * (font loading) is reported apart. `node bench/kyc-preview.bench.ts`. Env: BENCH_KYC_SAMPLES (default 10).
 */
import { Resvg } from '@resvg/resvg-js';
import { watermarkedPreview } from '../apps/server/src/modules/kyc/images.ts';
import { f2 } from './lib.ts';

const SAMPLES = Number(process.env.BENCH_KYC_SAMPLES ?? 10);
const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const photo = (w: number, h: number) =>
  new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#e6f4ff"/><circle cx="${w * 0.7}" cy="${h / 2}" r="${h / 4}" fill="#91caff"/></svg>`).render().asPng();
const bare = (png: Buffer, w: number, h: number) =>
  new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${w}" height="${h}"><image width="${w}" height="${h}" xlink:href="data:image/png;base64,${png.toString('base64')}"/></svg>`, { font: { loadSystemFonts: false } }).render().asPng();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const [w, h] of [[640, 400], [1200, 1600]] as const) {
  const png = photo(w, h);
  let t = process.hrtime.bigint();
  watermarkedPreview(png, 'image/png', `仅供实名认证使用 用户0000 first`);
  const first = ms(t);
  const wm: number[] = [];
  const base: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    t = process.hrtime.bigint();
    // A new viewer label every sample: the tile is drawn each time (no cache hit).
    watermarkedPreview(png, 'image/png', `仅供实名认证使用 用户${1000 + i} 2026-11-24 16:${String(i).padStart(2, '0')}`);
    wm.push(ms(t));
    t = process.hrtime.bigint();
    bare(png, Math.min(w, 1200), Math.round(h * Math.min(1, 1200 / Math.max(w, h))));
    base.push(ms(t));
  }
  console.log(`${w}×${h}: preview median ${f2(median(wm))} ms (first ${f2(first)} ms), bare re-encode ${f2(median(base))} ms, ratio ${f2(median(wm) / median(base))}`);
}
