/** Display formatting: points in integer hundredths (spec p2 §2, DESIGN.md), sizes, times, names. */
import { describe, expect, it } from 'vitest';
import { accountName, formatDateTime, formatPoints, formatSize } from './format';

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
  it('accepts seconds, milliseconds and preformatted text', () => {
    process.env.TZ = 'Asia/Shanghai';
    expect(formatDateTime(1709222400)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime(1709222400123)).toBe('2024-03-01 00:00:00');
    expect(formatDateTime('1709222400')).toBe('2024-03-01 00:00:00');
    expect(formatDateTime('昨天')).toBe('昨天');
    expect(formatDateTime('')).toBe('-');
  });
});

describe('accountName', () => {
  it('prefers the company for company accounts', () => {
    expect(accountName({ status: 2, company: '某某公司', contactName: '张三' })).toBe('某某公司');
    expect(accountName({ status: 1, company: '某某公司', contactName: '张三' })).toBe('张三');
    expect(accountName({ status: 1, mobile: '13800138000' })).toBe('13800138000');
    expect(accountName(null)).toBe('');
  });
});
