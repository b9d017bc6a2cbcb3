import { describe, expect, it } from 'vitest';
import { AreaType, AreaSchema, type City } from '@hubbub/contract';
import { areaFromCity, areaFromPin, describeArea } from './area-from-place';

const austin: City = { id: 1, name: 'Austin', state: 'TX', country: 'US', latitude: 30.2672, longitude: -97.7431, population: 961855, distanceKm: null, timeZone: 'America/Chicago' };

describe('areas from places', () => {
  it('makes a valid City area at zoom 12', () => {
    const area = areaFromCity(austin);
    expect(area).toMatchObject({ type: AreaType.City, city: 'Austin', state: 'TX', country: 'US', zoom: 12 });
    expect(AreaSchema.safeParse(area).success).toBe(true);
    expect(describeArea(area)).toBe('Austin, TX, US');
  });

  it('makes a valid Custom area for a pin, named after the nearest city when known', () => {
    const pin = areaFromPin({ latitude: 30.3, longitude: -97.7, zoom: 11.6 }, austin);
    expect(pin).toMatchObject({ type: AreaType.Custom, name: 'Near Austin', zoom: 12, city: 'Austin' });
    expect(AreaSchema.safeParse(pin).success).toBe(true);
    expect(describeArea(pin)).toBe('Pin at 30.3000, -97.7000, near Austin, TX, US');
    expect(areaFromPin({ latitude: 0, longitude: 0, zoom: 3 }, null).name).toBe('Pinned location');
  });
});
