/**
 * Date-range filters → API `startTime`/`endTime` (spec p1 §9, p2 §9, DESIGN.md API conventions):
 * Unix seconds; the start is the chosen start day at 00:00 local time and the end is the chosen
 * end day at 00:00 plus 86 399 s (i.e. 23:59:59 of that day).
 */
import { DATE_RANGE_END_OFFSET_S } from '@cunzheng/contract/constants';

/** Unix seconds of local midnight of the day containing `d`. */
export function dayStartSeconds(d: Date): number {
  const midnight = new Date(d.getFullYear(), d.getMonth(), d.getDate(), 0, 0, 0, 0);
  return Math.floor(midnight.getTime() / 1000);
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
