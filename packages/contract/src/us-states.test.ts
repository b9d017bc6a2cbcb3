import { describe, expect, it } from 'vitest';
import { AreaSchema } from './areas.js';
import { US_STATES, US_STATE_CODES, usStateCode, usStateName, usStatesMatching } from './us-states.js';

describe('the states list', () => {
  it('has exactly the 50 states and DC, each code once', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATE_CODES).size).toBe(51);
    expect(US_STATE_CODES).toContain('DC');
    expect(US_STATE_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it('frames each state with a box around the place it is', () => {
    for (const { code, box } of US_STATES) {
      const [west, south, east, north] = box;
      expect(west < east && south < north, code).toBe(true);
      expect(west >= -180 && east <= -60 && south >= 18 && north <= 72, code).toBe(true);
    }
    // Austin is in Texas's box, not in Oklahoma's.
    const inBox = (code: string, lng: number, lat: number) => {
      const [w, s, e, n] = US_STATES.find((x) => x.code === code)!.box;
      return lng >= w && lng <= e && lat >= s && lat <= n;
    };
    expect([inBox('TX', -97.74, 30.27), inBox('OK', -97.74, 30.27)]).toEqual([true, false]);
  });

  it('offers the states a person may mean as they type', () => {
    expect(usStatesMatching('tex').map((s) => s.code)).toEqual(['TX']);
    expect(usStatesMatching('TX').map((s) => s.code)).toEqual(['TX']);
    expect(usStatesMatching('new').map((s) => s.code)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(usStatesMatching('dakota').map((s) => s.code)).toEqual(['ND', 'SD']);
    expect(usStatesMatching(' ')).toEqual([]);
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
    expect(AreaSchema.safeParse({ ...at, state: 'ZZ', country: 'US' }).success).toBe(false);
    // Elsewhere the state is the place's own region.
    expect(AreaSchema.parse({ latitude: -17.5, longitude: -149.6, state: 'PF', country: 'PF' }).state).toBe('PF');
  });
});
