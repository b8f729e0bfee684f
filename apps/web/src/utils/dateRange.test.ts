/**
 * Date-range conversion (spec p1 §9, p2 §9): start day 00:00 and end day 00:00 + 86399 s, as Unix
 * seconds of China Standard Time days, whatever the browser's zone. Run in Asia/Shanghai and in UTC.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { dayStartSeconds, toUnixRange } from './dateRange';

const savedTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = savedTz;
});

describe('toUnixRange in Asia/Shanghai', () => {
  it('maps a range to start-of-day and end-of-day seconds', () => {
    process.env.TZ = 'Asia/Shanghai';
    // 2024-03-01 00:00 +08:00 = 2024-02-29T16:00:00Z = 1709222400.
    expect(toUnixRange([new Date(2024, 2, 1, 15, 30), new Date(2024, 2, 3, 8)])).toEqual({ startTime: 1709222400, endTime: 1709222400 + 2 * 86400 + 86399 });
  });
  it('one chosen day spans 00:00:00–23:59:59', () => {
    process.env.TZ = 'Asia/Shanghai';
    const d = new Date(2024, 1, 29, 23, 59, 59);
    expect(toUnixRange([d, d])).toEqual({ startTime: 1709136000, endTime: 1709222399 });
  });
  it('accepts dayjs-like values and reversed ends', () => {
    process.env.TZ = 'Asia/Shanghai';
    const a = { toDate: () => new Date(2024, 2, 3) };
    const b = { toDate: () => new Date(2024, 2, 1) };
    expect(toUnixRange([a, b])).toEqual({ startTime: 1709222400, endTime: 1709481599 });
  });
  it('leaves both fields out without a complete range', () => {
    expect(toUnixRange(null)).toEqual({});
    expect(toUnixRange([new Date(), null])).toEqual({});
  });
});

describe('toUnixRange in UTC', () => {
  it('uses 00:00 China Standard Time of the picked day, not the browser zone\'s midnight (issue 8 §3)', () => {
    process.env.TZ = 'UTC';
    // The picker's 2024-03-01 (local fields) → 2024-03-01 00:00 +08:00 = 1709222400.
    expect(dayStartSeconds(new Date(2024, 2, 1, 23, 0))).toBe(1709222400);
    expect(toUnixRange([new Date(2024, 2, 1), new Date(2024, 2, 1)])).toEqual({ startTime: 1709222400, endTime: 1709308799 });
  });
});
