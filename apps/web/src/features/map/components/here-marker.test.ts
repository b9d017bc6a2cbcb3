import { describe, expect, it } from 'vitest';
import { metersRadius } from './here-marker';

/** The radius at a whole zoom, read off the expression's two stops. */
function at(expression: unknown[], zoom: number): number {
  const [, , , z0, r0, z1, r1] = expression as [string, unknown, unknown, number, number, number, number];
  return r0 * 2 ** (((zoom - z0) / (z1 - z0)) * Math.log2(r1 / r0));
}

describe('metersRadius', () => {
  it('draws a distance at its mercator size: doubling a zoom, wider towards the poles', () => {
    // At the equator a 512 px world is 40,075 km: at zoom 10 a pixel is 76.4 m.
    expect(at(metersRadius(764.37, 0), 10)).toBeCloseTo(10, 2);
    expect(at(metersRadius(100, 0), 12) / at(metersRadius(100, 0), 11)).toBeCloseTo(2, 6);
    // At 60° a metre is twice the pixels.
    expect(at(metersRadius(100, 60), 10) / at(metersRadius(100, 0), 10)).toBeCloseTo(2, 6);
  });
});
