/** Display formatting: points in integer hundredths (spec p2 §2, DESIGN.md), sizes, times, names. */
import { afterAll, describe, expect, it } from 'vitest';
import { accountName, formatDate, formatDateTime, formatPoints, formatSize } from './format';

describe('formatPoints', () => {
  it('shows hundredths with 2 decimals and thousands separators', () => {
    expect(formatPoints(0)).toBe('0.00');
    expect(formatPoints(5)).toBe('0.05');
    expect(formatPoints(100)).toBe('1.00');
    expect(formatPoints(123456)).toBe('1,234.56');
    expect(formatPoints(123456789)).toBe('1,234,567.89');
    expect(formatPoints(100000000000)).toBe('1,000,000,000.00');
  });
  it('handles negatives, strings, fractions and missing values', () => {
    expect(formatPoints(-150)).toBe('-1.50');
    expect(formatPoints('99999')).toBe('999.99');
    expect(formatPoints(12.6)).toBe('0.13');
    expect(formatPoints(undefined)).toBe('0.00');
    expect(formatPoints(null)).toBe('0.00');
    expect(formatPoints('abc')).toBe('0.00');
  });
  it('stays exact beyond float precision of decimals', () => {
    expect(formatPoints(Number.MAX_SAFE_INTEGER)).toBe('90,071,992,547,409.91');
  });
});

describe('formatSize', () => {
  it('uses binary units', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.50 KB');
    expect(formatSize(2 * 1024 ** 3)).toBe('2.00 GB');
    expect(formatSize(undefined)).toBe('-');
  });
});

describe('formatDateTime', () => {
  const savedTz = process.env.TZ;
  afterAll(() => {
    process.env.TZ = savedTz;
  });

  it('accepts seconds, milliseconds and preformatted text', () => {
    expect(formatDateTime(1709222400)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime(1709222400123)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime('1709222400')).toBe('2024-03-01 00:00:00');
    expect(formatDateTime('昨天')).toBe('昨天');
    expect(formatDateTime('')).toBe('-');
  });

  // issue 8 §3: every time in China Standard Time, whatever the browser's zone.
  for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Shanghai']) {
    it(`shows China Standard Time when the zone is ${tz}`, () => {
      process.env.TZ = tz;
      // The zone really changed (Node re-reads TZ): 2024-02-29T16:00:00Z is 16:00 in UTC.
      if (tz === 'UTC') expect(new Date(1709222400_000).getHours()).toBe(16);
      // 2024-02-29T16:00:00Z = 2024-03-01 00:00 in Beijing; 23:59:59 UTC is 07:59:59 the next day.
      expect(formatDateTime(1709222400)).toBe('2024-03-01 00:00:00');
      expect(formatDateTime(Date.UTC(2024, 11, 31, 23, 59, 59))).toBe('2025-01-01 07:59:59');
      expect(formatDateTime('2024-06-01T12:00:00Z')).toBe('2024-06-01 20:00:00');
      expect(formatDate(1709222400)).toBe('2024-03-01');
    });
  }
});

describe('accountName', () => {
  it('prefers the company for company accounts', () => {
    expect(accountName({ status: 2, company: '某某公司', contactName: '张三' })).toBe('某某公司');
    expect(accountName({ status: 1, company: '某某公司', contactName: '张三' })).toBe('张三');
    expect(accountName({ status: 1, mobile: '13800138000' })).toBe('13800138000');
    expect(accountName(null)).toBe('');
  });
});
