import { describe, expect, it } from 'vitest';
import { AreaSchema } from '@hubbub/contract';
import { eventPlace } from './event-place';

const austin = AreaSchema.parse({ name: 'East Austin', latitude: 30.26, longitude: -97.73, city: 'Austin', state: 'TX' });

describe('eventPlace', () => {
  it('writes the state as its code where room is short, in full where there is room', () => {
    expect(eventPlace('Plaza Saltillo', austin)).toBe('Plaza Saltillo · Austin, TX');
    expect(eventPlace('Plaza Saltillo', austin, { fullState: true })).toBe('Plaza Saltillo · Austin, Texas');
  });

  it('falls back to the area name, and says nothing without a place', () => {
    expect(eventPlace(null, { ...austin, city: null, state: null })).toBe('East Austin');
    expect(eventPlace(null, null)).toBe('');
  });
});
