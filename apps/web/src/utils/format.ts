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

/** Two-digit zero padding. */
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Formats a time as `YYYY-MM-DD HH:mm:ss` in the browser's time zone. Accepts Unix seconds,
 * milliseconds (≥ 1e12), a numeric string of either, or a date string the server already
 * formatted (returned unchanged when it cannot be parsed).
 */
export function formatDateTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  let ms: number;
  if (typeof value === 'number' || /^\d+$/.test(value)) {
    const n = Number(value);
    ms = n >= 1e12 ? n : n * 1000;
  } else {
    ms = Date.parse(value);
    if (Number.isNaN(ms)) return value;
  }
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The displayed account name: company accounts their company, else contact name, else mobile. */
export function accountName(u: { status?: number; company?: string; contactName?: string; mobile?: string; contactPhone?: string } | null | undefined): string {
  if (!u) return '';
  if (u.status === 2 && u.company) return u.company;
  return u.contactName || u.mobile || u.contactPhone || '用户';
}
