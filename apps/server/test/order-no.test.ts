/**
 * Order numbers (spec p1 §9 orders): 'CZ' + Shanghai time to the second + 8 digits. In a group-commit batch
 * (issue 16) a duplicate number would fail every deposit of the batch on orders_no_uq, so numbers built from
 * the row's id must never repeat within a second.
 */
import { describe, expect, it } from 'vitest';
import { newOrderNo } from '../src/modules/commerce/ordersRepo.ts';

describe('newOrderNo', () => {
  const at = new Date('2026-11-29T04:00:00.250Z');

  it('is CZ + yyyyMMddHHmmss in Asia/Shanghai + 8 digits, with or without an id', () => {
    expect(newOrderNo(at)).toMatch(/^CZ20261129120000\d{8}$/);
    expect(newOrderNo(at, 123_456)).toMatch(/^CZ202611291200003456\d{4}$/);
  });

  it('10,000 consecutive ids numbered in one second give 10,000 different numbers (a batch never collides)', () => {
    for (const start of [1, 9_995, 1_234_567]) {
      const nos = new Set(Array.from({ length: 10_000 }, (_, i) => newOrderNo(at, start + i)));
      expect(nos.size).toBe(10_000);
    }
  });
});
