/**
 * Pure formatting helpers of the certificate (spec p1 §2 "certificate content as html"; issue 2 §6):
 * HTML escaping, owner-name masking, China Standard Time, human-readable sizes.
 */

/** Escapes a value for HTML text and double- or single-quoted attributes. Every interpolated value goes through this. */
export function esc(v: unknown): string {
  return String(v ?? '').replace(/[&<>"'`]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The display identity of an owner (auth context `identity(userId)`). */
export interface OwnerIdentity {
  /** Personal name, or the contact name of a company account. */
  name: string;
  company: string;
  /** 1 personal, 2 company (spec p2 §3 `status`). */
  type: number;
  mobile: string;
}

/** Masks a person's name: 2 characters → 张*, 3 → 张*三, n > 3 → first + (n−2)×* + last, 1 → *. */
export function maskPersonName(name: string): string {
  const c = Array.from(name.trim());
  if (c.length === 0) return '';
  if (c.length === 1) return '*';
  if (c.length === 2) return `${c[0]}*`;
  return `${c[0]}${'*'.repeat(c.length - 2)}${c[c.length - 1]}`;
}

/**
 * Masks a company name in the middle: ≥ 6 characters keep the first 2 and last 2
 * (北京某某科技有限公司 → 北京******公司); 3–5 keep the first and last; shorter ones as a person's name.
 */
export function maskCompanyName(name: string): string {
  const c = Array.from(name.trim());
  if (c.length >= 6) return `${c.slice(0, 2).join('')}${'*'.repeat(c.length - 4)}${c.slice(-2).join('')}`;
  if (c.length >= 3) return `${c[0]}${'*'.repeat(c.length - 2)}${c[c.length - 1]}`;
  return maskPersonName(name);
}

/** Masks a mobile number: 13800000001 → 138****0001 (anything else: all but the last 4 starred). */
export function maskMobile(mobile: string): string {
  const m = mobile.trim();
  if (/^\d{11}$/.test(m)) return `${m.slice(0, 3)}****${m.slice(7)}`;
  return m.length > 4 ? `${'*'.repeat(m.length - 4)}${m.slice(-4)}` : '*'.repeat(m.length);
}

/**
 * The masked 保全人 of a certificate: a company account shows its masked company name, a personal
 * account its masked name; without a name, the masked mobile number; unknown owner → '—'.
 */
export function maskOwner(o: OwnerIdentity | null): string {
  if (!o) return '—';
  if (o.type === 2 && o.company.trim()) return maskCompanyName(o.company);
  if (o.name.trim()) return maskPersonName(o.name);
  if (o.company.trim()) return maskCompanyName(o.company);
  return o.mobile ? maskMobile(o.mobile) : '—';
}

/** Unix seconds → `yyyy-MM-dd HH:mm:ss` in Asia/Shanghai (UTC+8, no daylight saving since 1991). */
export function cstDateTime(unixSeconds: number): string {
  return new Date((unixSeconds + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Unix seconds → `yyyy-MM-dd` in Asia/Shanghai. */
export function cstDay(unixSeconds: number): string {
  return cstDateTime(unixSeconds).slice(0, 10);
}

/** Integer with thousands separators: 1268736 → 1,268,736. */
export const thousands = (n: number): string => Math.trunc(n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Bytes → `1.21 MB` (1024-based, 2 decimals; plain bytes under 1 KB). */
export function humanSize(bytes: number): string {
  const units = ['KB', 'MB', 'GB', 'TB'];
  if (bytes < 1024) return `${bytes} B`;
  let v = bytes / 1024;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v.toFixed(2)} ${units[i]}`;
}

/** spec p1 §9 file type codes → Chinese and English labels. */
export const FILE_TYPE_LABEL: Readonly<Record<number, { zh: string; en: string }>> = {
  1: { zh: '文档', en: 'Document' },
  2: { zh: '图片', en: 'Image' },
  3: { zh: '音频', en: 'Audio' },
  4: { zh: '视频', en: 'Video' },
  5: { zh: '其他', en: 'Other' },
};
