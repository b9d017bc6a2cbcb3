import { describe, expect, it } from 'vitest';
import type { StyleSpecification } from 'maplibre-gl';
import { chooseBasemap } from './basemap-choice';

const style: StyleSpecification = { version: 8, sources: {}, layers: [] };

describe('chooseBasemap', () => {
  it('MAP_STYLE_URL=offline (no configured style): the built-in basemap, not as a fallback', () => {
    expect(chooseBasemap(null, null)).toEqual({ kind: 'offline', fellBack: false });
  });

  it('a configured style: wait for it, draw it when ready, fall back when unreachable', () => {
    const url = 'https://tiles.openfreemap.org/styles/liberty';
    expect(chooseBasemap(url, { status: 'loading' })).toEqual({ kind: 'waiting' });
    expect(chooseBasemap(url, { status: 'ready', style })).toEqual({ kind: 'hosted', style });
    expect(chooseBasemap(url, { status: 'unreachable' })).toEqual({ kind: 'offline', fellBack: true });
  });
});
