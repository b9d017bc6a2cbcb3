import { describe, expect, it } from 'vitest';
import world from 'world-atlas/countries-110m.json';
import us from 'us-atlas/states-10m.json';
import { atlasFromTopologies, type NamedTopology } from './atlas';
import { buildOfflineStyle } from './offline-style';

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

  it('needs no glyph server: labels use the served font faces', () => {
    const style = buildOfflineStyle(atlas, 'light', faces);
    expect(style.glyphs).toBeUndefined();
    expect(style['font-faces']).toBe(faces);
    const fonts = style.layers.flatMap((l) => (l.type === 'symbol' ? (l.layout?.['text-font'] as string[]) : []));
    expect(fonts.every((f) => f in faces)).toBe(true);
    expect(style.layers.map((l) => l.id)).toEqual(['water', 'land', 'coastline', 'state-borders', 'country-borders', 'state-labels', 'country-labels']);
  });

  it('has a dark variant', () => {
    const light = buildOfflineStyle(atlas, 'light', faces);
    const dark = buildOfflineStyle(atlas, 'dark', faces);
    expect(dark.layers[0]).not.toEqual(light.layers[0]);
  });
});
