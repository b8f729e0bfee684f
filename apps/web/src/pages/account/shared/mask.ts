/** `13800138000` → `138****8000` (a mobile shown on screen, e.g. where an SMS goes). */
export function maskMobile(mobile: string | undefined | null): string {
  const m = String(mobile ?? '');
  return /^\d{11}$/.test(m) ? `${m.slice(0, 3)}****${m.slice(7)}` : m;
}
