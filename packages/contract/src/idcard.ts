/**
 * Chinese resident identity numbers (GB 11643-1999) and unified social credit codes (GB 32100-2015):
 * format, date and check-character validation, and the birth date and sex of an ID number
 * (spec p2 §5: once valid, the ID auto-fills birth date and sex).
 */

/** GB 11643 weights of the first 17 digits: 2^(17−i) mod 11. */
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** Check character by (weighted sum mod 11). */
const ID_CHECK = '10X98765432';

/**
 * ISO 7064 MOD 11-2 check character of the first 17 digits of an 18-digit ID number.
 * @param first17 exactly 17 ASCII digits (not checked here).
 * @returns '0'–'9' or 'X'.
 */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (first17.charCodeAt(i) - 48) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11]!;
}

/** What an ID number tells: birth date and sex. */
export interface IdCardInfo {
  /** The number, upper-cased (trailing x → X). */
  idCard: string;
  /** Birth date `YYYY-MM-DD`. */
  birth: string;
  /** spec p2 §3 authorSex / sex: 0 male, 1 female. */
  sex: 0 | 1;
}

/** True when y-m-d is a real calendar date (rejects 02-30, 02-29 of non-leap years, month 13 …). */
function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

/**
 * Parses a Chinese resident ID number (spec p2 §5): 18 characters (17 digits + check digit or X, the
 * ISO 7064 MOD 11-2 check must match) or 15 digits (first generation, birth year 19YY). The area code must
 * not start with 0; the birth date must be a real date between 1800-01-01 and `today`.
 * Sex (spec p2 §5): the second-to-last digit of an 18-digit number or the last digit of a 15-digit one;
 * even means female (sex 1), odd male (sex 0).
 * @param value the number as typed (surrounding spaces are NOT trimmed: they make it invalid).
 * @param today the day to compare birth dates with (defaults to now).
 * @returns the info, or null when the number is not valid.
 */
export function parseIdCard(value: string, today: Date = new Date()): IdCardInfo | null {
  let year: number;
  let month: number;
  let day: number;
  let sexDigit: number;
  const id = value.toUpperCase();
  if (/^[1-9]\d{16}[\dX]$/.test(id)) {
    if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return null;
    year = Number(id.slice(6, 10));
    month = Number(id.slice(10, 12));
    day = Number(id.slice(12, 14));
    sexDigit = id.charCodeAt(16) - 48;
  } else if (/^[1-9]\d{14}$/.test(id)) {
    year = 1900 + Number(id.slice(6, 8));
    month = Number(id.slice(8, 10));
    day = Number(id.slice(10, 12));
    sexDigit = id.charCodeAt(14) - 48;
  } else {
    return null;
  }
  if (year < 1800 || !isRealDate(year, month, day)) return null;
  const birthUtc = Date.UTC(year, month - 1, day);
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (birthUtc > todayUtc) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { idCard: id, birth: `${year}-${pad(month)}-${pad(day)}`, sex: sexDigit % 2 === 0 ? 1 : 0 };
}

/** GB 32100 character set: digits and capital letters without I, O, Z, S, V (31 characters). */
const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** GB 32100 weights of the first 17 characters: 3^i mod 31. */
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;

/**
 * GB 32100 check character of the first 17 characters of a unified social credit code.
 * @param first17 17 characters of the GB 32100 set (upper case).
 * @returns the 18th character, or null when a character is outside the set.
 */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = USCC_CHARS.indexOf(first17[i] ?? '');
    if (v < 0) return null;
    sum += v * USCC_WEIGHTS[i]!;
  }
  return USCC_CHARS[(31 - (sum % 31)) % 31]!;
}

/**
 * True when `value` is a valid unified social credit code (GB 32100-2015): 18 characters of the GB 32100
 * set (upper case), six digits of administrative division code at positions 3–8, and the right check
 * character last (registration-authority and type codes at positions 1–2 are not restricted further).
 */
export function isCreditCode(value: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(value)) return false;
  return creditCodeCheckChar(value.slice(0, 17)) === value[17];
}
