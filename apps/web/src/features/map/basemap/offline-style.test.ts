import { describe, expect, it } from 'vitest';
import world from 'world-atlas/countries-110m.json';
import us from 'us-atlas/states-10m.json';
import { atlasFromTopologies, type NamedTopology } from './atlas';
import { buildOfflineStyle, US_DETAIL_ZOOM } from './offline-style';

/** Even-odd point in polygon (outer ring and holes), enough for a test. */
function contains(polygon: number[][][], [x, y]: [number, number]): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i];
      const [xj, yj] = ring[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const atlas = atlasFromTopologies(world as unknown as NamedTopology, us as unknown as NamedTopology);
const faces = { 'Hubbub Noto Sans Regular': '/a.woff2', 'Hubbub Noto Sans Bold': '/b.woff2' };

describe('offline basemap', () => {
  it('builds land, borders and a label point for every named country and state', () => {
    expect(atlas.land.features.length).toBeGreaterThan(0);
    expect(atlas.countryBorders.geometry.coordinates.length).toBeGreaterThan(100);
    expect(atlas.stateBorders.geometry.coordinates.length).toBeGreaterThan(40);
    const texas = atlas.stateLabels.features.find((f) => f.properties.name === 'Texas');
    const [lng, lat] = texas!.geometry.coordinates;
    expect(lng).toBeGreaterThan(-106.6);
    expect(lng).toBeLessThan(-93.5);
    expect(lat).toBeGreaterThan(25.8);
    expect(lat).toBeLessThan(36.5);
    expect(atlas.countryLabels.features.some((f) => f.properties.name === 'Brazil')).toBe(true);
  });

  it('has the finer Census land for the US, with the world atlas’s US as the mask under it', () => {
    expect(atlas.usMask.features).toHaveLength(1);
    const inside = (point: [number, number]) => atlas.usLand.features.some((f) => f.geometry.type === 'MultiPolygon' && f.geometry.coordinates.some((polygon) => contains(polygon, point)));
    // Midtown Manhattan is land; the middle of Lake Michigan is not (the 1:50m world says otherwise).
    expect(inside([-73.9855, 40.758])).toBe(true);
    expect(inside([-87.0, 42.5])).toBe(false);
    const style = buildOfflineStyle(atlas, 'light', faces);
    const detail = style.layers.filter((l) => l.id.startsWith('us-'));
    expect(detail.every((l) => l.minzoom === US_DETAIL_ZOOM)).toBe(true);
  });

  it('needs no glyph server: labels use the served font faces', () => {
    const style = buildOfflineStyle(atlas, 'light', faces);
    expect(style.glyphs).toBeUndefined();
    expect(style['font-faces']).toBe(faces);
    const fonts = style.layers.flatMap((l) => (l.type === 'symbol' ? (l.layout?.['text-font'] as string[]) : []));
    expect(fonts.every((f) => f in faces)).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'coastline', 'us-mask', 'us-land', 'us-coastline', 'state-borders', 'country-borders', 'state-labels', 'country-labels']);
  });

  it('has a dark variant', () => {
    const light = buildOfflineStyle(atlas, 'light', faces);
    const dark = buildOfflineStyle(atlas, 'dark', faces);
    expect(dark.layers[0]).not.toEqual(light.layers[0]);
  });
});
