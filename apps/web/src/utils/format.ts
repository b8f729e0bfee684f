/**
 * Display formatting shared by the pages (DESIGN.md API conventions: points are integer
 * hundredths internally; the UI shows 2 decimals with thousands separators, spec p2 §2).
 */

/** Inserts `,` every three digits of a non-negative integer string. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Formats points given in integer hundredths: `123456789` → `1,234,567.89`, `5` → `0.05`,
 * `-150` → `-1.50`. Non-numeric or missing values show `0.00`. Integer arithmetic only (no
 * floating-point rounding); fractional input is rounded to the nearest hundredth first.
 */
export function formatPoints(hundredths: number | string | null | undefined): string {
  const n = typeof hundredths === 'string' ? Number(hundredths) : hundredths;
  if (n === null || n === undefined || !Number.isFinite(n)) return '0.00';
  const whole = Math.round(n);
  const neg = whole < 0;
  const abs = BigInt(Math.abs(whole));
  const intPart = (abs / 100n).toString();
  const frac = (abs % 100n).toString().padStart(2, '0');
  return `${neg ? '-' : ''}${groupThousands(intPart)}.${frac}`;
}

/** Human-readable byte size: `1536` → `1.50 KB`; bytes below 1 KB as `512 B`. */
export function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '-';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(2)} ${units[i]}`;
}

/** The one time zone every time is shown in: China Standard Time (issue 8 §3 "Times"). */
export const DISPLAY_TIME_ZONE = 'Asia/Shanghai';

/** Year … second of an instant in {@link DISPLAY_TIME_ZONE}, whatever the browser's zone. */
const chinaFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** Milliseconds of a time given as Unix seconds, milliseconds (≥ 1e12) or a numeric string; null when it is text. */
function toMillis(value: number | string): number | null {
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    return n >= 1e12 ? n : n * 1000;
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Formats a time as `YYYY-MM-DD HH:mm:ss` in China Standard Time (Asia/Shanghai, the zone of the
 * certificate's 北京时间), whatever the browser's zone: THE formatter of every time the pages show
 * (lists, web-capture pages, overview, notifications, certificate pages; issue 8 §3). Accepts Unix
 * seconds, milliseconds (≥ 1e12), a numeric string of either, or a date string the server already
 * formatted (returned unchanged when it cannot be parsed); empty → `-`.
 */
export function formatDateTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const ms = toMillis(value);
  if (ms === null) return String(value);
  const p: Record<string, string> = {};
  for (const part of chinaFormat.formatToParts(new Date(ms))) p[part.type] = part.value;
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** The date part (`YYYY-MM-DD`) of {@link formatDateTime}. */
export function formatDate(value: number | string | null | undefined): string {
  const s = formatDateTime(value);
  return /^\d{4}-\d{2}-\d{2} /.test(s) ? s.slice(0, 10) : s;
}

/** The displayed account name: company accounts their company, else contact name, else mobile. */
export function accountName(u: { status?: number; company?: string; contactName?: string; mobile?: string; contactPhone?: string } | null | undefined): string {
  if (!u) return '';
  if (u.status === 2 && u.company) return u.company;
  return u.contactName || u.mobile || u.contactPhone || '用户';
}
