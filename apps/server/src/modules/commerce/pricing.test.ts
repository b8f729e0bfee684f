/** The per-unit rule of issue 13 §1: a per-minute price is charged per started minute of the duration. */
import { describe, expect, it } from 'vitest';
import { priceUnits } from './pricing.ts';

describe('priceUnits', () => {
  it('charges a per-evidence price once, whatever the duration', () => {
    expect(priceUnits('each', 0)).toBe(1);
    expect(priceUnits('each', 3600)).toBe(1);
  });
  it('charges started minutes, at least one', () => {
    expect(priceUnits('minute', 0)).toBe(1);
    expect(priceUnits('minute', 5)).toBe(1);
    expect(priceUnits('minute', 60)).toBe(1);
    expect(priceUnits('minute', 61)).toBe(2);
    expect(priceUnits('minute', 125)).toBe(3);
    expect(priceUnits('minute', 24 * 3600)).toBe(1440);
  });
  it('treats a missing or negative duration as the minimum', () => {
    expect(priceUnits('minute', Number.NaN)).toBe(1);
    expect(priceUnits('minute', -30)).toBe(1);
  });
});
