/**
 * The site logo (a shield with a chain link) and name; links to the home page (spec p2 §2 header).
 * Plain markup so the light public layout does not pull in UI-library code.
 */
import { Link } from 'react-router';
import { config } from '../env';

export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path d="M16 2 4 6.5v8.2c0 7.3 5 13.3 12 15.3 7-2 12-8 12-15.3V6.5L16 2Z" fill="#1f5fbf" />
      <path d="M16 4.6 6.4 8.2v6.5c0 6 4 11 9.6 12.8 5.6-1.8 9.6-6.8 9.6-12.8V8.2L16 4.6Z" fill="#2f74d8" />
      <rect x="9.5" y="13" width="7" height="5" rx="2.5" fill="none" stroke="#fff" strokeWidth="1.8" />
      <rect x="15.5" y="13" width="7" height="5" rx="2.5" fill="none" stroke="#fff" strokeWidth="1.8" />
    </svg>
  );
}

export function Logo({ compact = false, light = false }: { compact?: boolean; light?: boolean }) {
  return (
    <Link to="/home" className={`site-logo${light ? ' site-logo-light' : ''}`} aria-label={`${config.siteName}首页`}>
      <LogoMark />
      <span className="site-logo-name">{config.siteName}</span>
      {compact ? null : <span className="site-logo-slogan">{config.siteSlogan}</span>}
    </Link>
  );
}
