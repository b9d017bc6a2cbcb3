import { describe, expect, it } from 'vitest';
import { firstLabelLayer } from './use-labels-below';

describe('firstLabelLayer', () => {
  it("finds the basemap's first symbol layer, passing over the map's own", () => {
    const layers = [
      { id: 'water', type: 'fill', source: 'base' },
      { id: 'event-cluster-count', type: 'symbol', source: 'events' },
      { id: 'roads', type: 'line', source: 'base' },
      { id: 'road-names', type: 'symbol', source: 'base' },
      { id: 'place-names', type: 'symbol', source: 'base' },
    ];
    expect(firstLabelLayer(layers, ['events'])).toBe('road-names');
    expect(firstLabelLayer(layers.slice(0, 3), ['events'])).toBeUndefined();
  });
});
