import { describe, expect, it } from 'vitest';
import { isDowngrade, overCapacity } from './downgrade';

const pro = { name: 'Pro', eventCapacity: 100, calendarCapacity: 10, flyerCapacity: 250 };
const free = { name: 'Free', eventCapacity: 1, calendarCapacity: 1, flyerCapacity: 1 };
const usage = { eventCapacity: 100, eventCount: 3, calendarCapacity: 10, calendarCount: 0, flyerCapacity: 250 };

describe('overCapacity', () => {
  it('names what a smaller plan would leave over its limit', () => {
    expect(overCapacity(usage, free)).toEqual(['You have 3 events; Free allows 1.']);
  });

  it('is empty when everything fits, or usage is unknown', () => {
    expect(overCapacity(usage, pro)).toEqual([]);
    expect(overCapacity(null, free)).toEqual([]);
  });
});

describe('isDowngrade', () => {
  it('is a downgrade when any capacity drops', () => {
    expect(isDowngrade(pro, free)).toBe(true);
    expect(isDowngrade(free, pro)).toBe(false);
    expect(isDowngrade(undefined, free)).toBe(false);
  });
});
