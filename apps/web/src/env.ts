/**
 * Build-time configuration of the web app, read from `import.meta.env` (Vite `VITE_*` variables)
 * with working defaults, so a plain `npm run build` produces a usable site (spec p2 §9 footer,
 * p2 §7 base URL "from configuration").
 */
import { COPYRIGHT_HOLDER, COPYRIGHT_SINCE, copyrightLine } from '@cunzheng/contract/constants';

const env = import.meta.env;

/** Reads a `VITE_*` string, trimmed; `fallback` when unset or empty. */
function str(name: string, fallback: string): string {
  const v: unknown = env[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : fallback;
}

export const config = {
  /** Product name shown in the header, titles and footer. */
  siteName: str('VITE_SITE_NAME', '存证'),
  /** Subtitle after the product name. */
  siteSlogan: str('VITE_SITE_SLOGAN', '电子数据存证保全平台'),
  /** Prefix of every API call; empty means same origin (the server serves the web app). */
  apiBase: str('VITE_API_BASE', ''),
  /** ICP filing number shown in the footer (e.g. 京ICP备12345678号); hidden when empty. */
  icpNumber: str('VITE_ICP_NUMBER', ''),
  /** Where the filing number links to. */
  icpLink: str('VITE_ICP_LINK', 'https://beian.miit.gov.cn/'),
  /** Copyright holder in the footer. */
  copyrightHolder: str('VITE_COPYRIGHT_HOLDER', COPYRIGHT_HOLDER),
  /** Largest file the upload form accepts before sending (the server's own limit still applies). */
  uploadMaxBytes: Number(str('VITE_UPLOAD_MAX_BYTES', String(2 * 1024 ** 3))) || 2 * 1024 ** 3,
  /** First year of the copyright range. */
  copyrightSince: str('VITE_COPYRIGHT_SINCE', COPYRIGHT_SINCE),
} as const;

/** Footer copyright line of this build, e.g. `Copyright © 2026-2027 存证电子数据保全平台 版权所有` (contract's copyrightLine). */
export function copyrightText(now: Date = new Date()): string {
  return copyrightLine(config.copyrightHolder, config.copyrightSince, now);
}
