import { describe, expect, it } from 'vitest';
import { EVENT_TILE_GRID, EVENT_TILE_SIZE_PX, MARKER_GAP_PX, clusterLabel, clusterRadius, markerReach } from './event-markers.js';

describe('event markers', () => {
  it('shortens a count to four characters at most', () => {
    const cases: [number, string][] = [
      [2, '2'],
      [999, '999'],
      [1000, '1k'],
      [1234, '1.2k'],
      [9949, '9.9k'],
      [9950, '10k'],
      [56_789, '57k'],
      [999_499, '999k'],
      [999_500, '1M'],
      [1_234_567, '1.2M'],
      [12_345_678, '12M'],
    ];
    for (const [count, label] of cases) expect(clusterLabel(count), String(count)).toBe(label);
    for (let count = 2; count < 20_000_000; count = Math.ceil(count * 1.07)) expect(clusterLabel(count).length).toBeLessThanOrEqual(4);
  });

  it('gives longer labels wider circles, each label fitting inside (about 7 px a bold character)', () => {
    for (const count of [2, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 999_999, 5_000_000]) {
      expect(clusterLabel(count).length * 7 + 4, String(count)).toBeLessThanOrEqual(2 * clusterRadius(count));
    }
    expect(clusterRadius(9)).toBeLessThan(clusterRadius(10));
    expect(clusterRadius(999)).toBeLessThan(clusterRadius(1000));
  });

  it('leaves room in a cell for the largest marker on both sides of a shared edge', () => {
    const cell = EVENT_TILE_SIZE_PX / EVENT_TILE_GRID;
    const largest = Math.max(...[1, 2, 10, 100, 1000, 10_000_000].flatMap((count) => [markerReach(count, 0), markerReach(count, 1)]));
    expect(2 * largest + MARKER_GAP_PX).toBeLessThanOrEqual(cell);
    // A live single event reaches further than a quiet one: its pulsing ring.
    expect(markerReach(1, 1)).toBeGreaterThan(markerReach(1, 0));
  });
});
