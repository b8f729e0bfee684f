/**
 * Generated seals (issue 5 §4; spec p1 §2 签章管理): SVG built from escaped text, rendered server-side to a
 * transparent PNG with @resvg/resvg-js and the system CJK serif font (Noto Serif CJK Bold).
 * - Company seal 公章: a red ring, the company name arched along the top (characters upright towards the
 *   rim, evenly spaced, reading clockwise), a solid five-pointed star in the centre and an optional
 *   horizontal line under it (e.g. 合同专用章).
 * - Personal seal 私章: a red square border with the name in a 2×2 grid read in columns right to left
 *   (3 characters get 印 appended), or 2×1 (two tall characters) for two-character names.
 * A light paper-grain texture and a slightly irregular edge make the imprint look stamped.
 */
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

/** Seal red (close to the #d81e06 of Chinese official seals). */
export const SEAL_RED = '#d81e06';

/** Font files tried in order; the first that exists is used (install: apt-get install fonts-noto-cjk). */
const FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];
let fontFiles: string[] | undefined;
const fonts = (): string[] => (fontFiles ??= FONT_CANDIDATES.filter((f) => fs.existsSync(f)).slice(0, 1));
const FAMILY = "'Noto Serif CJK SC', 'Noto Sans CJK SC', serif";

/** XML-escapes text placed in the SVG. */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const f1 = (n: number) => Math.round(n * 100) / 100;

/**
 * A filter giving the imprint a stamped look: edges displaced by low-frequency noise (uneven ink) and
 * small speckles removed (paper grain). Deterministic for a given `seed`.
 */
const inkFilter = (seed: number) => `
  <filter id="ink" x="-5%" y="-5%" width="110%" height="110%">
    <feTurbulence type="fractalNoise" baseFrequency="0.035" numOctaves="2" seed="${seed}" result="warp"/>
    <feDisplacementMap in="SourceGraphic" in2="warp" scale="4" xChannelSelector="R" yChannelSelector="G" result="shaken"/>
    <feTurbulence type="fractalNoise" baseFrequency="0.25" numOctaves="2" seed="${seed + 7}" result="grain"/>
    <feColorMatrix in="grain" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  30 0 0 0 -8.4" result="holes"/>
    <feComposite in="shaken" in2="holes" operator="in"/>
  </filter>`;

/** Points of a five-pointed star centred at (cx, cy) with outer radius r, one point up. */
const starPoints = (cx: number, cy: number, r: number): string => {
  const pts: string[] = [];
  const inner = r * 0.382;
  for (let i = 0; i < 10; i++) {
    const rr = i % 2 === 0 ? r : inner;
    const a = (Math.PI / 5) * i - Math.PI / 2;
    pts.push(`${f1(cx + rr * Math.cos(a))},${f1(cy + rr * Math.sin(a))}`);
  }
  return pts.join(' ');
};

/** Seed derived from the text so the same seal text always gives the same texture. */
const seedOf = (s: string) => [...s].reduce((h, c) => (h * 31 + c.codePointAt(0)!) % 9973, 17);

/**
 * SVG of a round company seal (480×480 px): `name` around the top, star, optional `subText` under the
 * star. `name` 1–30 characters; longer names get smaller, narrower characters over a wider arc.
 */
export function companySealSvg(name: string, subText = ''): string {
  const S = 480;
  const c = S / 2;
  const ringR = 224;
  const ringW = 15;
  const chars = [...name];
  const n = chars.length;
  // Arc (first to last character centre), degrees: wide for long names, never past the lower corners.
  const maxSpan = n > 20 ? 270 : 240;
  const step = n <= 1 ? 0 : Math.min(n <= 5 ? 30 : 40, maxSpan / (n - 1));
  const span = step * (n - 1);
  // Font size from the arc length per character; tall, narrow characters like real seals.
  const rcGuess = 170;
  const arcStep = n <= 1 ? 120 : (rcGuess * step * Math.PI) / 180;
  const fs = Math.max(34, Math.min(n <= 5 ? 78 : 64, arcStep * 1.15));
  const xs = Math.max(0.5, Math.min(0.92, (arcStep * 0.9) / fs));
  const rc = ringR - ringW / 2 - 12 - fs * 0.46;
  const glyphs = chars
    .map((ch, i) => {
      const deg = -span / 2 + i * step;
      const rad = (deg * Math.PI) / 180;
      const x = c + rc * Math.sin(rad);
      const y = c - rc * Math.cos(rad);
      return `<text transform="translate(${f1(x)} ${f1(y)}) rotate(${f1(deg)}) scale(${f1(xs)} 1)" y="${f1(fs * 0.36)}" font-size="${f1(fs)}">${esc(ch)}</text>`;
    })
    .join('');
  const sub = [...subText];
  const subFs = sub.length ? Math.min(44, 270 / sub.length) : 0;
  const subXs = sub.length > 5 ? 0.86 : 0.92;
  const subLine = sub.length
    ? `<text transform="translate(${c} ${c + 118}) scale(${subXs} 1)" y="${f1(subFs * 0.36)}" font-size="${f1(subFs)}">${esc(subText)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <defs>${inkFilter(seedOf(name + subText))}</defs>
  <g filter="url(#ink)" fill="${SEAL_RED}" font-family="${FAMILY}" font-weight="700" text-anchor="middle">
    <circle cx="${c}" cy="${c}" r="${ringR}" fill="none" stroke="${SEAL_RED}" stroke-width="${ringW}"/>
    ${glyphs}
    <polygon points="${starPoints(c, c + 4, 74)}"/>
    ${subLine}
  </g>
</svg>`;
}

/**
 * SVG of a square personal seal (360×360 px) for a 2–4 character name: 2 → two tall characters side by
 * side (right one first); 3 → name + 印; 4 → 2×2. Reading order: right column top to bottom, then left.
 */
export function personalSealSvg(name: string): string {
  const S = 360;
  const pad = 14;
  const border = 16;
  let chars = [...name];
  if (chars.length === 3) chars = [...chars, '印'];
  const inner0 = pad + border + 8;
  const inner = S - 2 * inner0;
  const cols = 2;
  const rows = chars.length === 2 ? 1 : 2;
  const gap = 14;
  const cw = (inner - gap) / cols;
  const ch = (inner - (rows - 1) * gap) / rows;
  // Glyph box of Noto Serif CJK ≈ 0.92 em square, centred ≈ 0.38 em above the baseline.
  const base = 100;
  const cells = chars.map((t, i) => {
    const col = Math.floor(i / rows); // 0 = right column
    const row = i % rows;
    const x = S - inner0 - col * (cw + gap) - cw / 2;
    const y = inner0 + row * (ch + gap) + ch / 2;
    const sx = (cw * 0.88) / (base * 0.92);
    const sy = (ch * 0.92) / (base * 0.92);
    return `<text transform="translate(${f1(x)} ${f1(y)}) scale(${f1(sx)} ${f1(sy)})" y="${f1(base * 0.38)}" font-size="${base}">${esc(t)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
  <defs>${inkFilter(seedOf(name))}</defs>
  <g filter="url(#ink)" fill="${SEAL_RED}" font-family="${FAMILY}" font-weight="700" text-anchor="middle">
    <rect x="${pad + border / 2}" y="${pad + border / 2}" width="${S - 2 * pad - border}" height="${S - 2 * pad - border}" rx="10" fill="none" stroke="${SEAL_RED}" stroke-width="${border}"/>
    ${cells.join('')}
  </g>
</svg>`;
}

/** Renders an SVG to PNG bytes (transparent background) with the CJK font. ~50 ms for a seal. */
export function renderPng(svg: string): { png: Buffer; width: number; height: number } {
  const files = fonts();
  const r = new Resvg(svg, {
    background: 'rgba(0,0,0,0)',
    font: files.length ? { fontFiles: files, loadSystemFonts: false, defaultFontFamily: 'Noto Serif CJK SC' } : { loadSystemFonts: true },
  });
  const img = r.render();
  return { png: img.asPng(), width: img.width, height: img.height };
}
