/** The unread-notice badge text (spec p2 §2, §9: max 99, hidden at 0 or less). */
import { describe, expect, it } from 'vitest';
import { badgeText } from './index';

describe('badgeText', () => {
  it('hides zero, negatives and missing counts', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
  });
  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
