import { describe, expect, it } from 'vitest';
import { locate } from './geolocation';

const geo = (outcome: { coords?: { latitude: number; longitude: number; accuracy?: number }; code?: number }) =>
  ({
    getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
      outcome.coords ? ok({ coords: outcome.coords } as GeolocationPosition) : fail({ code: outcome.code } as GeolocationPositionError),
  }) as unknown as Geolocation;

describe('near me', () => {
  it('resolves the position, with its accuracy when the browser knows it', async () => {
    await expect(locate(geo({ coords: { latitude: 30.2, longitude: -97.7, accuracy: 35 } }))).resolves.toEqual({ latitude: 30.2, longitude: -97.7, accuracy: 35 });
    await expect(locate(geo({ coords: { latitude: 30.2, longitude: -97.7 } }))).resolves.toEqual({ latitude: 30.2, longitude: -97.7 });
    await expect(locate(geo({ coords: { latitude: 30.2, longitude: -97.7, accuracy: 0 } }))).resolves.toEqual({ latitude: 30.2, longitude: -97.7 });
  });

  it('explains a denial plainly', async () => {
    await expect(locate(geo({ code: 1 }))).rejects.toThrow(/Location access is blocked/);
    await expect(locate(geo({ code: 3 }))).rejects.toThrow(/took too long/);
    await expect(locate(null)).rejects.toThrow(/cannot share your location/);
  });
});
