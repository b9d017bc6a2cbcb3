import { describe, expect, it } from 'vitest';
import { extentEdges, extentOf, isOneSpot, tileAt } from './tile-extent';

describe('tile extents', () => {
  it('finds the tile that holds a point', () => {
    expect(tileAt(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0 });
    expect(tileAt(-95.94, 41.26, 4)).toEqual({ z: 4, x: 3, y: 5 });
    expect(tileAt(180, 90, 3)).toEqual({ z: 3, x: 7, y: 0 });
    expect(tileAt(-180, -90, 3)).toEqual({ z: 3, x: 0, y: 7 });
  });

  it('turns the whole tile into its edges', () => {
    const e = extentEdges({ z: 1, x: 1, y: 0 }, { x0: 0, y0: 0, x1: 4095, y1: 4095 });
    expect(e.west).toBeCloseTo(0);
    expect(e.east).toBeCloseTo(180);
    expect(e.north).toBeCloseTo(85.0511, 3);
    expect(e.south).toBeCloseTo(0);
  });

  it('keeps a point inside the box its own unit makes', () => {
    const lng = -95.94;
    const lat = 41.26;
    const z = 10;
    const tile = tileAt(lng, lat, z);
    const world = 2 ** z * 4096;
    const gx = Math.floor(((lng + 180) / 360) * world) - tile.x * 4096;
    const r = (lat * Math.PI) / 180;
    const gy = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * world) - tile.y * 4096;
    const e = extentEdges(tile, { x0: gx, y0: gy, x1: gx, y1: gy });
    expect(lng).toBeGreaterThanOrEqual(e.west);
    expect(lng).toBeLessThanOrEqual(e.east);
    expect(lat).toBeGreaterThanOrEqual(e.south);
    expect(lat).toBeLessThanOrEqual(e.north);
  });

  it('reads extents only when all four are numbers', () => {
    expect(extentOf({ count: 3, x0: 1, y0: 2, x1: 3, y1: 4 })).toEqual({ x0: 1, y0: 2, x1: 3, y1: 4 });
    expect(extentOf({ count: 1, id: 'a' })).toBeNull();
    expect(extentOf({ x0: 1, y0: '2', x1: 3, y1: 4 })).toBeNull();
    expect(extentOf(null)).toBeNull();
  });

  it('knows when the members share one spot', () => {
    expect(isOneSpot({ x0: 10, y0: 10, x1: 11, y1: 12 })).toBe(true);
    expect(isOneSpot({ x0: 10, y0: 10, x1: 30, y1: 10 })).toBe(false);
  });
});
