/**
 * Date-range filters → API `startTime`/`endTime` (spec p1 §9, p2 §9, DESIGN.md API conventions):
 * Unix seconds; the start is the chosen start day at 00:00 China Standard Time and the end is the
 * chosen end day at 00:00 plus 86 399 s (i.e. 23:59:59 of that day). Days are China days because every
 * time is shown in China Standard Time (utils/format.ts formatDateTime, issue 8 §3), whatever the
 * browser's zone: a deposit listed at 2024-03-01 23:30 is found by choosing 2024-03-01.
 */
import { DATE_RANGE_END_OFFSET_S } from '@cunzheng/contract/constants';

/** China Standard Time is UTC+8 all year (no daylight saving since 1991). */
const CHINA_OFFSET_S = 8 * 3600;

/**
 * Unix seconds of 00:00 China Standard Time of the calendar day `d` names — the year, month and day
 * the date picker shows (its local fields), so the day a person picks is the day they get.
 */
export function dayStartSeconds(d: Date): number {
  return Math.floor(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / 1000) - CHINA_OFFSET_S;
}

/** Something that can give a Date: a Date or a dayjs value (antd RangePicker). */
export type DateLike = Date | { toDate(): Date };

const asDate = (v: DateLike): Date => (v instanceof Date ? v : v.toDate());

/**
 * Converts a chosen range to `{ startTime, endTime }` in Unix seconds; both undefined when no
 * range is chosen (so the request leaves the fields out). The two ends may come in any order.
 */
export function toUnixRange(range: readonly [DateLike | null | undefined, DateLike | null | undefined] | null | undefined): {
  startTime?: number;
  endTime?: number;
} {
  if (!range || !range[0] || !range[1]) return {};
  let a = dayStartSeconds(asDate(range[0]));
  let b = dayStartSeconds(asDate(range[1]));
  if (a > b) [a, b] = [b, a];
  return { startTime: a, endTime: b + DATE_RANGE_END_OFFSET_S };
}
