import { describe, expect, it } from 'vitest';
import { expression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { CLUSTER_LIVE_STROKE_PX, LIVE_DOT_RADIUS_PX, LIVE_DOT_STROKE_PX, clusterLabel, clusterRadius, markerReach } from '@hubbub/contract';
import { clusterLabelExpression, clusterRadiusExpression, livePulseSize, markerReachExpression } from './event-layers';

/** Evaluates a data expression on a feature with these properties, as MapLibre would. */
function evaluate(spec: unknown, properties: Record<string, number>, type: 'number' | 'string'): unknown {
  const parsed = expression.createExpression(spec, 'test', { type, 'property-type': 'data-driven', expression: { interpolated: false, parameters: ['zoom', 'feature'] } } as StylePropertySpecification);
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return parsed.value.evaluate({ zoom: 10 }, { type: 'Point', properties } as never);
}

const COUNTS = [2, 9, 10, 49, 99, 100, 999, 1000, 1234, 9949, 9950, 9999, 10_000, 56_789, 99_950, 999_499, 999_500, 1_234_567, 9_949_999, 9_950_000, 12_345_678];

describe('event layers', () => {
  it('label clusters as the contract does', () => {
    for (const count of COUNTS) expect(evaluate(clusterLabelExpression, { count }, 'string'), String(count)).toBe(clusterLabel(count));
  });

  it('size clusters as the server lays them out', () => {
    for (const count of COUNTS) expect(evaluate(clusterRadiusExpression, { count }, 'number'), String(count)).toBe(clusterRadius(count));
  });

  it('clear as much room around each marker as the server keeps free', () => {
    for (const count of [1, ...COUNTS]) {
      expect(evaluate(markerReachExpression, { count }, 'number'), `${count}`).toBe(markerReach(count, 0));
      expect(evaluate(markerReachExpression, { count, live: 1 }, 'number'), `${count} live`).toBe(markerReach(count, 1));
    }
  });

  it('keeps the live pulse outside the marker and inside the room the server leaves round it', () => {
    for (const count of [1, ...COUNTS]) {
      const { diameter, scale } = livePulseSize(count);
      const edge = count > 1 ? clusterRadius(count) + CLUSTER_LIVE_STROKE_PX : LIVE_DOT_RADIUS_PX + LIVE_DOT_STROKE_PX;
      // It starts at the marker's outer edge, so it shows from the first frame.
      expect(diameter / 2).toBe(edge);
      // At its widest it has grown a few pixels beyond, but no further than the marker's reach.
      expect((diameter / 2) * scale - edge, String(count)).toBeGreaterThanOrEqual(4);
      expect((diameter / 2) * scale, String(count)).toBeLessThanOrEqual(markerReach(count, 1) + 0.01);
    }
  });
});
