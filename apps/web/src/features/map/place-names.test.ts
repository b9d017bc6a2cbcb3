import { describe, expect, it } from 'vitest';
import { mapLabels } from './place-names';

describe('map labels', () => {
  it('adds the state only where two places in view share a name', () => {
    const labels = mapLabels([
      { name: 'Kansas City', state: 'MO', country: 'US' },
      { name: 'Kansas City', state: 'KS', country: 'US' },
      { name: 'Overland Park', state: 'KS', country: 'US' },
    ]);
    expect(labels).toEqual(['Kansas City, MO', 'Kansas City, KS', 'Overland Park']);
  });

  it('uses the country where there is no state', () => {
    expect(mapLabels([{ name: 'Santiago', state: null, country: 'CL' }, { name: 'Santiago', state: null, country: 'DO' }])).toEqual(['Santiago, CL', 'Santiago, DO']);
  });

  it('leaves a repeated name in one state alone', () => {
    expect(mapLabels([{ name: 'Springfield', state: 'MA', country: 'US' }, { name: 'Springfield', state: 'MA', country: 'US' }])).toEqual(['Springfield', 'Springfield']);
  });
});
