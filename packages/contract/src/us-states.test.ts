import { describe, expect, it } from 'vitest';
import { AreaSchema } from './areas.js';
import { US_STATES, US_STATE_CODES, usStateCode, usStateName } from './us-states.js';

describe('the states list', () => {
  it('has exactly the 50 states and DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
    expect(US_STATE_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('reads codes and full names in any case', () => {
    expect(['TX', 'tx', ' Texas ', 'texas'].map(usStateCode)).toEqual(['TX', 'TX', 'TX', 'TX']);
    expect(usStateCode('new  york')).toBe('NY');
    expect(['ZZ', 'Puerto Rico', '', 'T'].map(usStateCode)).toEqual([undefined, undefined, undefined, undefined]);
    expect(usStateName('DC')).toBe('District of Columbia');
  });

  it("an area's state is stored as its code, and anything else is refused naming the field", () => {
    const at = { latitude: 30.27, longitude: -97.74 };
    expect(AreaSchema.parse({ ...at, state: 'texas' }).state).toBe('TX');
    expect(AreaSchema.parse({ ...at, state: '' }).state).toBeNull();
    const refused = AreaSchema.safeParse({ ...at, state: 'ZZ' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0].path).toEqual(['state']);
    expect(refused.error!.issues[0].message).toMatch(/US state/);
  });
});
