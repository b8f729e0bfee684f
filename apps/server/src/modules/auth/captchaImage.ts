/**
 * Raster image captcha (spec p2 §5 "Image captcha: 4 letters or digits"; issue 9 §3). The old SVG gave
 * each glyph away in its path data; this one is drawn from an SVG that never leaves the server and is
 * rasterised by resvg to a PNG: each glyph placed, rotated, skewed and scaled at random, the whole warped
 * by a turbulence displacement filter, crossed by noise curves and sprinkled with dots, so the only thing
 * the client gets is pixels. The font is svg-captcha's bundled Comismsh.ttf (no system font needed).
 */
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

/** Letters and digits without the ambiguous 0 o O 1 i I l L (answers are compared case-insensitively). */
export const CAPTCHA_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const W = 120;
const H = 40;
const FONT_FILE = path.join(path.dirname(createRequire(import.meta.url).resolve('svg-captcha/package.json')), 'fonts', 'Comismsh.ttf');

const rnd = (min: number, max: number) => min + (crypto.randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const color = (lo: number, hi: number) => `rgb(${Math.round(rnd(lo, hi))},${Math.round(rnd(lo, hi))},${Math.round(rnd(lo, hi))})`;

/** `n` random characters of CAPTCHA_ALPHABET. */
export function captchaText(n = 4): string {
  let s = '';
  for (let i = 0; i < n; i++) s += CAPTCHA_ALPHABET[crypto.randomInt(0, CAPTCHA_ALPHABET.length)];
  return s;
}

/** The server-side SVG of `text` (never sent to a client). */
function sceneSvg(text: string): string {
  const parts: string[] = [];
  const step = (W - 16) / text.length;
  // Noise curves under the glyphs.
  for (let i = 0; i < 2; i++) {
    parts.push(`<path d="M${rnd(0, 10)} ${rnd(5, H - 5)} C${rnd(20, 50)} ${rnd(0, H)},${rnd(60, 100)} ${rnd(0, H)},${W - rnd(0, 10)} ${rnd(5, H - 5)}" stroke="${color(80, 200)}" stroke-width="${rnd(0.8, 1.6).toFixed(2)}" fill="none"/>`);
  }
  [...text].forEach((ch, i) => {
    const ch2 = crypto.randomInt(0, 2) ? ch.toUpperCase() : ch;
    const x = 8 + step * i + rnd(2, step - 18);
    const y = rnd(30, 35);
    const t = `translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rnd(-28, 28).toFixed(1)}) skewX(${rnd(-15, 15).toFixed(1)}) scale(${rnd(0.85, 1.2).toFixed(2)})`;
    const c = color(20, 110);
    parts.push(`<text transform="${t}" font-family="Comicbook Smash" font-size="36" fill="${c}" stroke="${c}" stroke-width="1.2">${ch2}</text>`);
  });
  // Noise curves over the glyphs, then dots.
  for (let i = 0; i < 2; i++) {
    parts.push(`<path d="M0 ${rnd(8, H - 8)} Q${rnd(30, 90)} ${rnd(-10, H + 10)},${W} ${rnd(8, H - 8)}" stroke="${color(60, 160)}" stroke-width="1.4" fill="none"/>`);
  }
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${rnd(0, W).toFixed(1)}" cy="${rnd(0, H).toFixed(1)}" r="${rnd(0.4, 1.3).toFixed(2)}" fill="${color(40, 220)}"/>`);
  const seed = crypto.randomInt(0, 10_000);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<filter id="w" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${rnd(0.03, 0.05).toFixed(3)}" numOctaves="2" seed="${seed}" result="n"/>` +
    `<feDisplacementMap in="SourceGraphic" in2="n" scale="${rnd(5, 8).toFixed(1)}" xChannelSelector="R" yChannelSelector="G"/></filter>` +
    `<rect width="${W}" height="${H}" fill="${color(225, 250)}"/><g filter="url(#w)">${parts.join('')}</g></svg>`
  );
}

/** PNG bytes of a captcha showing `text` (120×40 at 2× density for sharp display on high-DPI screens). */
export function renderCaptchaPng(text: string): Buffer {
  const svg = sceneSvg(text);
  const r = new Resvg(svg, {
    fitTo: { mode: 'width', value: W * 2 },
    font: { fontFiles: [FONT_FILE], loadSystemFonts: false, defaultFontFamily: 'Comicbook Smash' },
  });
  return r.render().asPng();
}
