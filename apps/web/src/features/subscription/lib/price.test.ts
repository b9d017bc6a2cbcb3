import { describe, expect, it } from 'vitest';
import { formatPrice, priceOf } from './price';

describe('formatPrice', () => {
  it('writes whole amounts without cents and others with them', () => {
    expect(formatPrice(1500, 'usd', 'en-US')).toBe('$15');
    expect(formatPrice(450, 'usd', 'en-US')).toBe('$4.50');
    expect(formatPrice(99000, 'usd', 'en-US')).toBe('$990');
  });

  it('knows currencies without minor units', () => {
    expect(formatPrice(1500, 'jpy', 'en-US')).toBe('¥1,500');
  });

  it('says Free for zero and nothing for no price', () => {
    expect(formatPrice(0, 'usd', 'en-US')).toBe('Free');
    expect(formatPrice(null, 'usd', 'en-US')).toBeNull();
  });

  it('picks the interval', () => {
    expect(priceOf({ monthlyPrice: 500, yearlyPrice: 5000 }, 'year')).toBe(5000);
    expect(priceOf({ monthlyPrice: 500, yearlyPrice: 5000 }, 'month')).toBe(500);
  });
});
